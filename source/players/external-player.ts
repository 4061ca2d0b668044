/**
 * An external engine program speaking the tournament interface (docs/tournament-interface.md):
 * for each move it is run as `PROGRAM BOARD_FILE TIME HALF_MOVES` (argument list configurable).
 *
 * For each move: the position (with the old client's history section, whose parity says whose
 * turn it is) goes to a private temp file; the program is started with an argument array (never
 * a shell) in its own process group; it has TIME plus a grace period; the last move line it
 * printed before then is its move; then it is ended (SIGTERM, then SIGKILL) and the file deleted.
 * No move in time, a crash, or no move line at all is a forfeit with the reason.
 * TIME is sent in seconds with a decimal point (`2.4`, `-0.5`): positive for Blue, negative for Red.
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execa } from 'execa';
import { formatBoardFile, historyForSide } from '../game/board-file.js';
import { type MoveCoords, parseMoveText } from '../game/notation.js';
import { RED } from '../game/position.js';
import { type EngineLogger } from './engine-log.js';
import { type MoveAnswer, type MoveRequest, type Player } from './player.js';
import { killProcessGroup, trackProcessGroup, untrackProcessGroup } from './process-registry.js';

/** The default argument list: `{board} {time} {moves}`. */
export const DEFAULT_ENGINE_ARGS: readonly string[] = ['{board}', '{time}', '{moves}'];

/** Settings of an external engine. */
export interface ExternalEngineOptions {
	/** Program to run (a path, or a name looked up in PATH). */
	readonly command: string;
	/**
	 * Argument list, each item with placeholders replaced: `{board}` the board file's path,
	 * `{time}` seconds with a decimal point and the side's sign, `{time-ms}` the same in integer
	 * ms, `{moves}` half-moves left. Default `DEFAULT_ENGINE_ARGS`.
	 */
	readonly args?: readonly string[];
	/** Extra ms after TIME before the engine is ended (default 500). */
	readonly graceMs?: number;
	/** Ms between SIGTERM and SIGKILL (default 300). */
	readonly killDelayMs?: number;
	/** Name for people (default: the program's file name). */
	readonly name?: string;
	/** Receives the argument list, the board file, every line read and what happened to the process. */
	readonly log?: EngineLogger;
}

/** Longest partial line kept while waiting for its end (a flood without newlines is cut). */
const MAX_LINE = 4096;

/** The time argument: seconds with a decimal point and the side's sign (`2.4`, `-1.0`). */
export function formatTimeArg(timeMs: number, side: 0 | 1): string {
	let text = String(Math.round(timeMs) / 1000);
	if (!text.includes('.')) text += '.0';
	return side === RED ? `-${text}` : text;
}

/** An external tournament-interface engine. */
export class ExternalPlayer implements Player {
	readonly kind = 'external';
	readonly name: string;
	private readonly args: readonly string[];
	private readonly graceMs: number;
	private readonly killDelayMs: number;
	private hurryNow: (() => void) | null = null;

	constructor(readonly options: ExternalEngineOptions) {
		this.name = options.name ?? basename(options.command);
		this.args = options.args ?? DEFAULT_ENGINE_ARGS;
		this.graceMs = options.graceMs ?? 500;
		this.killDelayMs = options.killDelayMs ?? 300;
	}

	async play(request: MoveRequest): Promise<MoveAnswer> {
		if (request.signal.aborted) return { kind: 'forfeit', reason: 'game abandoned' };
		let dir: string | null = null;
		try {
			dir = await mkdtemp(join(tmpdir(), 'blobterm-'));
			const file = join(dir, 'position.bwb');
			await writeFile(file, formatBoardFile(request.position, historyForSide(request.history)), { mode: 0o600 });
			return await this.run(file, request);
		} catch (error) {
			return {
				kind: 'forfeit',
				reason: `could not run ${this.name}: ${(error as Error).message.split('\n')[0]}`,
			};
		} finally {
			if (dir) await rm(dir, { recursive: true, force: true });
		}
	}

	/** Ends the running engine now; its last move line so far (if any) is its move. */
	hurry(): void {
		this.hurryNow?.();
	}

	async close(): Promise<void> {
		this.hurry();
	}

