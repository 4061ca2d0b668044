/**
 * A search running in a worker thread, so that the caller's thread (the interface) stays free.
 *
 * The worker is started once and reused by every search. A search is stopped through a shared
 * `Int32Array` flag that the worker reads with `Atomics.load` every few thousand nodes (a busy
 * worker never sees a `message` event); it then answers at once with its best move so far.
 * The worker file is the compiled `search-worker.js` next to this one (run from `dist/`).
 */

import { Worker } from 'node:worker_threads';
import { type PositionData, type Position, positionToData } from '../game/position.js';
import { type SearchListener } from './search.js';
import { type SearchOptions } from './search-options.js';
import { type SearchInfo, type SearchLimits, type SearchResult } from './types.js';

/** Main thread to worker: a search (with options to change first), or forgetting what was learned (a new game). */
export type WorkerRequest =
	| { readonly type: 'search'; readonly id: number; readonly position: PositionData; readonly limits: SearchLimits; readonly options?: Partial<SearchOptions> }
	| { readonly type: 'clear' };

/** Worker to main thread. */
export type WorkerReply =
	| { readonly type: 'info'; readonly id: number; readonly info: SearchInfo }
	| { readonly type: 'progress'; readonly id: number; readonly nodes: number; readonly timeMs: number }
	| { readonly type: 'result'; readonly id: number; readonly result: SearchResult }
	| { readonly type: 'error'; readonly id: number; readonly message: string };

interface Pending {
	readonly id: number;
	readonly listener: SearchListener;
	readonly resolve: (result: SearchResult) => void;
	readonly reject: (error: Error) => void;
}

/** One search worker thread. */
export class SearchThread {
	private readonly worker: Worker;
	private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
	private pending: Pending | null = null;
	private nextId = 1;
	private closed = false;
	private failure: Error | null = null;

	/** @param options the engine's options (its transposition table is made with `hashMb`) */
	constructor(options: Partial<SearchOptions> = {}) {
		this.worker = new Worker(new URL('./search-worker.js', import.meta.url), { workerData: { stopFlag: this.stopFlag, options } });
		this.worker.on('message', (reply: WorkerReply) => this.onReply(reply));
		this.worker.on('error', (error) => this.fail(error));
		this.worker.on('exit', (code) => {
			if (!this.closed) this.fail(new Error(`search thread exited with code ${code}`));
		});
		this.worker.unref();
	}

	/** True while a search runs. */
	get busy(): boolean {
		return this.pending !== null;
	}

	/**
	 * Searches a position in the worker.
	 * @throws Error (rejected) if a search is already running, the thread is closed, or the worker fails
	 */
	search(position: Position, limits: SearchLimits, listener: SearchListener = {}, options?: Partial<SearchOptions>): Promise<SearchResult> {
		if (this.closed) return Promise.reject(new Error('search thread is closed'));
		if (this.failure) return Promise.reject(this.failure);
		if (this.pending) return Promise.reject(new Error('a search is already running'));
		Atomics.store(this.stopFlag, 0, 0);
		const id = this.nextId++;
		this.worker.ref();
		return new Promise((resolve, reject) => {
			this.pending = { id, listener, resolve, reject };
			this.worker.postMessage({ type: 'search', id, position: positionToData(position), limits, options } satisfies WorkerRequest);
		});
	}

	/** Forgets the transposition table, killers and history (call between games). */
	clear(): void {
		if (!this.closed) this.worker.postMessage({ type: 'clear' } satisfies WorkerRequest);
	}

	/** Asks the running search (if any) to stop now; its promise then resolves with the best move so far. */
	stop(): void {
		Atomics.store(this.stopFlag, 0, 1);
	}

	/** Stops any search and ends the worker thread. */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.stop();
		this.pending?.reject(new Error('search thread closed'));
		this.pending = null;
		await this.worker.terminate();
	}

	private onReply(reply: WorkerReply): void {
		const pending = this.pending;
		if (!pending || reply.id !== pending.id) return;
		switch (reply.type) {
			case 'info':
				pending.listener.onInfo?.(reply.info);
				break;
			case 'progress':
				pending.listener.onProgress?.(reply.nodes, reply.timeMs);
				break;
			case 'result':
				this.settle();
				pending.resolve(reply.result);
				break;
			case 'error':
				this.settle();
				pending.reject(new Error(reply.message));
				break;
		}
	}

	private settle(): void {
		this.pending = null;
		this.worker.unref();
	}

	private fail(error: Error): void {
		this.failure = error;
		const pending = this.pending;
		this.settle();
		pending?.reject(error);
	}
}
