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

import { defaultHalfMoveLimit, type Variant } from '../game/game-over.js';
import { BLUE, type Side } from '../game/position.js';
import { createPlayer } from '../players/create-player.js';
import { type PlayerSpec, specName } from '../players/player-spec.js';
import { type Player } from '../players/player.js';
import { adjudicate, type Adjudication, type AdjudicationOptions } from './adjudication.js';
import { Game } from './game.js';
import { GameLog } from './game-log.js';
import { type Opening } from './opening.js';
import { formatPgn } from './pgn.js';
import { Appender, type MatchGameLine, type MatchHeader, MatchRecordFile } from './match-record.js';
import { type GameResult } from './result.js';
import { Schedule, type ScheduledGame } from './schedule.js';
import { checkSprtOptions, type SprtOptions, type SprtState, sprtState } from './sprt.js';
import { tally, type Tally } from './tally.js';
import { watchdogMs } from '../search/time-manager.js';
import { UserError } from '../game/user-error.js';
import { makeDirectory } from './user-files.js';

/**
 * Half-move limit of an Ataxx-rules game when none is given: the rules' own clock (100 half-moves
 * without a clone) ends games first.
 */
export const ATAXX_HALF_MOVE_LIMIT = 1000;

/** The half-move limit used when none is given: Blob War's default for the board, or `ATAXX_HALF_MOVE_LIMIT`. */
export function defaultLimit(variant: Variant, geometry: { readonly playableCount: number }): number {
	return variant === 'ataxx' ? ATAXX_HALF_MOVE_LIMIT : defaultHalfMoveLimit(geometry);
}

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
	/** Time per move, ms. */
	readonly timeMs: number;
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

/** A game being played. */
export interface LiveGame {
	readonly scheduled: ScheduledGame;
	readonly opening: Opening;
	/** Player names, Blue then Red. */
	readonly names: readonly [string, string];
	readonly game: Game;
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

/** A match. */
export class Match {
	readonly names: [string, string];
	private readonly live = new Map<number, LiveGame>();
	private records: MatchGameLine[] = [];
	private stopReason: 'sprt' | 'stopped' | null = null;
	private abandoned = 0;
	private sprt: SprtState | null = null;

