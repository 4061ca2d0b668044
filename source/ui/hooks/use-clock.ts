/**
 * A clock for the running time of the side to move: `performance.now()`, refreshed every
 * `intervalMs` while `running` (and not at all otherwise, so an idle screen stays still).
 */

import { useEffect, useState } from 'react';

/** Milliseconds between two ticks of the status line's clock. */
export const CLOCK_TICK_MS = 250;

/** `performance.now()` as of the last tick. */
export function useClock(running: boolean, intervalMs = CLOCK_TICK_MS): number {
	const [now, setNow] = useState(() => performance.now());
	useEffect(() => {
		setNow(performance.now());
		if (!running) return;
		const timer = setInterval(() => setNow(performance.now()), intervalMs);
		return () => clearInterval(timer);
	}, [running, intervalMs]);
	return now;
}
