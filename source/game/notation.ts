/**
 * Moves as text (docs/rules.md, "Moves as text").
 *
 * Out: the canonical `(r1,c1) > (r2,c2)`, 0-based row and column.
 * In: lenient, as the old client was: a line holding exactly four unsigned integers is a move,
 * read in order `r1 c1 r2 c2`, whatever separates them (`0 1 1 2`, `(0,1) -> (1,2)`).
 */

import { playMove } from './make-move.js';
import { moveFrom, moveTo, PASS, type Move } from './move.js';
import { type Position } from './position.js';

/** A move as four coordinates, before any legality check. */
export interface MoveCoords {
	readonly r1: number;
	readonly c1: number;
	readonly r2: number;
	readonly c2: number;
}

/**
 * Reads a move from one line of text.
 * @returns the four coordinates, or null if the line does not hold exactly four integers
 */
export function parseMoveText(line: string): MoveCoords | null {
	const numbers = line.match(/\d+/g);
	if (!numbers || numbers.length !== 4) return null;
	const [r1, c1, r2, c2] = numbers.map((s) => Number.parseInt(s, 10));
	return { r1, c1, r2, c2 };
}

/**
 * The last line of `text` that reads as a move (engines may print a better move after each
 * iteration; the client takes the last one).
 */
export function lastMoveLine(text: string): { line: string; coords: MoveCoords } | null {
	const lines = text.split(/\r?\n/);
	for (let i = lines.length - 1; i >= 0; i--) {
		const coords = parseMoveText(lines[i]);
		if (coords) return { line: lines[i].trim(), coords };
	}
	return null;
}

/** Canonical text of four coordinates: `(r1,c1) > (r2,c2)`. */
export function formatCoords(m: MoveCoords): string {
	return `(${m.r1},${m.c1}) > (${m.r2},${m.c2})`;
}

/**
 * The coordinates of a move in a position. A clone named by its destination only gets as
 * source the first blob of the mover next to the destination (in cell order).
 * @throws Error for `PASS` (it has no coordinates) or a merged clone with no source blob
 */
export function moveCoords(pos: Position, move: Move): MoveCoords {
	if (move === PASS) throw new Error('a pass has no coordinates');
	const g = pos.geometry;
	let from = moveFrom(move);
	const to = moveTo(move);
	if (from === to) {
		from = -1;
		const W = g.words;
		const mine = pos.side * W;
		for (let w = 0; w < W && from < 0; w++) {
			const x = pos.bb[mine + w] & g.neighbours[to * W + w];
			if (x !== 0) from = g.bitCell[w * 32 + (31 - Math.clz32(x & -x))];
		}
		if (from < 0) throw new Error(`no blob of the side to move next to cell ${to}`);
	}
	return { r1: g.cellRow[from], c1: g.cellCol[from], r2: g.cellRow[to], c2: g.cellCol[to] };
}

/** Canonical text of a move in a position, `(r1,c1) > (r2,c2)`; `pass` for Ataxx's pass. */
export function formatMove(pos: Position, move: Move): string {
	if (move === PASS) return 'pass';
	return formatCoords(moveCoords(pos, move));
}

/**
 * Move texts of a line of moves (a principal variation) played out from `position`, as
 * `formatMove` writes them; it stops at the first move that cannot be played.
 */
export function formatLine(position: Position, moves: readonly Move[]): string[] {
	const out: string[] = [];
	let p = position;
	for (const move of moves) {
		try {
			out.push(formatMove(p, move));
			p = playMove(p, move);
		} catch {
			break;
		}
	}
	return out;
}
