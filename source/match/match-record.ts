/**
 * The record of a match: a JSON Lines file (one JSON object per line). The first line describes
 * the match (`MatchHeader`); then one line per finished game (`MatchGameLine`), appended the moment
 * the game ends, in one write on a file opened for appending. A `kill -9` therefore loses only
 * the games in progress, and at worst leaves a last line cut short, which `MatchRecordFile.open`
 * removes when the match is resumed. A record is locked while a run writes to it.
 */

import { type FileHandle } from 'node:fs/promises';
import { lock } from 'proper-lockfile';
import { type Variant } from '../game/game-over.js';
import { type AdjudicationOptions } from './adjudication.js';
import { type ReportFields } from './move-report.js';
import { type SprtOptions } from './sprt.js';
import { UserError } from '../game/user-error.js';
import { fileErrorWords, openForWriting, readTextFile } from './user-files.js';

/** The first line: what the match is. A resumed match must have the same settings. */
export interface MatchHeader {
	readonly type: 'match';
	readonly version: 1;
	/** The engines' specs as given, `[A, B]`. */
	readonly engines: readonly [string, string];
	/** Their names in records and tables, `[A, B]`. */
	readonly names: readonly [string, string];
	/** The openings: label and FEN. */
	readonly openings: ReadonlyArray<{ readonly label: string; readonly fen: string }>;
	/** Games asked for (a resumed match may ask for more or fewer). */
	readonly games: number;
	/** Time per move, ms (with `timeControl`: its base time). */
	readonly timeMs: number;
	/** A clock in place of the time per move: `[MOVES/]BASE[+INC]` in seconds (`time-control.ts`). */
	readonly timeControl?: string;
	/** Half-move limit, or null for each board's default. */
	readonly halfMoveLimit: number | null;
	readonly variant: Variant;
	readonly seed: number;
	readonly shuffle: boolean;
	readonly adjudication: AdjudicationOptions | null;
	readonly sprt: SprtOptions | null;
	/** ISO 8601. */
	readonly startedAt: string;
}

/** A move in a record, with the mover's search report (`move-report.ts`) where there was one. */
export interface RecordedMove extends ReportFields {
	/** Canonical text `(r1,c1) > (r2,c2)`, or `pass`. */
	readonly move: string;
	/** What the player said (an engine's line; a UAI move). */
	readonly said: string;
	/** Time taken, ms. */
	readonly ms: number;
	/** With a clock: the mover's time left after the move (its increment added), ms. */
	readonly left?: number;
}

/** How a game ended. */
export type Termination = 'end' | 'forfeit' | 'adjudicated';

/** One finished game. */
export interface MatchGameLine {
	readonly type: 'game';
	/** Game number (from 1), its pair (from 1) and its opening's index (from 0). */
	readonly game: number;
	readonly pair: number;
	readonly opening: number;
	/** The opening's label and FEN. */
	readonly board: string;
	readonly fen: string;
	readonly variant: Variant;
	readonly halfMoveLimit: number;
	/** Time per move, ms (with `timeControl`: its base time). */
	readonly timeMs: number;
	/** A clock in place of the time per move, as in the header. */
	readonly timeControl?: string;
	/** Player names. */
	readonly blue: string;
	readonly red: string;
	/** The colour engine A played. */
	readonly engineA: 'blue' | 'red';
	readonly moves: readonly RecordedMove[];
	/** Blue's score first, as in PGN: `1-0` Blue won, `0-1` Red won, `1/2-1/2` a draw. */
	readonly result: '1-0' | '0-1' | '1/2-1/2';
	readonly winner: 'blue' | 'red' | null;
	/** Blob counts at the end (after the fill rule where it applied). */
	readonly blobs: { readonly blue: number; readonly red: number };
	readonly termination: Termination;
	/** Why it ended, for people (`the board is full`, `Red (x) forfeits: no move within 1.50 s`). */
	readonly reason: string;
	/** ISO 8601. */
	readonly startedAt: string;
	readonly endedAt: string;
	/** In a distributed match, the worker that played it (`HOST:PID`, or its `--name`). */
	readonly worker?: string;
}

/**
 * A line of a distributed match's record: a worker could not play a pair (it cannot run an
 * engine of the match), and why. The pair is left to other workers; no game is counted.
 */
export interface RefusalLine {
	readonly type: 'refusal';
	/** Pair number, from 1. */
	readonly pair: number;
	/** The worker (`HOST:PID`, or its `--name`). */
	readonly worker: string;
	readonly reason: string;
	/** ISO 8601. */
	readonly at: string;
}

/** A line of a record that is neither its header nor a game: a refusal, or another command's (`appendOther`). */
export type OtherLine = { readonly type?: unknown } & Readonly<Record<string, unknown>>;

/** A record file that cannot be used; its message says why and what to do. */
export class MatchRecordError extends UserError {}

