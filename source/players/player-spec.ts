/**
 * One way to name a player for every kind, on any command line (`blobterm match`, the game
 * command):
 *
 *   human                              a person at the keyboard
 *   builtin[:OPTIONS]                  the built-in engine          builtin:depth=6,name=deep
 *   [ti:]PROGRAM[,OPTIONS]             a tournament-interface program (docs/tournament-interface.md)
 *   uai:PROGRAM[,OPTIONS]              a UAI program (docs/uai.md)
 *
 * OPTIONS are `KEY=VALUE` items separated by commas (a value cannot hold a comma):
 *   all:      name=NAME        the name shown and recorded (default: `builtin` or the program's path)
 *   builtin:  depth=N          depth limit in plies
 *             nodes=N          node limit per move (for matches that do not depend on the load)
 *             threads=N        search threads (default 1)
 *             parallel=P       lazy (Lazy SMP, the default) or ybwc (Young Brothers Wait Concept)
 *             preset=P, algorithm=A, hash=MB, eval=tuned|classic, weights=FILE, exposure=N,
 *             aspiration|tt|ttmove|captures|jumppenalty|killers|countermove|history|positional|
 *             evalcache=on|off
 *             selective|nullmove|rfp|futility|lmr|lmp|lmpcaptures|iir=on|off
 *             nullmove=auto    (the default: on under Blob War rules, off under Ataxx rules)
 *             evalcache=auto   (the default: off)
 *                              search options (`search/option-text.ts`): builtin:preset=skeleton
 *   ti:       args=TEMPLATE    argument list, placeholders {board} {time} {time-ms} {moves}
 *             grace=MS         extra ms after TIME before the program loses (default 500)
 *   uai:      args=ARGS        arguments given to the program at start
 *             grace=MS         extra ms after the move time before it loses (default 500)
 *             init=MS          ms allowed for each handshake answer, uaiok and readyok (default 5000)
 *             option.NAME=V    sent as `setoption name NAME value V` after `uaiok`
 * A program path without a prefix is a tournament-interface program; a path that names an
 * existing file is taken whole, so old command lines with odd paths keep working.
 */

import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import which from 'which';
import { BOUNDS, checkNumber, type NumberBounds, quoteInput } from '../game/number-args.js';
import { parseSearchOptions, SEARCH_OPTION_KEYS, type SearchOptionError } from '../search/option-text.js';
import { type ParallelAlgorithm } from '../search/parallel/search-pool.js';
import { type SearchOptions } from '../search/search-options.js';
import { UserError } from '../game/user-error.js';

/** A player spec that cannot be used (bad syntax, unknown option, missing program). */
export class PlayerSpecError extends UserError {}

/** A parsed player spec. Absent options take the caller's defaults. */
export type PlayerSpec =
	| { readonly kind: 'human'; readonly text: string; readonly name?: string }
	| {
			readonly kind: 'builtin';
			readonly text: string;
			readonly name?: string;
			readonly depth?: number;
			/** Node limit per move. */
			readonly nodes?: number;
			readonly search: Partial<SearchOptions>;
			readonly threads?: number;
			readonly parallel?: ParallelAlgorithm;
	  }
	| ({ readonly kind: 'ti' } & ProgramSpec)
	| ({
			readonly kind: 'uai';
			/** Ms allowed for `uaiok` and each `readyok`. */
			readonly initMs?: number;
			/** `setoption` pairs, in the order given. */
			readonly options: ReadonlyArray<readonly [string, string]>;
	  } & ProgramSpec);

/** What the specs of engine programs (tournament interface and UAI) hold. */
export interface ProgramSpec {
	readonly text: string;
	/** The program as given. */
	readonly program: string;
	/** The program to run: an absolute path, or a bare name left to PATH. */
	readonly command: string;
	readonly name?: string;
	readonly args?: readonly string[];
	/** Grace period in ms. */
	readonly graceMs?: number;
}

/** The kinds a spec can name. */
export type PlayerKind = PlayerSpec['kind'];

const KEYS: Record<PlayerKind, readonly string[]> = {
	human: [],
	builtin: ['name', 'depth', 'nodes', 'threads', 'parallel', ...SEARCH_OPTION_KEYS],
	ti: ['name', 'args', 'grace'],
	uai: ['name', 'args', 'grace', 'init', 'option.NAME'],
};

/**
 * Reads a player spec (see the module comment).
 * @param checkProgram whether a program must exist here (default true); a distributed match's
 *   coordinator names programs that only its workers have, and leaves `command` as given
 * @throws PlayerSpecError for bad syntax, an unknown or bad option, or a program that is missing,
 *   a directory or not executable
 */
