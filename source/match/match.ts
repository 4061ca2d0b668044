/**
 * A match between two engines: many games, each opening played twice with colours swapped
 * (`schedule.ts`), several games at once, each game's record appended the moment it ends
 * (`match-record.ts`, optionally `pgn.ts`, per-game engine logs in `game-log.ts`), running totals and
 * statistics (`tally.ts`, `stats.ts`), and an SPRT (`sprt.ts`) that stops the match once decided.
 *
 * Each game gets fresh players (one worker thread per built-in engine, one process per external
 * engine), closed when it ends, so a misbehaving engine loses that game and nothing more: the
 * match goes on and no process is left behind. A stopped match (Ctrl-C, a decided SPRT)
 * abandons the games in progress, which are not recorded; `resume` plays them later.
 */

import { type Variant } from '../game/game-over.js';
import { type PlayerSpec, specName } from '../players/player-spec.js';
import { type AdjudicationOptions } from './adjudication.js';
import { GameLog } from './game-log.js';
import { type LiveGame, type StartedMatchGame, startMatchGame } from './match-game.js';
import { SearchPools } from '../players/search-pools.js';
import { type Opening } from './opening.js';
import { formatPgn } from './pgn.js';
import { Appender, type MatchGameLine, type MatchHeader, MatchRecordFile } from './match-record.js';
import { Schedule, type ScheduledGame } from './schedule.js';
import { checkSprtOptions, type SprtOptions, type SprtState, sprtState } from './sprt.js';
import { tally, type Tally } from './tally.js';
import { UserError } from '../game/user-error.js';
import { makeDirectory } from './user-files.js';
import { formatTimeControl, type TimeControl } from './time-control.js';

export { ATAXX_HALF_MOVE_LIMIT, defaultLimit, type LiveGame } from './match-game.js';

/** Settings of a match. */
export interface MatchOptions {
	/** Engines A and B. */
	readonly engines: readonly [PlayerSpec, PlayerSpec];
	/** Start positions (at least one). */
	readonly openings: readonly Opening[];
	/** Games to play in all (a resumed match counts the recorded ones). */
	readonly games: number;
	/** Games at once (>= 1). */
	readonly concurrency: number;
	/** Time per move, ms (with `timeControl`: its base time). */
	readonly timeMs: number;
	/** A clock in place of the time per move (`time-control.ts`); null or absent: `timeMs` per move. */
	readonly timeControl?: TimeControl | null;
	/** Half-move limit; null for `defaultLimit` of each board. */
	readonly halfMoveLimit: number | null;
	readonly variant: Variant;
	/** Grace period of engine programs, ms (their default: 500). */
	readonly graceMs?: number;
	/**
	 * Extra ms past an engine's time and grace before the game loop steps in (default: `watchdogMs`
	 * of unattended play).
	 */
	readonly watchdogMs?: number;
	readonly adjudication?: AdjudicationOptions | null;
	/** Keep each move's principal variation in the record (default true): `MatchGameSettings.recordPv`. */
	readonly recordPv?: boolean;
	readonly sprt?: SprtOptions | null;
	/** Seed of the opening shuffle; null: the record's (when resuming) or a random one. */
	readonly seed?: number | null;
	readonly shuffle?: boolean;
	/** Record file (JSON Lines); null for none. */
	readonly recordPath?: string | null;
	/** PGN file games are appended to; null for none. */
	readonly pgnPath?: string | null;
	/** Folder of the per-game engine logs; null for none. */
	readonly logDir?: string | null;
	/** Go on with the match in `recordPath`. */
	readonly resume?: boolean;
}

/** What a match reports as it goes. */
export interface MatchListener {
	gameStarted?(live: LiveGame): void;
	gameFinished?(record: MatchGameLine, totals: Tally, sprt: SprtState | null): void;
}

/** How a match ended. */
export interface MatchSummary {
	readonly names: readonly [string, string];
	/** Every finished game, recorded earlier (resume) or now. */
	readonly records: readonly MatchGameLine[];
	readonly tally: Tally;
	readonly sprt: SprtState | null;
	/** `done`: every game was played; `sprt`: the SPRT decided; `stopped`: stopped by `stop()`. */
	readonly end: 'done' | 'sprt' | 'stopped';
	/** Games found in the record when resuming. */
	readonly resumed: number;
	/** Games abandoned by a stop (not recorded). */
	readonly abandoned: number;
	readonly header: MatchHeader;
}

