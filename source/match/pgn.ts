/**
 * Games as PGN (Portable Game Notation, Steven J. Edwards, 1994), as chess and Ataxx tools read
 * it. Blue moves first, so Blue stands in the tags of the side that moves first (`White`) and Red
 * in `Black`; `Blue` and `Red` tags say it plainly. The board goes in tags: `FEN` (with `SetUp`),
 * `Board` (where it came from), `Variant` (blobwar or ataxx). Moves are in UAI notation (docs/uai.md:
 * `g2`, `a7c5`, `0000`), each followed by a comment with the engine's report and the
 * time it took, as cutechess-cli writes it (`{+1.25/12 0.100s}`, `move-report.ts`).
 *
 * `parsePgn` reads such files back (tags, moves, comments, results; `{...}` and `;` comments,
 * variations and NAGs skipped), and `pgnGameMoves` replays a game's moves from its FEN.
 */

import { ATAXX_START_FEN, parseFen } from '../game/fen.js';
import { quote, UserError } from '../game/user-error.js';
import { checkMove } from '../game/legality.js';
import { playMove } from '../game/make-move.js';
import { type Move, PASS } from '../game/move.js';
import { formatMove, parseMoveText } from '../game/notation.js';
import { type Position } from '../game/position.js';
import { formatUaiMove, parseUaiMove, uaiPvText } from '../game/uai-notation.js';
import { type MoveReport } from '../players/player.js';
import { printable } from '../players/printable.js';
import { parsePgnComment, pgnComment, readReportFields } from './move-report.js';
import { type MatchGameLine } from './match-record.js';

/** PGN's termination words for ours. */
const TERMINATION: Record<MatchGameLine['termination'], string> = {
	end: 'normal',
	forfeit: 'rules infraction',
	adjudicated: 'adjudication',
};

/**
 * A tag pair, its value on one line (control characters, a newline included, shown as U+FFFD)
 * and escaped as PGN asks (backslash and double quote).
 */
