/**
 * The end of the game, checked before each turn (docs/rules.md), for both rule variants.
 *
 * Blob War, in this order:
 *   1. no empty cell is left: over ('board-full');
 *   2. the side to move cannot move (no pseudolegal move, no blob at all included): every empty cell is filled
 *      with the other side's blobs, then over ('no-move');
 *   3. the half-move limit has been reached: over ('half-move-limit').
 * Ataxx: over when a side has no blob ('no-blobs'), when no empty cell can be reached by either
 * side (board full included: 'blocked'), when the half-move clock reaches 100 ('clock'), or at the
 * half-move limit if one is set. A side that cannot move while the other can passes.
 * The side with more blobs wins; equal counts are a draw.
 */

import { sideHasMove } from './movegen.js';
import { emptyCount, type Position, RED, type Side } from './position.js';

/** The rule variants. */
export type Variant = 'blobwar' | 'ataxx';

/** Every rule variant, Blob War's first. */
export const VARIANTS: readonly Variant[] = ['blobwar', 'ataxx'];

/** Why a game ended. */
export type EndReason = 'board-full' | 'no-move' | 'half-move-limit' | 'no-blobs' | 'blocked' | 'clock';

/**
 * The half-move limit used when the user gives none: twice the number of playable cells, at
 * least 100 (a 7x7 board: 100; the 8x8 default board: 120; 16 x 16: 512). Clones fill the
 * board one cell at a time, so games that are not stuck in jumps end well before it.
 */
export function defaultHalfMoveLimit(geometry: { readonly playableCount: number }): number {
	return Math.max(100, 2 * geometry.playableCount);
}

/** Ataxx's half-move clock limit. */
export const ATAXX_CLOCK_LIMIT = 100;

/** The final state of a finished game. */
export interface GameEnd {
	readonly reason: EndReason;
	/** Final blob counts, after the fill rule where it applies: `[blue, red]`. */
	readonly blue: number;
	readonly red: number;
	/** The winner, or null for a draw. */
	readonly winner: Side | null;
}

/**
 * Checks whether the game is over before the side to move plays.
 * @param halfMovesLeft half-moves left before the limit (Infinity for none); 0 or less ends it
 * @returns the end of the game, or null if the side to move must (or, in Ataxx, may pass to) play
 */
export function gameEnd(pos: Position, variant: Variant = 'blobwar', halfMovesLeft = Infinity): GameEnd | null {
	const blue = pos.count[0];
	const red = pos.count[1];
	const empty = emptyCount(pos);
	if (variant === 'blobwar') {
		if (empty === 0) return result('board-full', blue, red);
		if (!sideHasMove(pos, pos.side)) {
			return pos.side === RED ? result('no-move', blue + empty, red) : result('no-move', blue, red + empty);
		}
		if (halfMovesLeft <= 0) return result('half-move-limit', blue, red);
		return null;
	}
	if (blue === 0 || red === 0) return result('no-blobs', blue, red);
	if (!sideHasMove(pos, 0) && !sideHasMove(pos, 1)) return result('blocked', blue, red);
	if (pos.clock >= ATAXX_CLOCK_LIMIT) return result('clock', blue, red);
	if (halfMovesLeft <= 0) return result('half-move-limit', blue, red);
	return null;
}

/** A `GameEnd` from final counts. */
export function result(reason: EndReason, blue: number, red: number): GameEnd {
	return { reason, blue, red, winner: blue > red ? 0 : red > blue ? 1 : null };
}

/** Words for people: why the game ended. */
export function describeEndReason(reason: EndReason, pos?: Position): string {
	switch (reason) {
		case 'board-full':
			return 'the board is full';
		case 'no-move':
			return pos
				? `${pos.side === 0 ? 'Blue' : 'Red'} cannot move: ` +
						`the empty cells go to ${pos.side === 0 ? 'Red' : 'Blue'}`
				: 'a side cannot move: the empty cells go to the other side';
		case 'half-move-limit':
			return 'the half-move limit is reached';
		case 'no-blobs':
			return 'a side has no blob left';
		case 'blocked':
			return 'neither side can move';
		case 'clock':
			return `${ATAXX_CLOCK_LIMIT} half-moves without a clone`;
	}
}
