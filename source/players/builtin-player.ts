/**
 * The built-in engine as a player: searches in its own worker thread, so the interface stays free.
 */

import { NO_MOVE, PASS } from '../game/move.js';
import { formatLine, formatMove, moveCoords } from '../game/notation.js';
import { type Position } from '../game/position.js';
import { type SearchOptions } from '../search/search-options.js';
import { type ParallelAlgorithm, type PoolOptions, SearchPool } from '../search/parallel/search-pool.js';
import { type SearchPools } from './search-pools.js';
import { type SearchInfo, type SearchResult } from '../search/types.js';
import { clockGo, formatBestMove, formatInfoLine, formatUaiCommand } from '../protocol/uai.js';
import { type EngineLogger } from './engine-log.js';
import { type EngineInfo, type MoveAnswer, type MoveReport, type MoveRequest, type Player } from './player.js';
import { formatFen } from '../game/fen.js';

/** Settings of the built-in engine. */
export interface BuiltinOptions {
	/** Depth limit in plies (with or without the time limit). */
	readonly depth?: number;
	/**
	 * Node limit per move: the search stops after about this many nodes (all threads), whatever the
	 * machine's load. The move's time still bounds it: give a generous time for load-independent play.
	 */
	readonly nodes?: number;
	/** Use the time limit (default true); false searches to `depth` whatever the time. */
	readonly useTime?: boolean;
	/** Search options (default: the full engine). */
	readonly search?: Partial<SearchOptions>;
	/** Search threads (default 1). */
	readonly threads?: number;
	/** How the threads share the work (default Lazy SMP). */
	readonly parallel?: ParallelAlgorithm;
	/**
	 * Receives what the engine is asked (`>`: the search's limits) and says (`<`: one UAI-style
	 * `info` line per completed depth, then `bestmove`), for the engine I/O pane and logs.
	 */
	readonly log?: EngineLogger;
	/**
	 * Where to take the search threads from and give them back to when the player closes (the
	 * games of a match share them: `search-pools.ts`); default: the player starts and ends its own.
	 */
	readonly pools?: SearchPools;
}

/** Ms between two reads of the threads' node counters while the engine thinks. */
export const PROGRESS_SAMPLE_MS = 200;

/** The built-in engine. */
export class BuiltinPlayer implements Player {
	readonly kind = 'builtin';
	private pool: SearchPool | null = null;

	constructor(
		readonly options: BuiltinOptions = {},
		readonly name = 'builtin',
	) {}

