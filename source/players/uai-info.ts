/**
 * Reading a UAI engine's `info` lines (docs/uai.md), modelled on UCI's:
 *
 *   info depth 7 seldepth 9 score cp 35 nodes 120345 nps 250000 time 481 pv g2 a7c5 f6
 *
 * Fields vary by engine: each known key takes its value, unknown keys are skipped, `pv` takes
 * the rest of the line, `string` too. `score` is `cp X` (centi-blobs), `mate N` (moves to a won
 * game, negative when losing) or, from some engines, a bare number read as centi-blobs.
 */

import { MATE, PLY_STEP } from '../search/score.js';

/** What one info line says (fields it does not give are absent). */
export interface UaiInfo {
	readonly depth?: number;
	readonly seldepth?: number;
	/**
	 * Score from the engine's side's view, in the units of `search/score.ts` (centiblobs): `cp X`
	 * gives X; `mate N` gives a decisive score `±(MATE - PLY_STEP * plies)`, plies = 2N - 1
	 * for N > 0 and -2N for N <= 0 (the UCI convention).
	 */
	readonly score?: number;
	readonly nodes?: number;
	readonly nps?: number;
	/** The engine's own time for this search, ms. */
	readonly timeMs?: number;
	/** Moves in UAI notation. */
	readonly pv?: readonly string[];
	/** The text of `info string ...`. */
	readonly string?: string;
}

const NUMBER_KEYS: Record<string, 'depth' | 'seldepth' | 'nodes' | 'nps' | 'timeMs'> = {
	depth: 'depth',
	seldepth: 'seldepth',
	nodes: 'nodes',
	nps: 'nps',
	time: 'timeMs',
};

/** Reads an `info ...` line; null if the line is not one. */
export function parseInfoLine(line: string): UaiInfo | null {
	const tokens = line.trim().split(/\s+/);
	if (tokens[0] !== 'info') return null;
	const info: { -readonly [K in keyof UaiInfo]: UaiInfo[K] } = {};
	for (let i = 1; i < tokens.length; i++) {
		const key = tokens[i];
		if (key === 'pv') {
			info.pv = tokens.slice(i + 1);
			break;
		}
		if (key === 'string') {
			info.string = tokens.slice(i + 1).join(' ');
			break;
		}
		if (key === 'score') {
			const kind = tokens[i + 1];
			if (kind === 'cp' || kind === 'mate') {
				const n = Number(tokens[i + 2]);
				if (Number.isFinite(n) && tokens[i + 2] !== undefined) info.score = kind === 'cp' ? n : mateScore(n);
				i += 2;
			} else {
				const n = Number(kind);
				if (kind !== undefined && Number.isFinite(n)) {
					info.score = n;
					i += 1;
				}
			}
			while (tokens[i + 1] === 'lowerbound' || tokens[i + 1] === 'upperbound') i++;
			continue;
		}
		const field = NUMBER_KEYS[key];
		if (field) {
			const n = Number(tokens[i + 1]);
			if (tokens[i + 1] !== undefined && Number.isFinite(n)) {
				info[field] = n;
				i++;
			}
		}
	}
	return info;
}

/** The score of a `score mate N` (see `UaiInfo.score`). */
export function mateScore(n: number): number {
	const plies = n > 0 ? 2 * n - 1 : -2 * n;
	return n > 0 ? MATE - PLY_STEP * plies : -(MATE - PLY_STEP * plies);
}
