/**
 * An external engine program speaking UAI, the Universal Ataxx Interface (docs/uai.md).
 *
 * The program is started on the first move and kept for the whole game:
 *   `uai` -> `uaiok` (deadline `initMs`), `setoption name N value V` for each option,
 *   `isready` -> `readyok` (deadline `readyMs`), `uainewgame`.
 * For each move:
 *   `position fen FEN moves ...` (the game from its first position that later moves connect),
 *   `isready` -> `readyok` (anything the engine printed before it, such as a late `bestmove` of the
 *   previous search, is discarded), `go movetime T` (with a clock: `go wtime W btime B winc I binc
 *   I [movestogo N]`, T then being the mover's time left), then `info` lines (shown live) until
 *   `bestmove M`, at most T + `graceMs` later. A hurry sends `stop`.
 * Every wait has a deadline; a silent, late, crashed or garbled engine, or an illegal move,
 * loses the game with the reason. `close` sends `quit`, then SIGTERM, then SIGKILL to its
 * process group. UAI engines play Ataxx on 7x7 boards (the game loop's `ataxx` variant).
 */

import { type Move, PASS } from '../game/move.js';
import { formatMove, moveCoords } from '../game/notation.js';
import { type Position, sideName } from '../game/position.js';
import { type EngineLogger } from './engine-log.js';
import { EngineProcess, howEnded, type ProcessExit, startFailure, type WaitResult } from './engine-process.js';
import { type EngineInfo, type MoveAnswer, type MoveReport, type MoveRequest, type Player } from './player.js';
import {
	bestMoveOf,
	clockGo,
	formatUaiCommand,
	gamePosition,
	parseInfoLine,
	parseUaiReply,
	type UaiCommand,
	type UaiInfo,
} from '../protocol/uai.js';
import { isUaiMoveText, parseUaiMove, uaiPvText } from '../game/uai-notation.js';

/** Settings of a UAI engine. */
export interface UaiEngineOptions {
	/** Program to run (a path, or a name looked up in PATH). */
	readonly command: string;
	/** Its arguments (default none). */
	readonly args?: readonly string[];
	/** `setoption` pairs sent after `uaiok`. */
	readonly options?: ReadonlyArray<readonly [string, string]>;
	/** Name for people (default: the program's path). */
	readonly name?: string;
	/** Extra ms after the move time before the engine loses (default 500). */
	readonly graceMs?: number;
	/** Ms allowed for `uaiok` after `uai` (default 5000). */
	readonly initMs?: number;
	/** Ms allowed for `readyok` after `isready` (default 5000). */
	readonly readyMs?: number;
	/** Ms allowed to exit after `quit` before SIGTERM (default 500). */
	readonly quitMs?: number;
	/** Ms between SIGTERM and SIGKILL (default 300). */
	readonly killDelayMs?: number;
	/** Receives everything sent and read. */
	readonly log?: EngineLogger;
}

/** A forfeit: the engine did not play. */
class Forfeit {
	constructor(readonly reason: string) {}
}

/** A UAI engine. */
export class UaiPlayer implements Player {
	readonly kind = 'external';
	readonly name: string;
	private process: EngineProcess | null = null;
	private ready = false;
	private stopNow: (() => void) | null = null;
	/** Ms past its time it may take to answer before it loses (default 500). */
	readonly graceMs: number;

	constructor(readonly options: UaiEngineOptions) {
		this.name = options.name ?? options.command;
		this.graceMs = options.graceMs ?? 500;
	}

	async play(request: MoveRequest): Promise<MoveAnswer> {
		if (request.signal.aborted) return { kind: 'forfeit', reason: 'game abandoned' };
		const started = performance.now();
		try {
			const engine = await this.start(request.signal);
			return await this.search(engine, request, started);
		} catch (error) {
			if (error instanceof Forfeit) return { kind: 'forfeit', reason: error.reason };
			return { kind: 'forfeit', reason: `${this.name} failed: ${(error as Error).message.split('\n')[0]}` };
		}
	}

