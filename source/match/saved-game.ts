/**
 * Saved games: a game saved to a JSON file (the `s` key) and loaded back, and games loaded from
 * board files. (A match's record of many games is another thing: `match-record.ts`.)
 *
 * A saved game (`blobterm-game`, version 1) holds the start position, the moves with the time each
 * took and the engine's search report where there was one (`move-report.ts`: score, depth,
 * seldepth, nodes, PV), the moves taken back that can be replayed, the players and the result:
 *
 * ```json
 * {
 *   "format": "blobterm-game", "version": 1, "saved": "2026-01-31T12:00:00.000Z",
 *   "board": ["B..R", "....", "....", "B..R"], "sideToMove": "Blue",
 *   "variant": "blobwar", "halfMoveLimit": 100,
 *   "players": { "blue": { "name": "human", "kind": "human", "timeMs": 1000 },
 *                "red": { "name": "builtin", "kind": "builtin", "timeMs": 1000 } },
 *   "moves": [{ "side": "Blue", "move": "(0,0) > (1,1)", "timeMs": 2150 }],
 *   "redo": [],
 *   "result": null
 * }
 * ```
 * `board` rows use the board-file letters (`B`, `R`, `.`, `X` for a hole). Moves are in the
 * move notation (docs/rules.md; `pass` for an Ataxx pass). Loading checks every move and
 * names the first bad one; the players are information only (a loaded game keeps the players
 * it is loaded into, so a record never starts a program).
 */

import { type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { type BoardFile, parseBoardFile } from '../game/board-file.js';
import { type Variant } from '../game/game-over.js';
import { geometryOf, MAX_SIDE } from '../game/geometry.js';
import { checkMove } from '../game/legality.js';
import { playMove } from '../game/make-move.js';
import { PASS, type Move } from '../game/move.js';
import { formatMove, parseMoveText } from '../game/notation.js';
import {
	BLUE,
	positionFromGrid,
	positionToGrid,
	type Position,
	RED,
	samePosition,
	type Side,
	sideName,
} from '../game/position.js';
import { type Player } from '../players/player.js';
import { type LoadedGame, type PlayedMove } from './game.js';
import { movesAlong } from '../game/history-moves.js';
import { MAX_BOARD_BYTES } from './load-board.js';
import { readReportFields, reportFields, type ReportFields } from './move-report.js';
import { fileErrorWords, readTextFile } from './user-files.js';
import { describeResult, type GameResult } from './result.js';
import { UserError } from '../game/user-error.js';

/** A saved game that cannot be read or written: `file: message`. */
export class SavedGameError extends UserError {}

/** The `format` field of a record. */
export const SAVED_GAME_FORMAT = 'blobterm-game';
/** The version written; readers accept it and refuse later ones. */
export const SAVED_GAME_VERSION = 1;

/** A player as recorded (information only). */
export interface SavedPlayer {
	readonly name: string;
	readonly kind: Player['kind'];
	/** Time per move, ms. */
	readonly timeMs: number;
}

/** A move as recorded, with the mover's search report (`move-report.ts`) where there was one. */
export interface SavedMove extends ReportFields {
	readonly side: 'Blue' | 'Red';
	/** Canonical move text, `(r1,c1) > (r2,c2)` or `pass`. */
	readonly move: string;
	/** Time the player took, ms. */
	readonly timeMs: number;
}

/** A game record, as written to a file. */
export interface SavedGame {
	readonly format: typeof SAVED_GAME_FORMAT;
	readonly version: number;
	/** When it was saved (ISO 8601). */
	readonly saved: string;
	/** Rows of the start position (`B`, `R`, `.`, `X`). */
	readonly board: readonly string[];
	readonly sideToMove: 'Blue' | 'Red';
	readonly variant: Variant;
	readonly halfMoveLimit: number;
	readonly players: { readonly blue: SavedPlayer; readonly red: SavedPlayer };
	readonly moves: readonly SavedMove[];
	/** Moves taken back that can be replayed, next first. */
	readonly redo: readonly SavedMove[];
	/** The result in words, or null while the game goes on. */
	readonly result: string | null;
}

/** What a record is made from (a session's state has all of it). */
export interface SavedGameSource {
	readonly positions: readonly Position[];
	readonly moves: readonly PlayedMove[];
	readonly redo: readonly PlayedMove[];
	readonly players: readonly [Player, Player];
	readonly timeMs: readonly [number, number];
	readonly halfMoveLimit: number;
	readonly variant: Variant;
	readonly result: GameResult | null;
}

/** The record of a game. @param saved the date written (default now) */
export function toSavedGame(source: SavedGameSource, saved = new Date()): SavedGame {
	const start = source.positions[0];
	const player = (side: Side): SavedPlayer => ({
		name: source.players[side].name,
		kind: source.players[side].kind,
		timeMs: source.timeMs[side],
	});
	const move = (m: PlayedMove): SavedMove => ({
		side: m.side === BLUE ? 'Blue' : 'Red',
		move: m.text,
		timeMs: Math.round(m.timeMs),
		...reportFields(m.report),
	});
	return {
		format: SAVED_GAME_FORMAT,
		version: SAVED_GAME_VERSION,
		saved: saved.toISOString(),
		board: positionToGrid(start),
		sideToMove: start.side === BLUE ? 'Blue' : 'Red',
		variant: source.variant,
		halfMoveLimit: source.halfMoveLimit,
		players: { blue: player(BLUE), red: player(RED) },
		moves: source.moves.map(move),
		redo: source.redo.map(move),
		result: source.result && source.result.kind !== 'aborted' ? describeResult(source.result) : null,
	};
}

/** A record as file text: JSON, two-space indented, one move per line. */
export function formatSavedGame(record: SavedGame): string {
	const moves = (list: readonly SavedMove[]) =>
		list.length === 0 ? '[]' : `[\n${list.map((m) => `    ${JSON.stringify(m)}`).join(',\n')}\n  ]`;
	const { moves: played, redo, ...rest } = record;
	const head = JSON.stringify(rest, null, 2).replace(/\n}$/, '');
	return `${head},\n  "moves": ${moves(played)},\n  "redo": ${moves(redo)}\n}\n`;
}

