/**
 * The half-move limit of a game when none is asked for: Blob War's default for the board, or a
 * generous one under Ataxx rules, whose own clock ends games first.
 */

import { defaultHalfMoveLimit, type Variant } from '../game/game-over.js';

/**
 * Half-move limit of an Ataxx-rules game when none is given: the rules' own clock (100 half-moves
 * without a clone) ends games first.
 */
export const ATAXX_HALF_MOVE_LIMIT = 1000;

/** The half-move limit used when none is given: Blob War's default for the board, or `ATAXX_HALF_MOVE_LIMIT`. */
export function defaultLimit(variant: Variant, geometry: { readonly playableCount: number }): number {
	return variant === 'ataxx' ? ATAXX_HALF_MOVE_LIMIT : defaultHalfMoveLimit(geometry);
}
