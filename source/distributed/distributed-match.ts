/**
 * The coordinator of a distributed match (`blobterm match --queue URL`): the same match as
 * `match/match.ts` (same settings, schedule, record, statistics and SPRT), its games played by
 * workers on other machines (`pair-worker.ts`) through BullMQ queues on a Redis server.
 *
 * 1. The record is opened (or resumed) as for a local match; the match's key (`queue-keys.ts`)
 *    comes from its header, so a resumed coordinator finds its jobs again.
 * 2. One job per pair still to play goes on the pairs queue, its id made of the key and the pair
 *    number: adding a pair that is already there (waiting, in progress, or played and not yet
 *    recorded) does nothing, so a resume adds exactly the missing pairs.
 * 3. Workers mark the games they play in the match's playing hash (read for the progress line)
 *    and report each finished game on the match's report queue, whose one consumer, this
 *    coordinator, appends it to the record the moment it arrives. Games are keyed by number: a late
 *    duplicate (a pair played again after its worker was thought dead) is ignored. A report is
 *    removed from the queue only once written, so a coordinator killed mid-way loses nothing.
 * 4. When every game is recorded, the SPRT decides or the match is stopped, the stop key tells
 *    the workers to drop the match's games in progress, and every job of the match is removed.
 */

import { Queue, Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { formatFen } from '../game/fen.js';
import {
	checkMatchOptions,
	engineNames,
	type MatchOptions,
	type MatchSummary,
	openMatchRecord,
} from '../match/match.js';
import { formatPgn } from '../match/pgn.js';
import {
	Appender,
	type MatchGameLine,
	type MatchHeader,
	type MatchRecordFile,
	type RefusalLine,
} from '../match/match-record.js';
import { Schedule } from '../match/schedule.js';
import { formatTimeControl } from '../match/time-control.js';
import { type SprtState, sprtState } from '../match/sprt.js';
import { tally, type Tally } from '../match/tally.js';
import { MalformedJobError, PAIR_JOB_VERSION, type PairJob, readReport } from './pair-job.js';
import {
	matchKey,
	PAIRS_QUEUE,
	pairJobId,
	pairOfJobId,
	playingKey,
	QUEUE_PREFIX,
	reportQueueName,
	STOP_KEY_TTL_S,
	stopKey,
} from './queue-keys.js';
import { type QueueUrl, redisOptions } from './queue-url.js';
import { checkRedis, openRedis, redisErrorMessage } from './redis-client.js';

/** How long the end of a match waits for workers to drop its pairs in progress, ms. */
export const DEFAULT_CLEANUP_MS = 60_000;

/** How often the coordinator reads the games being played, ms. */
export const PLAYING_POLL_MS = 500;

/** Pair jobs added in one round trip. */
const BULK = 500;

/** Where a distributed match stands (`progress()`). */
export interface QueueProgress {
	/** Games recorded, of `total`. */
	readonly done: number;
	readonly total: number;
	/** Games being played by workers (as last read, every `PLAYING_POLL_MS`). */
	readonly inFlight: number;
	/** Workers seen playing or reporting since the coordinator started. */
	readonly workers: number;
	/**
	 * Games recorded per minute since the pairs were queued, or null before two games (a rate from
	 * the first reports would count pairs played at once as played in no time).
	 */
	readonly gamesPerMinute: number | null;
	/** Time left at that rate, ms, or null. */
	readonly etaMs: number | null;
}

/** What a distributed match reports as it goes. */
export interface DistributedMatchListener {
	gameFinished?(record: MatchGameLine, totals: Tally, sprt: SprtState | null): void;
	/** A worker could not play a pair (once per worker and reason); the line is in the record. */
	refused?(refusal: RefusalLine): void;
	/** A report that was ignored, and why. */
	ignored?(why: string): void;
	/** The connection to Redis was lost (with why) or is back (null). */
	connection?(lost: string | null): void;
	/** The match is over and its jobs are being removed: `held` pairs are still held by workers. */
	cleaning?(held: number): void;
	/** `held` pairs were still held by workers `cleanupMs` after the end, and left on the queue. */
	leftBehind?(held: number): void;
}

/** A distributed match. */
export class DistributedMatch {
	readonly names: [string, string];
	private records: MatchGameLine[] = [];
	private readonly recorded = new Set<number>();
	/** Games of `recorded` that are games of this match (`--games` may have shrunk on resume). */
	private done = 0;
	/** The error that stopped the match (a record that cannot be written), rethrown by `run`. */
	private failure: unknown = null;
	/** Games being played, by number: the worker playing it. */
	private playing = new Map<number, string>();
	private readonly workers = new Set<string>();
	private readonly refusals = new Set<string>();
	private end: 'done' | 'sprt' | 'stopped' | null = null;
	private sprt: SprtState | null = null;
	private wake: (() => void) | null = null;
	private queuedAt: number | null = null;
	private recordedNow = 0;
	private lost = false;

	/**
	 * @param cleanupMs how long the end waits for workers to drop the pairs in progress
	 * @throws MatchOptionsError, SprtOptionsError for settings that make no match
	 */
	constructor(
		readonly options: MatchOptions,
		readonly url: QueueUrl,
		readonly cleanupMs = DEFAULT_CLEANUP_MS,
	) {
		checkMatchOptions(options);
		this.names = engineNames(options.engines);
	}

	/** The finished games so far. */
	finished(): readonly MatchGameLine[] {
		return this.records;
	}

	/** Games done and in flight, workers seen, games per minute and time left. */
	progress(): QueueProgress {
		const total = this.options.games;
		const done = this.done;
		const minutes = this.queuedAt === null ? 0 : (performance.now() - this.queuedAt) / 60_000;
		const rate = this.recordedNow >= 2 && minutes > 0 ? this.recordedNow / minutes : null;
		return {
			done,
			total,
			inFlight: this.inFlight(),
			workers: this.workers.size,
			gamesPerMinute: rate,
			etaMs: rate === null ? null : ((total - done) / rate) * 60_000,
		};
	}

	/** Games being played and not yet recorded. */
	private inFlight(): number {
		let count = 0;
		for (const game of this.playing.keys()) if (!this.recorded.has(game) && game <= this.options.games) count++;
		return count;
	}

	/** Stops the match: the pairs not started are removed, the workers drop the games in progress. */
	stop(): void {
		this.halt('stopped');
	}

	/**
	 * Runs the match to its end (or its stop), then removes its jobs from the queue.
	 * @throws QueueError if Redis cannot be reached or refuses the password; MatchRecordError for
	 *   a record file that cannot be used; errors of the file system
	 */
	async run(listener: DistributedMatchListener = {}): Promise<MatchSummary> {
		const o = this.options;
		await checkRedis(this.url);
		const { header, file, games } = await openMatchRecord(o, this.names);
		let pgn: Appender | null = null;
		try {
			if (o.pgnPath) pgn = await Appender.open(o.pgnPath, 'PGN file');
			for (const record of games) this.keep(record);
			return await this.coordinate(header, file, pgn, listener);
		} finally {
			await file?.close();
			await pgn?.close();
		}
	}

	/** Runs the match on the queue, its record and PGN file open. */
	private async coordinate(
		header: MatchHeader,
		file: MatchRecordFile | null,
		pgn: Appender | null,
		listener: DistributedMatchListener,
	): Promise<MatchSummary> {
		const o = this.options;
		const resumed = this.records.length;
		const key = matchKey(header);
		const schedule = new Schedule(o.openings.length, header.seed, header.shuffle);
		const redis = openRedis(this.url);
		redis.on('error', (error: Error) => this.connectionLost(listener, error));
		redis.on('ready', () => this.connectionBack(listener));
		const pairs = new Queue(PAIRS_QUEUE, { connection: redis, prefix: QUEUE_PREFIX });
		const reports = new Queue(reportQueueName(key), { connection: redis, prefix: QUEUE_PREFIX });
		for (const queue of [pairs, reports]) queue.on('error', (error: Error) => this.connectionLost(listener, error));
		let consumer: Worker | null = null;
		let poller: NodeJS.Timeout | null = null;
		let abandoned: number;
		try {
			await redis.del(stopKey(key));
			this.checkSprt();
			if (this.remaining() === 0) this.halt('done');
			if (this.end === null) {
				const ended = new Promise<void>((resolve) => {
					this.wake = resolve;
				});
				const receive = async (data: unknown) => {
					if (this.end !== null) return;
					try {
						await this.receive(data, schedule, file, pgn, listener);
					} catch (error) {
						// The record cannot be written: stop; the report is lost, and --resume plays its game again.
						this.failure ??= error;
						this.halt('stopped');
					}
				};
				consumer = new Worker(reportQueueName(key), (job) => receive(job.data), {
					connection: redisOptions(this.url, true),
					prefix: QUEUE_PREFIX,
					concurrency: 1,
					lockDuration: 10_000,
					stalledInterval: 10_000,
					maxStalledCount: Number.MAX_SAFE_INTEGER,
					removeOnComplete: { count: 0 },
					removeOnFail: { count: 0 },
				});
				consumer.on('error', (error: Error) => this.connectionLost(listener, error));
				poller = setInterval(() => void this.readPlaying(redis, key), PLAYING_POLL_MS);
				this.queuedAt = performance.now();
				await this.enqueue(pairs, key, schedule);
				await ended;
			}
		} finally {
			if (poller) clearInterval(poller);
			if (this.end !== 'done') await this.readPlaying(redis, key);
			abandoned = this.end === 'done' ? 0 : this.inFlight();
			await redis.set(stopKey(key), this.end ?? 'stopped', 'EX', STOP_KEY_TTL_S);
			await consumer?.close(true);
			await this.removeJobs(redis, pairs, key, listener);
			await reports.obliterate({ force: true });
			await redis.del(playingKey(key));
			await pairs.close();
			await reports.close();
			redis.disconnect();
		}
		if (this.failure !== null) throw this.failure;
		return {
			names: this.names,
			records: this.records,
			tally: tally(this.records),
			sprt: this.sprt,
			end: this.end === 'done' || this.end === null ? 'done' : this.end,
			resumed,
			abandoned,
			header,
		};
	}

	/** Games of the match not yet recorded. */
	private remaining(): number {
		return this.options.games - this.done;
	}

	private keep(record: MatchGameLine): void {
		if (record.game <= this.options.games && !this.recorded.has(record.game)) this.done++;
		this.recorded.add(record.game);
		this.records.push(record);
	}

	private halt(end: 'done' | 'sprt' | 'stopped'): void {
		if (this.end !== null) return;
		this.end = end;
		this.wake?.();
	}

	/** Updates the SPRT from the totals (by default, of the games recorded); halts once it decides. */
	private checkSprt(totals: Tally = tally(this.records)): void {
		const options = this.options.sprt;
		if (!options) return;
		this.sprt = sprtState(options, totals.pentanomial);
		if (this.sprt.decision) this.halt('sprt');
	}

	/** Puts a job on the pairs queue for each pair with a game still to play. */
	private async enqueue(pairs: Queue, key: string, schedule: Schedule): Promise<void> {
		const o = this.options;
		const jobs: Array<{ name: string; data: PairJob; opts: { jobId: string } }> = [];
		for (let pair = 1; pair <= Math.ceil(o.games / 2); pair++) {
			const games = [2 * pair - 1, 2 * pair]
				.filter((game) => game <= o.games && !this.recorded.has(game))
				.map((game) => schedule.game(game));
			if (games.length === 0) continue;
			const opening = o.openings[games[0].opening];
			jobs.push({
				name: 'pair',
				data: {
					version: PAIR_JOB_VERSION,
					match: key,
					pair,
					games,
					opening: {
						label: opening.label,
						fen: opening.fen,
						before: opening.before.map((position) => formatFen(position)),
					},
					engines: [
						{ name: this.names[0], spec: o.engines[0].text },
						{ name: this.names[1], spec: o.engines[1].text },
					],
					timeMs: o.timeMs,
					timeControl: o.timeControl ? formatTimeControl(o.timeControl) : null,
					halfMoveLimit: o.halfMoveLimit,
					variant: o.variant,
					graceMs: o.graceMs ?? null,
					adjudication: o.adjudication ?? null,
					recordPv: o.recordPv ?? true,
				},
				opts: { jobId: pairJobId(key, pair) },
			});
		}
		for (let i = 0; i < jobs.length && this.end === null; i += BULK) await pairs.addBulk(jobs.slice(i, i + BULK));
	}

	/** Handles one report from a worker. */
	private async receive(
		data: unknown,
		schedule: Schedule,
		file: MatchRecordFile | null,
		pgn: Appender | null,
		listener: DistributedMatchListener,
	): Promise<void> {
		const games = this.options.games;
		let report;
		try {
			report = readReport(data, (game) => (game <= games ? schedule.game(game) : null));
		} catch (error) {
			if (!(error instanceof MalformedJobError)) throw error;
			listener.ignored?.(`a report was ignored: ${error.message}`);
			return;
		}
		if (report.type === 'refused') {
			this.workers.add(report.worker);
			const seen = `${report.worker}\n${report.reason}`;
			if (this.refusals.has(seen)) return;
			this.refusals.add(seen);
			const line: RefusalLine = {
				type: 'refusal',
				pair: report.pair,
				worker: report.worker,
				reason: report.reason,
				at: new Date().toISOString(),
			};
			await file?.append(line);
			listener.refused?.(line);
			return;
		}
		const record = report.record;
		this.workers.add(record.worker);
		this.playing.delete(record.game);
		if (this.recorded.has(record.game)) return;
		let pgnText: string | null = null;
		if (pgn) {
			try {
				pgnText = formatPgn(record);
			} catch (error) {
				listener.ignored?.(`the report of game ${record.game} was ignored: ${(error as Error).message}`);
				return;
			}
		}
		this.keep(record);
		this.recordedNow++;
		await file?.append(record);
		if (pgnText !== null) await pgn?.append(pgnText);
		const totals = tally(this.records);
		this.checkSprt(totals);
		listener.gameFinished?.(record, totals, this.sprt);
		if (this.remaining() === 0) this.halt('done');
	}

	/**
	 * Removes every pair job of the match: those not started at once, those in progress once their
	 * workers have dropped them (or their locks have expired), waiting at most `cleanupMs`.
	 */
	private async removeJobs(
		redis: Redis,
		pairs: Queue,
		key: string,
		listener: DistributedMatchListener,
	): Promise<void> {
		let ids = await this.pairJobIds(redis, key);
		const deadline = performance.now() + this.cleanupMs;
		let told = false;
		for (;;) {
			const removed = await Promise.all(ids.map((id) => pairs.remove(id)));
			const held = ids.filter((_, i) => removed[i] === 0);
			const exist = await Promise.all(held.map((id) => redis.exists(jobKey(id))));
			ids = held.filter((_, i) => exist[i] === 1);
			if (ids.length === 0) return;
			if (performance.now() > deadline) {
				listener.leftBehind?.(ids.length);
				return;
			}
			if (!told) listener.cleaning?.(ids.length);
			told = true;
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}

	/** The ids of the match's pair jobs on the server, from their keys. */
	private async pairJobIds(redis: Redis, key: string): Promise<string[]> {
		const ids: string[] = [];
		const prefix = `${QUEUE_PREFIX}:${PAIRS_QUEUE}:`;
		let cursor = '0';
		do {
			const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}${key}-*`, 'COUNT', 1000);
			cursor = next;
			for (const k of keys) {
				const id = k.slice(prefix.length);
				if (pairOfJobId(key, id) !== null) ids.push(id);
			}
		} while (cursor !== '0');
		return ids;
	}

	/** Reads the games being played (the connection down: keeps the last reading). */
	private async readPlaying(redis: Redis, key: string): Promise<void> {
		try {
			const entries = await redis.hgetall(playingKey(key));
			this.playing = new Map(Object.entries(entries).map(([game, worker]) => [Number(game), worker]));
			for (const worker of this.playing.values()) this.workers.add(worker);
		} catch {
			// The next reading will do.
		}
	}

	private connectionLost(listener: DistributedMatchListener, error: Error): void {
		if (this.lost) return;
		this.lost = true;
		listener.connection?.(redisErrorMessage(this.url, error));
	}

	private connectionBack(listener: DistributedMatchListener): void {
		if (!this.lost) return;
		this.lost = false;
		listener.connection?.(null);
	}
}

/** The Redis key of a pair job's hash. */
function jobKey(id: string): string {
	return `${QUEUE_PREFIX}:${PAIRS_QUEUE}:${id}`;
}
