/**
 * The lab's worker threads: started once, each running one processor of every search it is given
 * over memory the threads share (`node-store.ts` in a `SharedArrayBuffer`, plus the deques, the
 * table or CABP's queues). Its threads are a `WorkerPool` (`search/parallel/worker-pool.ts`), the
 * framework of the engine's search pool: workers started once and reused, unreferenced while idle,
 * a failed thread failing the search with a one-line error. Its jobs are trees and algorithms
 * rather than positions and limits. The workers run the compiled `lab-worker.js` next to this file
 * (from `dist/`).
 */

import { type JobControl, WorkerPool } from '../search/parallel/worker-pool.js';
import { type AlgorithmName, type AlgorithmParams, createAlgorithmBuffers } from './algorithms.js';
import { Cabp, cabpCapacity, createQueueBuffer } from './cabp.js';
import { domainOf, type JobParams, type LabJob, type LabReply, type TreeSpec } from './lab-job.js';
import { C_RESULT, createStoreBuffers, NodeStore, recordWords } from './node-store.js';

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

/** What the pool has of a running search. */
interface Progress {
	readonly start: number;
	readonly control: Int32Array;
	readonly beginNodes: number;
	left: number;
	readonly nodes: number[];
	idleMs: number;
	error: Error | null;
}

/** A pool of lab threads. */
export class LabPool {
	private readonly pool: WorkerPool<LabJob, LabReply>;

	/** @throws RangeError for a thread count outside 1..MAX_LAB_THREADS */
	constructor(readonly threads: number) {
		this.pool = new WorkerPool({
			url: new URL('./lab-worker.js', import.meta.url),
			threads,
			maxThreads: MAX_LAB_THREADS,
			name: 'lab',
			workerData: (index) => ({ index }),
		});
	}

	/**
	 * Searches `tree` with `algorithm` on every thread.
	 * @throws Error (rejected) if a search runs already, the pool is closed, or a thread fails
	 */
	run(algorithm: AlgorithmName, params: AlgorithmParams, tree: TreeSpec): Promise<ThreadRun> {
		let progress: Progress | null = null;
		return this.pool.run<ThreadRun>(
			(id) => {
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
					queues = createQueueBuffer(capacity, domain.depth, true) as SharedArrayBuffer;
					const cabp = new Cabp(view, queues, params.k, params.cabpGrain);
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
				progress = {
					start: performance.now(),
					control: view.control,
					beginNodes,
					left: threads,
					nodes: new Array<number>(threads).fill(0),
					idleMs: 0,
					error: null,
				};
				return { id, algorithm, params: jobParams, tree, store, extra, roots, threads };
			},
			(index, reply, control) => this.onReply(index, reply, progress!, control),
		);
	}

	/** Ends every thread. */
	async close(): Promise<void> {
		await this.pool.close();
	}

	/** Collects each thread's answer; the search ends once every thread has stopped. */
	private onReply(index: number, reply: LabReply, progress: Progress, control: JobControl<ThreadRun>): void {
		if (reply.type === 'error') progress.error ??= this.pool.errorOf(index, reply);
		else {
			progress.nodes[index] = reply.nodes;
			progress.idleMs += reply.idleMs;
		}
		if (--progress.left > 0) return;
		if (progress.error !== null) {
			control.reject(progress.error);
			return;
		}
		control.resolve({
			value: progress.control[C_RESULT],
			ms: performance.now() - progress.start,
			nodes: progress.nodes.reduce((a, b) => a + b, 0) + progress.beginNodes,
			threadNodes: progress.nodes,
			idleMs: progress.idleMs,
		});
	}
}
