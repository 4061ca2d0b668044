/**
 * Move generation: the compiled generator of the position's board shape (`shape-kernel.ts`).
 *
 * Pseudolegal and legal moves, the rule stated once for the whole project (the distinction and
 * the names are libataxx's, whose `pseudolegal_moves` ignores the end of the game and whose
 * `legal_moves` respects it):
 * - A move is pseudolegal when it obeys the movement rule alone: one of the mover's blobs goes to
 *   an empty playable cell at Chebyshev distance 1 (a clone: the blob stays) or exactly 2 (a
 *   jump: the blob moves), whatever the state of the game. The generators list pseudolegal moves
 *   (this file, the plain `movegen-reference.ts`, the compiled kernel the search calls): on a
 *   full board they find none, and they know nothing of the half-move limit, Ataxx's clock or its
 *   pass.
 * - A move is legal when it is pseudolegal and the game is not over (`game-over.ts`). Under
 *   Ataxx rules a side with no pseudolegal move, while the game goes on, has one legal move: the
 *   pass. `legal-moves.ts` lists legal moves.
 */

import { type Move } from './move.js';
import { type Position } from './position.js';
import { shapeKernel } from './shape-kernel.js';

/** Which moves to list: clones merged by destination (engines, perft default) or by (from, to) pair. */
export type MoveListing = 'by-destination' | 'pairs';

/**
 * Largest number of moves on any board up to 16 x 16, with clones listed by pair: each of at
 * most 256 cells has at most 8 clone and 16 jump targets.
 */
export const MAX_MOVES = 256 * 24;

/**
 * Lists the pseudolegal moves of the side to move into `out` and returns how many there are:
 * clones first (by destination, or by pair), then jumps by (from, to) pair, each group in
 * increasing cell order. No allocation.
 * @param out room for at least `MAX_MOVES` moves
 */
export function generatePseudolegalMoves(
	pos: Position,
	out: Int32Array,
	listing: MoveListing = 'by-destination',
): number {
	return shapeKernel(pos.geometry).generate(pos.bb, 0, pos.side, out, 0, listing === 'pairs');
}

/** The pseudolegal moves as a new array (convenience for code outside the search). */
export function pseudolegalMoves(pos: Position, listing: MoveListing = 'by-destination'): Move[] {
	// Always through an Int32Array: the compiled generator stays monomorphic (and fast).
	const out = new Int32Array(MAX_MOVES);
	return Array.from(out.subarray(0, generatePseudolegalMoves(pos, out, listing)));
}

/** True if `side` would have a pseudolegal move in this position (whoever is to move). */
export function sideHasMove(pos: Position, side: 0 | 1): boolean {
	return shapeKernel(pos.geometry).hasMove(pos.bb, 0, side);
}

/** True if the side to move has at least one pseudolegal move. */
export function hasPseudolegalMove(pos: Position): boolean {
	return sideHasMove(pos, pos.side);
}
