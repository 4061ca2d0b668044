/**
 * How the engines' scores moved over a game, from the reports kept with its moves: the series the
 * review's score graph draws, and the game's turning points.
 *
 * Scores are in blobs. A finished game's score (`win in 5`) is drawn at a cap just beyond the
 * game's largest heuristic score, so that one forced win does not flatten the rest of the graph.
 */

import { type Side } from '../game/position.js';
import { decodeDecisive, SCALE } from '../search/score.js';
import { type PlayedMove } from './game.js';

/** Smallest cap, in blobs, for the scores of finished games on the graph. */
const MIN_CAP = 4;

/** A score (centiblobs) in blobs, a finished game's at `±cap`. */
function blobs(score: number, cap: number): number {
	if (decodeDecisive(score)) return score > 0 ? cap : -cap;
	return Math.max(-cap, Math.min(cap, score / SCALE));
}

/** The cap of a game's finished-game scores: a blob beyond its largest heuristic score, at least `MIN_CAP`. */
export function scoreCap(moves: readonly PlayedMove[]): number {
	let largest = 0;
	for (const m of moves) {
		const score = m.report?.score;
		if (score !== undefined && !decodeDecisive(score)) largest = Math.max(largest, Math.abs(score) / SCALE);
	}
	return Math.max(MIN_CAP, Math.ceil(largest) + 1);
}

/**
 * The score of each position of the game from Blue's view, in blobs: position `k` (after `k`
 * half-moves) is scored by the report of move `k + 1`, the mover's view of the position it moved in.
 * Positions without a report (a person's move, the final position) carry the previous score
 * (0 before the first report).
 * @returns `moves.length + 1` scores, and which of them come from a report
 */
export function blueScores(moves: readonly PlayedMove[]): { scores: number[]; reported: boolean[] } {
	const cap = scoreCap(moves);
	const scores: number[] = [];
	const reported: boolean[] = [];
	let last = 0;
	for (let k = 0; k <= moves.length; k++) {
		const m = moves[k];
		const score = m?.report?.score;
		if (score !== undefined) last = (m.side === 0 ? 1 : -1) * blobs(score, cap);
		scores.push(last);
		reported.push(score !== undefined);
	}
	return { scores, reported };
}

/** A move after which the mover's own score fell. */
export interface TurningPoint {
	/** The move's index in the game (0-based: half-move `index + 1`). */
	readonly index: number;
	readonly side: Side;
	/** The mover's score when it played the move, and at its next move, in blobs (finished games capped). */
	readonly before: number;
	readonly after: number;
	/** `before - after`, > 0. */
	readonly drop: number;
}

/**
 * The game's turning points: the moves after which the mover's score fell most, largest drop
 * first. The drop of move `i` compares the score the mover reported when it played it with the
 * score it reported at its next move (`i + 2`), after the opponent's answer: the move where an
 * engine's view collapsed is the one it misjudged.
 * @param count most points returned
 * @param minDrop smallest drop kept, in blobs
 */
export function turningPoints(moves: readonly PlayedMove[], count = 3, minDrop = 0.5): TurningPoint[] {
	const cap = scoreCap(moves);
	const points: TurningPoint[] = [];
	for (let i = 0; i + 2 < moves.length; i++) {
		const now = moves[i].report?.score;
		const next = moves[i + 2].report?.score;
		if (now === undefined || next === undefined || moves[i + 2].side !== moves[i].side) continue;
		const before = blobs(now, cap);
		const after = blobs(next, cap);
		const drop = before - after;
		if (drop >= minDrop) points.push({ index: i, side: moves[i].side, before, after, drop });
	}
	points.sort((a, b) => b.drop - a.drop || a.index - b.index);
	return points.slice(0, count);
}