/** The settings that must match for `--resume`, and how to name them. */
const COMPARED: ReadonlyArray<readonly [keyof MatchHeader, string]> = [
	['engines', 'engines'],
	['openings', 'boards'],
	['timeMs', 'time per move'],
	['timeControl', 'time control'],
	['halfMoveLimit', 'half-move limit'],
	['variant', 'rules'],
	['shuffle', '--shuffle'],
	['seed', 'seed'],
	['adjudication', 'adjudication'],
	['sprt', 'SPRT'],
];

/**
 * The first setting in which two headers differ, or null. The seed matters only with shuffle.
 */
export function headerDifference(a: MatchHeader, b: MatchHeader): string | null {
	for (const [key, words] of COMPARED) {
		if (key === 'seed' && !a.shuffle) continue;
		if (JSON.stringify(a[key]) !== JSON.stringify(b[key]))
			return `${words}: ${JSON.stringify(a[key])} in the record, ${JSON.stringify(b[key])} now`;
	}
	return null;
}

/**
 * Largest record read when resuming (bytes): about 12,000 games of 7x7 Ataxx at 20,000 nodes per
 * move with their principal variations, 24,000 without (`MatchGameSettings.recordPv`).
 */
const MAX_RECORD_BYTES = 256 * 1024 * 1024;

/** Ms after which the lock of a record whose run was killed (kill -9) counts as free. */
const LOCK_STALE_MS = 5000;

/** What a cut header can start with: the first characters `JSON.stringify` writes for one. */
const HEADER_START = '{"type":"match"';

/** Settings of `MatchRecordFile.open`. */
export interface RecordOpenOptions {
	/**
	 * Ms to wait for the lock of a record another run holds (default: a little more than a
	 * killed run's lock takes to count as free, so that a resume right after a kill -9 works).
	 */
	readonly lockWaitMs?: number;
}

/**
 * A record file open for appending, locked (`proper-lockfile`: a `FILE.lock` directory, kept
 * fresh while the match runs) so that two runs never write one record at once.
 */
export class MatchRecordFile {
	private queue: Promise<void> = Promise.resolve();
	private lost: Error | null = null;

	private constructor(
		readonly path: string,
		private readonly handle: FileHandle,
		private readonly release: () => Promise<void>,
	) {}

	/**
	 * Opens and locks a record file.
	 * - It must be a regular file or not exist; a symbolic link is refused (nothing is written
	 *   through one).
	 * - Not resuming: the file must not exist or be empty (a record is never overwritten); the header is written.
	 * - Resuming: a missing or empty file starts a new record; otherwise its header is read and
	 *   must agree with `header` (the seed aside, when `header.seed` is null: the record's is used),
	 *   each game must be recorded once, and only then is a last line cut short by a kill removed;
	 *   the finished games are returned, and the lines of other kinds after the header (refusals,
	 *   `blobterm spsa`'s steps) in their order. A file that is not a record is left as it was.
	 * Close the file with `close`, which frees the lock.
	 * @throws MatchRecordError for a record in use by another run, an existing record without
	 *   resume, a file that is not a record, a record of another match, a damaged line, a game
	 *   recorded twice; FileWriteError or FileReadError for a file that cannot be written or read
	 */
	static async open(
		path: string,
		header: Omit<MatchHeader, 'seed'> & { seed: number | null },
		resume: boolean,
		options: RecordOpenOptions = {},
	): Promise<{ file: MatchRecordFile; header: MatchHeader; games: MatchGameLine[]; others: OtherLine[] }> {
		const handle = await openForWriting(path, 'append', 'record file');
		let release: () => Promise<void>;
		try {
			const waitMs = options.lockWaitMs ?? LOCK_STALE_MS + 1500;
			release = await lock(path, {
				realpath: false,
				stale: LOCK_STALE_MS,
				update: 1000,
				retries: { retries: Math.max(0, Math.ceil(waitMs / 250)), minTimeout: 250, maxTimeout: 250, factor: 1 },
				onCompromised: (error) => {
					file.lost = error;
				},
			});
		} catch (error) {
			await handle.close();
			if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
				throw new MatchRecordError(
					`record file ${path} is in use by another blobterm match: ` +
						`let it finish (a match killed with kill -9 frees it within ${LOCK_STALE_MS / 1000} s)`,
				);
			throw new MatchRecordError(`cannot lock record file ${path}: ${fileErrorWords(error)}`);
		}
		const file: MatchRecordFile = new MatchRecordFile(path, handle, release);
		try {
			const opened = await file.read(header, resume);
			return { file, ...opened };
		} catch (error) {
			await file.close();
			throw error;
		}
	}

	/** Appends one line (after the lines already queued). Resolves once it is written. */
	append(record: MatchGameLine | RefusalLine): Promise<void> {
		return this.write(record);
	}

	/**
	 * Appends a line of another kind (`blobterm spsa` records its steps beside its games); readers
	 * of games skip lines whose `type` is not `game`. Resolves once it is written.
	 */
	appendOther(line: { readonly type: string }): Promise<void> {
		if (line.type === 'game' || line.type === 'match' || line.type === 'refusal')
			throw new RangeError(`appendOther: "${line.type}" lines have their own writers`);
		return this.write(line);
	}

