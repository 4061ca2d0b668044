/**
 * An external engine program speaking the tournament interface (docs/tournament-interface.md):
 * for each move it is run as `PROGRAM BOARD_FILE TIME HALF_MOVES` (argument list configurable).
 *
 * For each move: the position (with the old client's history section, whose parity says whose
 * turn it is) goes to a private temp file; the program is started (`engine-process.ts`: an
 * argument array, never a shell, in its own process group); it has TIME plus a grace period; the
 * last move line it printed before it exited, or before the deadline, is its move (once it has
 * exited, its move is taken at once, even if a child it left behind holds its output open); a
 * program still running then is ended (SIGTERM, then SIGKILL) and the file deleted. No move in
 * time, a crash, or no move line at all is a forfeit with the reason.
 * TIME is sent in seconds with a decimal point (`2.4`, `-0.5`): positive for Blue, negative for Red.
 * Under a clock (a match's `--tc`), TIME is the time manager's optimum share of the side's time
 * left (`clockBudget`), with the same deadline; its clock pays the time the move took.
 */

import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { formatBoardFile, historyForSide } from '../game/board-file.js';
import { type MoveCoords, parseMoveText } from '../game/notation.js';
import { emptyCount, RED } from '../game/position.js';
import { type EngineLogger } from './engine-log.js';
import { type MoveAnswer, type MoveRequest, type Player } from './player.js';
import { EngineProcess, howEnded, startFailure, timerMs } from './engine-process.js';
import { trackTempDir, untrackTempDir } from './process-registry.js';
import { clockBudget } from '../search/time-manager.js';

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
	/** Ms past its time it may take to answer before it loses (default 500). */
	readonly graceMs: number;
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
		// Tracked before it is made (a fresh random name, made by an mkdir that fails if it
		// exists), so that an exit at any moment, a SIGKILL included, leaves no folder behind.
		const dir = join(tmpdir(), `blobterm-${randomBytes(6).toString('hex')}`);
		trackTempDir(dir);
		try {
			await mkdir(dir, { mode: 0o700 });
			const file = join(dir, 'position.bwb');
			await writeFile(file, formatBoardFile(request.position, historyForSide(request.history)), { mode: 0o600 });
			return await this.run(file, request);
		} catch (error) {
			return {
				kind: 'forfeit',
				reason: `could not run ${this.name}: ${(error as Error).message.split('\n')[0]}`,
			};
		} finally {
			await rm(dir, { recursive: true, force: true });
			untrackTempDir(dir);
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
		const { position } = request;
		const side = position.side;
		// With a clock, the program (which knows only a time per move) gets the time manager's
		// optimum share of its time left as TIME, with the usual deadline; its clock pays what it took.
		const moveMs = request.clock ? clockBudget(request.clock.own, emptyCount(position)).optimumMs : request.timeMs;
		const values: Record<string, string> = {
			'{board}': file,
			'{time}': formatTimeArg(moveMs, side),
			'{time-ms}': String((side === RED ? -1 : 1) * Math.round(moveMs)),
			'{moves}': String(Number.isFinite(request.halfMovesLeft) ? request.halfMovesLeft : 0),
		};
		const args = this.args.map((arg) =>
			arg.replace(/\{board\}|\{time-ms\}|\{time\}|\{moves\}/g, (key) => values[key]),
		);
		const started = performance.now();
		const limitMs = moveMs + this.graceMs;
		const deadline = started + limitMs;
		const log = this.options.log;
		if (log) {
			log('>', `run ${[this.options.command, ...args].join(' ')}`);
			for (const line of formatBoardFile(request.position, historyForSide(request.history)).trimEnd().split('\n'))
				log('>', `board: ${line}`);
		}

		const engine = new EngineProcess(this.options.command, args, { log });
		let last: { line: string; coords: MoveCoords } | null = null;
		const elapsed = () => Math.round(performance.now() - started);
		const stopLines = engine.onLines((lines) => {
			const inTime = performance.now() <= deadline;
			let other = '';
			for (const line of lines) {
				const coords = parseMoveText(line);
				if (coords) {
					if (inTime) last = { line: line.trim(), coords };
				} else if (line.trim() !== '') other = line.trim();
			}
			if (other !== '') {
				engine.lastOther = other;
				request.onInfo?.({ timeMs: elapsed(), text: other.slice(0, 200) });
			}
		});
		const progress = setInterval(
			() => request.onInfo?.({ timeMs: elapsed(), text: engine.lastOther || undefined }),
			100,
		);

		// The program's exit (its output read), the deadline, a hurry or the end of the game.
		const ended = await new Promise<'exit' | 'timeout' | 'hurry' | 'abort'>((resolve) => {
			const timer = setTimeout(() => resolve('timeout'), timerMs(limitMs));
			const onAbort = () => resolve('abort');
			void engine.exited.then(() => resolve('exit'));
			this.hurryNow = () => resolve('hurry');
			request.signal.addEventListener('abort', onAbort, { once: true });
			void engine.exited.finally(() => {
				clearTimeout(timer);
				request.signal.removeEventListener('abort', onAbort);
			});
		});
		this.hurryNow = null;
		const exit = ended === 'exit' ? engine.exit : await engine.terminate(this.killDelayMs);
		stopLines();
		clearInterval(progress);
		request.onInfo?.({ timeMs: elapsed(), text: engine.lastOther || undefined });

		if (request.signal.aborted) return { kind: 'forfeit', reason: 'game abandoned' };
		const move = last as { line: string; coords: MoveCoords } | null;
		if (move) return { kind: 'move', coords: move.coords, text: move.line };
		const detail = engine.detail();
		if (ended === 'timeout')
			return { kind: 'forfeit', reason: `no move within ${(limitMs / 1000).toFixed(2)} s${detail}` };
		if (ended === 'hurry') return { kind: 'forfeit', reason: `no move yet when asked to move now${detail}` };
		if (exit?.startError) return { kind: 'forfeit', reason: startFailure(this.options.command, exit.startError) };
		const seconds = ((performance.now() - started) / 1000).toFixed(2);
		if (exit && (exit.signal || exit.code !== 0))
			return { kind: 'forfeit', reason: `${howEnded(exit)} after ${seconds} s without a move${detail}` };
		return { kind: 'forfeit', reason: `printed no move line${detail}` };
	}
}
