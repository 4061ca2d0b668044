/**
 * A worker of distributed matches: takes pairs of games from the pairs queue (BullMQ), plays them
 * with the match runner's own game (`match/match-game.ts`), marks each game in the match's playing
 * hash while it lasts, and reports it on the match's report queue when it ends.
 *
 * A pair job is completed only once all its games are played and reported. A pair the worker does
 * not play to the end goes back to the queue for another worker: refused (an engine it cannot
 * run, `engines-file.ts`), stopped (the match's stop key, polled every `STOP_POLL_MS`: the
 * coordinator's SPRT decided, or it was interrupted), or given back (the worker is shutting down).
 * A worker that dies holds its pairs only until their BullMQ lock expires (`stallMs`): then
 * BullMQ's stalled-job check puts them back on the queue for another worker.
 */

import { DelayedError, type Job, Queue, WaitingError, Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { type MatchGameSettings, startMatchGame } from '../match/match-game.js';
import { type Opening } from '../match/opening.js';
import { type MatchGameLine } from '../match/match-record.js';
import { type ScheduledGame } from '../match/schedule.js';
import { parseTimeControl } from '../match/time-control.js';
import { type EngineTable, resolveEngine } from './engines-file.js';
import { jobOpening, type PairJob, readPairJob, type Report } from './pair-job.js';
import { PAIRS_QUEUE, playingKey, QUEUE_PREFIX, reportQueueName, STOP_KEY_TTL_S, stopKey } from './queue-keys.js';
import { type QueueUrl, redisOptions } from './queue-url.js';
import { checkRedis, openRedis, redisErrorMessage } from './redis-client.js';

/** How often a worker looks at the stop keys of the matches it plays, ms. */
export const STOP_POLL_MS = 500;

/** How long a refused or stopped pair waits before a worker takes it again, ms. */
export const RETRY_DELAY_MS = 5000;

/** BullMQ's lock duration of a pair (and its stalled-job check interval) by default, ms. */
export const DEFAULT_STALL_MS = 30_000;

/** A game of a pair being played: `abort()` abandons it. */
export interface PlayingGame {
	abort(): void;
	/** Its record once over, or null if it was abandoned. */
	readonly finished: Promise<MatchGameLine | null>;
}

/**
 * How a worker plays one game: `playGame` (the match runner's game) by default; `bench queue`
 * gives a stand-in that answers at once, to measure the queue alone.
 * @throws PlayerSpecError (synchronously) if a player cannot be made
 */
export type GamePlayer = (settings: MatchGameSettings, scheduled: ScheduledGame, opening: Opening) => PlayingGame;

/** Plays a game with the match runner (`startMatchGame`). */
export const playGame: GamePlayer = (settings, scheduled, opening) => {
	const { live, finished } = startMatchGame(settings, scheduled, opening);
	return { abort: () => live.game.abort(), finished };
};

/** Settings of a worker. */
export interface PairWorkerOptions {
	readonly url: QueueUrl;
	/** Pairs played at once (>= 1). */
	readonly concurrency: number;
	/** Engines of this machine by name (`--engines`); null: built-in engines only. */
	readonly engines: EngineTable | null;
	/** The worker's name in records and reports (`HOST:PID` by default). */
	readonly id: string;
	/**
	 * How long a pair stays with a worker that stopped answering before another takes it, ms:
	 * BullMQ's lock duration (renewed every half of it while the worker lives) and stalled-job
	 * check interval.
	 */
	readonly stallMs: number;
	/** How games are played (default `playGame`). */
	readonly play?: GamePlayer;
}

/** What a worker reports as it goes (for its output). */
export interface PairWorkerListener {
	gameStarted?(job: PairJob, game: ScheduledGame): void;
	gameFinished?(job: PairJob, record: MatchGameLine): void;
	/** A game abandoned: the match was stopped, or the worker is shutting down. */
	gameAbandoned?(job: PairJob, game: ScheduledGame, why: string): void;
	/** A pair refused (once per match and reason). */
	refused?(job: PairJob | null, reason: string): void;
	/** The connection to Redis was lost (with why) or is back (null). */
	connection?(lost: string | null): void;
}

/** A pair being played. */
interface ActivePair {
	readonly job: PairJob;
	/** Why it stops before its end, or null. */
	stop: 'stopped' | 'shutdown' | null;
	playing: PlayingGame | null;
}

/** A worker process's pair player. */
export class PairWorker {
	private worker: Worker | null = null;
	private redis: Redis | null = null;
	private readonly reportQueues = new Map<string, Queue>();
	private readonly active = new Set<ActivePair>();
	private readonly refusals = new Set<string>();
	private poller: NodeJS.Timeout | null = null;
	private polling = false;
	private shuttingDown = false;
	private lost = false;

	constructor(
		readonly options: PairWorkerOptions,
		private readonly listener: PairWorkerListener = {},
	) {}

	/**
	 * Connects and starts taking pairs.
	 * @throws QueueError if the server cannot be reached or refuses the password
	 */
	async start(): Promise<void> {
		const o = this.options;
		await checkRedis(o.url);
		const redis = openRedis(o.url);
		this.redis = redis;
		redis.on('error', (error: Error) => this.connectionLost(error));
		redis.on('ready', () => this.connectionBack());
		this.worker = new Worker(PAIRS_QUEUE, (job, token) => this.process(job, token ?? ''), {
			connection: redisOptions(o.url, true),
			prefix: QUEUE_PREFIX,
			name: o.id,
			concurrency: o.concurrency,
			lockDuration: o.stallMs,
			stalledInterval: o.stallMs,
			// A pair goes back to the queue however often its workers die.
			maxStalledCount: Number.MAX_SAFE_INTEGER,
		});
		this.worker.on('error', (error: Error) => this.connectionLost(error));
		this.poller = setInterval(() => void this.pollStopKeys(), STOP_POLL_MS);
		await this.worker.waitUntilReady();
	}

	/**
	 * Stops: takes no more pairs, abandons the games in progress and gives their pairs back to the
	 * queue, then closes the connections.
	 */
	async stop(): Promise<void> {
		this.shuttingDown = true;
		for (const pair of this.active) this.halt(pair, 'shutdown');
		if (this.poller) clearInterval(this.poller);
		this.poller = null;
		await this.worker?.close();
		await Promise.all([...this.reportQueues.values()].map((queue) => queue.close()));
		this.redis?.disconnect();
	}

	/** Pairs being played now. */
	playing(): number {
		return this.active.size;
	}

	private connectionLost(error: Error): void {
		if (this.lost || this.shuttingDown) return;
		this.lost = true;
		this.listener.connection?.(redisErrorMessage(this.options.url, error));
	}

	private connectionBack(): void {
		if (!this.lost) return;
		this.lost = false;
		this.listener.connection?.(null);
	}

	/** Plays a pair job. Throws only BullMQ's signals that the job went back to the queue. */
	private async process(job: Job, token: string): Promise<{ games: number[] }> {
		let data: PairJob;
		try {
			data = readPairJob(job.data);
		} catch (error) {
			return this.refuse(job, token, null, `pair job ${job.id} cannot be read: ${(error as Error).message}`);
		}
		if (this.shuttingDown) return this.giveBack(job, token);
		if (await this.isStopped(data.match)) return this.delay(job, token);
		let settings: MatchGameSettings;
		try {
			settings = {
				engines: [
					resolveEngine(this.options.engines, data.engines[0]),
					resolveEngine(this.options.engines, data.engines[1]),
				],
				names: [data.engines[0].name, data.engines[1].name],
				timeMs: data.timeMs,
				timeControl: data.timeControl === null ? null : parseTimeControl(data.timeControl),
				halfMoveLimit: data.halfMoveLimit,
				variant: data.variant,
				graceMs: data.graceMs ?? undefined,
				adjudication: data.adjudication,
				recordPv: data.recordPv,
			};
		} catch (error) {
			return this.refuse(job, token, data, (error as Error).message);
		}
		const pair: ActivePair = { job: data, stop: null, playing: null };
		this.active.add(pair);
		const played: number[] = [];
		try {
			const opening = jobOpening(data);
			for (const scheduled of data.games) {
				if (pair.stop) {
					this.listener.gameAbandoned?.(data, scheduled, pair.stop);
					continue;
				}
				await this.playingNow(data.match, scheduled.game, true);
				const playing = (this.options.play ?? playGame)(settings, scheduled, opening);
				pair.playing = playing;
				if (pair.stop) playing.abort();
				this.listener.gameStarted?.(data, scheduled);
				const record = await playing.finished;
				pair.playing = null;
				if (!record || pair.stop) {
					await this.playingNow(data.match, scheduled.game, false);
					this.listener.gameAbandoned?.(data, scheduled, pair.stop ?? 'stopped');
					continue;
				}
				await this.report(data.match, { type: 'finished', record: { ...record, worker: this.options.id } });
				await this.playingNow(data.match, scheduled.game, false);
				played.push(record.game);
				this.listener.gameFinished?.(data, record);
			}
		} catch (error) {
			this.active.delete(pair);
			return this.refuse(job, token, data, `cannot play pair ${data.pair}: ${(error as Error).message}`);
		}
		this.active.delete(pair);
		if (pair.stop === 'shutdown') return this.giveBack(job, token);
		if (pair.stop === 'stopped') return this.delay(job, token);
		return { games: played };
	}

	private halt(pair: ActivePair, why: 'stopped' | 'shutdown'): void {
		pair.stop ??= why;
		pair.playing?.abort();
	}

	/** Reports a refusal (once per match and reason), then puts the pair back for later. */
	private async refuse(job: Job, token: string, data: PairJob | null, reason: string): Promise<never> {
		const key = `${data?.match ?? ''}\n${reason}`;
		if (!this.refusals.has(key)) {
			this.refusals.add(key);
			this.listener.refused?.(data, reason);
			if (data)
				await this.report(data.match, { type: 'refused', pair: data.pair, worker: this.options.id, reason });
		}
		return this.delay(job, token);
	}

	/** Puts a pair back on the queue, to be taken again after `RETRY_DELAY_MS`. */
	private async delay(job: Job, token: string): Promise<never> {
		await job.moveToDelayed(Date.now() + RETRY_DELAY_MS, token);
		throw new DelayedError();
	}

	/** Puts a pair back on the queue at once, for another worker. */
	private async giveBack(job: Job, token: string): Promise<never> {
		await job.moveToWait(token);
		throw new WaitingError();
	}

	private async report(match: string, report: Report): Promise<void> {
		let queue = this.reportQueues.get(match);
		if (!queue) {
			queue = new Queue(reportQueueName(match), { connection: this.redis!, prefix: QUEUE_PREFIX });
			queue.on('error', (error: Error) => this.connectionLost(error));
			this.reportQueues.set(match, queue);
		}
		await queue.add(report.type, report, { removeOnComplete: true, removeOnFail: true });
	}

	/** Marks a game of a match as being played here (`on`), or no longer. */
	private async playingNow(match: string, game: number, on: boolean): Promise<void> {
		const key = playingKey(match);
		if (on) await this.redis!.multi().hset(key, String(game), this.options.id).expire(key, STOP_KEY_TTL_S).exec();
		else await this.redis!.hdel(key, String(game));
	}

	private async isStopped(match: string): Promise<boolean> {
		return (await this.redis!.exists(stopKey(match))) === 1;
	}

	/** Stops the games of the matches whose stop key is set. */
	private async pollStopKeys(): Promise<void> {
		if (this.polling || this.active.size === 0) return;
		this.polling = true;
		try {
			const matches = new Set([...this.active].filter((p) => !p.stop).map((p) => p.job.match));
			for (const match of matches) {
				if (!(await this.isStopped(match))) continue;
				for (const pair of this.active) if (pair.job.match === match) this.halt(pair, 'stopped');
			}
		} catch {
			// The connection is down: the next poll tries again.
		} finally {
			this.polling = false;
		}
	}
}
