/**
 * Reading board files from disk, with one-line errors.
 */

import { readFileSync } from 'node:fs';
import { type BoardFile, parseBoardFile } from '../game/board-file.js';
import { UserError } from '../game/user-error.js';

/** A file that cannot be read (missing, a directory, no permission). */
export class FileReadError extends UserError {}

/** Largest board file read (bytes): a 16 x 16 board with a long history is far smaller. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads and parses a `.bwb` file.
 * @throws FileReadError if it cannot be read; BoardFileError if it is not a board file
 */
export function loadBoardFile(path: string): BoardFile {
	let text: string;
	try {
		const bytes = readFileSync(path);
		if (bytes.length > MAX_BYTES) throw new FileReadError(`${path}: board file too large (${bytes.length} bytes)`);
		text = bytes.toString('utf8');
	} catch (error) {
		if (error instanceof FileReadError) throw error;
		const code = (error as NodeJS.ErrnoException).code;
		const why =
			code === 'ENOENT'
				? 'no such file'
				: code === 'EISDIR'
					? 'is a directory'
					: code === 'EACCES'
						? 'permission denied'
						: (error as Error).message;
		throw new FileReadError(`cannot read board file ${path}: ${why}`);
	}
	return parseBoardFile(text, path);
}
