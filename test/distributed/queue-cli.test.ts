import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../source/game/user-error.js';
import { runNode } from '../cli/run.js';
import { PtyScreen } from '../ui/pty-screen.js';
import { type Child, readRecord, startWorker, stopAll } from './processes.js';
import { freePort, type RedisServer, startRedis, TLS_CERT } from './redis-server.js';

describe('blobterm match --queue and blobterm worker on the command line', () => {
	let dir: string;
	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), 'blobterm-queue-cli-'));
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it('--help tells how to run a match on a queue and a worker', async () => {
		const match = await runNode('cli.js', ['match', '--help']);
		expect(match.stdout).toContain(
			'--queue URL            play on workers: put the pairs on the Redis queue at URL,',
		);
		const worker = await runNode('cli.js', ['worker', '--help']);
		expect(worker.code).toBe(0);
		for (const text of [
			'$ blobterm worker URL [--concurrency N] [--engines FILE]',
			'--engines FILE',
			'--stall-ms MS',
			'redis://[:PASSWORD@]HOST[:PORT][/DB], or rediss://... for TLS',
		])
			expect(worker.stdout).toContain(text);
	});

	it('an unreachable server is one line and exit code 2, and no record is started', async () => {
		const port = await freePort();
		const record = join(dir, 'none.jsonl');
		const run = await runNode('cli.js', [
			'match',
			'--queue',
			`redis://:secret@127.0.0.1:${port}`,
			'builtin',
			'builtin:depth=1',
			'--record',
			record,
		]);
		expect(run.stderr).toBe(
			`blobterm: cannot reach Redis at redis://:***@127.0.0.1:${port}/0: connection refused ` +
				'(is redis-server running there and bound to that address?)\n',
		);
		expect(run.code).toBe(2);
		expect(existsSync(record)).toBe(false);
		const worker = await runNode('cli.js', ['worker', `redis://127.0.0.1:${port}`]);
		expect(worker.stderr).toMatch(
			/^blobterm: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+\/0: connection refused/,
		);
		expect(worker.code).toBe(2);
	});

	it.each([
		[
			['match', '--queue', 'http://:pw@host', 'builtin', 'builtin'],
			'--queue: queue "http://:***@host": expected redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss://... (TLS)',
		],
		[
			['match', '--queue', 'redis://h', '--concurrency', '2', 'builtin', 'builtin'],
			'--concurrency is not for a match on a queue: give it to the workers (blobterm worker URL --concurrency N)',
		],
		[
			['match', '--queue', 'redis://h', '--log-dir', 'logs', 'builtin', 'builtin'],
			'--log-dir is not for a match on a queue: its games are played by the workers',
		],
		[
			['worker'],
			'worker: give the queue URL, e.g. blobterm worker redis://127.0.0.1:6379 (see blobterm worker --help)',
		],
		[['worker', 'redis://h', 'redis://i'], 'worker: unexpected argument "redis://i" (see blobterm worker --help)'],
		[
			['worker', 'redis://h', '--concurrency', '0'],
			'--concurrency must be a whole number of games from 1 to 64, got "0"',
		],
		[
			['worker', 'redis://h', '--stall-ms', '10'],
			'--stall-ms must be a whole number of ms from 100 to 3600000 (one hour), got "10"',
		],
		[['worker', 'redis://h', '--engines', 'nope.txt'], 'cannot read engines file nope.txt: no such file'],
	])('refuses %j with a user error', async ([command, ...args], message) => {
		const module =
			command === 'worker'
				? await import('../../source/cli/worker.js')
				: await import('../../source/cli/match.js');
		const error = await module.run(args).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(UserError);
		expect((error as Error).message).toBe(message);
	});

	it('a user error is one line and exit code 2', async () => {
		const run = await runNode('cli.js', ['match', '--queue', 'redis://h/x', 'builtin', 'builtin']);
		expect(run.stderr).toBe('blobterm: --queue: queue "redis://h/x": the database must be a number, got "/x"\n');
		expect(run.code).toBe(2);
	});

	describe('with a password', () => {
		let redis: RedisServer;
		const workers: Child[] = [];
		beforeAll(async () => {
			redis = await startRedis({ password: 'hunter2' });
		});
		afterAll(async () => {
			await stopAll(workers);
			await redis?.stop();
		});

		it('refuses a missing or wrong password in one line', async () => {
			const bare = redis.url.replace(':hunter2@', '');
			const none = await runNode('cli.js', ['worker', bare]);
			expect(none.stderr).toMatch(
				/^blobterm: Redis at redis:\/\/127\.0\.0\.1:\d+\/0 refused the password: NOAUTH/,
			);
			expect(none.code).toBe(2);
			const wrong = await runNode('cli.js', [
				'match',
				'--queue',
				redis.url.replace('hunter2', 'x'),
				'builtin',
				'builtin',
			]);
			expect(wrong.stderr).toMatch(
				/^blobterm: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/0 refused the password: WRONGPASS/,
			);
			expect(wrong.code).toBe(2);
		});

		it('plays with the password in the URL, never showing it, with its progress on a terminal', async () => {
			workers.push(await startWorker(redis.url));
			expect(workers[0].lines[0]).toMatch(/^Worker .+ on redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/0: 1 pair at once/);
			const record = join(dir, 'password.jsonl');
			const screen = new PtyScreen('dist/cli.js', [
				'match',
				'--queue',
				redis.url,
				'builtin:depth=1',
				'builtin:depth=2',
				'boards/gruyere3.bwb',
				'--games',
				'6',
				'--record',
				record,
			]);
			expect(await screen.exited).toBe(0);
			const output = stripVTControlCharacters(screen.raw);
			// 6 games of fixed-depth engines on one board: the last 4 repeat the first 2.
			expect(output.split('\r\n')[0]).toMatch(/^blobterm: warning: both engines search to a fixed depth /);
			expect(output.split('\r\n')[1]).toMatch(
				/^Match: builtin:depth=1 vs builtin:depth=2, 6 games on 1 board, 1 s per move, Blob War rules, on the queue redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/0$/,
			);
			// The status line, redrawn under the finished games: a bar, games done and in flight, the worker.
			expect(output).toMatch(/\[#{3}\.{17}\] 1\/6 games done · [0-2] in flight · 1 worker/);
			expect(screen.text()).toContain('Results of builtin:depth=1 vs builtin:depth=2: 6 games, 3 pairs');
			expect(screen.text()).not.toMatch(/games done/);
			expect(screen.raw + workers[0].lines.join('\n')).not.toContain('hunter2');
			expect(readRecord(record).games).toHaveLength(6);
		});
	});

	describe('over TLS (rediss://)', () => {
		let redis: RedisServer;
		const workers: Child[] = [];
		beforeAll(async () => {
			redis = await startRedis({ tls: true });
		});
		afterAll(async () => {
			await stopAll(workers);
			await redis?.stop();
		});

		it('refuses a server whose certificate it cannot check, and plays with one it trusts', async () => {
			const untrusted = await runNode('cli.js', ['worker', redis.url]);
			expect(untrusted.stderr).toMatch(
				/^blobterm: cannot reach Redis at rediss:\/\/127\.0\.0\.1:\d+\/0: self-signed certificate\n$/,
			);
			expect(untrusted.code).toBe(2);
			const env = { NODE_EXTRA_CA_CERTS: TLS_CERT };
			workers.push(await startWorker(redis.url, [], env));
			const record = join(dir, 'tls.jsonl');
			const args = ['builtin:depth=1', 'builtin:depth=2', 'boards/gruyere3.bwb', '--record', record];
			const run = await runNode('cli.js', ['match', '--queue', redis.url, ...args], { env });
			expect(run.code).toBe(0);
			expect(run.stdout.split('\n')[0]).toMatch(/on the queue rediss:\/\/127\.0\.0\.1:\d+\/0$/);
			expect(readRecord(record).games).toHaveLength(2);
		});
	});
});
