/**
 * A UAI conversation with a real child process, line by line, every wait with a deadline.
 */

import { type ResultPromise, execa } from 'execa';

/** A running engine speaking UAI. */
export class UaiSession {
	readonly lines: string[] = [];
	private readonly child: ResultPromise;
	private partial = '';
	private waiters: Array<() => void> = [];

	constructor(args: readonly string[]) {
		this.child = execa('node', ['dist/engine-cli.js', '--uai', ...args], {
			reject: false,
			buffer: false,
			stdin: 'pipe',
		});
		this.child.stdout!.setEncoding('utf8');
		this.child.stdout!.on('data', (chunk: string) => {
			this.partial += chunk;
			const parts = this.partial.split('\n');
			this.partial = parts.pop()!;
			this.lines.push(...parts);
			for (const wake of this.waiters.splice(0)) wake();
		});
	}

	/** Sends one line. */
	send(line: string): void {
		this.child.stdin!.write(`${line}\n`);
	}

	/**
	 * Waits for a line matching `pattern` printed after line index `from`.
	 * @returns the line and its index
	 * @throws Error after `timeoutMs`, with the lines seen
	 */
	async expect(pattern: RegExp, from = 0, timeoutMs = 10_000): Promise<{ line: string; index: number }> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const index = this.lines.findIndex((l, i) => i >= from && pattern.test(l));
			if (index >= 0) return { line: this.lines[index], index };
			const left = deadline - Date.now();
			if (left <= 0)
				throw new Error(
					`no line matching ${pattern} within ${timeoutMs} ms; got:\n${this.lines.slice(from).join('\n')}`,
				);
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, left);
				this.waiters.push(() => {
					clearTimeout(timer);
					resolve();
				});
			});
		}
	}

	/** Sends `quit` and waits for the exit code. */
	async quit(): Promise<number | undefined> {
		this.send('quit');
		const result = await this.child;
		return result.exitCode;
	}

	/** Kills the process (cleanup after a failed test). */
	kill(): void {
		this.child.kill('SIGKILL');
	}
}
