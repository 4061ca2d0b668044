/**
 * A finished (or saved) game to review, read from any file blobterm writes or reads:
 *
 *   a game record (`.json`, `format: blobterm-game`)     the moves, the players, the result
 *   a match record (JSON Lines, `type: match` header)    game `N` of the match (`--game N`)
 *   a PGN file                                           game `N` of the file (`--game N`)
 *   a board file with the old client's history           the positions of its history as moves
 *
 * Each move keeps the mover's search report where the file holds one (`move-report.ts`).
 */

import { parseBoardFile } from '../game/board-file.js';
import { parseFen } from '../game/fen.js';
import { type Variant } from '../game/game-over.js';
import { checkMove } from '../game/legality.js';
import { playMove } from '../game/make-move.js';
import { type Move, PASS } from '../game/move.js';
import { formatMove, parseMoveText } from '../game/notation.js';
import { type Position } from '../game/position.js';
import { quote } from '../game/user-error.js';
import { type PlayedMove } from './game.js';
import { gameFromBoardFile, parseSavedGame, readGameText, SavedGameError } from './saved-game.js';
import { readReportFields } from './move-report.js';
import { parsePgn, pgnGameMoves } from './pgn.js';
import { type MatchGameLine } from './match-record.js';

/** A game to review. */
export interface ReviewGame {
	/** What it is, for the title: `match.jsonl, game 3`. */
	readonly label: string;
	readonly start: Position;
	/** The moves, each with its report where the file had one. */
	readonly moves: readonly PlayedMove[];
	/** Positions from the start, one more than the moves. */
	readonly positions: readonly Position[];
	/** Player names, `[blue, red]` (`?` where the file names none). */
	readonly names: readonly [string, string];
	/** The result in words, or null. */
	readonly result: string | null;
	readonly variant: Variant;
	/** Games the file holds (match records and PGN files; 1 otherwise). */
	readonly games: number;
}

/**
 * Reads a game to review from a file.
 * @param game the game's number in a match record (its `game` field) or PGN file (from 1); default
 *   the first
 * @throws FileReadError if the file cannot be read; SavedGameError (or the board-file, FEN or PGN
 *   error) naming the file and what is wrong
 */
export async function readReviewGame(path: string, game?: number): Promise<ReviewGame> {
	const text = await readGameText(path);
	return parseReviewGame(text, path, game);
}

/** The same from a file's text. @param path names the file in errors */
export function parseReviewGame(text: string, path: string, game?: number): ReviewGame {
	const head = text.trimStart();
	if (head.startsWith('[')) return fromPgn(text, path, game);
	if (head.startsWith('{')) {
		const firstLine = head.slice(0, head.indexOf('\n') < 0 ? undefined : head.indexOf('\n'));
		if (/"type"\s*:\s*"match"/.test(firstLine)) return fromMatchRecord(text, path, game);
		if (game !== undefined && game !== 1)
			throw new SavedGameError(`${path}: a game record holds one game (--game ${game})`);
		return fromSavedGame(text, path);
	}
	if (game !== undefined && game !== 1)
		throw new SavedGameError(`${path}: a board file holds one game (--game ${game})`);
	const loaded = gameFromBoardFile(parseBoardFile(text, path));
	return review(path, loaded.start, [...loaded.moves, ...loaded.redo], ['?', '?'], null, 'blobwar', 1);
}

function fromSavedGame(text: string, path: string): ReviewGame {
	const loaded = parseSavedGame(text, path);
	const data = JSON.parse(text) as {
		players?: { blue?: { name?: unknown }; red?: { name?: unknown } };
		result?: unknown;
	};
	const name = (value: unknown) => (typeof value === 'string' ? value : '?');
	return review(
		path,
		loaded.start,
		loaded.moves,
		[name(data.players?.blue?.name), name(data.players?.red?.name)],
		typeof data.result === 'string' ? data.result : null,
		loaded.variant,
		1,
	);
}

