/**
 * Live progress of a match on a terminal: finished games scroll by as lines, and one status
 * line below them, redrawn twice a second and dimmed where there is colour, shows the games done
 * and those in progress with their half-move counts. Without a terminal (a pipe, a file), only the lines are written.
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

/** The progress display of one match. */
export class MatchProgress {
	private timer: NodeJS.Timeout | null = null;
	private shown = false;

	constructor(
		private readonly out: ProgressOutput,
		private readonly match: Match,
		private readonly total: number,
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
		const line = statusLine(this.match, this.match.finished().length, this.total);
		this.out.write(`\r\x1b[2K${this.paint.dim(line.length > width ? `${line.slice(0, width - 3)}...` : line)}`);
		this.shown = true;
	}
}
