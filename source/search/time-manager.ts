/**
 * The one place that decides how long a move may take: the search's limits, the tournament
 * interface, UAI's `go`, and the game loop's watchdog all ask here (Dumas, "Guerre des blobs",
 * 2014, section Descente itérative et gestion du temps; the clock rules of UCI engines, after
 * Stockfish's `timeman.cpp`).
 *
 * - A fixed time per move (UAI `movetime`, the tournament interface's TIME, the built-in player):
 *   the move gets all of it less a small safety margin (`moveTimeMargin`): the search goes on
 *   until that deadline, and a stopped search plays the best move found so far. The time already
 *   spent before the search began (a process start, a message to a worker) counts against it.
 * - A clock (UAI `wtime`/`btime`, `winc`/`binc`, `movestogo`): an optimum share of the time left
 *   (`clockBudget`), and a maximum the search never passes. After each completed depth the
 *   search stops if the time spent passes half the optimum scaled by how unsettled the search
 *   is (the next depth costs about as much as all the depths before it, so it ends near the
 *   scaled optimum): a best move that changed in the last iterations or a score that fell
 *   extends it (up to 2.5 times), a best move stable for several iterations shortens it. No
 *   iteration is started that is predicted to end past the maximum.
 */

import { type Move } from '../game/move.js';
import { SCALE } from './score.js';

/** Time limits of one search, ms from its start. */
export interface TimeBudget {
	/** The time the search aims to use (it stops after a completed depth past this, scaled by its stability). */
	readonly optimumMs: number;
	/** The search stops here whatever it is doing. */
	readonly maximumMs: number;
	/** True for a fixed time per move: the search uses all of it. */
	readonly fixed: boolean;
}

/** A clock as UAI gives it, ms. */
export interface Clock {
	/** The mover's remaining time. */
	readonly timeLeftMs: number;
	/** Its increment per move. */
	readonly incrementMs?: number;
	/** Moves to play before the next time control, if the interface says. */
	readonly movesToGo?: number;
}

/** Ms kept back from a clock for the interface's own delays. */
export const CLOCK_MARGIN_MS = 30;
/** Fewest and most moves assumed left in the game when the interface does not say. */
export const MIN_MOVES_TO_GO = 8;
export const MAX_MOVES_TO_GO = 75;
/** The maximum of a clock budget is at most this many times its optimum. */
const MAXIMUM_RATIO = 5;
/** Largest share of the usable clock one move may take. */
const MAXIMUM_SHARE = 0.5;
/**
 * Share of the scaled optimum past which no further depth is started: the next depth takes about
 * as long as all before it. With the whole optimum, the built-in engine spent three times its
 * planned share early in a game on a clock, and lost in self-play (docs/strength.md).
 */
const NEXT_DEPTH_SHARE = 0.5;

/**
 * The safety margin of a fixed time per move, ms. The stop flag is read every thousand nodes
 * (about half a millisecond), and the move must then reach whoever awaits it: through a pipe to
 * another process (UAI, the tournament interface), 5 ms plus 2%, 7 ms of 100 and 25 ms of 1000
 * (Stockfish keeps back a "Move Overhead" of 10 ms); to the game loop of this process (the
 * built-in player, a message between threads), 1 ms plus 1%, 2 ms of 100 and 11 ms of 1000.
 * @param inProcess true when the move is awaited in this process
 */
export function moveTimeMargin(moveTimeMs: number, inProcess = false): number {
	return inProcess ? 1 + 0.01 * moveTimeMs : 5 + 0.02 * moveTimeMs;
}

/**
 * Budget for a fixed time per move: all of it less the safety margin and what is already spent.
 * @param moveTimeMs the time for this move, ms
 * @param spentMs time already gone before the search starts (a process start, a message), ms
 * @param inProcess true when the move is awaited in this process (`moveTimeMargin`)
 */
export function fixedBudget(moveTimeMs: number, spentMs = 0, inProcess = false): TimeBudget {
	const t = Math.max(1, moveTimeMs - moveTimeMargin(moveTimeMs, inProcess) - Math.max(0, spentMs));
	return { optimumMs: t, maximumMs: t, fixed: true };
}

