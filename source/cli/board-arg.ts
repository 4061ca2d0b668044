/**
 * The position a command works on: a board file, or an Ataxx FEN.
 */

import { parseFen } from '../game/fen.js';
import { type Position, RED, BLUE, setSide } from '../game/position.js';
import { loadBoardFile } from '../match/load-board.js';

/** A position with a name for headings. */
export interface NamedPosition {
	readonly position: Position;
	/** The board file's path, or `fen "..."`. */
	readonly name: string;
}

/**
 * Reads the position from `--fen` if given, else from a board file.
 * @param red for a board file: Red to move (else the file's history parity, Blue without one)
 * @throws BoardFileError, FenError or FileReadError with a one-line message
 */
export function readPosition(board: string | undefined, fen: string | undefined, red: boolean): NamedPosition {
	if (fen !== undefined) {
		const { position } = parseFen(fen);
		return { position, name: `fen "${fen}"` };
	}
	if (board === undefined) throw new Error('no board');
	const { position, history } = loadBoardFile(board);
	if (red) setSide(position, RED);
	else if (history.length === 0) setSide(position, BLUE);
	return { position, name: board };
}
