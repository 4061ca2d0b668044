/**
 * An engine's search report as the records keep it (game records, match records, PGN), and as
 * short text for move lists.
 *
 * In records the report's fields sit in the move's object, next to `move`:
 *
 *   {"move": "(0,0) > (1,1)", ..., "score": 1.25, "depth": 12, "seldepth": 14, "nodes": 52345,
 *    "pv": ["(0,0) > (1,1)", "(6,6) > (5,5)"]}
 *
 * `score` is in blobs (as the screen shows it), from the mover's view. A score of a finished game
 * adds `endIn`, the half-moves to that end, with `score` the final blob margin (positive: the
 * mover wins). In PGN comments the report follows cutechess-cli's form, score in blobs then depth,
 * then the move's time: `{+1.25/12 0.100s}`; a finished game's score is `+M5` (the mover wins in 5
 * half-moves) or `-M4`; fastchess-style extras follow a comma: `, sd=14, n=52345, pv="b6 a7c5"`.
 */

import { decodeDecisive, isDecisive, MATE, PLY_STEP, SCALE } from '../search/score.js';
import { type MoveReport } from '../players/player.js';

/** The report's fields in a record's move object (all optional). */
export interface ReportFields {
	/** Blobs, mover's view; with `endIn`, the final margin. */
	readonly score?: number;
	/** Half-moves to the end of the game, for the score of a finished game. */
	readonly endIn?: number;
	readonly depth?: number;
	readonly seldepth?: number;
	readonly nodes?: number;
	/** Moves in the record's notation, starting with the move played. */
	readonly pv?: readonly string[];
}

/** A score (centiblobs, `search/score.ts`) as record fields: blobs, and `endIn` for a finished game. */
export function scoreFields(score: number): { score: number; endIn?: number } {
	const decisive = decodeDecisive(score);
	if (decisive) return { score: decisive.margin, endIn: decisive.plies };
	return { score: Math.round(score) / SCALE };
}

/** The score (centiblobs) of record fields. */
export function scoreFromFields(score: number, endIn?: number): number {
	if (endIn === undefined) return Math.round(score * SCALE);
	const base = MATE - PLY_STEP * endIn;
	return score >= 0 ? base + SCALE * score : -base + SCALE * score;
}

/**
 * The record fields of a report (an absent report gives none).
 * @param withPv keep the principal variation (default true)
 */
export function reportFields(report: MoveReport | undefined, withPv = true): ReportFields {
	if (!report) return {};
	return {
		...(report.score !== undefined && scoreFields(report.score)),
		...(report.depth !== undefined && { depth: report.depth }),
		...(report.seldepth !== undefined && { seldepth: report.seldepth }),
		...(report.nodes !== undefined && { nodes: report.nodes }),
		...(withPv && report.pv !== undefined && report.pv.length > 0 && { pv: [...report.pv] }),
	};
}

/**
 * The report held by a record's move object, checked.
 * @returns the report, or undefined if the object has none of its fields
 * @throws Error with a message naming the bad field
 */
export function readReportFields(item: Record<string, unknown>): MoveReport | undefined {
	const report: { -readonly [K in keyof MoveReport]: MoveReport[K] } = {};
	const count = (key: 'depth' | 'seldepth' | 'nodes') => {
		const value = item[key];
		if (value === undefined) return;
		if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
			throw new Error(`"${key}" must be an integer >= 0`);
		report[key] = value;
	};
	count('depth');
	count('seldepth');
	count('nodes');
	const { score, endIn, pv } = item;
	if (endIn !== undefined && (typeof endIn !== 'number' || !Number.isInteger(endIn) || endIn < 0))
		throw new Error('"endIn" must be an integer >= 0');
	if (score !== undefined) {
		if (typeof score !== 'number' || !Number.isFinite(score) || Math.abs(score) > 1e6)
			throw new Error('"score" must be a number of blobs');
		report.score = scoreFromFields(score, endIn as number | undefined);
	}
	if (pv !== undefined) {
		if (!Array.isArray(pv) || !pv.every((m): m is string => typeof m === 'string'))
			throw new Error('"pv" must be a list of moves');
		report.pv = pv;
	}
	return Object.keys(report).length > 0 ? report : undefined;
}

