/**
 * Legal moves: the pseudolegal moves of a game that is not over, and Ataxx's pass (the rule is
 * stated in `movegen.ts`).
 */

import { gameEnd, type Variant } from './game-over.js';
import { type Move, PASS } from './move.js';
import { generatePseudolegalMoves, MAX_MOVES, type MoveListing } from './movegen.js';
import { type Position } from './position.js';

/** The rules a position is played under. */
export interface PlayRules {
	/** Blob War (default) or Ataxx. */
	readonly variant?: Variant;
	/** Half-moves left before the game ends by the limit (default Infinity: no limit). */
	readonly halfMovesLeft?: number;
}

/**
 * Lists the legal moves of the side to move into `out` and returns how many there are: none
 * once the game is over; else the pseudolegal moves in generation order, or, under Ataxx rules
 * when there are none, the pass.
 * @param out room for at least `MAX_MOVES` moves
 */
export function generateLegalMoves(
	pos: Position,
	out: Int32Array,
	listing: MoveListing = 'by-destination',
	rules: PlayRules = {},
): number {
	const variant = rules.variant ?? 'blobwar';
	if (gameEnd(pos, variant, rules.halfMovesLeft ?? Infinity) !== null) return 0;
	const n = generatePseudolegalMoves(pos, out, listing);
	if (n > 0 || variant !== 'ataxx') return n;
	out[0] = PASS;
	return 1;
}

/** The legal moves as a new array (convenience for code outside the search). */
export function legalMoves(pos: Position, listing: MoveListing = 'by-destination', rules: PlayRules = {}): Move[] {
	const out = new Int32Array(MAX_MOVES);
	return Array.from(out.subarray(0, generateLegalMoves(pos, out, listing, rules)));
}
