/**
 * Output piped into a reader that stops early (`blobterm match ... | head -2`): once the reader
 * has closed the pipe, every write fails with EPIPE, which Node reports as an unhandled 'error'
 * event with a stack trace. Here it ends the program quietly instead, with exit code 0, as
 * `yes | head -1` does without a word: what the reader wanted, it has. The exit runs the
 * `process.on('exit')` handlers, so engine processes and temporary folders go with it
 * (`players/process-registry.ts`).
 *
 * Imported for this effect alone, near the top of `cli.tsx` and `engine-cli.ts`.
 */

/** Ends the program quietly when `error` is a closed pipe; any other error is thrown on. */
export function exitOnClosedPipe(error: NodeJS.ErrnoException): void {
	if (error.code === 'EPIPE') process.exit(0);
	throw error;
}

process.stdout.on('error', exitOnClosedPipe);
process.stderr.on('error', exitOnClosedPipe);
