/**
 * The shapes that flow between the search, its threads and the interface.
 */

import { type Variant } from '../game/game-over.js';
import { type Move } from '../game/move.js';
import { type Clock } from './time-manager.js';

/** What bounds a search. At least one of `depth`, `timeMs`, `nodes` should be set. */
export interface SearchLimits {
	/** Largest depth in plies (iterative deepening stops after it). */
	readonly depth?: number;
	/**
	 * A fixed time for this move, ms (UAI `movetime`, the tournament interface's TIME): the search
	 * uses all of it less a small safety margin (`time-manager.ts`).
	 */
	readonly timeMs?: number;
	/** A clock (UAI `wtime`/`btime`...): the time manager plans the move's share; wins over `timeMs`. */
	readonly clock?: Clock;
	/**
	 * When the time for this move began to run, in ms since the epoch as
	 * `performance.timeOrigin + performance.now()` gives it (comparable across threads): time spent
	 * before the search starts (a process start, a message to a worker) counts against the move.
	 * Default: the search's start.
	 */
	readonly startedAt?: number;
	/**
	 * True when the move is awaited in this process (the built-in player's game loop), not by
	 * another program: a fixed time keeps back a smaller safety margin (`moveTimeMargin`).
	 */
	readonly inProcess?: boolean;
	/** Stop after about this many nodes. */
	readonly nodes?: number;
	/**
	 * Half-moves left before the game ends by the limit (the tournament interface's third argument);
	 * Infinity for none.
	 */
	readonly halfMovesLeft?: number;
	/** Rule variant (default Blob War). */
	readonly variant?: Variant;
	/**
	 * Principal variations to find (default 1): with N > 1 each completed depth reports the N best
	 * root moves, best first, each with its own score and line (UCI's MultiPV). At most the number
	 * of root moves.
	 */
	readonly multiPv?: number;
	/**
	 * Root moves to consider (UCI's `go searchmoves`): the search chooses among these alone. A clone
	 * may be named by its destination or from any blob next to it. Moves that are not legal at the
	 * root are ignored; none legal, or an empty list, means every move.
	 */
	readonly searchMoves?: readonly Move[];
}

/** Progress of a search after a completed iteration (or a sample in between). */
export interface SearchInfo {
	/** Completed depth in plies. */
	readonly depth: number;
	/** Deepest ply reached. */
	readonly seldepth: number;
	/** Score of the best move, from the side to move's view (see `score.ts`). */
	readonly score: number;
	/** Nodes searched since the search began (all threads). */
	readonly nodes: number;
	/** Nodes per second. */
	readonly nps: number;
	/** Elapsed time in ms. */
	readonly timeMs: number;
	/** Principal variation, first move first. */
	readonly pv: readonly Move[];
	/** Threads searching (1 for a sequential search). */
	readonly threads?: number;
	/** Nodes per thread, if more than one. */
	readonly threadNodes?: readonly number[];
	/** Transposition table fill, per mille. */
	readonly hashfull?: number;
	/**
	 * Rank of this line among the principal variations of its depth, 1-based (1: the best move);
	 * with `multiPv` N > 1 a depth reports lines 1..N, in that order.
	 */
	readonly multipv?: number;
}

/** The answer of a search. */
export interface SearchResult {
	/** Best move: from the last completed iteration, or a legal move if none completed; NO_MOVE if the game is over. */
	readonly move: Move;
	/** Its score (0 if no iteration completed). */
	readonly score: number;
	/** Last completed depth (0 if none). */
	readonly depth: number;
	readonly seldepth: number;
	readonly nodes: number;
	readonly timeMs: number;
	/** Principal variation: always starts with `move` (empty when there is no move). */
	readonly pv: readonly Move[];
	/** Whether the search was stopped (flag or limit) rather than finishing its depth. */
	readonly stopped: boolean;
}
