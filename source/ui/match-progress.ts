/**
 * Live progress of a match on a terminal: finished games scroll by as lines, and one status
 * line below them, redrawn twice a second and dimmed where there is colour, shows the games done
 * and those in progress with their half-move counts (a distributed match: a progress bar, the
 * games in flight, the workers, the rate and the time left). Without a terminal (a pipe, a file),
 * only the lines are written.
 */

import { basename } from 'node:path';
import { type Match } from '../match/match.js';
import { type Paint, stdoutPaint } from './text-colours.js';

/** Milliseconds between two redraws of the status line. */
export const PROGRESS_MS = 500;

/** Where progress goes: a stream, and whether it is a terminal that can redraw a line. */
export interface ProgressOutput {
	write(text: string): unknown;
	readonly isTTY?: boolean;
	readonly columns?: number;
}

/** The status line: `3/20 games done · playing 4 (ataxx.bwb, half-move 23), 5 (...)`. */
export function statusLine(match: Match, done: number, total: number): string {
	const running = match
		.running()
		.map(
			(live) =>
				`${live.scheduled.game} (${basename(live.opening.label)}, half-move ${live.game.state.moves.length})`,
		);
	return `${done}/${total} games done${running.length > 0 ? ` · playing ${running.join(', ')}` : ''}`;
}

/** Where a distributed match stands, as its coordinator counts it. */
export interface QueueStatus {
	/** Games recorded, of `total`. */
	readonly done: number;
	readonly total: number;
	/** Games being played by workers. */
	readonly inFlight: number;
	/** Workers seen. */
	readonly workers: number;
	/** Games recorded per minute, or null before there is a rate. */
	readonly gamesPerMinute: number | null;
	/** Time left at that rate, ms, or null. */
	readonly etaMs: number | null;
}

/** Width of the progress bar of `queueStatusLine`, in characters between the brackets. */
export const BAR_WIDTH = 20;

/**
 * The status line of a distributed match:
 * `[########............] 16/40 games done · 3 in flight · 3 workers · 24.5 games/min · ETA 59 s`.
 */
export function queueStatusLine(status: QueueStatus): string {
	const filled = status.total > 0 ? Math.min(BAR_WIDTH, Math.floor((BAR_WIDTH * status.done) / status.total)) : 0;
	const parts = [
		`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${status.done}/${status.total} games done`,
		`${status.inFlight} in flight`,
		`${status.workers} worker${status.workers === 1 ? '' : 's'}`,
	];
	if (status.gamesPerMinute !== null) parts.push(`${status.gamesPerMinute.toFixed(1)} games/min`);
	if (status.etaMs !== null) parts.push(`ETA ${formatDuration(status.etaMs)}`);
	return parts.join(' · ');
}

/** A duration for people: `42 s`, `7 min 05 s`, `3 h 20 min`. */
export function formatDuration(ms: number): string {
	const s = Math.max(0, Math.round(ms / 1000));
	if (s < 60) return `${s} s`;
	if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
	return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** The progress display of one match. */
export class MatchProgress {
	private timer: NodeJS.Timeout | null = null;
	private shown = false;

	/** @param status the status line as it is now (`statusLine`, `queueStatusLine`), asked at each redraw */
	constructor(
		private readonly out: ProgressOutput,
		private readonly status: () => string,
		private readonly paint: Paint = stdoutPaint,
	) {}

	/** Starts redrawing the status line (on a terminal only). */
	start(): void {
		if (!this.out.isTTY || this.timer) return;
		this.timer = setInterval(() => this.redraw(), PROGRESS_MS);
		this.redraw();
	}

	/** Writes lines above the status line. */
	lines(lines: readonly string[]): void {
		this.clear();
		for (const line of lines) this.out.write(`${line}\n`);
		if (this.timer) this.redraw();
	}

	/** Stops redrawing and removes the status line. */
	stop(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = null;
		this.clear();
	}

	private clear(): void {
		if (this.shown) this.out.write('\r\x1b[2K');
		this.shown = false;
	}

	private redraw(): void {
		const width = Math.max(20, (this.out.columns ?? 80) - 1);
		const line = this.status();
		this.out.write(`\r\x1b[2K${this.paint.dim(line.length > width ? `${line.slice(0, width - 3)}...` : line)}`);
		this.shown = true;
	}
}
