/**
 * `blobterm bench queue URL`: how many games per second one coordinator and one Redis server
 * sustain, when games cost nothing. The match is a real distributed match (`DistributedMatch`,
 * in this process, record file included) and its workers real `PairWorker`s in processes of their
 * own (`replay-worker.ts`), but their games are replays: the built-in engine at a fixed depth plays
 * the same game every time from the same position with the same colours, so the two games of
 * each colour are played once, here, and every game of the match is answered with its record
 * at once. What is measured is the queue: jobs, reports, the coordinator's record and statistics.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execaNode, type Message } from 'execa';
import { Redis } from 'ioredis';
import { BLUE, RED } from '../game/position.js';
import { type MatchOptions } from '../match/match.js';
import { startMatchGame } from '../match/match-game.js';
import { openingFromBoardFile } from '../match/opening.js';
import { type MatchGameLine } from '../match/match-record.js';
import { parsePlayerSpec } from '../players/player-spec.js';
import { DistributedMatch } from './distributed-match.js';
import { type QueueUrl, redisOptions } from './queue-url.js';
import { checkRedis } from './redis-client.js';

/** The board of the benchmark's games: the smallest shipped board, games of a few moves. */
const BOARD = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'boards', 'gruyere3.bwb');

/** Settings of the benchmark. */
export interface QueueBenchOptions {
	/** Games of the match. */
	readonly games: number;
	/** Worker processes, each one `PairWorker`. */
	readonly workers: number;
	/** Pairs each worker plays at once. */
	readonly concurrency: number;
}

/** What the benchmark measured. */
export interface QueueBenchResult {
	readonly games: number;
	/** From the coordinator's start to its end (pairs queued, games recorded, jobs removed), s. */
	readonly seconds: number;
	/** Games recorded per second between the first report and the last game. */
	readonly gamesPerSecond: number;
	/**
	 * CPU time of the coordinator's process per game, ms: one coordinator records at most about
	 * 1000 / this many games per second.
	 */
	readonly coordinatorMsPerGame: number;
	/** CPU time of the Redis server per game, ms (its `INFO cpu`): the same for one server. */
	readonly redisMsPerGame: number;
	/** The Redis server's version. */
	readonly redisVersion: string;
}

/**
 * Runs the benchmark against the server at `url` (its pairs queue must have no other match
 * running: the benchmark's workers would take those pairs too).
 * @throws QueueError if the server cannot be reached
 */
export async function benchQueue(url: QueueUrl, options: QueueBenchOptions): Promise<QueueBenchResult> {
	await checkRedis(url);
	const engines = ['builtin:depth=1,name=a', 'builtin:depth=2,name=b'].map((spec) => parsePlayerSpec(spec));
	const opening = openingFromBoardFile(BOARD);
	const settings = {
		engines: [engines[0], engines[1]] as const,
		names: ['a', 'b'] as const,
		timeMs: 1000,
		halfMoveLimit: null,
		variant: 'blobwar' as const,
	};
	const templates: MatchGameLine[] = [];
	for (const engineA of [BLUE, RED] as const) {
		const record = await startMatchGame(settings, { game: 1, pair: 1, opening: 0, engineA }, opening).finished;
		if (!record) throw new Error('a benchmark game was abandoned');
		templates.push(record);
	}
	const dir = mkdtempSync(join(tmpdir(), 'blobterm-bench-queue-'));
	const workers = Array.from({ length: options.workers }, () =>
		execaNode(fileURLToPath(new URL('./replay-worker.js', import.meta.url)), { ipc: true, stdio: 'inherit' }),
	);
	try {
		await Promise.all(
			workers.map(async (worker, i) => {
				await worker.sendMessage({
					url: { ...url },
					concurrency: options.concurrency,
					id: `replay-${i + 1}`,
					templates,
				} as unknown as Message);
				await worker.getOneMessage();
			}),
		);
		const matchOptions: MatchOptions = {
			engines: [engines[0], engines[1]],
			openings: [opening],
			games: options.games,
			concurrency: 1,
			timeMs: settings.timeMs,
			halfMoveLimit: null,
			variant: 'blobwar',
			recordPath: join(dir, 'bench.jsonl'),
		};
		const match = new DistributedMatch(matchOptions, url);
		const client = new Redis(redisOptions(url, false));
		const redisCpu0 = redisCpuSeconds(await client.info('cpu'));
		const cpu0 = process.cpuUsage();
		const start = performance.now();
		let firstReport: number | null = null;
		let lastGame = start;
		const summary = await match.run({
			gameFinished: () => {
				firstReport ??= performance.now();
				lastGame = performance.now();
			},
		});
		const seconds = (performance.now() - start) / 1000;
		const cpu = process.cpuUsage(cpu0);
		const redisCpu = redisCpuSeconds(await client.info('cpu')) - redisCpu0;
		if (summary.records.length !== options.games)
			throw new Error(`the benchmark recorded ${summary.records.length} games of ${options.games}`);
		const steady = firstReport === null ? seconds : (lastGame - firstReport) / 1000;
		const info = await client.info('server');
		client.disconnect();
		return {
			games: options.games,
			seconds,
			gamesPerSecond: steady > 0 ? (options.games - 1) / steady : Infinity,
			coordinatorMsPerGame: (cpu.user + cpu.system) / 1000 / options.games,
			redisMsPerGame: (1000 * redisCpu) / options.games,
			redisVersion: /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown',
		};
	} finally {
		await Promise.all(
			workers.map(async (worker) => {
				await worker.sendMessage('stop').catch(() => {});
				await worker.catch(() => {});
			}),
		);
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The CPU seconds (system and user) a Redis server has used, from its `INFO cpu` text. */
function redisCpuSeconds(info: string): number {
	const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
	return field('used_cpu_sys') + field('used_cpu_user');
}