	/** @throws MatchOptionsError, SprtOptionsError for settings that make no match */
	constructor(readonly options: MatchOptions) {
		if (options.openings.length === 0) throw new MatchOptionsError('no board to play on');
		if (!Number.isInteger(options.games) || options.games < 1)
			throw new MatchOptionsError(`the number of games must be an integer >= 1, got ${options.games}`);
		if (!Number.isInteger(options.concurrency) || options.concurrency < 1)
			throw new MatchOptionsError(`concurrency must be an integer >= 1, got ${options.concurrency}`);
		if (!(options.timeMs > 0))
			throw new MatchOptionsError(`the time per move must be > 0, got ${options.timeMs} ms`);
		if (options.sprt) checkSprtOptions(options.sprt);
		if (options.resume && !options.recordPath)
			throw new MatchOptionsError('--resume needs the record file of the match (--record FILE)');
		for (const spec of options.engines) {
			if (spec.kind === 'human') throw new MatchOptionsError('a match is between engines: human cannot play');
		}
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
		const base = {
			type: 'match' as const,
			version: 1 as const,
			engines: [o.engines[0].text, o.engines[1].text] as const,
			names: this.names,
			openings: o.openings.map((opening) => ({ label: opening.label, fen: opening.fen })),
			games: o.games,
			timeMs: o.timeMs,
			halfMoveLimit: o.halfMoveLimit,
			variant: o.variant,
			shuffle: o.shuffle ?? false,
			adjudication: o.adjudication ?? null,
			sprt: o.sprt ?? null,
			startedAt: new Date().toISOString(),
		};
		let header: MatchHeader;
		let recordFile: MatchRecordFile | null = null;
		let pgn: Appender | null = null;
		try {
			if (o.recordPath) {
				const opened = await MatchRecordFile.open(
					o.recordPath,
					{ ...base, seed: o.seed ?? null },
					o.resume ?? false,
				);
				recordFile = opened.file;
				header = opened.header;
				this.records = [...opened.games];
			} else {
				header = { ...base, seed: o.seed ?? Math.floor(Math.random() * 0x7fffffff) };
			}
			if (o.pgnPath) pgn = await Appender.open(o.pgnPath, 'PGN file');
			if (o.logDir) await makeDirectory(o.logDir, 'log directory');
			const resumed = this.records.length;
			await this.playAll(header, recordFile, pgn, listener);
			return {
				names: this.names,
				records: this.records,
				tally: tally(this.records),
				sprt: this.sprt,
				end: this.stopReason ?? 'done',
				resumed,
				abandoned: this.abandoned,
				header,
			};
		} finally {
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
		const o = this.options;
		const opening = o.openings[scheduled.opening];
		const order: [0 | 1, 0 | 1] = scheduled.engineA === BLUE ? [0, 1] : [1, 0];
		const names: [string, string] = [this.names[order[0]], this.names[order[1]]];
		const log = o.logDir ? await GameLog.open(o.logDir, scheduled.game) : null;
		log?.line(
			`game ${scheduled.game}: ${names[0]} (Blue) against ${names[1]} (Red) on ${opening.label} (${opening.fen})`,
		);
		const makePlayer = (side: Side): Player => {
			const spec = o.engines[order[side]];
			return createPlayer({ ...spec, name: names[side] } as PlayerSpec, {
				graceMs: o.graceMs,
				log: log?.logger(`${side === BLUE ? 'Blue' : 'Red'} ${names[side]}`),
			});
		};
		const halfMoveLimit = o.halfMoveLimit ?? defaultLimit(o.variant, opening.position.geometry);
		const game = new Game({
			start: opening.position,
			before: opening.before,
			players: [makePlayer(0), makePlayer(1)],
			timeMs: [o.timeMs, o.timeMs],
			halfMoveLimit,
			variant: o.variant,
			watchdogMs: o.watchdogMs ?? watchdogMs(o.timeMs, true),
		});
		let adjudicated: Adjudication | null = null;
		const adjudication = o.adjudication;
		if (adjudication) {
			game.subscribe(() => {
				if (adjudicated || game.state.result) return;
				adjudicated = adjudicate(game.state.positions, adjudication);
				if (adjudicated) game.abort();
			});
		}
		const live: LiveGame = { scheduled, opening, names, game };
		this.live.set(scheduled.game, live);
		const startedAt = new Date().toISOString();
		let result: GameResult;
		try {
			if (this.stopReason !== null) game.abort();
			listener.gameStarted?.(live);
			result = await game.run();
		} finally {
			this.live.delete(scheduled.game);
			await game.close();
			log?.line(`game ${scheduled.game} over: ${game.state.result?.reason ?? 'abandoned'}`);
			await log?.close();
		}
		// The rules' own end wins over an adjudication decided on the same move.
		const decided = result.kind === 'aborted' ? (adjudicated as Adjudication | null) : null;
		if (result.kind === 'aborted' && !decided) {
			this.abandoned++;
			return null;
		}
		const final = game.state.position;
		const winnerSide = decided ? decided.winner : result.winner;
		const winner = winnerSide === null ? null : winnerSide === BLUE ? 'blue' : 'red';
		return {
			type: 'game',
			game: scheduled.game,
			pair: scheduled.pair,
			opening: scheduled.opening,
			board: opening.label,
			fen: opening.fen,
			variant: o.variant,
			halfMoveLimit,
			timeMs: o.timeMs,
			blue: names[0],
			red: names[1],
			engineA: scheduled.engineA === BLUE ? 'blue' : 'red',
			moves: game.state.moves.map((m) => ({ move: m.text, said: m.said, ms: Math.round(m.timeMs) })),
			result: winner === 'blue' ? '1-0' : winner === 'red' ? '0-1' : '1/2-1/2',
			winner,
			blobs: decided ? { blue: final.count[0], red: final.count[1] } : { blue: result.blue, red: result.red },
			termination: decided ? 'adjudicated' : (result.kind as 'end' | 'forfeit'),
			reason: decided ? decided.reason : result.reason,
			startedAt,
			endedAt: new Date().toISOString(),
		};
	}
}
