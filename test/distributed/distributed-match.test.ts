import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DistributedMatch } from '../../dist/distributed/distributed-match.js';
import { readEnginesFile } from '../../dist/distributed/engines-file.js';
import { type GamePlayer, PairWorker, playGame } from '../../dist/distributed/pair-worker.js';
import { matchKey, QUEUE_PREFIX, reportQueueName } from '../../dist/distributed/queue-keys.js';
import { parseQueueUrl } from '../../dist/distributed/queue-url.js';
import { type MatchOptions } from '../../dist/match/match.js';
import { type MatchHeader } from '../../dist/match/match-record.js';
import { openingFromBoardFile } from '../../dist/match/opening.js';
import { parsePlayerSpec } from '../../dist/players/player-spec.js';
import { waitFor } from '../helpers.js';
import { blobterm, readRecord } from './processes.js';
import { type RedisServer, startRedis } from './redis-server.js';

const greedy = join('test', 'fixtures', 'greedy-engine.mjs');

let dir: string;
beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'blobterm-queue-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The workers and servers a test started, stopped after it. */
const started: Array<{ stop(): Promise<void> }> = [];
afterEach(async () => {
	for (const thing of started.reverse()) await thing.stop();
	started.length = 0;
});

async function redisServer(options: { persistent?: boolean } = {}): Promise<RedisServer> {
	const server = await startRedis(options);
	started.push(server);
	return server;
}

/** A worker in this process; `games` receives the number of each game it finishes. */
async function worker(
	redis: RedisServer,
	id: string,
	options: { engines?: string; games?: number[]; refusals?: string[]; play?: GamePlayer } = {},
): Promise<PairWorker> {
	const w = new PairWorker(
		{
			url: parseQueueUrl(redis.url),
			concurrency: 1,
			engines: options.engines ? readEnginesFile(options.engines) : null,
			id,
			stallMs: 2000,
			play: options.play,
		},
		{
			gameFinished: (_job, record) => options.games?.push(record.game),
			refused: (_job, reason) => options.refusals?.push(reason),
		},
	);
	await w.start();
	started.push(w);
	return w;
}

function matchOptions(engines: [string, string], options: Partial<MatchOptions>): MatchOptions {
	return {
		engines: [
			parsePlayerSpec(engines[0], { checkProgram: false }),
			parsePlayerSpec(engines[1], { checkProgram: false }),
		],
		openings: [openingFromBoardFile('boards/gruyere3.bwb'), openingFromBoardFile('boards/4x4.bwb')],
		games: 4,
		concurrency: 1,
		timeMs: 500,
		halfMoveLimit: null,
		variant: 'blobwar',
		...options,
	};
}

