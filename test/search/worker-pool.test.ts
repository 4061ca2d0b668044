// Worker threads run compiled code: these tests use dist/ (npm test builds it first).
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../dist/game/user-error.js';
import {
	type JobControl,
	WorkerPool,
	type WorkerErrorReply,
	WorkerUserError,
} from '../../dist/search/parallel/worker-pool.js';

type Request = { readonly id: number; readonly what: string; readonly value: number };
type Reply = { readonly type: 'done'; readonly id: number; readonly value: number } | WorkerErrorReply;

const pools: WorkerPool<Request, Reply>[] = [];
afterEach(async () => {
	await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** The settings of a pool of `threads` fixture workers. */
const options = (threads: number) => ({
	url: new URL('../fixtures/pool-worker.mjs', import.meta.url),
	threads,
	maxThreads: 8,
	name: 'test',
	workerData: (index: number) => ({ index }),
});

/** A pool closed after the test. */
function pool(threads = 3): WorkerPool<Request, Reply> {
	const made = new WorkerPool<Request, Reply>(options(threads));
	pools.push(made);
	return made;
}

/** Runs a job that sums the workers' answers, failing on the first error reply. */
function sum(workers: WorkerPool<Request, Reply>, what: string, value: number): Promise<number> {
	let left = workers.threads;
	let total = 0;
	return workers.run<number>(
		(id) => ({ id, what, value }),
		(index, reply, control: JobControl<number>) => {
			if (reply.type === 'error') return control.reject(workers.errorOf(index, reply));
			total += reply.value;
			if (--left === 0) control.resolve(total);
		},
	);
}

describe('WorkerPool', () => {
	it('runs each job on every worker, one job at a time, and reuses the workers', async () => {
		const workers = pool(3);
		const first = sum(workers, 'answer', 10);
		expect(workers.busy).toBe(true);
		await expect(sum(workers, 'answer', 1)).rejects.toThrow(/^a test job is already running$/);
		expect(await first).toBe(30); // 0 + 10 + 20
		expect(workers.busy).toBe(false);
		expect(await sum(workers, 'answer', 7)).toBe(21);
	});

	it('refuses thread counts outside 1..maxThreads', () => {
		const make = (threads: number) => new WorkerPool(options(threads));
		expect(() => make(0)).toThrow(/^threads must be an integer from 1 to 8, got 0$/);
		expect(() => make(9)).toThrow(/^threads must be an integer from 1 to 8, got 9$/);
	});

	it("turns a worker's error into a one-line error naming the thread, and goes on with the next job", async () => {
		const workers = pool(3);
		const error = await sum(workers, 'throw', 1).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(Error);
		expect(error).not.toBeInstanceOf(UserError);
		expect((error as Error).message).toBe('test thread 1: bad thing');
		expect(await sum(workers, 'answer', 2)).toBe(6);
	});

	it("keeps a user error's message as the thread gave it, as a UserError", async () => {
		const workers = pool(2);
		const error = await sum(workers, 'user', 1).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(WorkerUserError);
		expect(error).toBeInstanceOf(UserError);
		expect((error as Error).message).toBe('no such tree');
	});

	it('fails the running job and every later one when a worker exits', async () => {
		const workers = pool(2);
		await expect(sum(workers, 'exit', 1)).rejects.toThrow(/^test thread 1 exited with code 3$/);
		await expect(sum(workers, 'answer', 1)).rejects.toThrow(/^test thread 1 exited with code 3$/);
	});

	it('rejects the running job when closed, and every job after', async () => {
		const workers = new WorkerPool<Request, Reply>(options(2));
		// A job nobody answers: its handler never settles it.
		const running = workers.run<number>(
			(id) => ({ id, what: 'answer', value: 1 }),
			() => undefined,
		);
		const closed = expect(running).rejects.toThrow(/^test pool closed$/);
		await workers.close();
		await closed;
		await expect(sum(workers, 'answer', 1)).rejects.toThrow(/^test pool is closed$/);
	});

	it('lets a process that never closed its pool exit by itself', async () => {
		const run = await execa('node', ['test/fixtures/pool-unclosed.mjs'], { reject: false, timeout: 20_000 });
		expect(run.stdout).toBe('sum 5');
		expect(run.exitCode).toBe(0);
	});
});
