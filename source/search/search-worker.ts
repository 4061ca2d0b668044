/**
 * Entry point of a search worker thread: runs `Searcher` on the positions the main thread
 * sends, and posts back info, progress and the result. See `search-thread.ts` for the messages.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { positionFromData } from '../game/position.js';
import { Searcher } from './search.js';
import { type SearchOptions } from './search-options.js';
import { type WorkerReply, type WorkerRequest } from './search-thread.js';

const { stopFlag, options } = workerData as { stopFlag: Int32Array; options: Partial<SearchOptions> };
let searcher = new Searcher(options, stopFlag);
const port = parentPort!;

port.on('message', (request: WorkerRequest) => {
	if (request.type === 'clear') {
		searcher.clear();
		return;
	}
	const { id } = request;
	try {
		if (request.options) {
			const wanted = { ...searcher.options, ...request.options };
			// A new table size needs a new table; other options apply to the next search.
			if (wanted.hashMb !== searcher.options.hashMb) searcher = new Searcher(wanted, stopFlag);
			else searcher.options = wanted;
		}
		const result = searcher.search(positionFromData(request.position), request.limits, {
			onInfo: (info) => port.postMessage({ type: 'info', id, info } satisfies WorkerReply),
			onProgress: (nodes, timeMs) => port.postMessage({ type: 'progress', id, nodes, timeMs } satisfies WorkerReply),
		});
		port.postMessage({ type: 'result', id, result } satisfies WorkerReply);
	} catch (error) {
		port.postMessage({ type: 'error', id, message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
	}
});
