/**
 * Small helpers shared by the tests.
 */

import fc from 'fast-check';
import { geometryOf } from '../source/game/geometry.js';
import { BLUE, positionFromGrid, type Position, type Side } from '../source/game/position.js';
import { parseMoveText } from '../source/game/notation.js';
import { checkMove } from '../source/game/legality.js';
import { type Move } from '../source/game/move.js';

/** A position from rows of B, R, ., X (holes taken from the rows). */
export function grid(rows: string[], side: Side = BLUE): Position {
	const cols = rows[0].length;
	const holes: number[] = [];
	rows.forEach((row, r) => {
		for (let c = 0; c < cols; c++) if (row[c] === 'X') holes.push(r * cols + c);
	});
	return positionFromGrid(geometryOf(rows.length, cols, holes), rows, side);
}

/** The move named by text like "0 0 1 1", checked legal. */
export function move(pos: Position, text: string): Move {
	const coords = parseMoveText(text);
	if (!coords) throw new Error(`not a move: ${text}`);
	const check = checkMove(pos, coords);
	if (!check.ok) throw new Error(check.reason);
	return check.move;
}

/** Waits until `condition()` holds, polling every 10 ms; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
	const start = Date.now();
	while (!condition()) {
		if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

/**
 * A seeded pseudo-random source for property tests: a 32-bit linear congruential generator
 * (multiplier 1103515245, increment 12345); each call gives a number in [0, 1).
 */
export function lcgRandom(seed: number): () => number {
	let state = seed | 0;
	return () => {
		state = (Math.imul(state, 1103515245) + 12345) | 0;
		return (state >>> 8) / (1 << 24);
	};
}

/**
 * A random board of `rows` x `cols` cells as grid lines ('.' empty, 'X' hole, 'B' Blue, 'R' Red),
 * each cell drawn from `next` with the relative `weights` of empty, hole, Blue and Red; `holes`
 * lists the hole cells (row-major indices) for `geometryOf`.
 */
export function randomGrid(
	rows: number,
	cols: number,
	weights: readonly number[],
	next: () => number,
): { grid: string[]; holes: number[] } {
	const total = weights.reduce((a, b) => a + b, 0);
	const lines: string[] = [];
	const holes: number[] = [];
	for (let r = 0; r < rows; r++) {
		let line = '';
		for (let c = 0; c < cols; c++) {
			let x = next() * total;
			let kind = 0;
			while (kind < 3 && x >= weights[kind]) x -= weights[kind++];
			const ch = ['.', 'X', 'B', 'R'][kind];
			if (ch === 'X') holes.push(r * cols + c);
			line += ch;
		}
		lines.push(line);
	}
	return { grid: lines, holes };
}

/** A range `[min, max]` of integers (a weight of `randomGrid`, a board's columns). */
export type IntRange = readonly [number, number];

/**
 * A random board up to 16 x 16 (of `cols` columns) for property tests, either side to move: its
 * cells drawn by `randomGrid` from a seeded `lcgRandom` (fast-check's doubles lean towards 0,
 * which would make most boards one kind of cell), with weights of empty cells, holes, Blue and Red
 * each drawn from its range. Gives the position and the random source, which goes on after the
 * board (for tables drawn with it).
 */
export function arbitraryBoard(
	empty: IntRange,
	hole: IntRange,
	blue: IntRange,
	red: IntRange,
	cols: IntRange = [1, 16],
): fc.Arbitrary<{ pos: Position; next: () => number }> {
	const int = ([min, max]: IntRange) => fc.integer({ min, max });
	return fc
		.record({
			rows: fc.integer({ min: 1, max: 16 }),
			cols: int(cols),
			side: fc.constantFrom<Side>(0, 1),
			weights: fc.tuple(int(empty), int(hole), int(blue), int(red)),
			seed: fc.integer(),
		})
		.map(({ rows, cols, side, weights, seed }) => {
			const next = lcgRandom(seed);
			const { grid, holes } = randomGrid(rows, cols, weights, next);
			return { pos: positionFromGrid(geometryOf(rows, cols, holes), grid, side), next };
		});
}
