/**
 * A worker process of `bench queue` (`queue-bench.ts`): one `PairWorker` whose games are answered
 * at once with the record of the game its engines always play with those colours. Its parent
 * sends it its settings over IPC (`{ url: QueueUrl, concurrency: number, id: string, templates:
 * [MatchGameLine, MatchGameLine] }`, the games with engine A as Blue and as Red); it answers `'ready'`
 * once it takes pairs, and stops when it receives `'stop'`.
 */

import { getOneMessage, sendMessage } from 'execa';
import { BLUE } from '../game/position.js';
import { type MatchGameLine } from '../match/match-record.js';
import { type GamePlayer, PairWorker } from './pair-worker.js';
import { type QueueUrl } from './queue-url.js';

const settings = (await getOneMessage()) as unknown as {
	url: QueueUrl;
	concurrency: number;
	id: string;
	templates: [MatchGameLine, MatchGameLine];
};

const replay: GamePlayer = (_settings, scheduled) => {
	const now = new Date().toISOString();
	const template = settings.templates[scheduled.engineA === BLUE ? 0 : 1];
	return {
		abort: () => {},
		finished: Promise.resolve({
			...template,
			game: scheduled.game,
			pair: scheduled.pair,
			opening: scheduled.opening,
			startedAt: now,
			endedAt: now,
		}),
	};
};

const worker = new PairWorker({
	url: settings.url,
	concurrency: settings.concurrency,
	engines: null,
	id: settings.id,
	stallMs: 30_000,
	play: replay,
});
await worker.start();
await sendMessage('ready');
await getOneMessage({ filter: (message) => message === 'stop' });
await worker.stop();
