/**
 * A long-running engine program spoken to line by line (UAI): started with an argument array
 * (never a shell) in its own process group, tracked so that it never outlives blobterm, read
 * line by line with a cap on line length, and waited on only with deadlines.
 */

import { execa, type ResultPromise } from 'execa';
import { type EngineLogger } from './engine-log.js';
import { killProcessGroup, trackProcessGroup, untrackProcessGroup } from './process-registry.js';

/** Longest line kept: a longer one is cut to this size and the rest of it skipped. */
const MAX_LINE = 4096;

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

/** A running engine program. */
export class EngineProcess {
	/** Last non-empty line that was not what a wait looked for (for error messages). */
	lastOther = '';
	private readonly child: ResultPromise<{
		stdin: 'pipe';
		buffer: false;
		reject: false;
		detached: true;
		cleanup: false;
		encoding: 'utf8';
	}>;
	private readonly pid: number | undefined;
	private partial = '';
	private overflow = false;
	private stderrPartial = '';
	private stderrTail = '';
	private exitInfo: ProcessExit | null = null;
	private readonly lineListeners = new Set<(line: string) => void>();
	private readonly exitListeners = new Set<(exit: ProcessExit) => void>();
	/** Resolves when the process has exited and been reaped. */
	readonly exited: Promise<ProcessExit>;

	/**
	 * Starts `command args...`.
	 * @param log receives every line sent and read, and process events
	 */
	constructor(
		readonly command: string,
		args: readonly string[],
		private readonly log?: EngineLogger,
	) {
		log?.('#', `start ${[command, ...args].join(' ')}`);
		this.child = execa(command, args, {
			stdin: 'pipe',
			buffer: false,
			reject: false,
			detached: true,
			cleanup: false,
			encoding: 'utf8',
		});
		this.pid = this.child.pid;
		if (this.pid !== undefined) trackProcessGroup(this.pid);
		this.child.stdin?.on('error', () => {
			// EPIPE: the engine has gone; its exit is reported through `exited`.
		});
		this.child.stdout?.on('data', (chunk: string) => {
			let text = chunk;
			if (this.overflow) {
				// Skip the rest of an overlong line.
				const newline = text.indexOf('\n');
				if (newline < 0) return;
				this.overflow = false;
				text = text.slice(newline + 1);
			}
			this.partial += text;
			let newline = this.partial.indexOf('\n');
			while (newline >= 0) {
				this.takeLine(this.partial.slice(0, newline));
				this.partial = this.partial.slice(newline + 1);
				newline = this.partial.indexOf('\n');
			}
			if (this.partial.length > MAX_LINE) {
				this.takeLine(this.partial.slice(0, MAX_LINE));
				this.partial = '';
				this.overflow = true;
			}
		});
		this.child.stderr?.on('data', (chunk: string) => {
			this.stderrTail = (this.stderrTail + chunk).slice(-2000);
			if (!log) return;
			this.stderrPartial += chunk;
			const lines = this.stderrPartial.split('\n');
			this.stderrPartial = lines.pop()!.slice(-MAX_LINE);
			for (const line of lines) log('!', line.replace(/\r$/, ''));
		});
		this.exited = this.child.then((result) => {
			if (this.partial !== '') this.takeLine(this.partial);
			this.partial = '';
			const code = (result as { code?: string }).code;
			const exit: ProcessExit = {
				code: result.exitCode ?? null,
				signal: result.signal ?? null,
				startError: code && !result.signal && result.exitCode === undefined ? code : null,
			};
			this.exitInfo = exit;
			if (this.pid !== undefined) {
				killProcessGroup(this.pid, 'SIGKILL'); // children it left behind
				untrackProcessGroup(this.pid);
			}
			log?.('#', `exited: ${describeExit(exit)}`);
			for (const listener of this.exitListeners) listener(exit);
			return exit;
		});
	}

	/** How the process ended, or null while it runs. */
	get exit(): ProcessExit | null {
		return this.exitInfo;
	}

	/** The last line the engine wrote on stderr, if any (at most 120 characters). */
	get stderrLine(): string {
		return this.stderrTail.trim().split('\n').pop()?.trim().slice(0, 120) ?? '';
	}

	/** Sends one line (a newline is added). Writing to an engine that has gone is not an error. */
	send(line: string): void {
		if (this.exitInfo) return;
		this.log?.('>', line);
		this.child.stdin?.write(`${line}\n`);
	}

	/** Calls `listener` with every line read until the returned function is called. */
	onLine(listener: (line: string) => void): () => void {
		this.lineListeners.add(listener);
		return () => this.lineListeners.delete(listener);
	}

	/**
	 * Waits for the first line for which `match` returns a value (not undefined), at most
	 * `timeoutMs` ms. Lines read before the call are not seen.
	 * @returns the value; or why the wait ended without one (timeout, exit, abort)
	 */
	waitFor<T>(
		match: (line: string) => T | undefined,
		timeoutMs: number,
		signal?: AbortSignal,
	): Promise<WaitResult<T>> {
		if (this.exitInfo) return Promise.resolve({ kind: 'exit', exit: this.exitInfo });
		if (signal?.aborted) return Promise.resolve({ kind: 'aborted' });
		return new Promise((resolve) => {
			const done = (result: WaitResult<T>) => {
				clearTimeout(timer);
				this.lineListeners.delete(onLine);
				this.exitListeners.delete(onExit);
				signal?.removeEventListener('abort', onAbort);
				resolve(result);
			};
			const onLine = (line: string) => {
				const value = match(line);
				if (value !== undefined) done({ kind: 'found', value });
				else if (line.trim() !== '') this.lastOther = line.trim();
			};
			const onExit = (exit: ProcessExit) => done({ kind: 'exit', exit });
			const onAbort = () => done({ kind: 'aborted' });
			const timer = setTimeout(() => done({ kind: 'timeout' }), timeoutMs);
			this.lineListeners.add(onLine);
			this.exitListeners.add(onExit);
			signal?.addEventListener('abort', onAbort);
		});
	}

	/**
	 * Ends the process: sends `quitLine` (if any) and waits `quitMs` for it to exit, then sends
	 * SIGTERM to its process group, then SIGKILL `killDelayMs` later. Resolves once it is reaped.
	 */
	async close(quitLine: string | null, quitMs: number, killDelayMs: number): Promise<ProcessExit> {
		if (!this.exitInfo && quitLine !== null) {
			this.send(quitLine);
			this.child.stdin?.end();
			await Promise.race([this.exited, sleep(quitMs)]);
		}
		if (!this.exitInfo && this.pid !== undefined) {
			this.log?.('#', 'sending SIGTERM');
			killProcessGroup(this.pid, 'SIGTERM');
			await Promise.race([this.exited, sleep(killDelayMs)]);
			if (!this.exitInfo) {
				this.log?.('#', 'sending SIGKILL');
				killProcessGroup(this.pid, 'SIGKILL');
			}
		}
		return this.exited;
	}

	private takeLine(raw: string): void {
		const line = raw.replace(/\r$/, '');
		this.log?.('<', line);
		for (const listener of [...this.lineListeners]) listener(line);
	}
}

/** Words for how a process ended: `exit code 3`, `signal SIGSEGV`, `could not start (ENOENT)`. */
export function describeExit(exit: ProcessExit): string {
	if (exit.startError) return `could not start (${exit.startError})`;
	if (exit.signal) return `signal ${exit.signal}`;
	return `exit code ${exit.code}`;
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
