/**
 * Small helpers shared by the tests.
 */

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
