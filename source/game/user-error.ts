/**
 * Errors a user can cause: a bad argument, a malformed file, a bad player spec. Every such error
 * class derives from `UserError`, so that the executables show its message as it is (one line,
 * exit code 2) and treat anything else as a bug. Messages quote what the user gave with `quote`,
 * so that a huge or binary input makes a short error line.
 */

/**
 * An error whose message is meant for the user: it says what is wrong and, where it helps, what
 * to do. Subclasses keep their own `name` (the class name) and need no constructor of their own.
 */
export class UserError extends Error {
	constructor(message: string, options?: ErrorOptions) {
		super(message, options);
		this.name = new.target.name;
	}
}

/** Longest piece of user input quoted in a message, in characters. */
export const QUOTE_MAX = 40;

/**
 * User input as a double-quoted string for an error message: JSON-escaped (so control characters
 * and newlines show as escapes) and cut to `max` characters with `...` and the full length
 * when longer: `"x5o/7/7/7/7/7/o5x x 0 1"`, `"xxxxxxxx..." (104857600 characters)`.
 */
export function quote(text: string, max = QUOTE_MAX): string {
	if (text.length <= max) return JSON.stringify(text);
	return `${JSON.stringify(text.slice(0, max)).slice(0, -1)}..." (${text.length} characters)`;
}