export function parsePlayerSpec(text: string, { checkProgram = true }: { checkProgram?: boolean } = {}): PlayerSpec {
	if (text === 'human') return { kind: 'human', text };
	const prefix = /^(builtin|ti|uai)(?::|$)/.exec(text);
	if (prefix?.[1] === 'builtin') {
		const items = text
			.slice('builtin:'.length)
			.split(',')
			.filter((item) => item !== '');
		const options = readOptions(text, 'builtin', items);
		let search: Partial<SearchOptions>;
		try {
			search = parseSearchOptions(options.search);
		} catch (error) {
			throw new PlayerSpecError(`player ${text}: ${(error as SearchOptionError).message}`);
		}
		const threads = readOption(text, 'threads', options.threads, BOUNDS.threads);
		if (options.parallel !== undefined && options.parallel !== 'lazy' && options.parallel !== 'ybwc')
			throw new PlayerSpecError(`player ${text}: parallel must be lazy or ybwc, got "${options.parallel}"`);
		const parallel = options.parallel as ParallelAlgorithm | undefined;
		return {
			kind: 'builtin',
			text,
			name: options.name,
			depth: readOption(text, 'depth', options.depth, BOUNDS.depth),
			nodes: readOption(text, 'nodes', options.nodes, BOUNDS.nodes),
			search,
			threads,
			parallel,
		};
	}
	let kind: 'ti' | 'uai' = 'ti';
	let rest = text;
	if (prefix) {
		kind = prefix[1] as 'ti' | 'uai';
		rest = text.slice(prefix[0].length);
	}
	if (rest === '') throw new PlayerSpecError(`player ${text}: no program given (e.g. ${kind}:./my-engine)`);
	let program: string;
	let items: string[];
	if (!prefix && isFile(rest)) {
		program = rest;
		items = [];
	} else {
		[program, ...items] = rest.split(',');
	}
	if (program === '') throw new PlayerSpecError(`player ${text}: no program given (e.g. ${kind}:./my-engine)`);
	const options = readOptions(text, kind, items);
	const args =
		options.args === undefined
			? undefined
			: options.args
					.trim()
					.split(/\s+/)
					.filter((a) => a !== '');
	const graceMs = readOption(text, 'grace', options.grace, BOUNDS.graceMs);
	const command = checkProgram ? resolveProgram(program) : program;
	if (kind === 'ti') return { kind, text, program, command, name: options.name, args, graceMs };
	const initMs = readOption(text, 'init', options.init, BOUNDS.handshakeMs);
	return { kind, text, program, command, name: options.name, args, graceMs, initMs, options: options.setoptions };
}

interface Options {
	name?: string;
	depth?: string;
	nodes?: string;
	threads?: string;
	parallel?: string;
	args?: string;
	grace?: string;
	init?: string;
	setoptions: Array<[string, string]>;
	/** The built-in engine's search options, as `KEY=VALUE` items. */
	search: string[];
}

function readOptions(text: string, kind: PlayerKind, items: readonly string[]): Options {
	const out: Options = { setoptions: [], search: [] };
	const valid = KEYS[kind];
	for (const item of items) {
		const eq = item.indexOf('=');
		if (eq <= 0)
			throw new PlayerSpecError(
				`player ${text}: expected KEY=VALUE, found "${item}" (options of ${kind}: ${valid.join(', ')})`,
			);
		const key = item.slice(0, eq);
		const value = item.slice(eq + 1);
		if (kind === 'uai' && key.startsWith('option.') && key.length > 'option.'.length) {
			out.setoptions.push([key.slice('option.'.length), value]);
		} else if (kind === 'builtin' && SEARCH_OPTION_KEYS.includes(key)) {
			out.search.push(item);
		} else if (valid.includes(key)) {
			out[key as 'name' | 'depth' | 'nodes' | 'threads' | 'parallel' | 'args' | 'grace' | 'init'] = value;
		} else {
			throw new PlayerSpecError(
				`player ${text}: unknown option "${key}" (options of ${kind}: ${valid.join(', ')})`,
			);
		}
	}
	if (out.name !== undefined && out.name.trim() === '') throw new PlayerSpecError(`player ${text}: empty name`);
	return out;
}

/** An option's number, checked against its bounds (`game/number-args.ts`); undefined if not given. */
function readOption(text: string, key: string, value: string | undefined, bounds: NumberBounds): number | undefined {
	if (value === undefined) return undefined;
	const checked = checkNumber(value, bounds);
	if (!checked.ok)
		throw new PlayerSpecError(`player ${text}: ${key} must be ${checked.expected}, got ${quoteInput(value)}`);
	return checked.value;
}

function isFile(path: string): boolean {
	try {
		return statSync(path).isFile();
	} catch {
		return false;
	}
}

/** The name a spec shows: its `name=` option, else `builtin`, `human` or the program as given. */
export function specName(spec: PlayerSpec): string {
	if (spec.name !== undefined) return spec.name;
	if (spec.kind === 'human' || spec.kind === 'builtin') return spec.kind;
	return spec.program;
}

/**
 * The program to run for a spec: a path (with a `/`, or a file in the current directory) made
 * absolute and checked, or a bare name looked up in PATH (`which`) now, so that a name that
 * runs nothing is refused before the first game instead of losing every one.
 * @throws PlayerSpecError for a path that is missing, a directory, or not executable, or a bare
 *   name that is no program in PATH (with a hint when it is a player kind in other letters: HUMAN)
 */
export function resolveProgram(spec: string): string {
	let path: string | null = null;
	if (spec.includes('/')) path = resolve(spec);
	else if (isFile(spec)) path = resolve(spec);
	if (path === null) {
		const found = which.sync(spec, { nothrow: true });
		if (found !== null) return found;
		throw new PlayerSpecError(`engine ${spec}: no such program in PATH (${kindHint(spec)})`);
	}
	let isRegular: boolean;
	try {
		isRegular = statSync(path).isFile();
	} catch {
		throw new PlayerSpecError(`engine ${spec}: no such file (players are human, builtin, or an engine program)`);
	}
	if (!isRegular) throw new PlayerSpecError(`engine ${spec}: not a file`);
	try {
		accessSync(path, constants.X_OK);
	} catch {
		throw new PlayerSpecError(`engine ${spec}: not executable (chmod +x ${spec})`);
	}
	return path;
}

/** `did you mean human?` for a player kind in other letters, else what players can be. */
function kindHint(spec: string): string {
	const lower = spec.toLowerCase();
	for (const kind of ['human', 'builtin', 'ti:', 'uai:'])
		if (lower === kind || (lower.startsWith(kind) && (kind.endsWith(':') || lower[kind.length] === ':')))
			return `did you mean ${kind.replace(/:$/, '')}${spec.slice(kind.replace(/:$/, '').length)}?`;
	return 'players are human, builtin, or an engine program';
}
