/**
 * One interface for every kind of player: a person at the keyboard, the built-in engine, or an
 * external engine program. The game loop (`match/game.ts`) asks the player to move and checks
 * the answer; players hold no game state of their own.
 */

import { type Variant } from '../game/game-over.js';
import { type Move } from '../game/move.js';
import { type MoveCoords } from '../game/notation.js';
import { type Position } from '../game/position.js';
import { type Clock } from '../search/time-manager.js';

/** What a player is asked for one move. */
export interface MoveRequest {
	/** The position; its side to move is the player's side. */
	readonly position: Position;
	/** The game's positions so far, oldest first, ending with `position`. */
	readonly history: readonly Position[];
	/**
	 * The moves of the game that lead to `position`, oldest first: the last `moves.length` steps of
	 * `history` (the positions before them, from a board file's history that does not follow the
	 * rules, have no moves). The game loop keeps them: no player works them out of positions.
	 */
	readonly moves: readonly Move[];
	/**
	 * Time allowed for this move, in ms (engines; people have no limit). With a clock, the mover's
	 * time left: the move must not take longer.
	 */
	readonly timeMs: number;
	/**
	 * With a clock (a match's `--tc`), the mover's (`own`) and the other side's, ms: an engine that
	 * manages a clock plans its move from them (UAI `go wtime btime winc binc movestogo`; the
	 * built-in engine's time manager); absent for a fixed time per move.
	 */
	readonly clock?: { readonly own: Clock; readonly other: Clock };
	/** Half-moves left before the game ends by the limit. */
	readonly halfMovesLeft: number;
	readonly variant: Variant;
	/** Aborted when the game is abandoned: the player answers at once (any answer is ignored). */
	readonly signal: AbortSignal;
	/** Live thinking information (engines), as often as the engine produces it. */
	readonly onInfo?: (info: EngineInfo) => void;
}

/** What an engine says while it thinks (fields it does not report are absent). */
export interface EngineInfo {
	readonly depth?: number;
	readonly seldepth?: number;
	/**
	 * Score from the thinking side's view, in centiblobs (`SCALE` per blob; finished games as in
	 * `search/score.ts`).
	 */
	readonly score?: number;
	readonly nodes?: number;
	readonly nps?: number;
	/** Time spent on this move so far, in ms. */
	readonly timeMs: number;
	/** The engine's own time for its search, as it reported it (UAI `time`), ms. */
	readonly engineTimeMs?: number;
	/** Principal variation as move texts. */
	readonly pv?: readonly string[];
	readonly threads?: number;
	readonly threadNodes?: readonly number[];
	/** Any other line the engine printed (external engines). */
	readonly text?: string;
}

/**
 * The search report that goes with an engine's move into the game's record: what the engine said
 * about the position it moved in, once it had chosen. Fields the engine did not report are absent.
 */
export interface MoveReport {
	/** Completed depth in plies. */
	readonly depth?: number;
	/** Deepest ply reached. */
	readonly seldepth?: number;
	/** Score from the mover's view, in centiblobs (finished games as in `search/score.ts`). */
	readonly score?: number;
	readonly nodes?: number;
	/** The engine's own time for the search, ms. */
	readonly timeMs?: number;
	/** Principal variation as move texts (`(r1,c1) > (r2,c2)`), starting with the move played. */
	readonly pv?: readonly string[];
}

/** A player's answer: a move (still to be checked by the game loop) or a forfeit. */
export type MoveAnswer =
	| {
			readonly kind: 'move';
			readonly coords: MoveCoords;
			/** What the player actually said (an engine's output line, a person's input). */
			readonly text: string;
			/** The engine's last search report for this move (engines that report one). */
			readonly report?: MoveReport;
	  }
	| { readonly kind: 'forfeit'; readonly reason: string };

/** A player. */
export interface Player {
	readonly kind: 'human' | 'builtin' | 'external';
	/** Short name for people: `human`, `builtin`, an engine's file name. */
	readonly name: string;
	/**
	 * Ms past `timeMs` that an engine program may take to answer before its own deadline makes it
	 * lose (its grace period); the game loop's watchdog waits this much longer. None for a person
	 * or the built-in engine.
	 */
	readonly graceMs?: number;
	/**
	 * Asks for a move. Engines answer within `timeMs` plus their grace period; a person
	 * answers when they like. Never rejects: failures are forfeits.
	 */
	play(request: MoveRequest): Promise<MoveAnswer>;
	/** Asks a thinking engine to answer now with its best move so far. */
	hurry?(): void;
	/** Releases threads and processes. */
	close(): Promise<void>;
}
