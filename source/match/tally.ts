/**
 * Totals of a match from engine A's point of view, from its game records: W/D/L, pentanomial
 * counts of finished pairs, and forfeits by engine.
 */

import { type MatchGameLine } from './match-record.js';
import { type Pentanomial, type Wdl } from './stats.js';

/** The totals. */
export interface Tally {
	/** Engine A's wins, draws and losses. */
	readonly wdl: Wdl;
	/** Finished pairs by A's points in the pair (0, 0.5, 1, 1.5, 2). */
	readonly pentanomial: Pentanomial;
	/** Games lost by forfeit, `[A, B]`. */
	readonly forfeits: readonly [number, number];
	/** Games decided by adjudication. */
	readonly adjudicated: number;
}

/** Engine A's points in a game: 1, 0.5 or 0. */
export function pointsOfA(record: MatchGameLine): number {
	if (record.winner === null) return 0.5;
	return record.winner === record.engineA ? 1 : 0;
}

/** The totals of a set of game records (each game number once). */
export function tally(records: readonly MatchGameLine[]): Tally {
	let wins = 0;
	let draws = 0;
	let losses = 0;
	let adjudicated = 0;
	const forfeits: [number, number] = [0, 0];
	const pairs = new Map<number, number[]>();
	for (const record of records) {
		const points = pointsOfA(record);
		if (points === 1) wins++;
		else if (points === 0) losses++;
		else draws++;
		if (record.termination === 'forfeit') forfeits[points === 1 ? 1 : 0]++;
		if (record.termination === 'adjudicated') adjudicated++;
		const pair = pairs.get(record.pair) ?? [];
		pair.push(points);
		pairs.set(record.pair, pair);
	}
	const pentanomial: [number, number, number, number, number] = [0, 0, 0, 0, 0];
	for (const points of pairs.values()) {
		if (points.length === 2) pentanomial[(points[0] + points[1]) * 2]++;
	}
	return { wdl: { wins, draws, losses }, pentanomial, forfeits, adjudicated };
}
