/**
 * The engine I/O lines for the I/O pane, redrawn as lines arrive only while the pane is shown:
 * with the pane closed, an engine's output (the built-in analysis reports every depth) costs the
 * interface no render.
 */

import { useCallback, useSyncExternalStore } from 'react';
import { type IoLine, type IoLog } from '../../match/io-log.js';

const NONE: readonly IoLine[] = [];

/** The lines of `io` while `shown`, else an empty list that never changes. */
export function useIoLines(io: IoLog, shown: boolean): readonly IoLine[] {
	const subscribe = useCallback((listener: () => void) => (shown ? io.subscribe(listener) : () => {}), [io, shown]);
	return useSyncExternalStore(subscribe, () => (shown ? io.all() : NONE));
}
