/**
 * A clock for the running time of the side to move: `performance.now()`, refreshed every
 * `intervalMs` while `running` (and not at all otherwise, so an idle screen stays still).
 */

import { useEffect, useState } from 'react';

/** Milliseconds between two ticks of the status line's clock. */
export const CLOCK_TICK_MS = 250;

/** `performance.now()` as of the last tick; the first tick comes as soon as `running` changes. */
export function useClock(running: boolean, intervalMs = CLOCK_TICK_MS): number {
	const [now, setNow] = useState(() => performance.now());
	useEffect(() => {
		const update = () => setNow(performance.now());
		const first = setTimeout(update, 0);
		const timer = running ? setInterval(update, intervalMs) : undefined;
		return () => {
			clearTimeout(first);
			clearInterval(timer);
		};
	}, [running, intervalMs]);
	return now;
}
