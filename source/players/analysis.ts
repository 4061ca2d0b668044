/**
 * Analysis: an engine thinks about a position with no time limit and reports its N best lines
 * (multi-PV) as it deepens, until the position changes or it is stopped. The interface samples
 * `snapshot()` on its own timer, like a player's live information.
 *
 *   BuiltinAnalysis   the built-in engine in a pool of worker threads (all the machine's cores),
 *                     so the interface's thread stays free
 *   UaiAnalysis       an external UAI program: `setoption name MultiPV`, `position ...`,
 *                     `go infinite`, `stop` before each new position
 *
 * A new position (or a new N) restarts the search: the running one is stopped, and the new one
 * starts once it has answered. Only the latest request is kept, so stepping quickly through a game
 * never queues searches.
 */

import { availableParallelism } from 'node:os';
import { formatFen } from '../game/fen.js';
import { type Variant } from '../game/game-over.js';
import { type Move } from '../game/move.js';
import { type Position } from '../game/position.js';
import { formatLine } from '../game/notation.js';
import { formatUaiMove, uaiPvText } from '../game/uai-notation.js';
import { MAX_THREADS, SearchPool } from '../search/parallel/search-pool.js';
import { type SearchInfo, type SearchLimits } from '../search/types.js';
import { type EngineLogger } from './engine-log.js';
import { EngineProcess } from './engine-process.js';
import { bestMoveOf, formatInfoLine, formatUaiCommand, parseInfoLine, parseUaiReply } from '../protocol/uai.js';
import { sendUai } from './uai-player.js';

/**
 * The nice value of the built-in analysis's search threads: below the interface's thread, so that
 * keys are answered at once while every core searches.
 */
const ANALYSIS_NICENESS = 10;

/** One candidate line: a root move, its score and its principal variation. */
export interface AnalysisLine {
	/** Rank among the lines, 1-based (1: the best move). */
	readonly rank: number;
	readonly depth: number;
	readonly seldepth?: number;
	/** Score from the side to move's view, centiblobs (`search/score.ts`). */
	readonly score?: number;
	/** Moves as `(r1,c1) > (r2,c2)`, the candidate first. */
	readonly pv: readonly string[];
}

/** What an analysis shows now. */
export interface AnalysisSnapshot {
	/** The engine's name. */
	readonly engine: string;
	/** The position analysed, or null before the first. */
	readonly position: Position | null;
	/** Lines wanted. */
	readonly multiPv: number;
	/** The latest line of each rank, best first. */
	readonly lines: readonly AnalysisLine[];
	readonly nodes: number;
	readonly nps: number;
	/** Ms since this position's search began. */
	readonly timeMs: number;
	readonly threads: number;
	/** `searching`, `done` (the search ended by itself: a finished game is proven), `stopped`, or `failed`. */
	readonly status: 'idle' | 'searching' | 'done' | 'stopped' | 'failed';
	/** Why it failed. */
	readonly error?: string;
}

/** What to analyse. */
export interface AnalysisRequest {
	readonly position: Position;
	readonly variant: Variant;
	/** Half-moves left before the game's limit (default none). */
	readonly halfMovesLeft?: number;
	/** Lines wanted (>= 1). */
	readonly multiPv: number;
	/** Root moves to consider (all when absent or empty). */
	readonly searchMoves?: readonly Move[];
}

/** An engine that analyses. */
export interface Analysis {
	readonly name: string;
	/** Analyses a position (restarting any search running). */
	analyse(request: AnalysisRequest): void;
	/** Stops the search; the lines found stay. */
	stop(): void;
	/** The lines and counters now. */
	snapshot(): AnalysisSnapshot;
	/** Stops and releases threads or the program. */
	close(): Promise<void>;
}

/** Lines kept by rank, depth by depth. */
class Lines {
	private byRank = new Map<number, AnalysisLine>();

	clear(): void {
		this.byRank = new Map();
	}

	set(line: AnalysisLine, multiPv: number): void {
		if (line.rank > multiPv) return;
		const next = new Map(this.byRank);
		next.set(line.rank, line);
		this.byRank = next;
	}

	list(): AnalysisLine[] {
		return [...this.byRank.values()].sort((a, b) => a.rank - b.rank);
	}
}

