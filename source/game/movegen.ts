/**
 * Legal move generation (the rule is stated in `movegen-reference.ts`): the compiled generator
 * of the position's board shape (`shape-kernel.ts`).
 */

import { type Move } from './move.js';
import { type Position } from './position.js';
import { shapeKernel } from './shape-kernel.js';

/** Which moves to list: clones merged by destination (engines, perft default) or by (from, to) pair. */
export type MoveListing = 'by-destination' | 'pairs';

/**
 * Largest number of legal moves on any board up to 16 x 16, with clones listed by pair: each
 * of at most 256 cells has at most 8 clone and 16 jump targets.
 */
export const MAX_MOVES = 256 * 24;

/**
 * Lists the legal moves of the side to move into `out` and returns how many there are:
 * clones first (by destination, or by pair), then jumps by (from, to) pair, each group in
 * increasing cell order. Ataxx's pass is not listed. No allocation.
 * @param out room for at least `MAX_MOVES` moves
 */
export function generateMoves(pos: Position, out: Int32Array, listing: MoveListing = 'by-destination'): number {
	return shapeKernel(pos.geometry).generate(pos.bb, 0, pos.side, out, 0, listing === 'pairs');
}

/** The legal moves as a new array (convenience for code outside the search). */
export function legalMoves(pos: Position, listing: MoveListing = 'by-destination'): Move[] {
	// Always through an Int32Array: the compiled generator stays monomorphic (and fast).
	const out = new Int32Array(MAX_MOVES);
	return Array.from(out.subarray(0, generateMoves(pos, out, listing)));
}

/** True if `side` would have a legal move in this position (whoever is to move). */
export function sideHasMove(pos: Position, side: 0 | 1): boolean {
	return shapeKernel(pos.geometry).hasMove(pos.bb, 0, side);
}

/** True if the side to move has at least one legal move. */
export function hasLegalMove(pos: Position): boolean {
	return sideHasMove(pos, pos.side);
}
