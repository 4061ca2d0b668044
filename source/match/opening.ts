/**
 * The start positions of a match ("openings"): board files, FENs given on the command line, or
 * a file of FENs, one per line.
 */

import { readFileSync } from 'node:fs';
import { formatFen, parseFen } from '../game/fen.js';
import { type Position } from '../game/position.js';
import { FileReadError, loadBoardFile } from './load-board.js';

/** A start position. */
export interface Opening {
	/** Where it comes from, for people and records: a board file's path, or `FEN` itself. */
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
		label: path,
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
	return { label: fen.trim(), position, before: [], fen: formatFen(position) };
}

/**
 * The openings of a file of FENs, one per line; blank lines and lines starting with `#` are
 * skipped. Anything after the fourth field of a line (EPD operations) is ignored.
 * @throws FileReadError if it cannot be read or holds no FEN; FenError (with `file:line: `) for a bad line
 */
export function readOpeningsFile(path: string): Opening[] {
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const reason =
			code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
		throw new FileReadError(`cannot read openings file ${path}: ${reason}`);
	}
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