/** The built-in engine analysing in its worker threads. */
export class BuiltinAnalysis implements Analysis {
	readonly name: string;
	readonly threads: number;
	private poolInstance: SearchPool | null = null;
	private readonly lines = new Lines();
	private request: AnalysisRequest | null = null;
	private pending: AnalysisRequest | null = null;
	private running: Promise<unknown> | null = null;
	private started = 0;
	private status: AnalysisSnapshot['status'] = 'idle';
	private error: string | undefined;
	private log: EngineLogger | undefined;

	/**
	 * @param threads search threads (default: every core the machine offers, at most `MAX_THREADS`)
	 * @param log receives the searches started (`>`) and each line reported (`<`, as UAI `info`)
	 */
	constructor(options: { threads?: number; name?: string; log?: EngineLogger } = {}) {
		this.threads = options.threads ?? Math.min(MAX_THREADS, availableParallelism());
		this.name = options.name ?? 'builtin';
		this.log = options.log;
	}

	/** The worker threads, started on the first analysis. */
	private get pool(): SearchPool {
		this.poolInstance ??= new SearchPool({ threads: this.threads, parallel: 'lazy', niceness: ANALYSIS_NICENESS });
		return this.poolInstance;
	}

	analyse(request: AnalysisRequest): void {
		this.pending = request;
		if (this.running) this.pool.stop();
		else this.startPending();
	}

	stop(): void {
		this.pending = null;
		this.poolInstance?.stop();
	}

	snapshot(): AnalysisSnapshot {
		const threadNodes = this.poolInstance?.threadNodes() ?? [];
		const nodes = threadNodes.reduce((sum, n) => sum + n, 0);
		const timeMs = this.request ? Math.round(performance.now() - this.started) : 0;
		return {
			engine: this.name,
			position: this.request?.position ?? null,
			multiPv: this.request?.multiPv ?? 1,
			lines: this.lines.list(),
			nodes,
			nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0,
			timeMs,
			threads: this.threads,
			status: this.status,
			...(this.error !== undefined && { error: this.error }),
		};
	}

	async close(): Promise<void> {
		this.stop();
		await this.running?.catch(() => undefined);
		await this.poolInstance?.close();
	}

	private startPending(): void {
		const request = this.pending;
		this.pending = null;
		if (!request) return;
		this.request = request;
		this.lines.clear();
		this.started = performance.now();
		this.status = 'searching';
		this.error = undefined;
		const { position } = request;
		const limits: SearchLimits = {
			variant: request.variant,
			halfMovesLeft: request.halfMovesLeft,
			multiPv: request.multiPv,
			searchMoves: request.searchMoves,
		};
		this.log?.('>', `analyse ${formatFen(position)} multipv ${request.multiPv} (infinite)`);
		this.running = this.pool
			.search(position, limits, {
				onInfo: (info: SearchInfo) => {
					const line = builtinLine(position, info);
					this.lines.set(line, request.multiPv);
					this.log?.('<', formatInfoLine(position, info, info.multipv !== undefined));
				},
			})
			.then(
				(result) => {
					this.status = result.stopped ? 'stopped' : 'done';
				},
				(error: Error) => {
					this.status = 'failed';
					this.error = error.message;
				},
			)
			.finally(() => {
				this.running = null;
				this.startPending();
			});
	}
}

/** A search info as an analysis line. */
function builtinLine(position: Position, info: SearchInfo): AnalysisLine {
	return {
		rank: info.multipv ?? 1,
		depth: info.depth,
		seldepth: info.seldepth,
		score: info.score,
		pv: formatLine(position, info.pv),
	};
}

/** Settings of a UAI program as an analyser. */
export interface UaiAnalysisOptions {
	readonly command: string;
	readonly args?: readonly string[];
	readonly name?: string;
	/** `setoption` pairs sent after `uaiok`. */
	readonly options?: ReadonlyArray<readonly [string, string]>;
	/** Ms allowed for `uaiok`, `readyok` and the `bestmove` after `stop` (default 5000). */
	readonly replyMs?: number;
	readonly log?: EngineLogger;
}

/** An external UAI program analysing (7x7 Ataxx positions). */
export class UaiAnalysis implements Analysis {
	readonly name: string;
	private engine: EngineProcess | null = null;
	private ready: Promise<boolean> | null = null;
	private readonly lines = new Lines();
	private request: AnalysisRequest | null = null;
	private pending: AnalysisRequest | null = null;
	private searching = false;
	private switching = false;
	private counters = { nodes: 0, nps: 0 };
	private started = 0;
	private status: AnalysisSnapshot['status'] = 'idle';
	private error: string | undefined;
	private readonly replyMs: number;

