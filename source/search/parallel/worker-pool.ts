/**
 * A pool of worker threads running jobs together: the mechanics shared by the engine's search
 * pool (`search-pool.ts`) and the parallel lab's (`lab/lab-pool.ts`).
 *
 * The pool starts N workers from one compiled module, each with its own `workerData` (which
 * carries the `SharedArrayBuffer`s the threads share), and keeps them for every job. A job is one
 * request sent to every worker; the workers answer with replies carrying the job's id, and the
 * job's reply handler settles it (resolve or reject) when it has what it needs. One job at a time.
 * Idle workers are unreferenced, so that a pool nobody closed does not keep the process alive;
 * a worker that throws outside a job or exits fails the pool, and the running job with it, with a
 * one-line error naming the thread. Inside a job, a worker reports an error as a `WorkerErrorReply`
 * (`serveJobs` does it), and the job's handler decides when it fails (at once, or once every
 * thread has stopped).
 */

import { type MessagePort, Worker } from 'node:worker_threads';
import { UserError } from '../../game/user-error.js';

/** A user error raised in a worker thread (its message as the thread gave it). */
export class WorkerUserError extends UserError {}

/** Every reply of a job carries its id. */
export interface JobReply {
	readonly id: number;
}

/** A worker's report that its part of job `id` failed: the error's message, and whether it was a `UserError`. */
export interface WorkerErrorReply extends JobReply {
	readonly type: 'error';
	readonly message: string;
	readonly userError: boolean;
}

/** How a job's reply handler ends the job. */
export interface JobControl<Result> {
	/** Ends the job with its result. */
	readonly resolve: (result: Result) => void;
	/** Ends the job with an error. */
	readonly reject: (error: Error) => void;
}

/** Settings of a worker pool. */
export interface WorkerPoolOptions {
	/** The compiled worker module. */
	readonly url: URL;
	/** Workers to start. */
	readonly threads: number;
	/** Most workers allowed. */
	readonly maxThreads: number;
	/** What the pool is called in errors ("search": "search pool is closed", "search thread 2 exited with code 1"). */
	readonly name: string;
	/** The `workerData` of worker `index` (0-based). */
	readonly workerData: (index: number) => unknown;
}

interface Running<Reply> {
	readonly id: number;
	readonly onReply: (index: number, reply: Reply) => void;
	readonly reject: (error: Error) => void;
}

/** The first line of a message (a worker's error may carry a stack or a multi-line message). */
function firstLine(message: string): string {
	const line = message.split('\n', 1)[0].trim();
	return line === '' ? 'failed' : line;
}

/**
 * A pool of worker threads: `Request` is what a job sends to every worker, `Reply` what workers
 * send back (each carrying the job's id).
 */
export class WorkerPool<Request, Reply extends JobReply> {
	readonly threads: number;
	private readonly name: string;
	private readonly workers: Worker[] = [];
	private running: Running<Reply> | null = null;
	private nextId = 1;
	private closed = false;
	private failure: Error | null = null;

	/** @throws RangeError for a thread count outside 1..maxThreads */
	constructor(options: WorkerPoolOptions) {
		const { threads, maxThreads, name } = options;
		if (!Number.isInteger(threads) || threads < 1 || threads > maxThreads)
			throw new RangeError(`threads must be an integer from 1 to ${maxThreads}, got ${threads}`);
		this.threads = threads;
		this.name = name;
		for (let index = 0; index < threads; index++) {
			const worker = new Worker(options.url, { workerData: options.workerData(index) });
			worker.on('message', (reply: Reply) => {
				const running = this.running;
				if (running && reply.id === running.id) running.onReply(index, reply);
			});
			worker.on('error', (error) => this.fail(new Error(`${name} thread ${index}: ${firstLine(error.message)}`)));
			worker.on('exit', (code) => {
				if (!this.closed) this.fail(new Error(`${name} thread ${index} exited with code ${code}`));
			});
			worker.unref();
			this.workers.push(worker);
		}
	}

	/** True while a job runs. */
	get busy(): boolean {
		return this.running !== null;
	}

	/**
	 * Runs one job on every worker. `start` is called only once the pool is free (so it may reset
	 * shared memory) and returns the request for job `id`; `onReply` gets every reply of the job
	 * with the worker's index and settles the job through `control`.
	 * @throws Error (rejected) if a job runs already, the pool is closed or has failed, or `start` throws
	 */
	run<Result>(
		start: (id: number) => Request,
		onReply: (index: number, reply: Reply, control: JobControl<Result>) => void,
	): Promise<Result> {
		if (this.closed) return Promise.reject(new Error(`${this.name} pool is closed`));
		if (this.failure) return Promise.reject(this.failure);
		if (this.running) return Promise.reject(new Error(`a ${this.name} job is already running`));
		const id = this.nextId++;
		let request: Request;
		try {
			request = start(id);
		} catch (error) {
			return Promise.reject(error instanceof Error ? error : new Error(String(error)));
		}
		for (const worker of this.workers) worker.ref();
		return new Promise<Result>((resolve, reject) => {
			const control: JobControl<Result> = {
				resolve: (result) => {
					if (this.settle(id)) resolve(result);
				},
				reject: (error) => {
					if (this.settle(id)) reject(error);
				},
			};
			this.running = { id, onReply: (index, reply) => onReply(index, reply, control), reject };
			for (const worker of this.workers) worker.postMessage(request);
		});
	}

	/** Sends `message` to every worker outside any job (it is dropped once the pool is closed). */
	broadcast(message: unknown): void {
		if (!this.closed) for (const worker of this.workers) worker.postMessage(message);
	}

	/** The error for worker `index`'s error reply: a `WorkerUserError` for a user error, else one naming the thread. */
	errorOf(index: number, reply: WorkerErrorReply): Error {
		return reply.userError
			? new WorkerUserError(reply.message)
			: new Error(`${this.name} thread ${index}: ${firstLine(reply.message)}`);
	}

	/** Ends every worker; a running job is rejected. */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		const running = this.running;
		if (running) {
			this.settle(running.id);
			running.reject(new Error(`${this.name} pool closed`));
		}
		await Promise.all(this.workers.map((worker) => worker.terminate()));
	}

	/** Ends job `id` if it is the running one (true), letting idle workers go unreferenced. */
	private settle(id: number): boolean {
		if (this.running?.id !== id) return false;
		this.running = null;
		for (const worker of this.workers) worker.unref();
		return true;
	}

	private fail(error: Error): void {
		this.failure ??= error;
		const running = this.running;
		if (running) {
			this.settle(running.id);
			running.reject(error);
		}
	}
}

/**
 * The worker's side: calls `handle` for each message from the pool; if it throws, runs `onError`
 * (to stop the other threads, say) and answers with a `WorkerErrorReply` for the message's job.
 * A message without an id (outside any job) rethrows, which fails the pool.
 */
export function serveJobs<Request>(
	port: MessagePort,
	handle: (request: Request) => void,
	onError?: (request: Request) => void,
): void {
	port.on('message', (request: Request) => {
		try {
			handle(request);
		} catch (error) {
			onError?.(request);
			const id = (request as { id?: unknown }).id;
			// Outside a job, the error fails the pool (the worker's 'error' event).
			if (typeof id !== 'number') throw error;
			port.postMessage({
				type: 'error',
				id,
				message: error instanceof Error ? error.message : String(error),
				userError: error instanceof UserError,
			} satisfies WorkerErrorReply);
		}
	});
}
