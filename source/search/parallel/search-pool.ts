/**
 * A pool of search worker threads, started once (per game, or per process) and reused by every
 * search, so that the caller's thread (the interface) stays free.
 *
 * The threads share the transposition table (a `SharedArrayBuffer`, `transposition-table.ts`),
 * a stop flag read with `Atomics.load` every thousand nodes (a busy worker never sees a
 * `message` event), per-thread node counters that anyone may read at any time (`threadNodes`,
 * for the interface's own timer), and for YBWC the split points (`shared-state.ts`).
 * Thread 0 searches the root and reports each completed depth (`onInfo`); the others help (Lazy
 * SMP or YBWC, see `ybwc.ts`); with Lazy SMP the threads vote for the move played (`vote.ts`).
 * Progress between depths is `threadNodes()`. A search's promise resolves once every thread has
 * finished it.
 * The workers run the compiled `parallel-worker.js` next to this file (from `dist/`).
 */

import { type Variant } from '../../game/game-over.js';
import { type PositionData, type Position, positionToData } from '../../game/position.js';
import { type SearchListener } from '../search.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../search-options.js';
import { TranspositionTable } from '../transposition-table.js';
import { type SearchInfo, type SearchLimits, type SearchResult } from '../types.js';
import { voteResult } from './vote.js';
import { CONTROL_ACTIVE, CONTROL_STOP, CONTROL_WORK, createSharedState, type SharedState } from './shared-state.js';
import { type JobControl, type WorkerErrorReply, WorkerPool } from './worker-pool.js';

/** The parallel algorithms. */
export type ParallelAlgorithm = 'lazy' | 'ybwc';

/** Every parallel algorithm, the default (Lazy SMP) first. */
export const PARALLEL_ALGORITHMS: readonly ParallelAlgorithm[] = ['lazy', 'ybwc'];

/** Most threads a pool may have. */
export const MAX_THREADS = 64;

/** A warm-up search's node limit (`SearchPool.warmUp`). */
export const WARM_UP_NODES = 400_000;
/** A warm-up search's time limit, ms (`SearchPool.warmUp`): on a slow machine it ends first. */
export const WARM_UP_MS = 1000;

/** What a worker is started with. */
export interface WorkerSetup {
	readonly index: number;
	readonly parallel: ParallelAlgorithm;
	readonly state: SharedState;
	readonly table: SharedArrayBuffer;
	readonly options: Partial<SearchOptions>;
	/** The threads' nice value (0: as the process's). */
	readonly niceness: number;
}

/**
 * Pool to worker: a search (every worker gets it; thread 0 searches, the others help), or clearing
 * what was learned.
 */
export type PoolRequest =
	| {
			readonly type: 'search';
			readonly id: number;
			readonly position: PositionData;
			readonly limits: SearchLimits;
			readonly options?: Partial<SearchOptions>;
			/** The table generation of this search, the same for every thread. */
			readonly generation: number;
	  }
	| {
			readonly type: 'clear';
			/** With an id, a job: every worker answers `cleared` once it has forgotten. */
			readonly id?: number;
	  };

/** Worker to pool. */
export type PoolReply =
	| { readonly type: 'info'; readonly id: number; readonly info: SearchInfo }
	| { readonly type: 'result'; readonly id: number; readonly result: SearchResult }
	| { readonly type: 'done'; readonly id: number; readonly result?: SearchResult }
	| { readonly type: 'cleared'; readonly id: number }
	| WorkerErrorReply;

/** What the pool has of a running search. */
interface Progress {
	readonly listener: SearchListener;
	/** The main thread's result, once in. */
	result: SearchResult | null;
	/** Lazy SMP: the helpers' results, for the vote. */
	readonly helperResults: SearchResult[];
	/** Helpers that have not finished this search yet. */
	helpersLeft: number;
}

