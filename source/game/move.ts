/**
 * Moves as integers, so that move lists are `Int32Array`s and the search never allocates.
 *
 * Encoding: `(from << 8) | to` with cell indices 0..255 (see `geometry.ts`).
 * - A clone named by its destination only (clones are merged by destination, docs/rules.md)
 *   has `from === to`.
 * - A clone named with its source (as the old client and people do) has `from` at Chebyshev
 *   distance 1 of `to`; it makes the same position as the merged clone.
 * - A jump has `from` at distance exactly 2 of `to`.
 * - `PASS` (Ataxx only) and `NO_MOVE` are outside the cell range.
 */

/** A move; see the module comment for the encoding. */
export type Move = number;

/** Ataxx's pass (`0000` in UAI). Never legal under Blob War rules. */
export const PASS: Move = 0x10000;
/** No move (an empty slot in a table, or no legal move at all). */
export const NO_MOVE: Move = -1;

/** A clone named by its destination cell. */
export function cloneTo(to: number): Move {
	return (to << 8) | to;
}

/** A move from `from` to `to` (clone if the cells touch, jump if at distance 2). */
export function moveOf(from: number, to: number): Move {
	return (from << 8) | to;
}

/** Source cell of a move (equals the destination for a merged clone). */
export function moveFrom(move: Move): number {
	return (move >>> 8) & 0xff;
}

/** Destination cell of a move. */
export function moveTo(move: Move): number {
	return move & 0xff;
}
