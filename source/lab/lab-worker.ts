/**
 * Entry point of a worker thread of a `LabPool`: runs its processor of each job it is sent, on
 * the store and buffers the job shares, and answers with its node count and idle time.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { serveJobs } from '../search/parallel/worker-pool.js';
import { processorOptions } from './algorithms.js';
import { Cabp, CabpProcessor } from './cabp.js';
import { domainOf, type LabJob, type LabReply, paramsOf } from './lab-job.js';
import { C_SEARCHEND, NodeStore } from './node-store.js';
import { Processor } from './processor.js';

const index = (workerData as { index: number }).index;
const port = parentPort!;

/** Waits a little for work to appear: spins, then sleeps 50 microseconds (other threads need the core). */
function idleWait(control: Int32Array): void {
	for (let i = 0; i < 200; i++) if (Atomics.load(control, C_SEARCHEND) !== 0) return;
	Atomics.wait(control, C_SEARCHEND, 0, 0.05);
}

serveJobs<LabJob>(
	port,
	(job) => {
		const domain = domainOf(job.tree);
		const store = new NodeStore(job.store, domain, true);
		const params = paramsOf(job.params);
		let idleMs = 0;
		const onIdle = () => {
			const start = performance.now();
			idleWait(store.control);
			idleMs += performance.now() - start;
		};
		let nodes: number;
		if (job.algorithm === 'cabp') {
			const cabp = new Cabp(store, job.extra.queues!, params.k, params.cabpGrain);
			const proc = new CabpProcessor(index, cabp);
			proc.start();
			proc.run(onIdle);
			nodes = proc.nodes;
		} else {
			const proc = new Processor(
				index,
				store,
				processorOptions(job.algorithm, params, store, job.threads, job.extra),
			);
			proc.start(job.roots[index] ?? -1);
			proc.run(onIdle);
			nodes = proc.nodes;
		}
		port.postMessage({ type: 'done', id: job.id, nodes, idleMs } satisfies LabReply);
	},
	// Stop the other threads too; the pool reports the error once all have stopped.
	(job) => Atomics.store(new Int32Array(job.store.control), C_SEARCHEND, 1),
);