	constructor(private readonly options: UaiAnalysisOptions) {
		this.name = options.name ?? options.command;
		this.replyMs = options.replyMs ?? 5000;
	}

	analyse(request: AnalysisRequest): void {
		this.pending = request;
		void this.next();
	}

	stop(): void {
		this.pending = null;
		if (this.searching && this.engine) sendUai(this.engine, { type: 'stop' });
	}

	snapshot(): AnalysisSnapshot {
		return {
			engine: this.name,
			position: this.request?.position ?? null,
			multiPv: this.request?.multiPv ?? 1,
			lines: this.lines.list(),
			nodes: this.counters.nodes,
			nps: this.counters.nps,
			timeMs: this.request ? Math.round(performance.now() - this.started) : 0,
			threads: 1,
			status: this.status,
			...(this.error !== undefined && { error: this.error }),
		};
	}

	async close(): Promise<void> {
		this.pending = null;
		await this.engine?.close(formatUaiCommand({ type: 'quit' }), 500, 300);
	}

	private fail(message: string): void {
		this.status = 'failed';
		this.error = message;
		this.pending = null;
	}

	/** Starts the program and does the handshake, once. @returns false if it failed */
	private start(): Promise<boolean> {
		this.ready ??= (async () => {
			const engine = new EngineProcess(this.options.command, this.options.args ?? [], {
				stdin: true,
				log: this.options.log,
			});
			this.engine = engine;
			engine.onLines((lines) => {
				for (const line of lines) this.onLine(line);
			});
			const uaiok = engine.waitFor(
				(line) => (parseUaiReply(line)?.type === 'uaiok' ? true : undefined),
				this.replyMs,
			);
			sendUai(engine, { type: 'uai' });
			if ((await uaiok).kind !== 'found') {
				this.fail(`${this.name}: no uaiok${engine.stderrLine ? ` (stderr: ${engine.stderrLine})` : ''}`);
				return false;
			}
			for (const [name, value] of this.options.options ?? []) sendUai(engine, { type: 'setoption', name, value });
			return true;
		})();
		return this.ready;
	}

	/** Stops the running search, then starts the latest request. */
	private async next(): Promise<void> {
		if (this.switching) return;
		this.switching = true;
		try {
			if (!(await this.start())) return;
			const engine = this.engine!;
			while (this.pending) {
				if (this.searching) {
					const bestmove = engine.waitFor(bestMoveOf, this.replyMs);
					sendUai(engine, { type: 'stop' });
					const stopped = await bestmove;
					this.searching = false;
					if (stopped.kind !== 'found') return this.fail(`${this.name}: no bestmove after stop`);
				}
				const request = this.pending;
				this.pending = null;
				if (!request) break;
				sendUai(engine, { type: 'setoption', name: 'MultiPV', value: String(request.multiPv) });
				// The FEN holds the Ataxx half-move clock.
				sendUai(engine, { type: 'position', fen: formatFen(request.position), moves: [] });
				const readyok = engine.waitFor(
					(line) => (parseUaiReply(line)?.type === 'readyok' ? true : undefined),
					this.replyMs,
				);
				sendUai(engine, { type: 'isready' });
				if ((await readyok).kind !== 'found') return this.fail(`${this.name}: no readyok`);
				this.request = request;
				this.lines.clear();
				this.counters = { nodes: 0, nps: 0 };
				this.started = performance.now();
				this.status = 'searching';
				this.searching = true;
				const moves = request.searchMoves?.map((m) => formatUaiMove(request.position, m)) ?? [];
				sendUai(engine, { type: 'go', infinite: true, ...(moves.length > 0 && { searchmoves: moves }) });
			}
		} finally {
			this.switching = false;
		}
	}

	private onLine(line: string): void {
		if (bestMoveOf(line) !== undefined && !this.switching) {
			this.searching = false;
			if (this.status === 'searching') this.status = 'done';
			return;
		}
		const request = this.request;
		const info = parseInfoLine(line);
		if (!info || !request || !this.searching) return;
		if (info.nodes !== undefined) this.counters = { ...this.counters, nodes: info.nodes };
		if (info.nps !== undefined) this.counters = { ...this.counters, nps: info.nps };
		if (info.pv === undefined || info.depth === undefined) return;
		this.lines.set(
			{
				rank: info.multipv ?? 1,
				depth: info.depth,
				...(info.seldepth !== undefined && { seldepth: info.seldepth }),
				...(info.score !== undefined && { score: info.score }),
				pv: uaiPvText(request.position, info.pv),
			},
			request.multiPv,
		);
	}
}