	/** Waits for the queued writes, closes the file and frees its lock. */
	async close(): Promise<void> {
		await this.queue;
		await this.handle.close();
		await this.release().catch(() => {});
	}

	/** Reads the record (see `open`), writes its header if it is new. */
	private async read(
		header: Omit<MatchHeader, 'seed'> & { seed: number | null },
		resume: boolean,
	): Promise<{ header: MatchHeader; games: MatchGameLine[]; others: OtherLine[] }> {
		const path = this.path;
		const start = async () => {
			const fresh = { ...header, seed: header.seed ?? randomSeed() };
			await this.write(fresh);
			return { header: fresh, games: [], others: [] };
		};
		const text = await readTextFile(path, 'record file', MAX_RECORD_BYTES);
		if (text === '') return start();
		if (!resume)
			throw new MatchRecordError(
				`record file ${path} already holds a match: add --resume to go on with it, or name another file`,
			);
		const lines = text.split('\n');
		// The last piece: '' after a final newline, else a line cut short by a kill.
		const cut = lines.pop()!;
		const notRecord = () => new MatchRecordError(`${path}:1: not a blobterm match record (no match header)`);
		if (lines.length === 0) {
			// Only a header cut short by a kill: start afresh.
			if (!HEADER_START.startsWith(cut.slice(0, HEADER_START.length)) && !cut.startsWith(HEADER_START))
				throw notRecord();
			await this.handle.truncate(0);
			return start();
		}
		const parsed = lines.map((line, i) => {
			try {
				const value = JSON.parse(line) as unknown;
				if (typeof value !== 'object' || value === null || Array.isArray(value))
					throw new Error('not an object');
				return value as { type?: string; game?: unknown };
			} catch {
				if (i === 0) throw notRecord();
				throw new MatchRecordError(`${path}:${i + 1}: not a JSON object: the record is damaged`);
			}
		});
		const first = parsed[0] as MatchHeader;
		if (first.type !== 'match' || first.version !== 1) throw notRecord();
		const wanted: MatchHeader = { ...header, seed: header.seed ?? first.seed };
		const difference = headerDifference(first, wanted);
		if (difference)
			throw new MatchRecordError(
				`record file ${path} is of another match (${difference}): ` +
					`run the same match to resume it, or name another file`,
			);
		const games: MatchGameLine[] = [];
		const others: OtherLine[] = [];
		const lineOf = new Map<unknown, number>();
		parsed.forEach((line, i) => {
			if (i > 0 && line.type !== 'game') others.push(line);
			if (line.type !== 'game') return;
			const earlier = lineOf.get(line.game);
			if (earlier !== undefined)
				throw new MatchRecordError(
					`${path}:${i + 1}: game ${String(line.game)} is recorded twice (lines ${earlier} and ${i + 1}): ` +
						'two runs wrote to this record at once; keep one of the two lines',
				);
			lineOf.set(line.game, i + 1);
			games.push(line as MatchGameLine);
		});
		if (cut !== '') {
			// A line cut short by a kill: every line is written in one write, so only a JSON object's start.
			if (!cut.startsWith('{'))
				throw new MatchRecordError(`${path}:${lines.length + 1}: not a JSON object: the record is damaged`);
			await this.handle.truncate(Buffer.byteLength(text) - Buffer.byteLength(cut));
		}
		return { header: { ...first, games: header.games }, games, others };
	}

	private write(value: object): Promise<void> {
		const line = `${JSON.stringify(value)}\n`;
		const next = this.queue.then(async () => {
			if (this.lost)
				throw new MatchRecordError(`record file ${this.path}: its lock was lost (${this.lost.message})`);
			await this.handle.write(line);
		});
		this.queue = next.catch(() => {});
		return next;
	}
}

/** A seed for a new match: 31 random bits. */
function randomSeed(): number {
	return Math.floor(Math.random() * 0x7fffffff);
}

/** Appends text to a file (a PGN file), in order, through one handle opened by `open`. */
export class Appender {
	private queue: Promise<void> = Promise.resolve();

	private constructor(
		readonly path: string,
		private readonly handle: FileHandle,
	) {}

	/**
	 * Opens a file for appending (made if missing; a symbolic link is refused).
	 * @param what its role in messages (`PGN file`)
	 * @throws FileWriteError naming the file and why it cannot be written
	 */
	static async open(path: string, what: string): Promise<Appender> {
		return new Appender(path, await openForWriting(path, 'append', what));
	}

	/** Appends text after what is queued; resolves once it is written. */
	append(text: string): Promise<void> {
		const next = this.queue.then(async () => {
			await this.handle.write(text);
		});
		this.queue = next.catch(() => {});
		return next;
	}

	/** Waits for the queued writes and closes the file. */
	async close(): Promise<void> {
		await this.queue;
		await this.handle.close();
	}
}
