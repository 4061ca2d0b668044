/**
 * The start positions of a match ("openings"): board files, FENs given on the command line, or
 * a file of FENs, one per line.
 */

import { formatFen, parseFen } from '../game/fen.js';
import { type Position } from '../game/position.js';
import { printable } from '../players/printable.js';
import { loadBoardFile, MAX_BOARD_BYTES } from './load-board.js';
import { FileReadError, readTextFileSync } from './user-files.js';

/** A start position. */
export interface Opening {
	/**
	 * Where it comes from, for people and records: a board file's path, or `FEN` itself (control
	 * characters, a newline in a file name included, shown as U+FFFD: it goes on one line).
	 */
	readonly label: string;
	readonly position: Position;
	/** Positions before it (a board file's history), oldest first; they set the history's parity. */
	readonly before: readonly Position[];
	/** Its FEN (docs/uai.md), with the side to move. */
	readonly fen: string;
}

/**
 * The opening of a `.bwb` board file.
 * @throws FileReadError, BoardFileError
 */
export function openingFromBoardFile(path: string): Opening {
	const board = loadBoardFile(path);
	return {
		label: printable(path),
		position: board.position,
		before: board.history.slice(0, Math.max(0, board.historyIndex - 1)),
		fen: formatFen(board.position),
	};
}

/**
 * The opening of a FEN.
 * @throws FenError
 */
export function openingFromFen(fen: string): Opening {
	const { position } = parseFen(fen);
	return { label: printable(fen.trim()), position, before: [], fen: formatFen(position) };
}

/**
 * The openings of a file of FENs, one per line; blank lines and lines starting with `#` are
 * skipped. Anything after the fourth field of a line (EPD operations) is ignored.
 * @throws FileReadError if it cannot be read (missing, not a regular file, larger than
 *   `MAX_BOARD_BYTES`) or holds no FEN; FenError (with `file:line: `) for a bad line
 */
export function readOpeningsFile(path: string): Opening[] {
	const text = readTextFileSync(path, 'openings file', MAX_BOARD_BYTES);
	const openings: Opening[] = [];
	text.split(/\r?\n/).forEach((raw, i) => {
		const line = raw.trim();
		if (line === '' || line.startsWith('#')) return;
		const fen = line.split(/\s+/).slice(0, 4).join(' ');
		try {
			openings.push(openingFromFen(fen));
		} catch (error) {
			(error as Error).message = `${path}:${i + 1}: ${(error as Error).message}`;
			throw error;
		}
	});
	if (openings.length === 0) throw new FileReadError(`openings file ${path} holds no FEN`);
	return openings;
}