function fromMatchRecord(text: string, path: string, wanted?: number): ReviewGame {
	const lines = text.split('\n').filter((line) => line.trim() !== '');
	const games: MatchGameLine[] = [];
	lines.forEach((line, i) => {
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			if (i === lines.length - 1) return; // a last line cut short by a kill
			throw new SavedGameError(`${path}:${i + 1}: not a JSON object: the record is damaged`);
		}
		if (isObject(value) && value.type === 'game') games.push(value as unknown as MatchGameLine);
	});
	if (games.length === 0) throw new SavedGameError(`${path}: the match record holds no finished game yet`);
	const number = wanted ?? Math.min(...games.map((g) => g.game));
	const line = games.find((g) => g.game === number);
	if (!line)
		throw new SavedGameError(
			`${path}: no game ${number} in the record (games ${games
				.map((g) => g.game)
				.sort((a, b) => a - b)
				.join(', ')})`,
		);
	const label = `${path}, game ${number}`;
	const fail = (message: string): never => {
		throw new SavedGameError(`${label}: ${message}`);
	};
	if (typeof line.fen !== 'string' || !Array.isArray(line.moves))
		return fail('not a game line (no "fen" or "moves")');
	let position: Position;
	try {
		position = parseFen(line.fen).position;
	} catch (error) {
		return fail((error as Error).message);
	}
	const start = position;
	const moves: PlayedMove[] = [];
	line.moves.forEach((item, i) => {
		const where = `move ${i + 1}`;
		if (!isObject(item) || typeof item.move !== 'string') return fail(`${where}: expected {"move", "said", "ms"}`);
		let move: Move;
		if (item.move === 'pass') move = PASS;
		else {
			const coords = parseMoveText(item.move);
			const check = coords ? checkMove(position, coords) : null;
			if (!check) return fail(`${where}: ${quote(item.move)} is not a move`);
			if (!check.ok) return fail(`${where}: ${check.reason}`);
			move = check.move;
		}
		let report;
		try {
			report = readReportFields(item as unknown as Record<string, unknown>);
		} catch (error) {
			return fail(`${where}: ${(error as Error).message}`);
		}
		moves.push(played(position, move, typeof item.said === 'string' ? item.said : item.move, item.ms, report));
		position = playMove(position, move);
	});
	const variant = line.variant === 'ataxx' ? 'ataxx' : 'blobwar';
	const result = `${line.result} ${line.reason ?? ''}`.trim();
	return review(label, start, moves, [line.blue, line.red], result, variant, games.length);
}

function fromPgn(text: string, path: string, wanted?: number): ReviewGame {
	const games = parsePgn(text);
	if (games.length === 0) throw new SavedGameError(`${path}: no PGN game in the file`);
	const number = wanted ?? 1;
	const game = games[number - 1];
	if (!game) throw new SavedGameError(`${path}: no game ${number} (the file holds ${games.length})`);
	const label = `${path}, game ${number}`;
	const { start, moves } = pgnGameMoves(game, label);
	const playedMoves: PlayedMove[] = [];
	let position = start;
	for (const m of moves) {
		playedMoves.push(played(position, m.move, m.said, m.timeMs, m.report));
		position = playMove(position, m.move);
	}
	const tag = (name: string) => game.tags.get(name);
	const variant = tag('Variant') === 'blobwar' ? 'blobwar' : 'ataxx';
	const reason = tag('Reason');
	return review(
		label,
		start,
		playedMoves,
		[tag('Blue') ?? tag('White') ?? '?', tag('Red') ?? tag('Black') ?? '?'],
		`${game.result}${reason ? ` ${reason}` : ''}`,
		variant,
		games.length,
	);
}

function played(
	position: Position,
	move: Move,
	said: string,
	timeMs: unknown,
	report: PlayedMove['report'],
): PlayedMove {
	const next = playMove(position, move);
	const side = position.side;
	return {
		side,
		move,
		text: move === PASS ? 'pass' : formatMove(position, move),
		said,
		timeMs: typeof timeMs === 'number' && timeMs >= 0 ? timeMs : 0,
		captures: move === PASS ? 0 : position.count[side ^ 1] - next.count[side ^ 1],
		...(report && { report }),
	};
}

function review(
	label: string,
	start: Position,
	moves: readonly PlayedMove[],
	names: readonly [string, string],
	result: string | null,
	variant: Variant,
	games: number,
): ReviewGame {
	const positions = [start];
	for (const m of moves) positions.push(playMove(positions[positions.length - 1], m.move));
	return { label, start, moves, positions, names, result, variant, games };
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
