/**
 * Benchmark: key to screen in `blobterm review`, with the built-in analysis searching on every
 * core and without it. Ink renders the review of a recorded game (as `runTui` does: throttled to
 * 30 frames a second) to an in-memory terminal; each Right arrow is timed from the moment it
 * reaches Ink's input to the moment Ink writes the frame that shows the new half-move. That is
 * the time the interface's thread takes, the pseudo-terminal and the reader left out (the
 * end-to-end test in `test/ui/review.test.ts` measures through them). Prints the times and the
 * interface thread's CPU time, and checks that the median with the analysis running stays under
 * 50 ms (on a machine loaded by other programs: under the median without it plus 50 ms).
 */

import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { render } from 'ink';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { IoLog } from '../../source/match/io-log.js';
import { readReviewGame } from '../../source/match/review-game.js';
import { BuiltinAnalysis } from '../../source/players/analysis.js';
import { ReviewApp } from '../../source/ui/ReviewApp.js';

const RIGHT = '\x1b[C';

/** An in-memory terminal of 110 x 42: Ink writes frames to it; `onWrite` hears each. */
class Terminal extends EventEmitter {
	readonly columns = 110;
	readonly rows = 42;
	readonly isTTY = true;
	onWrite: (text: string) => void = () => {};
	write = (text: string): boolean => {
		this.onWrite(text);
		return true;
	};
}

/** Keys typed into Ink, as `ink-testing-library` types them. */
class Keyboard extends EventEmitter {
	readonly isTTY = true;
	private data: string | null = null;
	type(text: string): void {
		this.data = text;
		this.emit('readable');
		this.emit('data', text);
	}
	read = (): string | null => {
		const { data } = this;
		this.data = null;
		return data;
	};
	setEncoding(): void {}
	setRawMode(): void {}
	resume(): void {}
	pause(): void {}
	ref(): void {}
	unref(): void {}
}

/** CPU time of the process's main thread (the interface's), ms (Linux; 0 elsewhere). */
function mainThreadCpuMs(): number {
	try {
		const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
	} catch {
		return 0;
	}
}

const median = (list: readonly number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

describe('key to screen in a review', () => {
	it('stays under 50 ms (median) while the analysis searches on every core', { timeout: 600_000 }, async () => {
		const game = await readReviewGame('test/fixtures/games/6x6-match.jsonl', 2);
		const threads = availableParallelism();
		const analysis = new BuiltinAnalysis({ threads, name: 'builtin' });
		const terminal = new Terminal();
		const keyboard = new Keyboard();
		let screen = '';
		terminal.onWrite = (text) => (screen += text);
		const app = render(React.createElement(ReviewApp, { game, analyses: [analysis], io: new IoLog(), start: 0 }), {
			stdout: terminal as unknown as NodeJS.WriteStream,
			stdin: keyboard as unknown as NodeJS.ReadStream,
			stderr: terminal as unknown as NodeJS.WriteStream,
			exitOnCtrlC: false,
			patchConsole: false,
		});
		const until = async (text: string, timeoutMs = 30_000) => {
			const start = Date.now();
			while (!screen.includes(text)) {
				if (Date.now() - start > timeoutMs) throw new Error(`never showed ${text}`);
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
		};
		/** Times `count` Right arrows from half-move `from`: key to the frame showing the next half-move. */
		const time = async (from: number, count: number): Promise<number[]> => {
			const delays: number[] = [];
			const cpuBefore = mainThreadCpuMs();
			const wallBefore = performance.now();
			for (let i = 1; i <= count; i++) {
				const want = `half-move ${from + i} of 66`;
				const shown = new Promise<number>((resolve) => {
					terminal.onWrite = (text) => {
						screen += text;
						if (text.includes(want)) resolve(performance.now());
					};
				});
				// A pause between keys, as a person's: the analysis restarts and searches meanwhile.
				await new Promise((resolve) => setTimeout(resolve, 300));
				const before = performance.now();
				keyboard.type(RIGHT);
				delays.push((await shown) - before);
			}
			terminal.onWrite = (text) => (screen += text);
			cpu.push((mainThreadCpuMs() - cpuBefore) / ((performance.now() - wallBefore) / 1000));
			return delays;
		};
		/** The main thread's CPU ms per second of each series. */
		const cpu: number[] = [];
		await until('half-move 0 of 66');
		keyboard.type('a');
		await until('scores for Blue');
		await until(' 3. ');
		const analysing = await time(0, 30);
		keyboard.type('a');
		await new Promise((resolve) => setTimeout(resolve, 500));
		const idle = await time(30, 30);
		app.unmount();
		await analysis.close();
		const text = (list: number[]) => list.map((ms) => ms.toFixed(1)).join(' ');
		const load = loadavg()[0];
		const series = (list: number[]) =>
			`median ${median(list).toFixed(1)} max ${Math.max(...list).toFixed(1)} [${text(list)}]`;
		console.log(
			`key to screen, ms (load average ${load.toFixed(1)} on ${availableParallelism()} cores): ` +
				`analysing on ${threads} threads ${series(analysing)}; idle ${series(idle)}; ` +
				`the interface thread's CPU, ms per second: analysing ${cpu[0].toFixed(0)}, idle ${cpu[1].toFixed(0)}`,
		);
		// On a machine with cores to spare the bound holds as is; on one loaded by other programs,
		// the time they take is left out by comparing with the same keys without the analysis.
		if (load < availableParallelism()) expect(median(analysing)).toBeLessThan(50);
		else expect(median(analysing)).toBeLessThan(median(idle) + 50);
	});
});
