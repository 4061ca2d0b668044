/**
 * Checking a move given as coordinates (from a person or an external engine) and saying why it
 * is illegal. The rule itself is stated in `movegen.ts`.
 */

import { cellDistance } from './geometry.js';
import { cloneTo, moveFrom, moveOf, moveTo, type Move } from './move.js';
import { type Geometry } from './geometry.js';
import { type MoveCoords, formatCoords } from './notation.js';
import { cellAt, type Position, sideName } from './position.js';

/** A checked move: the move, or why it is illegal (one sentence, no trailing period). */
export type MoveCheck = { readonly ok: true; readonly move: Move } | { readonly ok: false; readonly reason: string };

/**
 * Checks that `coords` is a pseudolegal move of the side to move in `pos` (the game loop asks only
 * while the game goes on, where pseudolegal is legal).
 * @returns the move (clones keep their source: `moveOf(from, to)`) or the reason it is illegal
 */
export function checkMove(pos: Position, coords: MoveCoords): MoveCheck {
	const g = pos.geometry;
	const { r1, c1, r2, c2 } = coords;
	const text = formatCoords(coords);
	const onBoard = (r: number, c: number) => r >= 0 && c >= 0 && r < g.rows && c < g.cols;
	if (!onBoard(r1, c1)) return { ok: false, reason: `${text}: (${r1},${c1}) is off the ${g.rows} x ${g.cols} board` };
	if (!onBoard(r2, c2)) return { ok: false, reason: `${text}: (${r2},${c2}) is off the ${g.rows} x ${g.cols} board` };
	const from = r1 * g.cols + c1;
	const to = r2 * g.cols + c2;
	const mover = pos.side === 0 ? 'B' : 'R';
	const source = cellAt(pos, from);
	if (source !== mover) {
		const what =
			source === 'X' ? 'a hole' : source === '.' ? 'empty' : `a ${sideName(pos.side === 0 ? 1 : 0)} blob`;
		return { ok: false, reason: `${text}: (${r1},${c1}) is ${what}, not a ${sideName(pos.side)} blob` };
	}
	const target = cellAt(pos, to);
	if (target === 'X') return { ok: false, reason: `${text}: (${r2},${c2}) is a hole` };
	if (target !== '.') return { ok: false, reason: `${text}: (${r2},${c2}) is not empty` };
	const distance = cellDistance(g, from, to);
	if (distance > 2)
		return { ok: false, reason: `${text}: (${r2},${c2}) is ${distance} cells away; a clone goes 1 cell, a jump 2` };
	return { ok: true, move: moveOf(from, to) };
}

/**
 * A move as the move generator and the search list it: a clone named with its source (`moveOf`
 * of touching cells, as `checkMove` returns it) becomes the clone named by its destination
 * (`cloneTo`); jumps, merged clones and `PASS` are returned as they are.
 */
export function mergedMove(g: Geometry, move: Move): Move {
	if (move < 0 || move > 0xffff) return move;
	const to = moveTo(move);
	const from = moveFrom(move);
	return from !== to && cellDistance(g, from, to) === 1 ? cloneTo(to) : move;
}
