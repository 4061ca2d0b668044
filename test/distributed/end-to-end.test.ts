import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../cli/run.js';
import { blobterm, type Child, readRecord, resultTable, startWorker, stopAll } from './processes.js';
import { type RedisServer, startRedis } from './redis-server.js';

// Two built-in engines at small fixed depths on small boards: a game takes about half a second.
const ENGINES = ['builtin:depth=3,name=deep', 'builtin:depth=1,name=shallow'];
const BOARDS = ['boards/5x5.bwb', 'boards/6x6.bwb'];

describe('a match on a queue, end to end: a coordinator and three workers, each a process', () => {
	let redis: RedisServer;
	let dir: string;
	const workers: Child[] = [];

	beforeAll(async () => {
		redis = await startRedis();
		dir = mkdtempSync(join(tmpdir(), 'blobterm-e2e-'));
		for (const name of ['w1', 'w2', 'w3']) workers.push(await startWorker(redis.url, ['--name', name]));
	});

	afterAll(async () => {
		await stopAll(workers);
		await redis?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	it('plays 40 games with a worker killed mid-game: 40 unique games, the statistics of a local run', async () => {
		const record = join(dir, 'match.jsonl');
		const args = [...ENGINES, ...BOARDS, '--games', '40', '--record', record];
		const coordinator = blobterm(['match', '--queue', redis.url, ...args]);
		// w1's first game is the first of its pair: killed now, the pair is not finished.
		const playing = await workers[0].line(/^Playing game \d+ \(pair \d+\)/);
		workers[0].process.kill('SIGKILL');
		const pair = Number(/\(pair (\d+)\)/.exec(playing)![1]);
		const result = await coordinator.process;
		expect(result.exitCode).toBe(0);

		const { games } = readRecord(record);
		expect(games.map((g) => g.game).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
		// The killed worker's pair was played again by the others.
		const replayed = games.filter((g) => g.pair === pair);
		expect(replayed).toHaveLength(2);
		expect(replayed.some((g) => g.worker === 'w2' || g.worker === 'w3')).toBe(true);
		expect(games.filter((g) => !['w1', 'w2', 'w3'].includes(g.worker ?? ''))).toEqual([]);

		// The same record, resumed on this machine, plays nothing and gives the same table.
		const local = await runNode('cli.js', ['match', ...args, '--resume']);
		expect(local.code).toBe(0);
		expect(local.stdout).toContain('Resumed: 40 games were already in');
		expect(resultTable(local.stdout)).toEqual(resultTable(String(result.stdout)));
		expect(resultTable(local.stdout)[0]).toBe('Results of deep vs shallow: 40 games, 20 pairs');
	}, 120_000);

	it('a second match stops early once the SPRT decides, and leaves no job on the queue', async () => {
		const record = join(dir, 'sprt.jsonl');
		const coordinator = blobterm([
			'match',
			'--queue',
			redis.url,
			...ENGINES,
			...BOARDS,
			'--games',
			'400',
			'--sprt',
			'elo0=0,elo1=200',
			'--record',
			record,
		]);
		const result = await coordinator.process;
		expect(result.exitCode).toBe(0);
		const output = String(result.stdout);
		expect(output).toMatch(/^SPRT decided/m);
		expect(output).toMatch(/SPRT {9}LLR [\d.]+ in \(-2\.94, 2\.94\), .*: H1 accepted/);
		const { games } = readRecord(record);
		expect(games.length).toBeGreaterThan(0);
		expect(games.length).toBeLessThan(40);

		const pairs = new Queue('pairs', { connection: redis.client(), prefix: 'blobterm' });
		try {
			const counts = await pairs.getJobCounts();
			expect(
				Object.values(counts).every((n) => n === 0),
				JSON.stringify(counts),
			).toBe(true);
		} finally {
			await pairs.close();
		}
		const client = redis.client();
		expect(await client.keys('blobterm:reports-*')).toEqual([]);
		expect((await client.keys('blobterm:pairs:*-*')).filter((k) => /:[0-9a-f]{16}-\d+/.test(k))).toEqual([]);
		// The surviving workers dropped the games in progress and wait for the next match.
		await workers[1].line(/^Dropped game \d+: the coordinator stopped the match|^Finished game/);
		expect(workers[1].process.exitCode).toBeNull();
	}, 120_000);
});
