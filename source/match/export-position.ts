/**
 * Exporting a position shown on screen: its FEN (Ataxx FEN, any board size) and a board file
 * (`.bwb`) whose history section says the side to move, so that blobterm, `blob-engine` and the
 * old clients open it with the right side to move.
 */

import { stat } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { formatBoardFile, historyForSide } from '../game/board-file.js';
import { formatFen } from '../game/fen.js';
import { type Position } from '../game/position.js';
import { SavedGameError } from './saved-game.js';

/** The board file text of a position, with a history section whose parity gives its side to move. */
export function positionBoardFile(position: Position): string {
	return formatBoardFile(position, historyForSide([position]));
}

/**
 * Writes `position` to a new board file at `path` (atomically; an existing file is never replaced).
 * @returns the position's FEN
 * @throws SavedGameError naming the file if it exists or cannot be written
 */
export async function exportPosition(path: string, position: Position): Promise<string> {
	const exists = await stat(path).then(
		() => true,
		() => false,
	);
	if (exists) throw new SavedGameError(`${path} exists: choose another name`);
	try {
		await writeFileAtomic(path, positionBoardFile(position), { mode: 0o644 });
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const why =
			code === 'ENOENT'
				? 'no such directory'
				: code === 'EACCES'
					? 'permission denied'
					: (error as Error).message.split('\n')[0];
		throw new SavedGameError(`cannot write ${path}: ${why}`);
	}
	return formatFen(position);
}
