/**
 * Arguments without a flag, read without meow. Loading meow takes 50 to 80 ms of a process's
 * start (its bundle is parsed and compiled), and the tournament interface starts `blob-engine`
 * for every move and counts the start against the move's TIME: when no token is a flag, the
 * command's arguments are its positional arguments and every flag is at its default, which is
 * what `parseCommandLine` (meow) returns for them.
 */

import { type AnyFlags, type Result } from 'meow';

/**
 * A negative number, or a comma-separated list of numbers that starts with one, is an argument,
 * not a flag (`builtin -0.5`, `--mca-values -3,-1,0`).
 */
export const NEGATIVE_NUMBER = /^-(\d+\.?\d*|\.\d+)(e[-+]?\d+)?(,-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)*$/i;

/** True if `token` is a flag (`--depth`, `-h`, `--hash=8`): it starts with `-` and is not `-` nor a negative number. */
export function isFlagToken(token: string): boolean {
	return token.startsWith('-') && token !== '-' && !NEGATIVE_NUMBER.test(token);
}

/** What a command reads of its arguments: its positional arguments and its flags. */
export type ParsedArguments<F extends AnyFlags> = Pick<Result<F>, 'input' | 'flags'>;

/**
 * The arguments `argv` as meow reads them when none is a flag (nor `--`): the tokens as positional
 * arguments, and each flag of `flags` at its default as meow gives it (its `default`; else `false`
 * for a switch, `[]` for a flag that may be given several times, absent for the others).
 * @returns null when a token is a flag or `--` (read them with `parseCommandLine`)
 */
export function plainArguments<const F extends AnyFlags>(flags: F, argv: readonly string[]): ParsedArguments<F> | null {
	if (argv.some((token) => token === '--' || isFlagToken(token))) return null;
	const values: Record<string, unknown> = {};
	for (const [key, definition] of Object.entries(flags)) {
		if (definition.default !== undefined) values[key] = definition.default;
		else if (definition.type === 'boolean') values[key] = false;
		else if (definition.isMultiple === true) values[key] = [];
	}
	return { input: [...argv], flags: values as Result<F>['flags'] };
}
