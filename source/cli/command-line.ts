/**
 * Reading a command's arguments: meow parses them, and this wrapper gives every command of both
 * executables the same manners. `--help` or `-h` anywhere (before `--`) prints the command's help
 * and `--version` or `-v` the version, both exiting 0, instead of running the command; an unknown
 * flag, a flag without its value and a flag given twice are one-line errors that name the flag
 * and point to the command's help. Every command takes `--no-color` (read by `colour-env.ts`).
 */

import { readFileSync } from 'node:fs';
import meow, { type AnyFlags, type Result } from 'meow';
import { HelpRequest, UsageError } from './errors.js';
import { isFlagToken, NEGATIVE_NUMBER } from './plain-arguments.js';

/** The version in package.json (`0.1.0`). */
export function packageVersion(): string {
	const file = new URL('../../package.json', import.meta.url);
	return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** A command's text for people: its help as printed by `--help` (leading blank line, two-space indent). */
export function formatHelp(help: string): string {
	return `\n${help.replace(/^\n+/, '').trimEnd()}\n\n`;
}

/** What a command reads. */
export interface CommandLineSpec<F extends AnyFlags> {
	/** The command as the user types it, for messages and hints: `blobterm`, `blobterm bench`, `blob-engine`. */
	readonly command: string;
	/** Its help text (meow's form: indented lines). */
	readonly help: string;
	/** Its flags (meow's definitions). Numbers are read as strings and checked by `number-flags.ts`. */
	readonly flags: F;
	/** The arguments after the command's name. */
	readonly argv: readonly string[];
}

/**
 * Parses a command's arguments.
 * @returns meow's result: positional arguments and flags
 * @throws HelpRequest for `--help`, `-h`, `--version`, `-v`
 * @throws UsageError for an unknown flag, a flag given twice, a string flag without a value, or a
 *   switch given a value other than true or false (`--resume=maybe`)
 */
export function parseCommandLine<const F extends AnyFlags>(spec: CommandLineSpec<F>): Result<F> {
	const { command, help, flags, argv } = spec;
	const end = argv.indexOf('--');
	const options = end < 0 ? argv : argv.slice(0, end);
	const hint = `see ${command} --help`;
	for (const token of options) {
		if (token === '--help' || token === '-h') throw new HelpRequest(formatHelp(help));
		if (token === '--version' || token === '-v')
			throw new HelpRequest(`${command.split(' ')[0]} ${packageVersion()}\n`);
	}
	const known = knownFlags(flags);
	options.forEach((token, i) => {
		if (!isFlagToken(token)) return;
		const name = token.replace(/^--?/, '').split('=')[0];
		const written = token.startsWith('--') ? `--${name}` : `-${name}`;
		const isSwitch = known.get(written);
		if (isSwitch === undefined) throw new UsageError(`unknown flag ${quote(token.split('=')[0])} (${hint})`);
		const value = token.includes('=') ? token.slice(token.indexOf('=') + 1) : null;
		if (value !== null && isSwitch && value !== 'true' && value !== 'false')
			throw new UsageError(`${written} is a switch: give it alone, or =true or =false (${hint})`);
		// A string flag with nothing after it (meow would give it its default, if it has one).
		const next = options[i + 1];
		if (!isSwitch && value === null && (next === undefined || isFlagToken(next)))
			throw new UsageError(`${written} needs a value (${hint})`);
	});
	// meow's parser takes `-1e-1` or `-1.` for flags: hand it stand-ins for negative numbers, then put them back.
	const negatives: string[] = [];
	const stand = (token: string) => `\u0000${negatives.push(token) - 1}`;
	const back = (value: unknown): unknown =>
		typeof value === 'string' && value.startsWith('\u0000')
			? negatives[Number(value.slice(1))]
			: Array.isArray(value)
				? value.map(back)
				: value;
	let result: Result<F>;
	try {
		result = meow(help, {
			importMeta: import.meta,
			argv: argv.map((token, i) => ((end < 0 || i < end) && NEGATIVE_NUMBER.test(token) ? stand(token) : token)),
			flags,
			allowUnknownFlags: true,
			autoHelp: false,
			autoVersion: false,
		});
	} catch (error) {
		const twice = /--?(\S+) can only be set once/.exec((error as Error).message);
		if (twice) throw new UsageError(`--${twice[1].replace(/\.$/, '')} can be given only once (${hint})`);
		throw error;
	}
	result.input = result.input.map((token) => back(token) as string);
	const parsed = result.flags as Record<string, unknown>;
	for (const [key, definition] of Object.entries(flags)) {
		if (definition.type !== 'string') continue;
		parsed[key] = back(parsed[key]);
		const value = parsed[key];
		const values = Array.isArray(value) ? value : [value];
		if (values.includes('')) throw new UsageError(`${flagName(key)} needs a value (${hint})`);
	}
	return result;
}

/** `maxMoves` -> `--max-moves`. */
export function flagName(key: string): string {
	return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * Every way a flag of `flags` can be written (`--max-moves`, `--no-color`, `-d`), each with
 * whether it is a switch (a boolean flag).
 */
function knownFlags(flags: AnyFlags): Map<string, boolean> {
	// Every command takes --no-color: `colour-env.ts` reads it before the command starts.
	const known = new Map<string, boolean>([
		['--color', true],
		['--no-color', true],
	]);
	for (const [key, definition] of Object.entries(flags)) {
		const isSwitch = definition.type === 'boolean';
		known.set(flagName(key), isSwitch);
		if (isSwitch) known.set(`--no-${flagName(key).slice(2)}`, true);
		if (definition.shortFlag) known.set(`-${definition.shortFlag}`, isSwitch);
		for (const alias of definition.aliases ?? []) known.set(flagName(alias), isSwitch);
	}
	return known;
}

/** A token as the message shows it: cut to a few dozen characters. */
function quote(token: string): string {
	return token.length > 40 ? `${token.slice(0, 37)}...` : token;
}