/** A bad match setting. */
export class MatchOptionsError extends UserError {}

/** The names of engines A and B in records: their specs' names, made distinct. */
export function engineNames(engines: readonly [PlayerSpec, PlayerSpec]): [string, string] {
	let names: [string, string] = [specName(engines[0]), specName(engines[1])];
	if (names[0] === names[1]) names = [engines[0].text, engines[1].text];
	if (names[0] === names[1]) names = [`${names[0]} A`, `${names[1]} B`];
	return names;
}

/**
 * Checks the settings of a match.
 * @throws MatchOptionsError, SprtOptionsError for settings that make no match
 */
export function checkMatchOptions(options: MatchOptions): void {
	if (options.openings.length === 0) throw new MatchOptionsError('no board to play on');
	if (!Number.isInteger(options.games) || options.games < 1)
		throw new MatchOptionsError(`the number of games must be an integer >= 1, got ${options.games}`);
	if (!Number.isInteger(options.concurrency) || options.concurrency < 1)
		throw new MatchOptionsError(`concurrency must be an integer >= 1, got ${options.concurrency}`);
	if (!(options.timeMs > 0)) throw new MatchOptionsError(`the time per move must be > 0, got ${options.timeMs} ms`);
	if (options.sprt) checkSprtOptions(options.sprt);
	if (options.resume && !options.recordPath)
		throw new MatchOptionsError('--resume needs the record file of the match (--record FILE)');
	for (const spec of options.engines) {
		if (spec.kind === 'human') throw new MatchOptionsError('a match is between engines: human cannot play');
	}
}

/**
 * The header of a match's record (its first line), from its settings; `seed` is null when none was
 * given (the record's, or a random one, is used).
 */
export function matchHeader(
	options: MatchOptions,
	names: readonly [string, string],
): Omit<MatchHeader, 'seed'> & { seed: number | null } {
	return {
		type: 'match',
		version: 1,
		engines: [options.engines[0].text, options.engines[1].text],
		names,
		openings: options.openings.map((opening) => ({ label: opening.label, fen: opening.fen })),
		games: options.games,
		timeMs: options.timeMs,
		...(options.timeControl && { timeControl: formatTimeControl(options.timeControl) }),
		halfMoveLimit: options.halfMoveLimit,
		variant: options.variant,
		shuffle: options.shuffle ?? false,
		adjudication: options.adjudication ?? null,
		sprt: options.sprt ?? null,
		startedAt: new Date().toISOString(),
		seed: options.seed ?? null,
	};
}

/**
 * Opens the record of a match (`recordPath`), or makes the header of a match without one.
 * @returns the header (with the seed in use), the record file or null, and the games it holds
 * @throws MatchRecordError for a record file that cannot be used; errors of the file system
 */
export async function openMatchRecord(
	options: MatchOptions,
	names: readonly [string, string],
): Promise<{ header: MatchHeader; file: MatchRecordFile | null; games: readonly MatchGameLine[] }> {
	const base = matchHeader(options, names);
	if (!options.recordPath)
		return {
			header: { ...base, seed: base.seed ?? Math.floor(Math.random() * 0x7fffffff) },
			file: null,
			games: [],
		};
	const opened = await MatchRecordFile.open(options.recordPath, base, options.resume ?? false);
	return { header: opened.header, file: opened.file, games: opened.games };
}

/** A match. */
export class Match {
	readonly names: [string, string];
	private readonly live = new Map<number, LiveGame>();
	private records: MatchGameLine[] = [];
	private stopReason: 'sprt' | 'stopped' | null = null;
	private abandoned = 0;
	private sprt: SprtState | null = null;
	/** The built-in engines' search threads, kept from game to game (`search-pools.ts`). */
	private readonly pools = new SearchPools();

	/** @throws MatchOptionsError, SprtOptionsError for settings that make no match */
	constructor(readonly options: MatchOptions) {
		checkMatchOptions(options);
		this.names = engineNames(options.engines);
	}

	/** The games being played now, by game number. */
	running(): LiveGame[] {
		return [...this.live.values()].sort((a, b) => a.scheduled.game - b.scheduled.game);
	}

