/**
 * Timers of the game loop, guarded against Node's limit: a delay above 2^31 - 1 ms (24.8 days)
 * does not wait at all but fires at once, after a `TimeoutOverflowWarning`. The command line
 * already refuses times that large (`game/number-args.ts`); this is the last guard, so that a
 * huge time from elsewhere (a library caller, a record) waits as long as a timer can instead of
 * forfeiting a player at once.
 */

/** The longest delay a Node timer keeps, ms (2^31 - 1). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay a timer keeps: `ms` clamped to 0..MAX_TIMER_MS (NaN and +Infinity give the maximum). */
export function timerDelay(ms: number): number {
	if (Number.isNaN(ms)) return MAX_TIMER_MS;
	return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}

/** `setTimeout` with the delay clamped by `timerDelay`. @param ms delay in ms */
export function startTimer(callback: () => void, ms: number): NodeJS.Timeout {
	return setTimeout(callback, timerDelay(ms));
}
