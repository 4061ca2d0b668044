/**
 * The engine I/O of a session, kept in memory for the interface's I/O pane: every line sent to
 * (`>`) and read from (`<`, stderr `!`) each engine program, what happened to its process (`#`),
 * and the built-in engine's reports, each with its time. The oldest lines go once `capacity` is
 * reached. Lines can also be passed on to a log file (`game-log.ts`).
 */

import { type EngineLogger, type LogDirection } from '../players/engine-log.js';

/** One line of engine I/O. */
export interface IoLine {
	/** Wall-clock time, ms since the epoch. */
	readonly at: number;
	/** Whose line: `Blue uai-greedy`, `analysis builtin`. */
	readonly label: string;
	readonly direction: LogDirection;
	readonly text: string;
}

/** A bounded, observable list of engine I/O lines. */
export class IoLog {
	private lines: IoLine[] = [];
	private dropped = 0;
	private readonly listeners = new Set<() => void>();
	/** The lines as last handed out; null once a line has been added since. */
	private shown: readonly IoLine[] | null = null;
	private notifying: NodeJS.Timeout | null = null;

	/**
	 * @param capacity most lines kept
	 * @param notifyMs listeners hear of new lines at most this often, ms (an engine that floods its
	 *   output does not redraw the screen for each line)
	 */
	constructor(
		readonly capacity = 5000,
		readonly notifyMs = 50,
	) {}

	/** A logger for one engine; each line also goes to `also` (a log file's logger), if given. */
	logger(label: string, also?: EngineLogger): EngineLogger {
		return (direction, text) => {
			this.add({ at: Date.now(), label, direction, text });
			also?.(direction, text);
		};
	}

	/** Adds a line. */
	add(line: IoLine): void {
		this.lines.push(line);
		if (this.lines.length > this.capacity) {
			const excess = this.lines.length - this.capacity;
			this.lines = this.lines.slice(excess);
			this.dropped += excess;
		}
		this.shown = null;
		this.notifying ??= setTimeout(() => {
			this.notifying = null;
			for (const listener of this.listeners) listener();
		}, this.notifyMs).unref();
	}

	/**
	 * The lines kept, oldest first: the same array until a line is added, then a new one (a
	 * snapshot for React's `useSyncExternalStore`).
	 */
	all(): readonly IoLine[] {
		this.shown ??= this.lines.slice();
		return this.shown;
	}

	/** Lines dropped to keep within `capacity`. */
	get droppedLines(): number {
		return this.dropped;
	}

	/** Calls `listener` after new lines (at most once per `notifyMs`). @returns a function that unsubscribes */
	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}
}

/** A line for the pane: `12:04:05.123 Blue uai-greedy > go movetime 500`. */
export function formatIoLine(line: IoLine): string {
	const time = new Date(line.at).toISOString().slice(11, 23);
	return `${time} ${line.label} ${line.direction} ${line.text}`;
}
