/**
 * Splitting an engine's output into lines, a chunk at a time, with a cap on line length: a
 * program that writes megabytes without a newline costs at most `maxLine` characters of memory.
 */

import { printable } from './printable.js';

/** Longest line kept, in characters: a longer one is cut to this size and the rest of it skipped. */
export const MAX_LINE = 4096;

/** Turns chunks of text into lines: without their `\n` or `\r\n`, cleaned by `printable`. */
export class LineSplitter {
	private partial = '';
	private skipping = false;

	constructor(private readonly maxLine = MAX_LINE) {}

	/** The lines a chunk completes (none if it holds no newline and no overlong line). */
	push(chunk: string): string[] {
		const lines: string[] = [];
		let from = 0;
		if (this.skipping) {
			// The rest of a line already cut.
			const newline = chunk.indexOf('\n');
			if (newline < 0) return lines;
			this.skipping = false;
			from = newline + 1;
		}
		for (let newline = chunk.indexOf('\n', from); newline >= 0; newline = chunk.indexOf('\n', from)) {
			let raw = chunk.slice(from, newline);
			if (this.partial !== '') {
				raw = this.partial + raw;
				this.partial = '';
			}
			lines.push(this.finish(raw));
			from = newline + 1;
		}
		if (from < chunk.length) {
			this.partial += chunk.slice(from, from + this.maxLine + 1);
			if (this.partial.length > this.maxLine) {
				lines.push(this.finish(this.partial));
				this.partial = '';
				this.skipping = true;
			}
		}
		return lines;
	}

	/** The last line, if the output ended without a newline. */
	flush(): string[] {
		const rest = this.partial;
		this.partial = '';
		this.skipping = false;
		return rest === '' ? [] : [this.finish(rest)];
	}

	private finish(raw: string): string {
		let line = raw.length > this.maxLine ? raw.slice(0, this.maxLine) : raw;
		if (line.endsWith('\r')) line = line.slice(0, -1);
		return printable(line);
	}
}
