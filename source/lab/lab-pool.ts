/**
 * The lab's worker threads: started once, each running one processor of every search it is given
 * over memory the threads share (`node-store.ts` in a `SharedArrayBuffer`, plus the deques, the
 * table or CABP's queues). It follows the search pool's mechanics (`search/parallel/search-pool.ts`:
 * workers started once and reused, unreferenced while idle, a failed thread failing the search)
 * with its own messages, since its jobs are trees and algorithms rather than positions and limits.
 * The workers run the compiled `lab-worker.js` next to this file (from `dist/`).
 */

import { Worker } from 'node:worker_threads';
import { UserError } from '../game/user-error.js';
import { type AlgorithmName, type AlgorithmParams, createAlgorithmBuffers } from './algorithms.js';
import { Cabp, cabpCapacity, createQueueBuffer } from './cabp.js';
import { domainOf, type JobParams, type LabJob, type LabReply, type TreeSpec } from './lab-job.js';
import { C_RESULT, createStoreBuffers, NodeStore, recordWords } from './node-store.js';

/** A user error raised in a lab thread (its message as the thread gave it). */
export class LabUserError extends UserError {}

/** Most threads of a lab pool. */
export const MAX_LAB_THREADS = 64;

/** Most bytes of a shared tree (CABP's score tree may be large). */
const STORE_BUDGET = 256 * 1024 * 1024;

/** The outcome of one search on threads. */
export interface ThreadRun {
	/** The root's negamax value. */
	readonly value: number;
	/** Wall time of the search in ms, from sending it to the last thread's answer. */
	readonly ms: number;
	/** Nodes of all threads (root and leaves included). */
	readonly nodes: number;
	/** Nodes of each thread. */
	readonly threadNodes: readonly number[];
	/** Time the threads spent waiting for work, summed, in ms. */
	readonly idleMs: number;
}

interface Pending {
	readonly id: number;
	readonly resolve: (run: ThreadRun) => void;
	readonly reject: (error: Error) => void;
	readonly start: number;
	readonly control: Int32Array;
	left: number;
	nodes: number[];
	idleMs: number;
	error: Error | null;
}

/** A pool of lab threads. */
export class LabPool {
	private readonly workers: Worker[] = [];
	private pending: Pending | null = null;
	private nextId = 1;
	private closed = false;
	private failure: Error | null = null;

	/** @throws RangeError for a thread count outside 1..MAX_LAB_THREADS */
	constructor(readonly threads: number) {
		if (!Number.isInteger(threads) || threads < 1 || threads > MAX_LAB_THREADS)
			throw new RangeError(`threads must be an integer from 1 to ${MAX_LAB_THREADS}, got ${threads}`);
		for (let index = 0; index < threads; index++) {
			const worker = new Worker(new URL('./lab-worker.js', import.meta.url), { workerData: { index } });
			worker.on('message', (reply: LabReply) => this.onReply(index, reply));
			worker.on('error', (error) => this.fail(error));
			worker.on('exit', (code) => {
				if (!this.closed) this.fail(new Error(`lab thread ${index} exited with code ${code}`));
			});
			worker.unref();
			this.workers.push(worker);
		}
	}

	/**
	 * Searches `tree` with `algorithm` on every thread.
	 * @throws Error (rejected) if a search runs already, the pool is closed, or a thread fails
	 */
	run(algorithm: AlgorithmName, params: AlgorithmParams, tree: TreeSpec): Promise<ThreadRun> {
		if (this.closed) return Promise.reject(new Error('lab pool is closed'));
		if (this.failure) return Promise.reject(this.failure);
		if (this.pending) return Promise.reject(new Error('a lab search is already running'));
		const threads = this.threads;
		const domain = domainOf(tree);
		const words = recordWords(domain);
		const budget = Math.max(64, Math.floor(STORE_BUDGET / (words * 4)));
		let capacity = threads * (domain.depth + 2) * 2 + 16;
		// CABP keeps a score tree: sized for the most children a node may have (the root's count
		// underestimates game trees, whose later positions have more moves), within the budget.
		if (algorithm === 'cabp')
			capacity = Math.min(budget, cabpCapacity(Math.max(2, domain.maxChildren), domain.depth, threads));
		const store = createStoreBuffers(domain, capacity, true);
		const view = new NodeStore(store, domain, false);
		const roots = new Array<number>(threads).fill(-1);
		let queues: SharedArrayBuffer | undefined;
		let beginNodes = 0;
		if (algorithm === 'cabp') {
			queues = createQueueBuffer(capacity, true) as SharedArrayBuffer;
			const cabp = new Cabp(view, queues, params.k);
			beginNodes = cabp.begin().nodes;
		} else {
			roots[0] = view.reset();
			if (algorithm === 'lazy')
				for (let p = 1; p < threads; p++) {
					const r = view.alloc();
					view.init(r, -1, 0, 0, true);
					domain.writeRoot(view.mem, view.at(r) + view.stateAt);
					roots[p] = r;
				}
		}
		const extra = { ...createAlgorithmBuffers(algorithm, params, threads, true), queues };
		const jobParams: JobParams = { ...params, network: params.network ? params.network.weights : null };
		const id = this.nextId++;
		for (const worker of this.workers) worker.ref();
		return new Promise((resolve, reject) => {
			this.pending = {
				id,
				resolve: (run) => resolve({ ...run, nodes: run.nodes + beginNodes }),
				reject,
				start: performance.now(),
				control: view.control,
				left: threads,
				nodes: new Array<number>(threads).fill(0),
				idleMs: 0,
				error: null,
			};
			const job: LabJob = { id, algorithm, params: jobParams, tree, store, extra, roots, threads };
			for (const worker of this.workers) worker.postMessage(job);
		});
	}

	/** Ends every thread. */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.pending?.reject(new Error('lab pool closed'));
		this.pending = null;
		await Promise.all(this.workers.map((worker) => worker.terminate()));
	}

	private onReply(index: number, reply: LabReply): void {
		const pending = this.pending;
		if (!pending || reply.id !== pending.id) return;
		if (reply.type === 'error')
			pending.error ??= reply.userError
				? new LabUserError(reply.message)
				: new Error(`lab thread ${index}: ${reply.message}`);
		else {
			pending.nodes[index] = reply.nodes;
			pending.idleMs += reply.idleMs;
		}
		if (--pending.left > 0) return;
		const ms = performance.now() - pending.start;
		this.settle();
		if (pending.error !== null) {
			pending.reject(pending.error);
			return;
		}
		pending.resolve({
			value: pending.control[C_RESULT],
			ms,
			nodes: pending.nodes.reduce((a, b) => a + b, 0),
			threadNodes: pending.nodes,
			idleMs: pending.idleMs,
		});
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
