/**
 * Entry point of a worker thread of a `SearchPool`: a `Searcher` over the shared table, with the
 * split policy of its algorithm (`ybwc.ts`), doing what the pool asks (see `search-pool.ts` for
 * the messages; `worker-pool.ts` reports what throws).
 */

import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { positionFromData } from '../../game/position.js';
import { Searcher } from '../search.js';
import { type SearchOptions } from '../search-options.js';
import { TranspositionTable } from '../transposition-table.js';
import { type PoolReply, type PoolRequest, type WorkerSetup } from './search-pool.js';
import { serveJobs } from './worker-pool.js';
import { SharedCounters, YbwcPolicy } from './ybwc.js';

const setup = workerData as WorkerSetup;
// Linux applies setpriority to the calling thread alone: this search thread yields to the others.
if (setup.niceness > 0)
	try {
		setPriority(setup.niceness);
	} catch {
		// A search at the usual priority is still a search.
	}
const table = new TranspositionTable(setup.options.hashMb ?? 64, setup.table);
const ybwc = setup.parallel === 'ybwc' ? new YbwcPolicy(setup.state, setup.index) : null;
const policy = ybwc ?? new SharedCounters(setup.state, setup.index);
const searcher = new Searcher(setup.options, new Int32Array(setup.state.control), table, policy);
// Lazy SMP: helpers on odd indices search one ply deeper, so that the threads diverge.
if (setup.parallel === 'lazy' && setup.index % 2 === 1) searcher.depthOffset = 1;
const port = parentPort!;

serveJobs<PoolRequest>(port, (request) => {
	if (request.type === 'clear') {
		searcher.clear();
		if (request.id !== undefined) port.postMessage({ type: 'cleared', id: request.id } satisfies PoolReply);
		return;
	}
	const { id } = request;
	const options: Partial<SearchOptions> = { ...setup.options, ...request.options, hashMb: table.sizeMb };
	searcher.options = { ...searcher.options, ...options };
	searcher.tableGeneration = request.generation;
	const position = positionFromData(request.position);
	if (setup.index === 0) {
		const result = searcher.search(position, request.limits, {
			onInfo: (info) => port.postMessage({ type: 'info', id, info } satisfies PoolReply),
		});
		port.postMessage({ type: 'result', id, result } satisfies PoolReply);
	} else if (ybwc) {
		ybwc.help(searcher, position, request.limits);
		port.postMessage({ type: 'done', id } satisfies PoolReply);
	} else {
		// A Lazy SMP helper: the main thread's limits but its time; the pool stops it. Its result
		// takes part in the vote.
		const result = searcher.search(position, {
			...request.limits,
			timeMs: undefined,
			clock: undefined,
			nodes: undefined,
		});
		port.postMessage({ type: 'done', id, result } satisfies PoolReply);
	}
});