/**
 * Reads record text into a game to load.
 * @param file the name used in error messages
 * @throws SavedGameError naming the file and what is wrong (the first bad move by number)
 */
export function parseSavedGame(text: string, file = '<record>'): LoadedGame {
	const fail = (message: string): never => {
		throw new SavedGameError(`${file}: ${message}`);
	};
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return fail(`not a game record: ${(error as Error).message}`);
	}
	if (!isObject(data) || data.format !== SAVED_GAME_FORMAT)
		return fail(`not a game record (expected "format": "${SAVED_GAME_FORMAT}")`);
	if (typeof data.version !== 'number' || data.version > SAVED_GAME_VERSION)
		return fail(
			`record version ${String(data.version)} is not supported ` +
				`(this blobterm reads version ${SAVED_GAME_VERSION})`,
		);
	const rows = data.board;
	if (
		!Array.isArray(rows) ||
		rows.length < 1 ||
		rows.length > MAX_SIDE ||
		!rows.every((r): r is string => typeof r === 'string')
	)
		return fail(`"board" must be 1 to ${MAX_SIDE} rows of B, R, . and X`);
	// The width is the one most rows have, so that a short first row is the one named.
	const cols = mostCommon(rows.map((row) => row.length));
	const holes: number[] = [];
	rows.forEach((row, r) => {
		if (row.length !== cols || cols < 1 || cols > MAX_SIDE)
			fail(`"board" row ${r} has ${row.length} cells, expected ${cols} (1 to ${MAX_SIDE})`);
		for (let c = 0; c < cols; c++) {
			const ch = row[c];
			if (ch !== 'B' && ch !== 'R' && ch !== '.' && ch !== 'X')
				fail(`"board" row ${r}, column ${c}: expected B, R, . or X, found ${JSON.stringify(ch)}`);
			if (ch === 'X') holes.push(r * cols + c);
		}
	});
	if (data.sideToMove !== 'Blue' && data.sideToMove !== 'Red') return fail('"sideToMove" must be "Blue" or "Red"');
	const variant = data.variant ?? 'blobwar';
	if (variant !== 'blobwar' && variant !== 'ataxx') return fail('"variant" must be "blobwar" or "ataxx"');
	const limit = data.halfMoveLimit;
	if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1))
		return fail('"halfMoveLimit" must be an integer >= 1');
	const start = positionFromGrid(geometryOf(rows.length, cols, holes), rows, data.sideToMove === 'Blue' ? BLUE : RED);

	const readMoves = (field: 'moves' | 'redo', from: Position): PlayedMove[] => {
		const list = data[field] ?? [];
		if (!Array.isArray(list)) return fail(`"${field}" must be a list of moves`);
		const out: PlayedMove[] = [];
		let pos = from;
		list.forEach((item: unknown, i) => {
			const movesBefore = field === 'moves' ? 0 : ((data.moves as unknown[] | undefined)?.length ?? 0);
			const where = `${field}[${i}] (half-move ${movesBefore + i + 1})`;
			if (!isObject(item) || typeof item.move !== 'string')
				return fail(`${where}: expected {"side", "move", "timeMs"}`);
			const timeMs = item.timeMs ?? 0;
			if (typeof timeMs !== 'number' || !(timeMs >= 0))
				return fail(`${where}: "timeMs" must be a number of ms >= 0`);
			if (item.side !== undefined && item.side !== sideName(pos.side))
				return fail(`${where}: it is ${sideName(pos.side)}'s move, not ${String(item.side)}'s`);
			let move: Move;
			let text: string;
			if (item.move.trim() === 'pass') {
				if (variant !== 'ataxx') return fail(`${where}: a pass is an Ataxx move, not a Blob War one`);
				move = PASS;
				text = 'pass';
			} else {
				const coords = parseMoveText(item.move);
				if (!coords) return fail(`${where}: ${JSON.stringify(item.move)} is not a move`);
				const check = checkMove(pos, coords);
				if (!check.ok) return fail(`${where}: ${check.reason}`);
				move = check.move;
				text = formatMove(pos, move);
			}
			let report;
			try {
				report = readReportFields(item);
			} catch (error) {
				return fail(`${where}: ${(error as Error).message}`);
			}
			const next = playMove(pos, move);
			const side = pos.side;
			out.push({
				side,
				move,
				text,
				said: item.move,
				timeMs,
				captures: move === PASS ? 0 : pos.count[side ^ 1] - next.count[side ^ 1],
				...(report && { report }),
			});
			pos = next;
		});
		return out;
	};
	const moves = readMoves('moves', start);
	let end = start;
	for (const m of moves) end = playMove(end, m.move);
	const redo = readMoves('redo', end);
	return { start, before: [], moves, redo, halfMoveLimit: limit ?? null, variant };
}

