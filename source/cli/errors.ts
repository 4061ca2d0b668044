/**
 * How the executables report errors: one line on stderr and a non-zero exit code, never a stack
 * trace unless asked for (BLOBTERM_DEBUG=1).
 */

import { UserError } from '../game/user-error.js';
import { stderrPaint } from '../ui/text-colours.js';

/** An error a user caused on the command line (bad argument, missing operand). */
export class UsageError extends UserError {}

/**
 * Thrown instead of running a command when the user asked for its help or the version: the
 * executable prints `text` on stdout and exits 0.
 */
export class HelpRequest extends Error {
	constructor(readonly text: string) {
		super('help requested');
		this.name = 'HelpRequest';
	}
}

/** The hint after the message of an error that is not the user's. */
const INTERNAL_HINT = '(internal error; please report it, with the output of BLOBTERM_DEBUG=1 and the same command)';

/**
 * Prints `program: message` (its first line; the prefix in red where standard error has colour)
 * for an error and sets a non-zero exit code. A `UserError` exits 2 with its message alone;
 * anything else is a bug: exit code 1, the message with a hint to report it, and the stack trace
 * only when the environment has BLOBTERM_DEBUG=1.
 */
export function reportError(program: string, error: unknown): void {
	const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
	const prefix = stderrPaint.red(`${program}:`);
	if (error instanceof UserError) {
		process.stderr.write(`${prefix} ${message}\n`);
		process.exitCode = 2;
		return;
	}
	process.stderr.write(`${prefix} ${message} ${INTERNAL_HINT}\n`);
	if (process.env.BLOBTERM_DEBUG === '1' && error instanceof Error && error.stack)
		process.stderr.write(`${error.stack}\n`);
	process.exitCode = 1;
}
