/**
 * How the executables report errors a user can cause: one line on stderr, a non-zero exit code,
 * never a stack trace.
 */

import { BoardFileError } from '../game/board-file.js';
import { FenError } from '../game/fen.js';
import { GameRecordError } from '../match/game-record-error.js';
import { FileReadError } from '../match/load-board.js';
import { PlayerSpecError } from '../players/engine-spec.js';

/** An error a user caused (bad argument, bad input): its message is shown as it is. */
export class UsageError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UsageError';
	}
}

/** True for the errors whose message is meant for the user. */
export function isUserError(error: unknown): error is Error {
	return (
		error instanceof UsageError ||
		error instanceof BoardFileError ||
		error instanceof FenError ||
		error instanceof FileReadError ||
		error instanceof PlayerSpecError ||
		error instanceof GameRecordError
	);
}

/**
 * Prints `program: message` for an error and sets a non-zero exit code. User errors exit 2,
 * anything else (a bug) exits 1, still on one line.
 */
export function reportError(program: string, error: unknown): void {
	const message = error instanceof Error ? error.message : String(error);
	process.stderr.write(`${program}: ${message.split('\n')[0]}\n`);
	process.exitCode = isUserError(error) ? 2 : 1;
}
