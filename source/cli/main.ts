/**
 * `blobterm`'s commands: the first argument picks a subcommand (`blobterm match ...`), anything
 * else plays a game (`play.tsx`). Each command is loaded only when used. `blobterm help
 * [COMMAND ...]` prints a command's help, as `--help` after it does.
 */

import { HelpRequest, reportError, UsageError } from './errors.js';

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
	review: () => import('./review.js'),
	kernel: () => import('./kernel.js'),
	lab: () => import('./lab.js'),
	openings: () => import('./openings.js'),
	tune: () => import('./tune.js'),
	spsa: () => import('./spsa.js'),
	worker: () => import('./worker.js'),
};

/** The game command, run when the first argument names no subcommand. */
const PLAY = () => import('./play.js');

/** Runs blobterm with its arguments (without `node` and the script). */
export async function main(argv: readonly string[]): Promise<void> {
	try {
		if (argv[0] === 'help') await help(argv.slice(1));
		else {
			const load = Object.hasOwn(COMMANDS, argv[0] ?? '') ? COMMANDS[argv[0]] : null;
			if (load) await (await load()).run(argv.slice(1));
			else await (await PLAY()).run(argv);
		}
	} catch (error) {
		if (error instanceof HelpRequest) process.stdout.write(error.text);
		else reportError('blobterm', error);
	}
}

/**
 * `blobterm help`: the game command's help; `blobterm help COMMAND [ARGS]`: that command's.
 * @throws HelpRequest with the text; UsageError for an unknown command
 */
async function help(argv: readonly string[]): Promise<void> {
	const name = argv[0];
	if (name === undefined) return (await PLAY()).run(['--help']);
	if (!Object.hasOwn(COMMANDS, name))
		throw new UsageError(
			`no command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')}; blobterm help shows the game's)`,
		);
	return (await COMMANDS[name]()).run([...argv.slice(1), '--help']);
}
