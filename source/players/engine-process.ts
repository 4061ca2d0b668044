/**
 * Engine programs as child processes: the one layer under both kinds of engine player, the
 * tournament interface (`external-player.ts`, a process per move) and UAI (`uai-player.ts`, a
 * process per game).
 *
 * - Started by execa with an argument array (never a shell), `detached`, so that each program
 *   leads a process group of its own: signals go to the whole group, and the children a program
 *   started (a shell script's commands) end with it. `process-registry.ts` tracks every group, so
 *   that none outlives blobterm, even one killed by SIGKILL.
 * - Read in batches: each chunk of output becomes lines (`line-splitter.ts`: capped in length,
 *   cleaned of control characters) handed to the listeners as one array, so that a flood of
 *   lines costs one call per chunk and never keeps a deadline from being checked.
 * - Every wait has a deadline: `waitFor` a line; `exited`, which comes once the program has
 *   exited and its output has been read to the end, or for at most `DRAIN_MS` when a child it
 *   left behind (outside its group) holds the pipe open; `terminate` and `close`, which escalate
 *   from SIGTERM to SIGKILL and give up waiting `REAP_MS` later.
 *
 * execa's own line splitting yields lines one at a time and without a length limit, and its
 * `cancelSignal` and `forceKillAfterDelay` signal the leader only, not its group: this module does
 * those itself.
 */

