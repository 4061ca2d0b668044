/**
 * A real terminal for end-to-end tests: a program runs in a pseudo-terminal (node-pty) and its
 * output is fed to a headless terminal emulator (@xterm/headless), whose screen the test reads.
 * The program runs under `bash -c`, which records the terminal settings (`stty -g`) before and
 * after it: the last line the script prints says whether the program gave the terminal back.
 */

import xterm from '@xterm/headless';
import pty from 'node-pty';

/** What the wrapper prints after the program: `[exit CODE, tty restored]` or `[exit CODE, tty changed]`. */
export const TTY_RESTORED = 'tty restored';

/** A program on a screen. */
export class PtyScreen {
	private readonly term: xterm.Terminal;
	private readonly child: pty.IPty;
	/** Everything the program wrote, escape sequences included. */
	raw = '';
	private lastData = Date.now();
	/** Resolves with the wrapper's exit code when it ends. */
	readonly exited: Promise<number>;

	/**
	 * Starts `node SCRIPT ARGS` in a `cols` x `rows` terminal with `TERM=xterm-256color`, `env` added.
	 * `CI` is removed (under CI Ink writes only the last frame, and chalk drops colour), and so are
	 * `NO_COLOR` and `FORCE_COLOR`.
	 */
	constructor(
		script: string,
		args: readonly string[],
		{ cols = 100, rows = 30, env = {} }: { cols?: number; rows?: number; env?: Record<string, string> } = {},
	) {
		this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
		const wrapper =
			'before=$(stty -g); node "$@"; code=$?; after=$(stty -g); ' +
			'if [ "$before" = "$after" ]; then s="tty restored"; else s="tty changed"; fi; ' +
			'printf "\\n[exit %s, %s]\\n" "$code" "$s"; exit $code';
		const base = { ...process.env } as Record<string, string>;
		delete base.CI;
		delete base.NO_COLOR;
		delete base.FORCE_COLOR;
		const term = env.TERM ?? 'xterm-256color';
		this.child = pty.spawn('bash', ['-c', wrapper, 'blobterm', script, ...args], {
			name: term, // node-pty sets TERM to it
			cols,
			rows,
			cwd: process.cwd(),
			env: { ...base, ...env },
		});
		this.child.onData((data) => {
			this.raw += data;
			this.lastData = Date.now();
			this.term.write(data);
		});
		this.exited = new Promise((resolve) => this.child.onExit(({ exitCode }) => resolve(exitCode)));
	}

	/** Types keys (text, `\r` for Enter, `\x1b[A` for up, ...). */
	type(keys: string): void {
		this.child.write(keys);
	}

	/** Resizes the terminal (the program gets SIGWINCH). */
	resize(cols: number, rows: number): void {
		this.term.resize(cols, rows);
		this.child.resize(cols, rows);
	}

	/** The visible screen, one string per line, trailing spaces removed. */
	lines(): string[] {
		const buffer = this.term.buffer.active;
		const out: string[] = [];
		for (let i = 0; i < this.term.rows; i++)
			out.push((buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '').trimEnd());
		return out;
	}

	/** The visible screen as one string. */
	text(): string {
		return this.lines().join('\n');
	}

	/**
	 * Waits until the screen satisfies `check` (a string it contains, or a predicate); fails with the
	 * screen after `timeoutMs`.
	 */
	async waitFor(check: string | RegExp | ((screen: string) => boolean), timeoutMs = 20_000): Promise<string> {
		const test =
			typeof check === 'string'
				? (s: string) => s.includes(check)
				: check instanceof RegExp
					? (s: string) => check.test(s)
					: check;
		const start = Date.now();
		for (;;) {
			await new Promise<void>((resolve) => this.term.write('', resolve));
			const screen = this.text();
			if (test(screen)) return screen;
			if (Date.now() - start > timeoutMs)
				throw new Error(`screen never showed ${String(check)}; it shows:\n${screen}`);
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
	}

	/**
	 * Waits until the screen satisfies `check`, then until the program has written nothing for
	 * `quietMs` (a frame can arrive in several pieces): the screen is then a whole frame.
	 */
	async settle(
		check: string | RegExp | ((screen: string) => boolean),
		quietMs = 150,
		timeoutMs = 20_000,
	): Promise<string> {
		await this.waitFor(check, timeoutMs);
		while (Date.now() - this.lastData < quietMs) await new Promise((resolve) => setTimeout(resolve, quietMs / 3));
		return this.waitFor(check, timeoutMs);
	}

	/** True if the program's last word on the cursor was "show" (or it never hid it). */
	cursorShown(): boolean {
		return this.raw.lastIndexOf('\x1b[?25h') >= this.raw.lastIndexOf('\x1b[?25l');
	}

	/** Ends the program if it is still running. */
	kill(): void {
		try {
			this.child.kill('SIGKILL');
		} catch {
			// Already gone.
		}
	}
}
