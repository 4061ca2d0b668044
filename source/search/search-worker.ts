/**
 * Entry point of a search worker thread: runs `Searcher` on the positions the main thread
 * sends, and posts back info, progress and the result. See `search-thread.ts` for the messages.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { positionFromData } from '../game/position.js';
import { Searcher } from './search.js';
import { type WorkerReply, type WorkerRequest } from './search-thread.js';

const { stopFlag } = workerData as { stopFlag: Int32Array };
const searcher = new Searcher(stopFlag);
const port = parentPort!;

port.on('message', (request: WorkerRequest) => {
	if (request.type !== 'search') return;
	const { id } = request;
	try {
		const result = searcher.search(positionFromData(request.position), request.limits, {
			onInfo: (info) => port.postMessage({ type: 'info', id, info } satisfies WorkerReply),
			onProgress: (nodes, timeMs) => port.postMessage({ type: 'progress', id, nodes, timeMs } satisfies WorkerReply),
		});
		port.postMessage({ type: 'result', id, result } satisfies WorkerReply);
	} catch (error) {
		port.postMessage({ type: 'error', id, message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
	}
});
