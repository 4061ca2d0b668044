/**
 * `blobterm bench queue URL`: games per second one coordinator and one Redis server sustain
 * (`distributed/queue-bench.ts`), printed with the machine it ran on.
 */

import { benchQueue } from '../distributed/queue-bench.js';
import { parseQueueUrl } from '../distributed/queue-url.js';
import { describeMachine } from './machine.js';

/**
 * Runs the benchmark and prints its result.
 * @param flags checked by the caller: games >= 2, workers and concurrency >= 1
 * @throws QueueError for a bad URL or a server that cannot be reached
 */
export async function benchQueueCommand(
	out: (line: string) => void,
	urlText: string,
	flags: { readonly games: number; readonly workers: number; readonly concurrency: number },
): Promise<void> {
	const url = parseQueueUrl(urlText);
	out(
		`bench queue ${url.display}: ${flags.games} games, ${flags.workers} worker processes ` +
			`taking ${flags.concurrency} pairs at once each`,
	);
	const result = await benchQueue(url, flags);
	out(`Redis ${result.redisVersion}; ${describeMachine()}`);
	out(
		`${result.games} games in ${result.seconds.toFixed(2)} s from start to end ` +
			'(pairs queued, games reported and recorded, jobs removed)',
	);
	out(`${result.gamesPerSecond.toFixed(0)} games per second recorded between the first game and the last`);
	out(
		`coordinator CPU ${result.coordinatorMsPerGame.toFixed(3)} ms per game ` +
			`(at most ${(1000 / result.coordinatorMsPerGame).toFixed(0)} games per second); ` +
			`Redis CPU ${result.redisMsPerGame.toFixed(3)} ms per game ` +
			`(at most ${(1000 / result.redisMsPerGame).toFixed(0)} games per second on one core)`,
	);
}
