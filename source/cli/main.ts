/**
 * `blobterm`'s commands: the first argument picks a subcommand (`blobterm match ...`), anything
 * else plays a game (`play.tsx`). Each command is loaded only when used.
 */

import { reportError } from './errors.js';

/** A command: runs with the arguments after its name; throws user errors. */
export interface Command {
	run(argv: readonly string[]): Promise<void>;
}

/** The subcommands, by name. */
const COMMANDS: Record<string, () => Promise<Command>> = {
	perft: () => import('./perft.js'),
	bench: () => import('./bench.js'),
	match: () => import('./match.js'),
	analyze: () => import('./analyze.js'),
	worker: () => import('./worker.js'),
};

/** Runs blobterm with its arguments (without `node` and the script). */
export async function main(argv: readonly string[]): Promise<void> {
	try {
		const load = Object.hasOwn(COMMANDS, argv[0] ?? '') ? COMMANDS[argv[0]] : null;
		if (load) await (await load()).run(argv.slice(1));
		else await (await import('./play.js')).run(argv);
	} catch (error) {
		reportError('blobterm', error);
	}
}