	private async run(file: string, request: MoveRequest): Promise<MoveAnswer> {
		const side = request.position.side;
		const values: Record<string, string> = {
			'{board}': file,
			'{time}': formatTimeArg(request.timeMs, side),
			'{time-ms}': String((side === RED ? -1 : 1) * Math.round(request.timeMs)),
			'{moves}': String(Number.isFinite(request.halfMovesLeft) ? request.halfMovesLeft : 0),
		};
		const args = this.args.map((arg) =>
			arg.replace(/\{board\}|\{time-ms\}|\{time\}|\{moves\}/g, (key) => values[key]),
		);
		const started = performance.now();
		const limitMs = request.timeMs + this.graceMs;
		const deadline = started + limitMs;
		const log = this.options.log;
		if (log) {
			log('>', `run ${[this.options.command, ...args].join(' ')}`);
			for (const line of formatBoardFile(request.position, historyForSide(request.history)).trimEnd().split('\n'))
				log('>', `board: ${line}`);
		}

		const child = execa(this.options.command, args, {
			stdin: 'ignore',
			buffer: false,
			reject: false,
			detached: true,
			cleanup: false,
			encoding: 'utf8',
		});
		if (child.pid !== undefined) trackProcessGroup(child.pid);

		let last: { line: string; coords: MoveCoords } | null = null;
		let partial = '';
		let lastOther = '';
		let stderrTail = '';
		const takeLine = (raw: string) => {
			const line = raw.replace(/\r$/, '');
			log?.('<', line);
			const coords = parseMoveText(line);
			if (coords) {
				if (performance.now() <= deadline) last = { line: line.trim(), coords };
			} else if (line.trim() !== '') {
				lastOther = line.trim();
				request.onInfo?.({ timeMs: Math.round(performance.now() - started), text: lastOther.slice(0, 200) });
			}
		};
		child.stdout?.on('data', (chunk: string) => {
			partial += chunk;
			let newline = partial.indexOf('\n');
			while (newline >= 0) {
				takeLine(partial.slice(0, newline));
				partial = partial.slice(newline + 1);
				newline = partial.indexOf('\n');
			}
			if (partial.length > MAX_LINE) partial = partial.slice(-MAX_LINE);
		});
		child.stderr?.on('data', (chunk: string) => {
			stderrTail = (stderrTail + chunk).slice(-2000);
			if (log)
				for (const line of chunk.split('\n'))
					if (line.trim() !== '') log('!', line.replace(/\r$/, '').slice(0, MAX_LINE));
		});

		let timedOut = false;
		let killTimer: NodeJS.Timeout | undefined;
		const end = () => {
			if (child.pid === undefined || killTimer) return;
			log?.('#', 'sending SIGTERM');
			killProcessGroup(child.pid, 'SIGTERM');
			killTimer = setTimeout(() => {
				log?.('#', 'sending SIGKILL');
				killProcessGroup(child.pid!, 'SIGKILL');
			}, this.killDelayMs);
		};
		const deadlineTimer = setTimeout(() => {
			timedOut = true;
			end();
		}, limitMs);
		const onAbort = () => end();
		request.signal.addEventListener('abort', onAbort);
		this.hurryNow = end;
		const progress = setInterval(
			() => request.onInfo?.({ timeMs: Math.round(performance.now() - started), text: lastOther || undefined }),
			100,
		);

		const result = await child;
		clearTimeout(deadlineTimer);
		clearInterval(progress);
		if (killTimer) clearTimeout(killTimer);
		this.hurryNow = null;
		request.signal.removeEventListener('abort', onAbort);
		if (child.pid !== undefined) {
			killProcessGroup(child.pid, 'SIGKILL'); // children it left behind
			untrackProcessGroup(child.pid);
		}
		if (partial !== '') takeLine(partial);
		log?.(
			'#',
			result.signal
				? `exited: signal ${result.signal}`
				: `exited: exit code ${result.exitCode ?? (result as { code?: string }).code}`,
		);
		request.onInfo?.({ timeMs: Math.round(performance.now() - started), text: lastOther || undefined });

		const elapsed = ((performance.now() - started) / 1000).toFixed(2);
		if (request.signal.aborted) return { kind: 'forfeit', reason: 'game abandoned' };
		const move = last as { line: string; coords: MoveCoords } | null;
		if (move) return { kind: 'move', coords: move.coords, text: move.line };
		const stderrLine = stderrTail.trim().split('\n').pop()?.trim().slice(0, 120);
		const detail = stderrLine
			? ` (stderr: ${stderrLine})`
			: lastOther
				? ` (last output: ${JSON.stringify(lastOther.slice(0, 80))})`
				: '';
		if (timedOut) return { kind: 'forfeit', reason: `no move within ${(limitMs / 1000).toFixed(2)} s${detail}` };
		const code = (result as { code?: string }).code;
		if (code === 'ENOENT')
			return { kind: 'forfeit', reason: `could not start ${this.options.command}: no such program` };
		if (code === 'EACCES')
			return { kind: 'forfeit', reason: `could not start ${this.options.command}: not executable` };
		if (code) return { kind: 'forfeit', reason: `could not start ${this.options.command}: ${code}` };
		if (result.signal)
			return { kind: 'forfeit', reason: `crashed (${result.signal}) after ${elapsed} s without a move${detail}` };
		if (result.exitCode !== 0)
			return {
				kind: 'forfeit',
				reason: `exited with code ${result.exitCode} after ${elapsed} s without a move${detail}`,
			};
		return { kind: 'forfeit', reason: `printed no move line${detail}` };
	}
}