/**
 * The game a board file holds. With the old client's history section, the positions up to its
 * index become moves (so they can be taken back) and those after it become moves to replay;
 * a history that does not follow the rules only sets the side to move, as engines read it.
 */
export function gameFromBoardFile(board: BoardFile): LoadedGame {
	const { position, history, historyIndex } = board;
	const played = history.slice(0, historyIndex);
	const moves = historyIndex > 0 ? movesAlong(played) : null;
	if (moves && samePosition(played[played.length - 1], position)) {
		const redoMoves = movesAlong(history.slice(historyIndex - 1)) ?? [];
		return {
			start: played[0],
			before: [],
			moves: asPlayed(played, moves),
			redo: asPlayed(history.slice(historyIndex - 1), redoMoves),
			halfMoveLimit: null,
			variant: 'blobwar',
		};
	}
	return {
		start: position,
		before: history.slice(0, Math.max(0, historyIndex - 1)),
		moves: [],
		redo: [],
		halfMoveLimit: null,
		variant: 'blobwar',
	};
}

/**
 * Reads a game file: a record (JSON) or a board file (`.bwb`, with or without history).
 * Asynchronous, so that the interface never waits on the disk.
 * @throws FileReadError if it cannot be read; SavedGameError or BoardFileError if it is malformed
 */
export async function readGameFile(path: string): Promise<LoadedGame> {
	const text = await readTextFile(path, '', MAX_BOARD_BYTES);
	if (text.trimStart().startsWith('{')) return parseSavedGame(text, path);
	return gameFromBoardFile(parseBoardFile(text, path));
}

/**
 * The text of a game file (a record, a match record, PGN, a board file), read asynchronously.
 * @throws FileReadError if it cannot be read, is not a regular file or is larger than 64 MiB
 */
export async function readGameText(path: string): Promise<string> {
	return readTextFile(path, '', MAX_BYTES);
}

/** Largest record, match record or PGN file read (bytes). */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Writes a record to `path` atomically (a temp file renamed over it: a crash leaves the old
 * file or the new one, never half of one).
 * @returns false, writing nothing, if the file exists and `overwrite` is not set
 * @throws SavedGameError naming the file if it cannot be written
 */
export async function saveGame(path: string, record: SavedGame, overwrite = false): Promise<boolean> {
	const existing = await statOrNull(path);
	// A directory cannot be overwritten: say so before asking.
	if (existing?.isDirectory()) throw new SavedGameError(`cannot write ${path}: is a directory`);
	if (!overwrite && existing) return false;
	try {
		await writeFileAtomic(path, formatSavedGame(record), { mode: 0o644 });
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new SavedGameError(
			`cannot write ${path}: ${code === 'ENOENT' ? 'no such directory' : fileErrorWords(error)}`,
		);
	}
	return true;
}

async function statOrNull(path: string): Promise<Stats | null> {
	try {
		return await stat(path);
	} catch {
		return null;
	}
}

/** The value that occurs most often (the first such in order when several tie). */
function mostCommon(values: readonly number[]): number {
	const counts = new Map<number, number>();
	for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
	let best = values[0];
	for (const v of values) if (counts.get(v)! > counts.get(best)!) best = v;
	return best;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Played moves along positions (no times: the board file has none). */
function asPlayed(positions: readonly Position[], moves: readonly Move[]): PlayedMove[] {
	return moves.map((move, i) => {
		const pos = positions[i];
		const next = positions[i + 1];
		const text = formatMove(pos, move);
		return {
			side: pos.side,
			move,
			text,
			said: text,
			timeMs: 0,
			captures: pos.count[pos.side ^ 1] - next.count[pos.side ^ 1],
		};
	});
}
