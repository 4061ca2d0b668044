/**
 * The record of a match: a JSON Lines file (one JSON object per line). The first line describes
 * the match (`MatchHeader`); then one line per finished game (`MatchGameLine`), appended the moment
 * the game ends, in one write on a file opened for appending. A `kill -9` therefore loses only
 * the games in progress, and at worst leaves a last line cut short, which `openRecord` removes
 * when the match is resumed.
 */

import { appendFile, open, readFile, stat, truncate } from 'node:fs/promises';
import { type Variant } from '../game/game-over.js';
import { type AdjudicationOptions } from './adjudication.js';
import { type SprtOptions } from './sprt.js';
import { UserError } from '../game/user-error.js';

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
	/** Time per move, ms. */
	readonly timeMs: number;
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

/** A move in a record. */
export interface RecordedMove {
	/** Canonical text `(r1,c1) > (r2,c2)`, or `pass`. */
	readonly move: string;
	/** What the player said (an engine's line; a UAI move). */
	readonly said: string;
	/** Time taken, ms. */
	readonly ms: number;
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
	/** Time per move, ms. */
	readonly timeMs: number;
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

/** A record file that cannot be used; its message says why and what to do. */
export class MatchRecordError extends UserError {}

/** The settings that must match for `--resume`, and how to name them. */
const COMPARED: ReadonlyArray<readonly [keyof MatchHeader, string]> = [
	['engines', 'engines'],
	['openings', 'boards'],
	['timeMs', 'time per move'],
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

/** A record file open for appending. */
export class MatchRecordFile {
	private queue: Promise<void> = Promise.resolve();

	private constructor(readonly path: string) {}

	/**
	 * Opens a record file.
	 * - Not resuming: the file must not exist or be empty (a record is never overwritten); the header is written.
	 * - Resuming: a missing or empty file starts a new record; otherwise its header is read and
	 *   must agree with `header` (the seed aside, when `header.seed` is null: the record's is used), a last line
	 *   cut short by a kill is removed, and the finished games are returned.
	 * @throws MatchRecordError for an existing record without resume, a record of another match, or a damaged line
	 */
	static async open(
		path: string,
		header: Omit<MatchHeader, 'seed'> & { seed: number | null },
		resume: boolean,
	): Promise<{ file: MatchRecordFile; header: MatchHeader; games: MatchGameLine[] }> {
		let size = 0;
		try {
			size = (await stat(path)).size;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
				throw new MatchRecordError(`cannot read record file ${path}: ${(error as Error).message}`);
		}
		const file = new MatchRecordFile(path);
		if (size > 0 && resume) size = await dropCutLine(path);
		if (size === 0) {
			const fresh = { ...header, seed: header.seed ?? randomSeed() };
			await file.write(fresh);
			return { file, header: fresh, games: [] };
		}
		if (!resume)
			throw new MatchRecordError(
				`record file ${path} already holds a match: add --resume to go on with it, or name another file`,
			);
		const lines = (await readFile(path, 'utf8')).split('\n');
		lines.pop();
		const parsed = lines.map((line, i) => {
			try {
				const value = JSON.parse(line) as unknown;
				if (typeof value !== 'object' || value === null) throw new Error('not an object');
				return value as { type?: string };
			} catch {
				throw new MatchRecordError(`${path}:${i + 1}: not a JSON object: the record is damaged`);
			}
		});
		const first = parsed[0] as MatchHeader | undefined;
		if (first?.type !== 'match' || first.version !== 1)
			throw new MatchRecordError(`${path}:1: not a blobterm match record (no match header)`);
		const wanted: MatchHeader = { ...header, seed: header.seed ?? first.seed };
		const difference = headerDifference(first, wanted);
		if (difference)
			throw new MatchRecordError(
				`record file ${path} is of another match (${difference}): ` +
					`run the same match to resume it, or name another file`,
			);
		const games = parsed.slice(1).filter((line): line is MatchGameLine => line.type === 'game');
		return { file, header: { ...first, games: header.games }, games };
	}

	/** Appends one line (after the lines already queued). Resolves once it is written. */
	append(record: MatchGameLine | RefusalLine): Promise<void> {
		return this.write(record);
	}

	private write(value: object): Promise<void> {
		const line = `${JSON.stringify(value)}\n`;
		const next = this.queue.then(() => appendFile(this.path, line, { flag: 'a' }));
		this.queue = next.catch(() => {});
		return next;
	}
}

/**
 * Removes a last line cut short by a kill (one without its newline).
 * @returns the file's size after
 */
async function dropCutLine(path: string): Promise<number> {
	const text = await readFile(path, 'utf8');
	if (text.endsWith('\n')) return Buffer.byteLength(text);
	const keep = Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1));
	await truncate(path, keep);
	return keep;
}

/** A seed for a new match: 31 random bits. */
function randomSeed(): number {
	return Math.floor(Math.random() * 0x7fffffff);
}

/** Appends text to a file, in order with earlier appends through the same appender. */
export class Appender {
	private queue: Promise<void> = Promise.resolve();

	constructor(readonly path: string) {}

	/** Checks that the file can be opened for appending (creating it). @throws Error from the system */
	async check(): Promise<void> {
		const handle = await open(this.path, 'a');
		await handle.close();
	}

	append(text: string): Promise<void> {
		const next = this.queue.then(() => appendFile(this.path, text, { flag: 'a' }));
		this.queue = next.catch(() => {});
		return next;
	}
}