function tag(name: string, value: string | number): string {
	return `[${name} "${printable(String(value)).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;
}

/** A comment: `{text}`, the text on one line and without the `}` that would end it early. */
function comment(text: string): string {
	return `{${printable(text).replace(/[{}]/g, (brace) => (brace === '{' ? '(' : ')'))}}`;
}

/**
 * The PGN text of a recorded game, ending with a blank line.
 * @param event the Event tag
 */
export function formatPgn(record: MatchGameLine, event = 'blobterm match'): string {
	const date = record.startedAt.slice(0, 10).replace(/-/g, '.');
	const tags = [
		tag('Event', event),
		tag('Site', 'blobterm'),
		tag('Date', date),
		tag('Round', record.game),
		tag('White', record.blue),
		tag('Black', record.red),
		tag('Result', record.result),
		tag('Blue', record.blue),
		tag('Red', record.red),
		tag('Variant', record.variant),
		tag('Board', record.board),
		tag('SetUp', '1'),
		tag('FEN', record.fen),
		tag('PlyCount', record.moves.length),
		tag('TimeControl', record.timeControl ?? `${record.timeMs / 1000}/move`),
		tag('Termination', TERMINATION[record.termination]),
		tag('Reason', record.reason),
	];
	const words: string[] = [];
	let position = parseFen(record.fen).position;
	const firstIsRed = position.side === 1;
	record.moves.forEach((m, i) => {
		const ply = i + (firstIsRed ? 1 : 0);
		if (ply % 2 === 0) words.push(`${ply / 2 + 1}.`);
		else if (i === 0) words.push(`${(ply - 1) / 2 + 1}...`);
		let move = PASS;
		if (m.move !== 'pass') {
			const coords = parseMoveText(m.move);
			const check = coords ? checkMove(position, coords) : null;
			if (!check?.ok)
				throw new Error(`game ${record.game}: move ${i + 1} "${m.move}" does not follow from the record`);
			move = check.move;
		}
		const report = readReportFields(m as unknown as Record<string, unknown>);
		words.push(formatUaiMove(position, move), pgnComment(report, m.ms, uaiLine(position, m.pv ?? [])));
		position = playMove(position, move);
	});
	words.push(comment(record.reason), record.result);
	return `${tags.join('\n')}\n\n${wrap(words, 79)}\n\n`;
}

/** Words on lines of at most `width` characters (PGN asks for at most 255; 80 reads well). */
function wrap(words: readonly string[], width: number): string {
	const lines: string[] = [];
	let line = '';
	for (const word of words) {
		if (line !== '' && line.length + 1 + word.length > width) {
			lines.push(line);
			line = word;
		} else line = line === '' ? word : `${line} ${word}`;
	}
	if (line !== '') lines.push(line);
	return lines.join('\n');
}

/** A PV in the record's notation as UAI moves, played out from `position` (stops at the first bad one). */
function uaiLine(position: Position, pv: readonly string[]): string[] {
	const out: string[] = [];
	let p = position;
	for (const text of pv) {
		const coords = parseMoveText(text);
		const check = coords ? checkMove(p, coords) : null;
		if (!check?.ok) break;
		out.push(formatUaiMove(p, check.move));
		p = playMove(p, check.move);
	}
	return out;
}

/** A PGN file that cannot be read; the message names the game and what is wrong. */
export class PgnError extends UserError {}

/** One game of a PGN file, as written: tags, moves in UAI notation with their comments, the result. */
export interface PgnGame {
	readonly tags: ReadonlyMap<string, string>;
	readonly moves: ReadonlyArray<{ readonly text: string; readonly comment: string | null }>;
	/** `1-0`, `0-1`, `1/2-1/2` or `*`. */
	readonly result: string;
}

/** Reads every game of a PGN file (Edwards's export format, as `formatPgn` writes it). */
export function parsePgn(text: string): PgnGame[] {
	const games: PgnGame[] = [];
	let tags = new Map<string, string>();
	let moves: Array<{ text: string; comment: string | null }> = [];
	let inMoves = false;
	const finish = (result: string) => {
		if (tags.size > 0 || moves.length > 0) games.push({ tags, moves, result });
		tags = new Map();
		moves = [];
		inMoves = false;
	};
	const token =
		/\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]|\{([^}]*)\}|;[^\n]*|\([^)]*\)|\$\d+|(1-0|0-1|1\/2-1\/2|\*)|(\d+\.(?:\.\.)?)|([^\s{}()[\];]+)/g;
	for (const m of text.matchAll(token)) {
		if (m[1] !== undefined) {
			if (inMoves) finish('*');
			tags.set(m[1], m[2].replace(/\\(["\\])/g, '$1'));
		} else if (m[3] !== undefined) {
			const last = moves[moves.length - 1];
			if (last && last.comment === null) last.comment = m[3];
		} else if (m[4] !== undefined) finish(m[4]);
		else if (m[6] !== undefined) {
			const word = m[6].replace(/^\d+\.+/, '');
			if (word === '') continue;
			inMoves = true;
			moves.push({ text: word, comment: null });
		}
	}
	finish('*');
	return games;
}

/** A PGN game's moves played out from its `FEN` tag (default: the Ataxx start position). */
export interface PgnMoves {
	readonly start: Position;
	readonly moves: ReadonlyArray<{
		readonly move: Move;
		readonly text: string;
		readonly said: string;
		readonly timeMs: number;
		readonly report?: MoveReport;
	}>;
}

/**
 * Replays a PGN game: every move must be legal in UAI notation, the PV of each comment is turned
 * into the board's move notation.
 * @param label names the game in errors (`match.pgn, game 3`)
 * @throws PgnError naming the first bad move
 */
export function pgnGameMoves(game: PgnGame, label: string): PgnMoves {
	const fen = game.tags.get('FEN') ?? ATAXX_START_FEN;
	let position: Position;
	try {
		position = parseFen(fen).position;
	} catch (error) {
		throw new PgnError(`${label}: ${(error as Error).message}`);
	}
	const start = position;
	const moves: Array<PgnMoves['moves'][number]> = [];
	game.moves.forEach((m, i) => {
		const check = parseUaiMove(position, m.text);
		if (!check.ok) throw new PgnError(`${label}: move ${i + 1} ${quote(m.text)}: ${check.reason}`);
		const data = m.comment === null ? {} : parsePgnComment(m.comment);
		const report = data.report && {
			...data.report,
			...(data.uaiPv && { pv: uaiPvText(position, data.uaiPv) }),
		};
		moves.push({
			move: check.move,
			text: check.move === PASS ? 'pass' : formatMove(position, check.move),
			said: m.text,
			timeMs: data.timeMs ?? 0,
			...(report && { report }),
		});
		position = playMove(position, check.move);
	});
	return { start, moves };
}