	/** Asks the engine to stop searching and answer now. */
	hurry(): void {
		this.stopNow?.();
	}

	async close(): Promise<void> {
		const engine = this.process;
		if (!engine) return;
		await engine.close(
			formatUaiCommand({ type: 'quit' }),
			this.options.quitMs ?? 500,
			this.options.killDelayMs ?? 300,
		);
	}

	/** Starts the engine and does the handshake, once. @throws Forfeit */
	private async start(signal: AbortSignal): Promise<EngineProcess> {
		if (this.process && this.ready) return this.process;
		if (this.process) throw new Forfeit('the engine failed earlier in this game');
		const engine = new EngineProcess(this.options.command, this.options.args ?? [], {
			stdin: true,
			log: this.options.log,
		});
		this.process = engine;
		const initMs = this.options.initMs ?? 5000;
		const readyMs = this.options.readyMs ?? 5000;
		const uaiok = engine.waitFor(
			(line) => (parseUaiReply(line)?.type === 'uaiok' ? true : undefined),
			initMs,
			signal,
		);
		sendUai(engine, { type: 'uai' });
		this.check(engine, await uaiok, 'uaiok', initMs, 'after uai');
		for (const [name, value] of this.options.options ?? []) sendUai(engine, { type: 'setoption', name, value });
		await this.sync(engine, readyMs, signal);
		sendUai(engine, { type: 'uainewgame' });
		this.ready = true;
		return engine;
	}

	/** `isready`, then waits for `readyok`. @throws Forfeit */
	private async sync(engine: EngineProcess, readyMs: number, signal: AbortSignal): Promise<void> {
		const readyok = engine.waitFor(
			(line) => (parseUaiReply(line)?.type === 'readyok' ? true : undefined),
			readyMs,
			signal,
		);
		sendUai(engine, { type: 'isready' });
		this.check(engine, await readyok, 'readyok', readyMs, 'after isready');
	}

	/** Throws the forfeit a failed wait means. */
	private check<T>(
		engine: EngineProcess,
		result: WaitResult<T>,
		what: string,
		ms: number,
		when: string,
	): asserts result is { kind: 'found'; value: T } {
		if (result.kind === 'found') return;
		if (result.kind === 'aborted') throw new Forfeit('game abandoned');
		if (result.kind === 'exit') throw new Forfeit(this.exitReason(engine, result.exit, what));
		throw new Forfeit(`no ${what} within ${(ms / 1000).toFixed(2)} s ${when}${engine.detail()}`);
	}

	private exitReason(engine: EngineProcess, exit: ProcessExit, what: string): string {
		if (exit.startError) return startFailure(this.options.command, exit.startError);
		return `${howEnded(exit)} before ${what}${engine.detail()}`;
	}