describe('a distributed match', () => {
	it('a worker that cannot run an engine says so in the record, and another worker plays its pairs', async () => {
		const redis = await redisServer();
		const engines = join(dir, 'engines.txt');
		writeFileSync(engines, `greedy = ti:${greedy}\n`);
		const refusals: string[] = [];
		await worker(redis, 'bare', { refusals });
		const played: number[] = [];
		await worker(redis, 'equipped', { engines, games: played });
		const record = join(dir, 'refusal.jsonl');
		// The program is named as on another machine: the coordinator does not run it.
		const match = new DistributedMatch(
			matchOptions(['ti:/opt/engines/greedy,name=greedy', 'builtin:depth=1'], { recordPath: record }),
			parseQueueUrl(redis.url),
		);
		const summary = await match.run();
		expect(summary.end).toBe('done');
		const { games, refusals: lines } = readRecord(record);
		expect(games.map((g) => g.game).sort()).toEqual([1, 2, 3, 4]);
		expect(games.every((g) => g.worker === 'equipped')).toBe(true);
		expect(games.map((g) => g.termination)).toEqual(['end', 'end', 'end', 'end']);
		expect(played.sort()).toEqual([1, 2, 3, 4]);
		const reason =
			'cannot run engine "greedy" (ti:/opt/engines/greedy,name=greedy): ' +
			'only built-in engines run on a worker without --engines';
		expect(refusals).toEqual([reason]);
		expect(lines).toEqual([{ type: 'refusal', pair: lines[0].pair, worker: 'bare', reason, at: lines[0].at }]);
		expect(summary.tally.forfeits).toEqual([0, 0]);
	}, 60_000);

	it('a coordinator killed and resumed goes on from the record and the queue, across a Redis restart', async () => {
		const redis = await redisServer({ persistent: true });
		const played: number[] = [];
		await worker(redis, 'w1', { games: played });
		await worker(redis, 'w2', { games: played });
		const record = join(dir, 'resume.jsonl');
		const args = ['builtin:depth=2', 'builtin:depth=1', 'boards/gruyere3.bwb', 'boards/4x4.bwb'];
		const first = blobterm(['match', '--queue', redis.url, ...args, '--games', '12', '--record', record]);
		await waitFor(() => readRecord(record).games.length >= 2, 30_000);
		first.process.kill('SIGKILL');
		await first.process;
		const recorded = readRecord(record).games.length;
		// The workers play on without the coordinator; their reports wait on the queue.
		await waitFor(() => played.length >= 12, 45_000);
		expect(readRecord(record).games.length).toBe(recorded);
		expect(recorded).toBeLessThan(12);
		await redis.restart();

		const second = blobterm([
			'match',
			'--queue',
			redis.url,
			...args,
			'--games',
			'12',
			'--record',
			record,
			'--resume',
		]);
		const result = await second.process;
		expect(result.exitCode).toBe(0);
		expect(String(result.stdout)).toContain(`Resumed: ${recorded} games were already in ${record}.`);
		const { games } = readRecord(record);
		expect(games.map((g) => g.game).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
		// Nothing was played twice: the games reported while the coordinator was away were read from the queue.
		expect(played.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
		expect(await redis.client().keys('blobterm:reports-*')).toEqual([]);
	}, 90_000);

	it('a late report of a game already recorded is ignored: the first report counts', async () => {
		const redis = await redisServer();
		// The worker plays the first pair, then waits for the test before the second.
		let open!: () => void;
		const gate = new Promise<void>((resolve) => {
			open = resolve;
		});
		const gated: GamePlayer = (settings, scheduled, opening) => {
			if (scheduled.game <= 2) return playGame(settings, scheduled, opening);
			let playing: ReturnType<GamePlayer> | null = null;
			return {
				abort: () => playing?.abort(),
				finished: gate.then(() => (playing = playGame(settings, scheduled, opening)).finished),
			};
		};
		await worker(redis, 'w1', { play: gated });
		const record = join(dir, 'late.jsonl');
		const match = new DistributedMatch(
			matchOptions(['builtin:depth=2', 'builtin:depth=1'], { recordPath: record }),
			parseQueueUrl(redis.url),
		);
		const running = match.run();
		await waitFor(() => readRecord(record).games.length === 2, 30_000);
		const header = JSON.parse(readFileSync(record, 'utf8').split('\n')[0]) as MatchHeader;
		const first = readRecord(record).games.find((g) => g.game === 1)!;
		// Game 1 again, as a worker whose lock had expired would report it.
		const late = { ...first, worker: 'late' };
		const reports = new Queue(reportQueueName(matchKey(header)), {
			connection: redis.client(),
			prefix: QUEUE_PREFIX,
		});
		await reports.add('finished', { type: 'finished', record: late });
		// The coordinator takes the report and drops it (reports leave the queue once handled).
		for (let tries = 0; (await reports.count()) > 0 || (await reports.getActiveCount()) > 0; tries++) {
			expect(tries, 'the late report is still on the queue').toBeLessThan(500);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		await reports.close();
		open();
		const summary = await running;
		expect(summary.end).toBe('done');
		const { games } = readRecord(record);
		expect(games.map((g) => g.game).sort()).toEqual([1, 2, 3, 4]);
		expect(games.map((g) => g.worker)).toEqual(['w1', 'w1', 'w1', 'w1']);
		expect(games.find((g) => g.game === 1)).toEqual(first);
		expect(summary.records).toHaveLength(4);
		const { wdl } = summary.tally;
		expect(wdl.wins + wdl.draws + wdl.losses).toBe(4);
	}, 60_000);

	it('Redis restarted mid-match with persistence on: everyone reconnects, nothing finished is lost', async () => {
		const redis = await redisServer({ persistent: true });
		const played: number[] = [];
		await worker(redis, 'w1', { games: played });
		await worker(redis, 'w2', { games: played });
		const record = join(dir, 'restart.jsonl');
		const match = new DistributedMatch(
			matchOptions(['builtin:depth=2', 'builtin:depth=1'], { recordPath: record, games: 12 }),
			parseQueueUrl(redis.url),
		);
		const running = match.run();
		await waitFor(() => readRecord(record).games.length >= 2, 30_000);
		// The queued pairs are only in the server: without persistence the restart would lose them
		// and the match would never end.
		await redis.restart();
		expect(readRecord(record).games.length).toBeLessThan(12);
		const summary = await running;
		expect(summary.end).toBe('done');
		const { games } = readRecord(record);
		expect(games.map((g) => g.game).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
		expect(summary.records).toHaveLength(12);
	}, 90_000);
});