import { type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { execa } from 'execa';
import { type EngineLogger } from './engine-log.js';
import { LineSplitter, MAX_LINE } from './line-splitter.js';
import { killProcessGroup, trackProcessGroup, untrackProcessGroup } from './process-registry.js';

/** Ms the output of an exited program is still read, when something else holds its pipe open. */
export const DRAIN_MS = 200;

/** Ms `terminate` waits for a killed program to be reaped before it gives up. */
export const REAP_MS = 2000;

/** Characters of stderr kept for error messages. */
const STDERR_TAIL = 2000;

/** How a process ended: exit code or signal, or a start failure (`ENOENT`, `EACCES`, ...). */
export interface ProcessExit {
	readonly code: number | null;
	readonly signal: string | null;
	readonly startError: string | null;
}

/** What a wait ended with. */
export type WaitResult<T> =
	| { readonly kind: 'found'; readonly value: T }
	| { readonly kind: 'timeout' }
	| { readonly kind: 'exit'; readonly exit: ProcessExit }
	| { readonly kind: 'aborted' };

/** Settings of an engine process. */
export interface EngineProcessOptions {
	/** Keep a pipe to the program's stdin for `send` (UAI); otherwise its stdin is empty. */
	readonly stdin?: boolean;
	/** Receives every line sent and read (already cleaned), and what happens to the process. */
	readonly log?: EngineLogger;
}

/** A running engine program. */
export class EngineProcess {
	/**
	 * Last non-empty line read that no wait was looking for (for error messages). `waitFor`
	 * keeps it; a caller that reads lines itself may set it.
	 */
	lastOther = '';
	/** The process id (and process group id); undefined if it could not start. */
	readonly pid: number | undefined;
	/** Resolves once the process has exited and its output has been read (see the module comment). */
	readonly exited: Promise<ProcessExit>;
	private readonly child;
	private readonly stdout = new LineSplitter();
	private readonly stderr = new LineSplitter();
	private stderrTail = '';
	private exitInfo: ProcessExit | null = null;
	private readonly lineListeners = new Set<(lines: readonly string[]) => void>();
	private readonly exitListeners = new Set<(exit: ProcessExit) => void>();

	/** Starts `command args...`. Never throws: a program that cannot start ends with `startError`. */
	constructor(
		readonly command: string,
		args: readonly string[],
		private readonly options: EngineProcessOptions = {},
	) {
		const log = options.log;
		log?.('#', `start ${[command, ...args].join(' ')}`);
		this.child = execa(command, args, {
			stdin: options.stdin ? 'pipe' : 'ignore',
			stdout: 'pipe',
			stderr: 'pipe',
			buffer: false,
			reject: false,
			detached: true,
			cleanup: false,
		});
		this.pid = this.child.pid;
		if (this.pid !== undefined) trackProcessGroup(this.pid);
		this.child.stdin?.on('error', () => {
			// EPIPE: the engine has gone; its exit is reported through `exited`.
		});
		const stdout = this.child.stdout as Readable;
		const stderr = this.child.stderr as Readable;
		stdout.setEncoding('utf8');
		stderr.setEncoding('utf8');
		stdout.on('data', (chunk: string) => this.emit(this.stdout.push(chunk)));
		stderr.on('data', (chunk: string) => {
			this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL);
			if (log) for (const line of this.stderr.push(chunk)) log('!', line);
		});
		this.exited = new Promise((resolve) => {
			let ending = false;
			const end = (exit: ProcessExit) => {
				if (ending) return;
				ending = true;
				void this.finish(exit, stdout, stderr).then(resolve);
			};
			this.child.once('exit', (code, signal) => end({ code, signal, startError: null }));
			// A program that never started has no `exit` event; execa's result says why.
			void this.child.then((result) => {
				if (this.pid === undefined)
					end({ code: null, signal: null, startError: (result as { code?: string }).code ?? 'failed' });
			});
		});
	}

	/** How the process ended, or null while it runs (or its output is still being read). */
	get exit(): ProcessExit | null {
		return this.exitInfo;
	}

	/** The last line the engine wrote on stderr, if any (at most 120 characters, cleaned). */
	get stderrLine(): string {
		const lines = new LineSplitter(120).push(`${this.stderrTail.trim()}\n`);
		return lines.pop()?.trim() ?? '';
	}

	/** What a forfeit reason adds: ` (stderr: ...)` or ` (last output: "...")`, or nothing. */
	detail(): string {
		const stderr = this.stderrLine;
		if (stderr) return ` (stderr: ${stderr})`;
		if (this.lastOther) return ` (last output: ${JSON.stringify(this.lastOther.slice(0, 80))})`;
		return '';
	}

	/** Sends one line (a newline is added). Writing to an engine that has gone is not an error. */
	send(line: string): void {
		if (this.exitInfo || !this.child.stdin) return;
		this.options.log?.('>', line);
		this.child.stdin.write(`${line}\n`);
	}

	/**
	 * Calls `listener` with each batch of lines read (in order, at least one line each), until
	 * the returned function is called.
	 */
	onLines(listener: (lines: readonly string[]) => void): () => void {
		this.lineListeners.add(listener);
		return () => this.lineListeners.delete(listener);
	}

	/**
	 * Waits for the first line for which `match` returns a value (not undefined), at most
	 * `timeoutMs` ms. Lines read before the call are not seen; lines of the same batch after
	 * the one found are not looked at. The deadline wins: lines read after it end the wait as a
	 * timeout, even when they are read before its timer runs (a busy event loop).
	 * @returns the value; or why the wait ended without one (timeout, exit, abort)
	 */
	waitFor<T>(
		match: (line: string) => T | undefined,
		timeoutMs: number,
		signal?: AbortSignal,
	): Promise<WaitResult<T>> {
		if (this.exitInfo) return Promise.resolve({ kind: 'exit', exit: this.exitInfo });
		if (signal?.aborted) return Promise.resolve({ kind: 'aborted' });
		const deadline = performance.now() + timeoutMs;
		return new Promise((resolve) => {
			const done = (result: WaitResult<T>) => {
				clearTimeout(timer);
				this.lineListeners.delete(onLines);
				this.exitListeners.delete(onExit);
				signal?.removeEventListener('abort', onAbort);
				resolve(result);
			};
			const onLines = (lines: readonly string[]) => {
				if (performance.now() > deadline) {
					this.keepOther(lines, lines.length);
					return done({ kind: 'timeout' });
				}
				for (let i = 0; i < lines.length; i++) {
					const value = match(lines[i]);
					if (value !== undefined) {
						this.keepOther(lines, i);
						return done({ kind: 'found', value });
					}
				}
				this.keepOther(lines, lines.length);
			};
			const onExit = (exit: ProcessExit) => done({ kind: 'exit', exit });
			const onAbort = () => done({ kind: 'aborted' });
			const timer = setTimeout(() => done({ kind: 'timeout' }), timerMs(timeoutMs));
			this.lineListeners.add(onLines);
			this.exitListeners.add(onExit);
			signal?.addEventListener('abort', onAbort, { once: true });
		});
	}

	/**
	 * Ends the process: SIGTERM to its process group, then SIGKILL `killDelayMs` later if it
	 * has not exited. Resolves once it has been reaped, or with null if it still has not
	 * `REAP_MS` after the SIGKILL (the registry kills its group again when blobterm exits).
	 */
	async terminate(killDelayMs: number): Promise<ProcessExit | null> {
		if (!this.exitInfo && this.pid !== undefined) {
			this.options.log?.('#', 'sending SIGTERM');
			killProcessGroup(this.pid, 'SIGTERM');
			if ((await within(this.exited, killDelayMs)) === null) {
				this.options.log?.('#', 'sending SIGKILL');
				killProcessGroup(this.pid, 'SIGKILL');
			}
		}
		return within(this.exited, REAP_MS);
	}

	/**
	 * Ends the process politely first: sends `quitLine` (if any), closes its stdin and waits
	 * `quitMs` for it to exit, then `terminate(killDelayMs)`.
	 */
	async close(quitLine: string | null, quitMs: number, killDelayMs: number): Promise<ProcessExit | null> {
		if (!this.exitInfo && quitLine !== null) {
			this.send(quitLine);
			this.child.stdin?.end();
			await within(this.exited, quitMs);
		}
		return this.terminate(killDelayMs);
	}

	private emit(lines: readonly string[]): void {
		if (lines.length === 0) return;
		const log = this.options.log;
		if (log) for (const line of lines) log('<', line);
		for (const listener of [...this.lineListeners]) listener(lines);
	}

	private keepOther(lines: readonly string[], end: number): void {
		for (let i = end - 1; i >= 0; i--) {
			const line = lines[i].trim();
			if (line !== '') {
				this.lastOther = line;
				return;
			}
		}
	}

	/** After the exit: reads the rest of the output (with a deadline), kills what is left, reports. */
	private async finish(exit: ProcessExit, stdout: Readable, stderr: Readable): Promise<ProcessExit> {
		const ended = (stream: Readable) => finished(stream).catch(() => {});
		await within(Promise.all([ended(stdout), ended(stderr)]), DRAIN_MS);
		this.emit(this.stdout.flush());
		const log = this.options.log;
		if (log) for (const line of this.stderr.flush()) log('!', line);
		// A child left behind may hold the pipes: stop reading them, so nothing waits on it.
		stdout.destroy();
		stderr.destroy();
		this.child.stdin?.destroy();
		if (this.pid !== undefined) {
			killProcessGroup(this.pid, 'SIGKILL'); // children it left behind in its group
			untrackProcessGroup(this.pid);
		}
		this.exitInfo = exit;
		log?.('#', `exited: ${describeExit(exit)}`);
		for (const listener of [...this.exitListeners]) listener(exit);
		return exit;
	}
}