	/** One move: position, sync, go, bestmove. @throws Forfeit */
	private async search(engine: EngineProcess, request: MoveRequest, started: number): Promise<MoveAnswer> {
		const { position, signal } = request;
		sendUai(engine, gamePosition(request.history, request.moves));
		await this.sync(engine, this.options.readyMs ?? 5000, signal);

		let info: EngineInfo = { timeMs: 0 };
		const since = performance.now();
		const elapsed = () => Math.round(performance.now() - since);
		const stopLines = engine.onLines((lines) => {
			const parsed = latestInfo(lines);
			if (!parsed) return;
			info = {
				...info,
				...(parsed.depth !== undefined && { depth: parsed.depth }),
				...(parsed.seldepth !== undefined && { seldepth: parsed.seldepth }),
				...(parsed.score !== undefined && { score: parsed.score }),
				...(parsed.nodes !== undefined && { nodes: parsed.nodes }),
				...(parsed.nps !== undefined && { nps: parsed.nps }),
				...(parsed.pv !== undefined && { pv: uaiPvText(position, parsed.pv) }),
				...(parsed.timeMs !== undefined && { engineTimeMs: parsed.timeMs }),
				...(parsed.string !== undefined && { text: parsed.string.slice(0, 200) }),
				timeMs: elapsed(),
			};
			request.onInfo?.(info);
		});
		const ticker = setInterval(() => request.onInfo?.({ ...info, timeMs: elapsed() }), 100);
		let stopped = false;
		const stop = () => {
			if (stopped) return;
			stopped = true;
			sendUai(engine, { type: 'stop' });
		};
		this.stopNow = stop;
		const limitMs = request.timeMs + this.graceMs;
		const bestmove = engine.waitFor(bestMoveOf, limitMs, signal);
		engine.lastOther = '';
		sendUai(
			engine,
			request.clock
				? { type: 'go', ...clockGo(position.side, request.clock.own, request.clock.other) }
				: { type: 'go', movetime: Math.max(1, Math.round(request.timeMs)) },
		);
		try {
			const result = await bestmove;
			if (result.kind === 'aborted') {
				stop();
				return { kind: 'forfeit', reason: 'game abandoned' };
			}
			if (result.kind === 'exit') {
				const seconds = ((performance.now() - started) / 1000).toFixed(2);
				return {
					kind: 'forfeit',
					reason: `${howEnded(result.exit)} after ${seconds} s without a move${engine.detail()}`,
				};
			}
			if (result.kind === 'timeout')
				return {
					kind: 'forfeit',
					reason: `no bestmove within ${(limitMs / 1000).toFixed(2)} s${engine.detail()}`,
				};
			const text = result.value;
			if (!isUaiMoveText(text))
				return {
					kind: 'forfeit',
					reason: `bestmove ${JSON.stringify(text)} is not a move${engine.detail()}`,
				};
			const check = parseUaiMove(position, text);
			if (!check.ok) return { kind: 'forfeit', reason: `illegal move ${JSON.stringify(text)}: ${check.reason}` };
			if (check.move === PASS)
				return { kind: 'forfeit', reason: `illegal move "0000": ${sideName(position.side)} must move` };
			return {
				kind: 'move',
				coords: moveCoords(position, check.move),
				text,
				report: uaiReport(position, check.move, info),
			};
		} finally {
			stopLines();
			clearInterval(ticker);
			this.stopNow = null;
			request.onInfo?.({ ...info, timeMs: elapsed() });
		}
	}
}

/** Sends a UAI command to the engine. */
export function sendUai(engine: EngineProcess, command: UaiCommand): void {
	engine.send(formatUaiCommand(command));
}

/**
 * The report of a UAI engine's move: its last `info` values, with a PV that starts with the move
 * played (a PV of another move, from an earlier depth, is replaced by the move alone).
 */
export function uaiReport(position: Position, move: Move, info: EngineInfo): MoveReport {
	const text = formatMove(position, move);
	const pv = info.pv && info.pv[0] === text ? info.pv : [text];
	return {
		...(info.depth !== undefined && { depth: info.depth }),
		...(info.seldepth !== undefined && { seldepth: info.seldepth }),
		...(info.score !== undefined && { score: info.score }),
		...(info.nodes !== undefined && { nodes: info.nodes }),
		...(info.engineTimeMs !== undefined && { timeMs: info.engineTimeMs }),
		pv,
	};
}

/** Info lines read back from a batch's last one before each field is taken. */
const INFO_LINES_PER_BATCH = 8;

/**
 * What the info lines of a batch say, latest first: each field from the last line that gives
 * it, looking at the last `INFO_LINES_PER_BATCH` info lines only, so that a flood of them costs
 * a bounded amount of work per batch (the live display shows only the latest anyway).
 * @returns null if the batch holds no info line
 */
export function latestInfo(lines: readonly string[]): UaiInfo | null {
	let merged: { -readonly [K in keyof UaiInfo]: UaiInfo[K] } | null = null;
	let seen = 0;
	for (let i = lines.length - 1; i >= 0 && seen < INFO_LINES_PER_BATCH; i--) {
		const parsed = lines[i].includes('info') ? parseInfoLine(lines[i]) : null;
		if (!parsed) continue;
		seen++;
		merged = { ...parsed, ...(merged ?? {}) };
	}
	return merged;
}
