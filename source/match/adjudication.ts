/**
 * Optional adjudication of a match game: once one side has led by at least `margin` blobs after
 * each of the last `plies` half-moves, it is declared the winner, saving the time of a game whose
 * outcome is clear (in the spirit of cutechess-cli's resign adjudication, which looks at the
 * engines' scores; here the blob count speaks, as engines may not report a score).
 */

import { type Position, type Side, sideName } from '../game/position.js';

/** Settings of the adjudication. */
export interface AdjudicationOptions {
	/** Lead in blobs (>= 1). */
	readonly margin: number;
	/** Consecutive half-moves the lead must last (>= 1). */
	readonly plies: number;
}

/** A side declared the winner, and why. */
export interface Adjudication {
	readonly winner: Side;
	readonly reason: string;
}

/**
 * Whether a game's positions so far call for adjudication.
 * @param positions the game's positions, from its start to now
 */
export function adjudicate(positions: readonly Position[], options: AdjudicationOptions): Adjudication | null {
	if (positions.length - 1 < options.plies) return null;
	const recent = positions.slice(positions.length - options.plies);
	for (const side of [0, 1] as const) {
		if (recent.every((p) => p.count[side] - p.count[side ^ 1] >= options.margin)) {
			return {
				winner: side,
				reason:
					`adjudicated: ${sideName(side)} led by ${options.margin} blobs or more ` +
					`for ${options.plies} half-moves`,
			};
		}
	}
	return null;
}
