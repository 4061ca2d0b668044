/**
 * The error of a game record that cannot be read or written (its own module, so that the
 * executables' error reporting does not load the record code).
 */

/** A record file that cannot be read or written: `file: message`. */
export class GameRecordError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'GameRecordError';
	}
}