/** Settings of a pool. */
export interface PoolOptions {
	/** Search threads (default 1). */
	readonly threads?: number;
	/** How the threads share the work (default Lazy SMP). */
	readonly parallel?: ParallelAlgorithm;
	/** Search options of every thread (`hashMb` sizes the shared table). */
	readonly search?: Partial<SearchOptions>;
	/**
	 * The search threads' nice value, 0 to 19 (default 0). A background analysis runs at 10: on a
	 * machine with no core to spare, the interface's thread then gets a core first and keys are
	 * answered at once. Linux gives each thread its own nice value; elsewhere it may be the process's.
	 */
	readonly niceness?: number;
}

/** A pool of search threads. */
export class SearchPool {
	readonly threads: number;
	readonly parallel: ParallelAlgorithm;
	private readonly pool: WorkerPool<PoolRequest, PoolReply>;
	private readonly state: SharedState;
	private readonly control: Int32Array;
	private readonly counters: Float64Array;
	private generation = 0;
	/** The board shapes (`Geometry.id`) warmed up. */
	private readonly warmShapes = new Set<string>();

	/** @throws RangeError for a thread count outside 1..MAX_THREADS */
	constructor(options: PoolOptions = {}) {
		const threads = options.threads ?? 1;
		if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS)
			throw new RangeError(`threads must be an integer from 1 to ${MAX_THREADS}, got ${threads}`);
		this.threads = threads;
		this.parallel = options.parallel ?? 'lazy';
		const search = { ...options.search };
		const table = new TranspositionTable(search.hashMb ?? DEFAULT_SEARCH_OPTIONS.hashMb);
		this.state = createSharedState(threads);
		this.control = new Int32Array(this.state.control);
		this.counters = new Float64Array(this.state.counters);
		this.pool = new WorkerPool({
			url: new URL('./parallel-worker.js', import.meta.url),
			threads,
			maxThreads: MAX_THREADS,
			name: 'search',
			workerData: (index): WorkerSetup => ({
				index,
				parallel: this.parallel,
				state: this.state,
				table: table.buffer,
				options: search,
				niceness: options.niceness ?? 0,
			}),
		});
	}

	/** True while a search runs. */
	get busy(): boolean {
		return this.pool.busy;
	}

	/** Nodes searched so far by each thread in the current (or last) search, read from shared memory. */
	threadNodes(): number[] {
		return Array.from(this.counters);
	}

	/**
	 * Searches a position with every thread; resolves with the main thread's result once all
	 * threads are done.
	 * @param options search options for this search (the table's size is the pool's)
	 * @throws Error (rejected) if a search is already running, the pool is closed, or a worker fails
	 */
	search(
		position: Position,
		limits: SearchLimits,
		listener: SearchListener = {},
		options?: Partial<SearchOptions>,
	): Promise<SearchResult> {
		const progress: Progress = { listener, result: null, helperResults: [], helpersLeft: this.threads - 1 };
		return this.pool.run<SearchResult>(
			(id) => {
				Atomics.store(this.control, CONTROL_STOP, 0);
				Atomics.store(this.control, CONTROL_ACTIVE, this.parallel === 'ybwc' ? 1 : 0);
				this.counters.fill(0);
				this.generation = (this.generation + 1) & 63;
				return {
					type: 'search',
					id,
					position: positionToData(position),
					limits,
					options,
					generation: this.generation,
				};
			},
			(index, reply, control) => this.onReply(index, reply, progress, control),
		);
	}

	/**
	 * Warms the threads up: searches `position` on every thread for `WARM_UP_NODES` nodes or
	 * `WARM_UP_MS` ms, whichever comes first, then forgets what that search learned (`clear`), so
	 * that the next search plays exactly as in a new pool. V8 runs a thread's code slowly until it
	 * has compiled and optimized it (the search, and the board shape's kernels and evaluation):
	 * two moves after the 7x7 start, the first search of a new thread took 486 and 525 ms to depth 9
	 * where a warmed one took 73 and 81 (docs/benchmarks.md). Call it before the clock runs: a UAI
	 * engine's first `isready`, a built-in player's first move on a board shape.
	 * @param variant the rules of the games to come (their kernels are warmed)
	 * @param options search options of the searches to come (their evaluation's weights)
	 * @returns the warm-up search's nodes and time (ms)
	 * @throws Error (rejected) as `search`
	 */
	async warmUp(
		position: Position,
		variant: Variant,
		options?: Partial<SearchOptions>,
	): Promise<{ nodes: number; timeMs: number }> {
		const { nodes, timeMs } = await this.search(
			position,
			{ nodes: WARM_UP_NODES, timeMs: WARM_UP_MS, variant, inProcess: true },
			{},
			options,
		);
		// Awaited, so that the next search does not wait behind the table's clearing (64 MB: about
		// 20 ms) after the caller has said it is ready.
		await this.clearNow();
		this.warmShapes.add(position.geometry.id);
		return { nodes, timeMs };
	}

	/** True if `warmUp` has run on a position of this board shape. */
	isWarm(position: Position): boolean {
		return this.warmShapes.has(position.geometry.id);
	}

	/** Asks the running search (if any) to stop now; it then resolves with the best move so far. */
	stop(): void {
		Atomics.store(this.control, CONTROL_STOP, 1);
	}

	/**
	 * Forgets the shared table, every thread's killers and history, and the table generation
	 * (between games: the next search runs as in a new pool).
	 */
	clear(): void {
		this.generation = 0;
		this.pool.broadcast({ type: 'clear' } satisfies PoolRequest);
	}

	/**
	 * `clear` as a job: resolves once every thread has forgotten (clearing the table takes about
	 * 20 ms for 64 MB), so that a search started after it does not wait behind it.
	 * @throws Error (rejected) as `search`: also while a search runs
	 */
	clearNow(): Promise<void> {
		let left = this.threads;
		return this.pool.run<void>(
			(id) => {
				this.generation = 0;
				return { type: 'clear', id };
			},
			(index, reply, control) => {
				if (reply.type === 'error') control.reject(this.pool.errorOf(index, reply));
				else if (reply.type === 'cleared' && --left === 0) control.resolve();
			},
		);
	}

	/** Stops any search and ends every worker thread. */
	async close(): Promise<void> {
		this.stop();
		Atomics.store(this.control, CONTROL_ACTIVE, 0);
		await this.pool.close();
	}

	private onReply(index: number, reply: PoolReply, progress: Progress, control: JobControl<SearchResult>): void {
		switch (reply.type) {
			case 'info':
				progress.listener.onInfo?.(reply.info);
				break;
			case 'result':
				// The main thread is done: the helpers stop (Lazy SMP) or leave their idle loop (YBWC).
				progress.result = reply.result;
				Atomics.store(this.control, CONTROL_STOP, 1);
				Atomics.store(this.control, CONTROL_ACTIVE, 0);
				Atomics.add(this.control, CONTROL_WORK, 1);
				Atomics.notify(this.control, CONTROL_WORK);
				this.settleIfDone(progress, control);
				break;
			case 'done':
				if (reply.result) progress.helperResults.push(reply.result);
				progress.helpersLeft--;
				this.settleIfDone(progress, control);
				break;
			case 'error':
				control.reject(this.pool.errorOf(index, reply));
				break;
			case 'cleared':
				break;
		}
	}

	/** Resolves the search once the main result is in and every helper has finished. */
	private settleIfDone(progress: Progress, control: JobControl<SearchResult>): void {
		if (progress.result === null || progress.helpersLeft > 0) return;
		const nodes = this.counters.reduce((sum, n) => sum + n, 0);
		if (this.threads === 1) control.resolve(progress.result);
		else {
			// Lazy SMP: the threads vote for the move (thread 0's result when none completed a depth).
			const chosen =
				this.parallel === 'lazy' ? voteResult([progress.result, ...progress.helperResults]) : progress.result;
			control.resolve({ ...chosen, nodes });
		}
	}
}