	/** The finished games so far. */
	finished(): readonly MatchGameLine[] {
		return this.records;
	}

	/** Stops the match: no new game starts, the games in progress are abandoned (not recorded). */
	stop(): void {
		this.halt('stopped');
	}

	/**
	 * Plays the match to its end (or its stop). The record, the PGN file and the log directory
	 * are opened (and the record locked) before the first game, and closed at the end.
	 * @throws MatchRecordError for a record file that cannot be used (in use, another match's,
	 *   damaged); FileWriteError, FileReadError for a record, PGN or log file that cannot be
	 *   written or read
	 */
	async run(listener: MatchListener = {}): Promise<MatchSummary> {
		const o = this.options;
		let recordFile: MatchRecordFile | null = null;
		let pgn: Appender | null = null;
		try {
			const opened = await openMatchRecord(o, this.names);
			recordFile = opened.file;
			this.records = [...opened.games];
			if (o.pgnPath) pgn = await Appender.open(o.pgnPath, 'PGN file');
			if (o.logDir) await makeDirectory(o.logDir, 'log directory');
			const resumed = this.records.length;
			await this.playAll(opened.header, recordFile, pgn, listener);
			return {
				names: this.names,
				records: this.records,
				tally: tally(this.records),
				sprt: this.sprt,
				end: this.stopReason ?? 'done',
				resumed,
				abandoned: this.abandoned,
				header: opened.header,
			};
		} finally {
			await this.pools.close();
			await recordFile?.close();
			await pgn?.close();
		}
	}

	/**
	 * Plays the games not yet recorded, `concurrency` at once, appending each to the record and
	 * the PGN file as it ends. An error (a log file that cannot be written) stops the match.
	 */
	private async playAll(
		header: MatchHeader,
		recordFile: MatchRecordFile | null,
		pgn: Appender | null,
		listener: MatchListener,
	): Promise<void> {
		const o = this.options;
		const schedule = new Schedule(o.openings.length, header.seed, header.shuffle);
		const done = new Set(this.records.map((r) => r.game));
		const queue: number[] = [];
		for (let n = 1; n <= o.games; n++) if (!done.has(n)) queue.push(n);
		this.checkSprt();

		let failure: { error: unknown } | null = null;
		const worker = async () => {
			try {
				while (this.stopReason === null) {
					const n = queue.shift();
					if (n === undefined) return;
					const record = await this.playGame(schedule.game(n), listener);
					if (!record) continue;
					this.records.push(record);
					await recordFile?.append(record);
					await pgn?.append(formatPgn(record));
					this.checkSprt();
					listener.gameFinished?.(record, tally(this.records), this.sprt);
				}
			} catch (error) {
				failure ??= { error };
				this.halt('stopped');
			}
		};
		await Promise.all(Array.from({ length: Math.min(o.concurrency, Math.max(1, queue.length)) }, worker));
		if (failure) throw (failure as { error: unknown }).error;
	}

	private halt(reason: 'sprt' | 'stopped'): void {
		if (this.stopReason !== null) return;
		this.stopReason = reason;
		for (const live of this.live.values()) live.game.abort();
	}

	private checkSprt(): void {
		const options = this.options.sprt;
		if (!options) return;
		this.sprt = sprtState(options, tally(this.records).pentanomial);
		if (this.sprt.decision) this.halt('sprt');
	}

	/** Plays one game. @returns its record, or null if it was abandoned by a stop */
	private async playGame(scheduled: ScheduledGame, listener: MatchListener): Promise<MatchGameLine | null> {
		const opening = this.options.openings[scheduled.opening];
		const log = this.options.logDir ? await GameLog.open(this.options.logDir, scheduled.game) : null;
		let started: StartedMatchGame;
		try {
			started = startMatchGame(
				{ ...this.options, names: this.names, pools: this.pools },
				scheduled,
				opening,
				log,
			);
		} catch (error) {
			await log?.close();
			throw error;
		}
		const { live } = started;
		this.live.set(scheduled.game, live);
		let record: MatchGameLine | null;
		try {
			if (this.stopReason !== null) live.game.abort();
			listener.gameStarted?.(live);
			record = await started.finished;
		} finally {
			this.live.delete(scheduled.game);
		}
		if (!record) this.abandoned++;
		return record;
	}
}