/** Words for how a process ended: `exit code 3`, `signal SIGSEGV`, `could not start (ENOENT)`. */
export function describeExit(exit: ProcessExit): string {
	if (exit.startError) return `could not start (${exit.startError})`;
	if (exit.signal) return `signal ${exit.signal}`;
	return `exit code ${exit.code}`;
}

/**
 * The forfeit reason of a program that could not start: `could not start PROG: no such
 * program`, `... not executable`, or the system's code.
 */
export function startFailure(command: string, startError: string): string {
	const why = startError === 'ENOENT' ? 'no such program' : startError === 'EACCES' ? 'not executable' : startError;
	return `could not start ${command}: ${why}`;
}

/** `crashed (SIGSEGV)` or `exited with code 3`. */
export function howEnded(exit: ProcessExit): string {
	return exit.signal ? `crashed (${exit.signal})` : `exited with code ${exit.code}`;
}

/** Longest delay Node's timers take (ms); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay for `setTimeout`: at least 0, at most what Node's timers take. */
export function timerMs(ms: number): number {
	return Math.min(Math.max(0, ms), MAX_TIMER_MS);
}

/** The promise's value, or null if it has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
	return new Promise((resolve) => {
		const timer = setTimeout(() => resolve(null), timerMs(ms));
		timer.unref();
		void promise.then(
			(value) => {
				clearTimeout(timer);
				resolve(value);
			},
			() => {
				clearTimeout(timer);
				resolve(null);
			},
		);
	});
}

export { MAX_LINE };
