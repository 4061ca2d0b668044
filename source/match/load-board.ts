/**
 * Reading board files from disk, with one-line errors.
 */

import { type BoardFile, parseBoardFile } from '../game/board-file.js';
import { readTextFileSync } from './user-files.js';

/** Largest board file read (bytes): a 16 x 16 board with a long history is far smaller. */
export const MAX_BOARD_BYTES = 64 * 1024 * 1024;

/**
 * Reads and parses a `.bwb` file (a regular file of at most `MAX_BOARD_BYTES`).
 * @throws FileReadError if it cannot be read (missing, not a regular file, too large);
 *   BoardFileError if it is not a board file
 */
export function loadBoardFile(path: string): BoardFile {
	return parseBoardFile(readTextFileSync(path, 'board file', MAX_BOARD_BYTES), path);
}
