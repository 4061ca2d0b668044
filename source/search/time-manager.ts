/**
 * How much of the clock a move may use (Dumas, "Guerre des blobs", 2014, section Descente itérative et
 * gestion du temps, and the usual practice of UCI engines).
 *
 * With a fixed time per move (the tournament interface, UAI `movetime`) the move gets all of it.
 * With a clock (UAI `wtime`/`btime`, `winc`/`binc`, `movestogo`) it gets a share: the time left
 * divided by the moves still to play (`movestogo`, else an estimate of 30), plus three quarters
 * of the increment. The search then starts no iteration predicted to end past that share (soft
 * limit) and stops at all costs at the hard limit: four times the share, at most half of the time
 * left, less a safety margin for the interface.
 */

/** Time limits of one search, ms. */
export interface TimeBudget {
	/** No iteration is started that is predicted to end after this. */
	readonly softMs: number;
	/** The search stops here whatever it is doing. */
	readonly hardMs: number;
}

/** Ms kept back from a clock for the interface's own delays. */
export const CLOCK_MARGIN_MS = 30;
/** Moves assumed left in the game when the interface does not say. */
export const DEFAULT_MOVES_TO_GO = 30;

/** Budget for a fixed time per move (ms): all of it. */
export function fixedBudget(moveTimeMs: number): TimeBudget {
	const t = Math.max(1, moveTimeMs);
	return { softMs: t, hardMs: t };
}

/**
 * Budget from a clock.
 * @param timeLeftMs the mover's remaining time, ms
 * @param incrementMs its increment per move, ms
 * @param movesToGo moves to play before the next time control, if the interface says
 */
export function clockBudget(timeLeftMs: number, incrementMs = 0, movesToGo?: number): TimeBudget {
	const usable = Math.max(1, timeLeftMs - CLOCK_MARGIN_MS);
	const share = usable / Math.max(1, movesToGo ?? DEFAULT_MOVES_TO_GO) + 0.75 * incrementMs;
	const hardMs = Math.max(1, Math.min(usable / 2, 4 * share, usable));
	return { softMs: Math.max(1, Math.min(share, hardMs)), hardMs };
}
