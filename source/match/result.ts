/**
 * How a game ended, and its words for people.
 */

import { describeEndReason, type GameEnd } from '../game/game-over.js';
import { type Position, type Side, sideName } from '../game/position.js';

/** The result of a game. */
export type GameResult =
	/** The rules ended it (board full, fill rule, half-move limit, ...). */
	| {
			readonly kind: 'end';
			readonly end: GameEnd;
			readonly winner: Side | null;
			readonly blue: number;
			readonly red: number;
			readonly reason: string;
	  }
	/** A player lost by misbehaving: no move in time, a crash, an illegal move. */
	| {
			readonly kind: 'forfeit';
			readonly loser: Side;
			readonly winner: Side;
			readonly blue: number;
			readonly red: number;
			readonly reason: string;
	  }
	/** An adjudication gave the game to a side (`adjudication.ts`, a game option). */
	| {
			readonly kind: 'adjudicated';
			readonly winner: Side;
			readonly blue: number;
			readonly red: number;
			readonly reason: string;
	  }
	/** The game was abandoned (quit) before its end. */
	| {
			readonly kind: 'aborted';
			readonly winner: null;
			readonly blue: number;
			readonly red: number;
			readonly reason: string;
	  };

/** The result of a game the rules ended. */
export function endResult(end: GameEnd, position: Position): GameResult {
	return {
		kind: 'end',
		end,
		winner: end.winner,
		blue: end.blue,
		red: end.red,
		reason: describeEndReason(end.reason, position),
	};
}

/** The result of a forfeit by `loser`. */
export function forfeitResult(loser: Side, playerName: string, why: string, position: Position): GameResult {
	return {
		kind: 'forfeit',
		loser,
		winner: (loser ^ 1) as Side,
		blue: position.count[0],
		red: position.count[1],
		reason: `${sideName(loser)} (${playerName}) forfeits: ${why}`,
	};
}

/** The result of a game adjudicated to `winner` in `position`. */
export function adjudicatedResult(winner: Side, reason: string, position: Position): GameResult {
	return { kind: 'adjudicated', winner, blue: position.count[0], red: position.count[1], reason };
}

/** The result of an abandoned game. */
export function abortedResult(position: Position): GameResult {
	return { kind: 'aborted', winner: null, blue: position.count[0], red: position.count[1], reason: 'game abandoned' };
}

/** One line for people: `Blue wins 30-19 (the board is full)`. */
export function describeResult(result: GameResult): string {
	const score = `${result.blue}-${result.red}`;
	if (result.kind === 'aborted') return `no result ${score} (game abandoned)`;
	if (result.winner === null) return `draw ${score} (${result.reason})`;
	return `${sideName(result.winner)} wins ${score} (${result.reason})`;
}
