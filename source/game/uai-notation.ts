/**
 * Moves in UAI notation (docs/uai.md): a clone names only its destination (`g2`), a jump
 * names its source and destination (`a7c5`), a pass is `0000`. Files `a`, `b`, ... are columns
 * left to right; ranks count rows from the bottom, so board row `r` of a board with `rows` rows
 * is rank `rows - r` (rank `7 - r` on 7x7) and column `c` is file `a + c`.
 */

import { cellDistance } from './geometry.js';
import { playMove } from './make-move.js';
import { pseudolegalMoves } from './movegen.js';
import { cloneTo, moveFrom, moveOf, moveTo, PASS, type Move } from './move.js';
import { formatMove } from './notation.js';
import { cellAt, type Position, samePosition, sideName } from './position.js';

/** The square name of a cell: `a7` is row 0, column 0 on 7x7. */
export function squareName(pos: Position, cell: number): string {
	const g = pos.geometry;
	return `${String.fromCharCode(97 + g.cellCol[cell])}${g.rows - g.cellRow[cell]}`;
}

/** A move in UAI notation; clones by their destination only. */
export function formatUaiMove(pos: Position, move: Move): string {
	if (move === PASS) return '0000';
	const from = moveFrom(move);
	const to = moveTo(move);
	if (from === to || cellDistance(pos.geometry, from, to) === 1) return squareName(pos, to);
	return `${squareName(pos, from)}${squareName(pos, to)}`;
}

/** A UAI move read in a position: the move, or why it cannot be played (one sentence). */
export type UaiMoveCheck = { readonly ok: true; readonly move: Move } | { readonly ok: false; readonly reason: string };

const SQUARE = '([a-p])(1[0-6]|[1-9])';
const MOVE = new RegExp(`^${SQUARE}(?:${SQUARE})?$`);

/** True if a text has the shape of a UAI move (a square, two squares, or `0000`), legal or not. */
export function isUaiMoveText(text: string): boolean {
	return text === '0000' || MOVE.test(text);
}

/**
 * Reads a move in UAI notation and checks it is legal for the side to move. A four-character
 * move between touching cells is read as a clone (some engines write clones that way).
 * A pass (`0000`) is legal only when the side to move has no move (Ataxx rules).
 */
export function parseUaiMove(pos: Position, text: string): UaiMoveCheck {
	const g = pos.geometry;
	const side = sideName(pos.side);
	if (text === '0000') {
		return pseudolegalMoves(pos).length === 0
			? { ok: true, move: PASS }
			: { ok: false, reason: `a pass (0000) while ${side} has legal moves` };
	}
	const m = MOVE.exec(text);
	if (!m)
		return {
			ok: false,
			reason: `"${text}" is not a UAI move (expected a clone like g2, a jump like a7c5, or 0000)`,
		};
	const cellOf = (file: string, rank: string): number | string => {
		const c = file.charCodeAt(0) - 97;
		const r = g.rows - Number(rank);
		if (c >= g.cols || r < 0 || r >= g.rows) return `${file}${rank} is off the ${g.rows} x ${g.cols} board`;
		return r * g.cols + c;
	};
	const to = cellOf(m[3] ?? m[1], m[4] ?? m[2]);
	if (typeof to === 'string') return { ok: false, reason: to };
	const toName = squareName(pos, to);
	if (cellAt(pos, to) === 'X') return { ok: false, reason: `${toName} is a hole` };
	if (cellAt(pos, to) !== '.') return { ok: false, reason: `${toName} is not empty` };
	const mine = pos.side === 0 ? 'B' : 'R';
	if (m[3] === undefined) {
		const clone = cloneTo(to);
		if (!pseudolegalMoves(pos).includes(clone)) return { ok: false, reason: `no ${side} blob next to ${toName}` };
		return { ok: true, move: clone };
	}
	const from = cellOf(m[1], m[2]);
	if (typeof from === 'string') return { ok: false, reason: from };
	const fromName = squareName(pos, from);
	if (cellAt(pos, from) !== mine) return { ok: false, reason: `${fromName} is not a ${side} blob` };
	const distance = cellDistance(g, from, to);
	if (distance === 1) return { ok: true, move: cloneTo(to) };
	if (distance !== 2)
		return { ok: false, reason: `${toName} is ${distance} cells from ${fromName}; a clone goes 1 cell, a jump 2` };
	return { ok: true, move: moveOf(from, to) };
}

/**
 * The move that leads from one position to the next (a pass included), or null if none does.
 */
export function moveBetween(before: Position, after: Position): Move | null {
	if (before.geometry !== after.geometry) return null;
	const candidates = [...pseudolegalMoves(before, 'pairs'), PASS];
	for (const move of candidates) {
		if (samePosition(playMove(before, move), after)) return move;
	}
	return null;
}

/**
 * Move texts of a principal variation in UAI notation, played out from `position` as canonical
 * texts; stops at the first move that cannot be read.
 */
export function uaiPvText(position: Position, pv: readonly string[]): string[] {
	const out: string[] = [];
	let p = position;
	for (const text of pv) {
		const check = parseUaiMove(p, text);
		if (!check.ok) break;
		out.push(formatMove(p, check.move));
		p = playMove(p, check.move);
	}
	return out;
}
