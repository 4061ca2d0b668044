/**
 * What travels through the queue. The coordinator puts one `PairJob` per pair of games on the
 * pairs queue; a worker plays its games and sends `Report`s back on the match's report queue:
 * a game finished (its record), or a pair refused (the worker cannot run an engine of the match).
 * (The games being played are kept apart, in the match's playing hash: `queue-keys.ts`.)
 * Everything is plain JSON; both sides check what they read, since a queue is shared and a
 * worker never trusts a job to be well formed.
 *
 * A job names engines by their names in the match and carries their specs as given to the
 * coordinator, but a worker runs only built-in engines and the engines of its own `--engines`
 * file (`engines-file.ts`): never a program named in a job.
 */

import { parseFen } from '../game/fen.js';
import { type Variant } from '../game/game-over.js';
import { BLUE, RED } from '../game/position.js';
import { type AdjudicationOptions } from '../match/adjudication.js';
import { type Opening } from '../match/opening.js';
import { type MatchGameLine } from '../match/match-record.js';
import { type ScheduledGame } from '../match/schedule.js';
import { parseTimeControl } from '../match/time-control.js';

/** The version of the job format; a worker refuses the jobs of another. */
export const PAIR_JOB_VERSION = 1;

/** An engine of a match as a job names it. */
export interface JobEngine {
	/** Its name in the match (and in a worker's `--engines` file). */
	readonly name: string;
	/** Its spec as given to the coordinator (`builtin:depth=4`, `uai:./engine`). */
	readonly spec: string;
}

/** A pair of games to play: the data of a job on the pairs queue. */
export interface PairJob {
	readonly version: typeof PAIR_JOB_VERSION;
	/** The match's key (`matchKey`). */
	readonly match: string;
	/** Pair number, from 1. */
	readonly pair: number;
	/** The games of the pair still to play (one or two), in order. */
	readonly games: readonly ScheduledGame[];
	/** The pair's start position: label, FEN, and the FENs of the board file's history before it. */
	readonly opening: { readonly label: string; readonly fen: string; readonly before: readonly string[] };
	/** Engines A and B. */
	readonly engines: readonly [JobEngine, JobEngine];
	/** Time per move, ms (with `timeControl`: its base time). */
	readonly timeMs: number;
	/**
	 * A clock in place of the time per move (`[MOVES/]BASE[+INC]`, `time-control.ts`); null for
	 * none (absent in jobs of older versions).
	 */
	readonly timeControl: string | null;
	/** Half-move limit; null for the board's default. */
	readonly halfMoveLimit: number | null;
	readonly variant: Variant;
	/** Grace period of engine programs, ms; null for their default. */
	readonly graceMs: number | null;
	readonly adjudication: AdjudicationOptions | null;
	/** Keep each move's principal variation in the records (absent in jobs of older versions: true). */
	readonly recordPv: boolean;
}

/** What a worker sends back, on the match's report queue. */
export type Report =
	| { readonly type: 'finished'; readonly record: MatchGameLine & { readonly worker: string } }
	| { readonly type: 'refused'; readonly pair: number; readonly worker: string; readonly reason: string };

/** A job or report that is not what it should be; the message says what is wrong. */
export class MalformedJobError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'MalformedJobError';
	}
}

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		throw new MalformedJobError(`${what} is not an object`);
	return value as Json;
}

function text(value: unknown, what: string): string {
	if (typeof value !== 'string' || value === '') throw new MalformedJobError(`${what} is not a non-empty string`);
	return value;
}

function integer(value: unknown, what: string, min: number): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
		throw new MalformedJobError(`${what} is not an integer >= ${min}`);
	return value;
}

function flag(value: unknown, what: string): boolean {
	if (typeof value !== 'boolean') throw new MalformedJobError(`${what} is not true or false`);
	return value;
}

/** A time control's text that `parseTimeControl` reads. */
function timeControlText(value: unknown): string {
	const spec = text(value, 'timeControl');
	try {
		parseTimeControl(spec);
	} catch (error) {
		throw new MalformedJobError((error as Error).message);
	}
	return spec;
}

function positive(value: unknown, what: string): number {
	if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))
		throw new MalformedJobError(`${what} is not a number > 0`);
	return value;
}

/**
 * Checks the data of a pair job.
 * @throws MalformedJobError naming the first field that is wrong
 */
