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

import { Worker } from 'node:worker_threads';
import { type PositionData, type Position, positionToData } from '../../game/position.js';
import { type SearchListener } from '../search.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../search-options.js';
import { TranspositionTable } from '../transposition-table.js';
import { type SearchInfo, type SearchLimits, type SearchResult } from '../types.js';
import { voteResult } from './vote.js';
import { CONTROL_ACTIVE, CONTROL_STOP, CONTROL_WORK, createSharedState, type SharedState } from './shared-state.js';

/** The parallel algorithms. */
export type ParallelAlgorithm = 'lazy' | 'ybwc';

/** Most threads a pool may have. */
export const MAX_THREADS = 64;

/** What a worker is started with. */
export interface WorkerSetup {
	readonly index: number;
	readonly parallel: ParallelAlgorithm;
	readonly state: SharedState;
	readonly table: SharedArrayBuffer;
	readonly options: Partial<SearchOptions>;
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
	| { readonly type: 'clear' };

/** Worker to pool. */
export type PoolReply =
	| { readonly type: 'info'; readonly id: number; readonly info: SearchInfo }
	| { readonly type: 'result'; readonly id: number; readonly result: SearchResult }
	| { readonly type: 'done'; readonly id: number; readonly result?: SearchResult }
	| { readonly type: 'error'; readonly id: number; readonly message: string };

interface Pending {
	readonly id: number;
	readonly listener: SearchListener;
	readonly resolve: (result: SearchResult) => void;
	readonly reject: (error: Error) => void;
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
}

/** A pool of search threads. */
export class SearchPool {
	readonly threads: number;
	readonly parallel: ParallelAlgorithm;
	private readonly workers: Worker[] = [];
	private readonly state: SharedState;
	private readonly control: Int32Array;
	private readonly counters: Float64Array;
	private pending: Pending | null = null;
	private nextId = 1;
	private generation = 0;
	private closed = false;
	private failure: Error | null = null;

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
		for (let index = 0; index < threads; index++) {
			const setup: WorkerSetup = {
				index,
				parallel: this.parallel,
				state: this.state,
				table: table.buffer,
				options: search,
			};
			const worker = new Worker(new URL('./parallel-worker.js', import.meta.url), { workerData: setup });
			worker.on('message', (reply: PoolReply) => this.onReply(index, reply));
			worker.on('error', (error) => this.fail(error));
			worker.on('exit', (code) => {
				if (!this.closed) this.fail(new Error(`search thread ${index} exited with code ${code}`));
			});
			worker.unref();
			this.workers.push(worker);
		}
	}

	/** True while a search runs. */
	get busy(): boolean {
		return this.pending !== null;
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
		if (this.closed) return Promise.reject(new Error('search pool is closed'));
		if (this.failure) return Promise.reject(this.failure);
		if (this.pending) return Promise.reject(new Error('a search is already running'));
		Atomics.store(this.control, CONTROL_STOP, 0);
		Atomics.store(this.control, CONTROL_ACTIVE, this.parallel === 'ybwc' ? 1 : 0);
		this.counters.fill(0);
		this.generation = (this.generation + 1) & 63;
		const id = this.nextId++;
		for (const worker of this.workers) worker.ref();
		return new Promise((resolve, reject) => {
			this.pending = {
				id,
				listener,
				resolve,
				reject,
				result: null,
				helperResults: [],
				helpersLeft: this.threads - 1,
			};
			const request: PoolRequest = {
				type: 'search',
				id,
				position: positionToData(position),
				limits,
				options,
				generation: this.generation,
			};
			for (const worker of this.workers) worker.postMessage(request);
		});
	}

	/** Asks the running search (if any) to stop now; it then resolves with the best move so far. */
	stop(): void {
		Atomics.store(this.control, CONTROL_STOP, 1);
	}

	/** Forgets the shared table and every thread's killers and history (between games). */
	clear(): void {
		if (!this.closed)
			for (const worker of this.workers) worker.postMessage({ type: 'clear' } satisfies PoolRequest);
	}

	/** Stops any search and ends every worker thread. */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.stop();
		Atomics.store(this.control, CONTROL_ACTIVE, 0);
		this.pending?.reject(new Error('search pool closed'));
		this.pending = null;
		await Promise.all(this.workers.map((worker) => worker.terminate()));
	}

	private onReply(index: number, reply: PoolReply): void {
		const pending = this.pending;
		if (!pending || reply.id !== pending.id) return;
		switch (reply.type) {
			case 'info':
				pending.listener.onInfo?.(reply.info);
				break;
			case 'result':
				// The main thread is done: the helpers stop (Lazy SMP) or leave their idle loop (YBWC).
				pending.result = reply.result;
				Atomics.store(this.control, CONTROL_STOP, 1);
				Atomics.store(this.control, CONTROL_ACTIVE, 0);
				Atomics.add(this.control, CONTROL_WORK, 1);
				Atomics.notify(this.control, CONTROL_WORK);
				this.settleIfDone();
				break;
			case 'done':
				if (reply.result) pending.helperResults.push(reply.result);
				pending.helpersLeft--;
				this.settleIfDone();
				break;
			case 'error':
				this.settle();
				pending.reject(new Error(`search thread ${index}: ${reply.message}`));
				break;
		}
	}

	/** Resolves the search once the main result is in and every helper has finished. */
	private settleIfDone(): void {
		const pending = this.pending;
		if (!pending || pending.result === null || pending.helpersLeft > 0) return;
		this.settle();
		const nodes = this.counters.reduce((sum, n) => sum + n, 0);
		if (this.threads === 1) pending.resolve(pending.result);
		else {
			// Lazy SMP: the threads vote for the move (thread 0's result when none completed a depth).
			const chosen =
				this.parallel === 'lazy' ? voteResult([pending.result, ...pending.helperResults]) : pending.result;
			pending.resolve({ ...chosen, nodes });
		}
	}

	private settle(): void {
		this.pending = null;
		for (const worker of this.workers) worker.unref();
	}

	private fail(error: Error): void {
		this.failure = error;
		const pending = this.pending;
		this.settle();
		pending?.reject(error);
	}
}