	async play(request: MoveRequest): Promise<MoveAnswer> {
		if (request.signal.aborted) return { kind: 'forfeit', reason: 'game abandoned' };
		if (this.pool === null) {
			const pools = this.options.pools;
			let taken: SearchPool;
			try {
				taken = pools ? await pools.take(this.poolOptions()) : new SearchPool(this.poolOptions());
			} catch (error) {
				return { kind: 'forfeit', reason: `the built-in engine failed: ${(error as Error).message}` };
			}
			// Abandoned while a match's pool forgot its last game: given back, not kept by a closed player.
			if (request.signal.aborted) {
				await (pools ? pools.give(taken) : taken.close());
				return { kind: 'forfeit', reason: 'game abandoned' };
			}
			this.pool = taken;
		}
		const pool = this.pool;
		const { position } = request;
		const onAbort = () => pool.stop();
		request.signal.addEventListener('abort', onAbort);
		// The weights travel with each search: a match's pools are shared by weight sets (`search-pools.ts`).
		const searchOptions = { weights: this.options.search?.weights ?? null };
		let sample: ReturnType<typeof setInterval> | undefined;
		try {
			// A search bound by time alone plays stronger on code V8 has optimized: the threads warm up
			// on the first move of each board shape, before the move's time starts (`SearchPool.warmUp`;
			// a depth or node limit plays the same either way). That move takes up to a second more.
			if (this.options.depth === undefined && this.options.nodes === undefined && !pool.isWarm(position)) {
				const { nodes, timeMs } = await pool.warmUp(position, request.variant, searchOptions);
				this.options.log?.('<', `info string warm-up: ${nodes} nodes in ${Math.round(timeMs)} ms`);
				if (request.signal.aborted) return { kind: 'forfeit', reason: 'game abandoned' };
			}
			let lastInfo: SearchInfo | null = null;
			// Between completed depths, this thread reads the threads' node counters from shared
			// memory on its own timer (no message per node, nor per thousand nodes).
			const started = performance.now();
			sample = setInterval(() => {
				const threadNodes = pool.threadNodes();
				const nodes = threadNodes.reduce((sum, n) => sum + n, 0);
				const timeMs = performance.now() - started;
				request.onInfo?.({
					...(lastInfo ? toEngineInfo(position, lastInfo) : {}),
					nodes,
					nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0,
					timeMs: Math.round(timeMs),
					threads: pool.threads,
					threadNodes: pool.threads > 1 ? threadNodes : undefined,
				});
			}, PROGRESS_SAMPLE_MS);
			// The time limit applies unless turned off for a depth-limited search.
			const timed = (this.options.useTime ?? true) || this.options.depth === undefined;
			const limits = {
				depth: this.options.depth,
				timeMs: timed ? request.timeMs : undefined,
				// A clock (a match's --tc): the time manager plans the move from it (it wins over timeMs).
				clock: timed ? request.clock?.own : undefined,
				nodes: this.options.nodes,
				startedAt: performance.timeOrigin + started,
				inProcess: true,
				halfMovesLeft: request.halfMovesLeft,
				variant: request.variant,
			};
			const log = this.options.log;
			log?.('>', formatUaiCommand({ type: 'position', fen: formatFen(position), moves: [] }));
			log?.(
				'>',
				formatUaiCommand({
					type: 'go',
					...(limits.clock !== undefined
						? clockGo(position.side, limits.clock, request.clock?.other)
						: limits.timeMs !== undefined && { movetime: Math.round(limits.timeMs) }),
					...(limits.depth !== undefined && { depth: limits.depth }),
					...(limits.nodes !== undefined && { nodes: limits.nodes }),
				}),
			);
			const result = await pool.search(
				position,
				limits,
				{
					onInfo: (info) => {
						lastInfo = info;
						log?.('<', formatInfoLine(position, info, info.multipv !== undefined));
						request.onInfo?.(toEngineInfo(position, info));
					},
				},
				searchOptions,
			);
			log?.('<', formatBestMove(position, result.move));
			if (result.move === NO_MOVE || result.move === PASS)
				return { kind: 'forfeit', reason: 'the built-in engine found no move' };
			const report = resultReport(position, result);
			// The last word on this move: the report of the move played, not of the last completed depth.
			request.onInfo?.({
				...report,
				nps: result.timeMs > 0 ? Math.round((result.nodes * 1000) / result.timeMs) : 0,
				timeMs: Math.round(result.timeMs),
				threads: pool.threads,
				threadNodes: pool.threads > 1 ? pool.threadNodes() : undefined,
			});
			return {
				kind: 'move',
				coords: moveCoords(position, result.move),
				text: formatMove(position, result.move),
				report,
			};
		} catch (error) {
			return { kind: 'forfeit', reason: `the built-in engine failed: ${(error as Error).message}` };
		} finally {
			clearInterval(sample);
			request.signal.removeEventListener('abort', onAbort);
		}
	}

	hurry(): void {
		this.pool?.stop();
	}

	async close(): Promise<void> {
		const pool = this.pool;
		this.pool = null;
		if (!pool) return;
		if (this.options.pools) await this.options.pools.give(pool);
		else await pool.close();
	}

	private poolOptions(): PoolOptions {
		return { threads: this.options.threads, parallel: this.options.parallel, search: this.options.search };
	}
}

/**
 * The report of a search's answer: its depth, score, nodes, time and principal variation, the
 * PV starting with the move chosen (a move from a deeper, unfinished iteration gets a PV of its own,
 * not the last completed depth's). A search that completed no depth reports no score.
 */
export function resultReport(position: Position, result: SearchResult): MoveReport {
	const pv = result.pv.length > 0 && result.pv[0] === result.move ? result.pv : [result.move];
	return {
		depth: result.depth,
		seldepth: result.seldepth,
		...(result.depth > 0 && { score: result.score }),
		nodes: result.nodes,
		timeMs: Math.round(result.timeMs),
		pv: formatLine(position, pv),
	};
}

/** A search info with its PV as move texts. */
export function toEngineInfo(position: Position, info: SearchInfo): EngineInfo {
	return {
		depth: info.depth,
		seldepth: info.seldepth,
		score: info.score,
		nodes: info.nodes,
		nps: info.nps,
		timeMs: info.timeMs,
		pv: formatLine(position, info.pv),
		threads: info.threads,
		threadNodes: info.threadNodes,
	};
}