export function readPairJob(data: unknown): PairJob {
	const job = object(data, 'the job');
	if (job.version !== PAIR_JOB_VERSION)
		throw new MalformedJobError(
			`job format ${JSON.stringify(job.version)}, this worker reads format ${PAIR_JOB_VERSION}: ` +
				'run the same blobterm version on the coordinator and the workers',
		);
	const pair = integer(job.pair, 'pair', 1);
	if (!Array.isArray(job.games) || job.games.length < 1 || job.games.length > 2)
		throw new MalformedJobError('games is not a list of one or two games');
	const games = job.games.map((value, i): ScheduledGame => {
		const game = object(value, `games[${i}]`);
		const number = integer(game.game, `games[${i}].game`, 1);
		if (Math.ceil(number / 2) !== pair) throw new MalformedJobError(`game ${number} is not of pair ${pair}`);
		if (game.pair !== pair) throw new MalformedJobError(`games[${i}].pair is not ${pair}`);
		return {
			game: number,
			pair,
			opening: integer(game.opening, `games[${i}].opening`, 0),
			engineA: number % 2 === 1 ? BLUE : RED,
		};
	});
	const opening = object(job.opening, 'opening');
	if (!Array.isArray(opening.before) || !opening.before.every((fen) => typeof fen === 'string'))
		throw new MalformedJobError('opening.before is not a list of FENs');
	if (!Array.isArray(job.engines) || job.engines.length !== 2) throw new MalformedJobError('engines is not a pair');
	const engines = job.engines.map((value, i) => {
		const engine = object(value, `engines[${i}]`);
		return { name: text(engine.name, `engines[${i}].name`), spec: text(engine.spec, `engines[${i}].spec`) };
	}) as [JobEngine, JobEngine];
	if (job.variant !== 'blobwar' && job.variant !== 'ataxx')
		throw new MalformedJobError('variant is not blobwar or ataxx');
	let adjudication: AdjudicationOptions | null = null;
	if (job.adjudication !== null) {
		const a = object(job.adjudication, 'adjudication');
		adjudication = {
			margin: integer(a.margin, 'adjudication.margin', 1),
			plies: integer(a.plies, 'adjudication.plies', 1),
		};
	}
	return {
		version: PAIR_JOB_VERSION,
		match: text(job.match, 'match'),
		pair,
		games,
		opening: {
			label: text(opening.label, 'opening.label'),
			fen: text(opening.fen, 'opening.fen'),
			before: opening.before as string[],
		},
		engines,
		timeMs: positive(job.timeMs, 'timeMs'),
		timeControl:
			job.timeControl === undefined || job.timeControl === null ? null : timeControlText(job.timeControl),
		halfMoveLimit: job.halfMoveLimit === null ? null : integer(job.halfMoveLimit, 'halfMoveLimit', 1),
		variant: job.variant,
		graceMs: job.graceMs === null ? null : integer(job.graceMs, 'graceMs', 0),
		adjudication,
		recordPv: job.recordPv === undefined ? true : flag(job.recordPv, 'recordPv'),
	};
}

/**
 * The opening of a job, from its FENs.
 * @throws FenError for a FEN that cannot be read
 */
export function jobOpening(job: PairJob): Opening {
	return {
		label: job.opening.label,
		position: parseFen(job.opening.fen).position,
		before: job.opening.before.map((fen) => parseFen(fen).position),
		fen: job.opening.fen,
	};
}

/**
 * Checks a report from a worker against the match: a game number of the match, and a record
 * whose pair, colours and result agree with the schedule.
 * @param expected the scheduled game of a number, or null for a number that is not a game of the match
 * @throws MalformedJobError saying what is wrong
 */
export function readReport(data: unknown, expected: (game: number) => ScheduledGame | null): Report {
	const report = object(data, 'the report');
	const worker = text(report.worker ?? object(report.record, 'record').worker, 'worker');
	if (report.type === 'refused') {
		return {
			type: 'refused',
			pair: integer(report.pair, 'pair', 1),
			worker,
			reason: text(report.reason, 'reason'),
		};
	}
	if (report.type !== 'finished') throw new MalformedJobError(`unknown report type ${JSON.stringify(report.type)}`);
	const record = object(report.record, 'record');
	const game = integer(record.game, 'record.game', 1);
	const scheduled = expected(game);
	if (!scheduled) throw new MalformedJobError(`game ${game} is not a game of the match`);
	if (record.type !== 'game') throw new MalformedJobError('record.type is not "game"');
	if (record.pair !== scheduled.pair) throw new MalformedJobError(`record.pair is not ${scheduled.pair}`);
	if (record.engineA !== (scheduled.engineA === BLUE ? 'blue' : 'red'))
		throw new MalformedJobError(`record.engineA is not the colour engine A plays in game ${game}`);
	const results: Record<string, unknown> = { '1-0': 'blue', '0-1': 'red', '1/2-1/2': null };
	if (!(typeof record.result === 'string' && record.result in results) || results[record.result] !== record.winner)
		throw new MalformedJobError('record.result and record.winner do not agree');
	if (record.termination !== 'end' && record.termination !== 'forfeit' && record.termination !== 'adjudicated')
		throw new MalformedJobError('record.termination is not end, forfeit or adjudicated');
	if (!Array.isArray(record.moves)) throw new MalformedJobError('record.moves is not a list');
	return { type: 'finished', record: record as unknown as MatchGameLine & { worker: string } };
}