/**
 * Moves the side to move is assumed to have left when the interface does not say: one and a half
 * times the empty cells plus 4, from `MIN_MOVES_TO_GO` to `MAX_MOVES_TO_GO`. In games of the
 * built-in engine a side had a median of about the empty cells plus 5 moves left, under both rule
 * sets (jumps fill nothing, so a game lasts about twice as long as its clones alone would make
 * it); planning for half as many again keeps time for the middle game. In self-play on a clock,
 * the empty cells plus 4 (at most 50) won against half the empty cells plus 4 (at most 30, the
 * estimate of before, which spent the time early and played the middle game on its increments),
 * and one and a half times the empty cells plus 4 against that (docs/strength.md).
 */
export function estimateMovesToGo(emptyCells: number): number {
	return Math.max(MIN_MOVES_TO_GO, Math.min(MAX_MOVES_TO_GO, Math.round(1.5 * emptyCells) + 4));
}

/**
 * Budget from a clock.
 * @param emptyCells empty cells of the position, for the estimate of the moves left
 * @param spentMs time already gone on this move before the search starts, ms
 */
export function clockBudget(clock: Clock, emptyCells = 60, spentMs = 0): TimeBudget {
	const increment = Math.max(0, clock.incrementMs ?? 0);
	const usable = Math.max(1, clock.timeLeftMs - CLOCK_MARGIN_MS - Math.max(0, spentMs));
	const movesToGo =
		clock.movesToGo !== undefined && clock.movesToGo > 0 ? clock.movesToGo : estimateMovesToGo(emptyCells);
	const maximumMs = Math.max(1, Math.min(usable * MAXIMUM_SHARE + 0.75 * increment, usable));
	const optimumMs = Math.max(1, Math.min(usable / movesToGo + 0.75 * increment, maximumMs));
	return { optimumMs, maximumMs: Math.min(maximumMs, MAXIMUM_RATIO * optimumMs), fixed: false };
}

/**
 * Ms the game loop waits past an engine's time before asking it to hurry, and as much again
 * before the engine loses: a watchdog behind the engines' own deadlines (a process start under
 * load can take a second). Unattended matches wait longer than a game a person watches, since a
 * false forfeit there spoils a result nobody sees happen.
 */
export function watchdogMs(moveTimeMs: number, unattended: boolean): number {
	return unattended ? Math.max(12_000, 2 * moveTimeMs) : Math.max(3000, moveTimeMs);
}

/**
 * Decides, after each completed depth of one search, whether to start another. Built from a
 * budget; fed the best move and score of each completed depth.
 */
export class TimeManager {
	private bestMoveChanges = 0;
	private stableIterations = 0;
	private lastMove: Move | null = null;
	private lastScore = 0;

	constructor(readonly budget: TimeBudget) {}

	/** The hard deadline, ms from the search's start. */
	get maximumMs(): number {
		return this.budget.maximumMs;
	}

	/**
	 * Records a completed depth and says whether to stop.
	 * @param elapsedMs time since the search began
	 * @param lastIterationMs, previousIterationMs the last two iterations' durations (0 if none)
	 */
	shouldStop(
		move: Move,
		score: number,
		elapsedMs: number,
		lastIterationMs: number,
		previousIterationMs: number,
	): boolean {
		const changed = this.lastMove !== null && move !== this.lastMove;
		this.bestMoveChanges = this.bestMoveChanges / 2 + (changed ? 1 : 0);
		this.stableIterations = changed ? 0 : this.stableIterations + 1;
		const falling = this.lastMove === null ? 0 : this.lastScore - score;
		this.lastMove = move;
		this.lastScore = score;
		// The next iteration costs about as much more as the last one did over the one before.
		const ratio =
			previousIterationMs > 0.5 ? Math.min(10, Math.max(1.5, lastIterationMs / previousIterationMs)) : 4;
		const predictedEnd = elapsedMs + lastIterationMs * ratio;
		if (this.budget.fixed) return elapsedMs >= this.budget.maximumMs;
		if (predictedEnd > this.budget.maximumMs) return true;
		const instability = 1 + Math.min(1, this.bestMoveChanges);
		const fallingFactor = 1 + Math.max(0, Math.min(0.25, falling / (4 * SCALE)));
		const stableFactor = this.stableIterations >= 4 ? 0.8 : 1;
		return elapsedMs > NEXT_DEPTH_SHARE * this.budget.optimumMs * instability * fallingFactor * stableFactor;
	}
}