/** A score in short: `+1.25`, `-0.5`, `0`; a finished game's `+M5` (win in 5 half-moves) or `-M4`. */
export function shortScore(score: number): string {
	const decisive = decodeDecisive(score);
	if (decisive) return `${score > 0 ? '+' : '-'}M${decisive.plies}`;
	const blobs = Math.round(score) / SCALE;
	return blobs > 0 ? `+${blobs.toFixed(2)}` : blobs === 0 ? '0.00' : blobs.toFixed(2);
}

/** A report in short, for move lists: `+1.25/12` (score/depth), or null without a score. */
export function reportText(report: MoveReport | undefined): string | null {
	if (report?.score === undefined) return null;
	return `${shortScore(report.score)}/${report.depth ?? 0}`;
}

/**
 * The PGN comment of a move: `{+1.25/12 0.100s, sd=14, n=52345, pv="b6 a7c5"}`, or `{0.100s}`
 * without a report (cutechess-cli's form, then fastchess-style extras).
 * @param timeMs the move's time, ms
 * @param uaiPv the PV in UAI notation (PGN's moves are), if any
 */
export function pgnComment(report: MoveReport | undefined, timeMs: number, uaiPv: readonly string[] = []): string {
	const time = `${(Math.round(timeMs) / 1000).toFixed(3)}s`;
	const head = report?.score === undefined ? time : `${reportText(report)} ${time}`;
	const extras: string[] = [];
	if (report?.score !== undefined && isDecisive(report.score))
		extras.push(`margin=${scoreFields(report.score).score}`);
	if (report?.seldepth !== undefined) extras.push(`sd=${report.seldepth}`);
	if (report?.nodes !== undefined) extras.push(`n=${report.nodes}`);
	if (uaiPv.length > 0) extras.push(`pv="${uaiPv.join(' ')}"`);
	return `{${[head, ...extras].join(', ')}}`;
}

/** What a PGN move comment says: the move's time, the report, the PV in UAI notation. */
export interface PgnCommentData {
	readonly timeMs?: number;
	readonly report?: MoveReport;
	readonly uaiPv?: readonly string[];
}

const COMMENT_HEAD = /^\s*(?:([+-]?(?:M\d+|\d+(?:\.\d+)?))\/(\d+)\s+)?(\d+(?:\.\d+)?)s\b/;

/**
 * Reads a move comment written by `pgnComment` (or by cutechess-cli: `{+0.50/12 0.18s}`).
 * @returns what it says; an empty object for a comment of another form
 */
export function parsePgnComment(text: string): PgnCommentData {
	const head = COMMENT_HEAD.exec(text);
	if (!head) return {};
	const timeMs = Math.round(Number(head[3]) * 1000);
	if (head[1] === undefined) return { timeMs };
	const extras = new Map<string, string>();
	for (const match of text.slice(head[0].length).matchAll(/(\w+)=("[^"]*"|\S+?)(?=,|$|\s)/g))
		extras.set(match[1], match[2].replace(/^"|"$/g, ''));
	const scoreText = head[1];
	const mate = /^([+-]?)M(\d+)$/.exec(scoreText);
	let score: number;
	if (mate) {
		const margin = Number(extras.get('margin') ?? (mate[1] === '-' ? -1 : 1));
		score = scoreFromFields(margin, Number(mate[2]));
	} else score = Math.round(Number(scoreText) * SCALE);
	const number = (key: string) => {
		const value = extras.get(key);
		return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
	};
	const seldepth = number('sd');
	const nodes = number('n');
	const pv = extras.get('pv');
	return {
		timeMs,
		report: {
			score,
			depth: Number(head[2]),
			...(seldepth !== undefined && { seldepth }),
			...(nodes !== undefined && { nodes }),
		},
		...(pv !== undefined && pv !== '' && { uaiPv: pv.split(/\s+/) }),
	};
}
