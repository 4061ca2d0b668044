#!/usr/bin/env node
/**
 * `blob-engine`: the built-in engine as a standalone executable speaking the tournament interface
 * of the Blob War course (Dumas, "Guerre des blobs", 2014; docs/tournament-interface.md):
 *
 *   blob-engine BOARD_FILE TIME [HALF_MOVES]
 *
 * prints one move line `(r1,c1) > (r2,c2)` on stdout and exits within TIME seconds (counted
 * from the start of the process). The sign of TIME says which colour it plays (positive Blue,
 * negative Red) and wins over the board file's history parity. Errors go to stderr, one line,
 * with exit code 2. `blob-engine --uai` speaks UAI instead (`cli/uai-server.ts`).
 */

import './cli/colour-env.js';
import './cli/closed-pipe.js';
import { describeEndReason, gameEnd } from './game/game-over.js';
import { NO_MOVE } from './game/move.js';
import { formatMove } from './game/notation.js';
import { BLUE, RED, setSide } from './game/position.js';
import { Searcher } from './search/search.js';
import { loadBoardFile } from './match/load-board.js';
import { HelpRequest, reportError, UsageError } from './cli/errors.js';
import { plainArguments } from './cli/plain-arguments.js';
import { processStartMs } from './cli/process-start.js';
import { readNumberFlag, readSignedTime } from './cli/number-flags.js';
import { BOUNDS } from './game/number-args.js';
import { formatInfoLine } from './cli/info-line.js';
import {
	SEARCH_FLAGS,
	SEARCH_FLAGS_HELP,
	searchOptionsFromFlags,
	THREAD_FLAGS,
	THREAD_FLAGS_HELP,
	threadsFromFlags,
} from './cli/search-flags.js';
import { type SearchInfo, type SearchResult } from './search/types.js';

const help = `
  Usage
    $ blob-engine BOARD_FILE TIME [HALF_MOVES]
    $ blob-engine --depth N BOARD_FILE [TIME] [HALF_MOVES]
    $ blob-engine --uai

  Prints the engine's move for the position in BOARD_FILE as "(r1,c1) > (r2,c2)" and exits
  within TIME seconds. TIME > 0: the engine plays Blue; TIME < 0: Red (the sign wins over
  the board file's history); its magnitude is 0.01 to 86400 (one day), so 0 is refused.
  HALF_MOVES: half-moves left before the game ends by the limit (0 to 1000000).
  With --uai it speaks UAI on standard input and output (7x7 boards, Ataxx rules).

  Options
    --depth N          search N plies, 1 to 120 (with or without a time limit)
    --verbose          print one info line per completed depth on stderr
    --uai              UAI mode (for Ataxx GUIs and match runners)
${THREAD_FLAGS_HELP}
${SEARCH_FLAGS_HELP}
    --no-color         no colours (also NO_COLOR=1 or TERM=dumb)
    --help, -h         this text
    --version, -v      the version

  Examples
    $ blob-engine boards/ataxx.bwb 1.5
    $ blob-engine boards/gruyere5.bwb -0.2 40
    $ blob-engine --depth 6 --algorithm mtdf boards/default.bwb
    $ blob-engine --uai --hash 128
`;

/** blob-engine's flags (numbers as text, read by `cli/number-flags.ts`). */
const FLAGS = {
	depth: { type: 'string' },
	verbose: { type: 'boolean', default: false },
	uai: { type: 'boolean', default: false },
	...THREAD_FLAGS,
	...SEARCH_FLAGS,
} as const;

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	// Without a flag (the tournament interface's BOARD_FILE TIME [HALF_MOVES]), meow is not loaded:
	// its 50 to 80 ms would be taken from TIME.
	const cli =
		plainArguments(FLAGS, argv) ??
		(await import('./cli/command-line.js')).parseCommandLine({ command: 'blob-engine', help, flags: FLAGS, argv });
	const options = searchOptionsFromFlags(cli.flags);
	const { threads = 1, parallel = 'lazy' } = threadsFromFlags(cli.flags);
	if (cli.flags.uai) {
		if (cli.input.length > 0) throw new UsageError(`--uai takes no arguments, got "${cli.input[0]}"`);
		// Imported here: a tournament-interface run (whose TIME counts from the process start) loads less.
		const { runUaiServer } = await import('./cli/uai-server.js');
		await runUaiServer(
			{ input: process.stdin, write: (line) => process.stdout.write(`${line}\n`) },
			options,
			threads,
			parallel,
		);
		return;
	}
	const [file, timeText, halfMovesText, ...rest] = cli.input;
	if (file === undefined)
		throw new UsageError('name a board file: blob-engine BOARD_FILE TIME [HALF_MOVES] (see blob-engine --help)');
	if (rest.length > 0) throw new UsageError(`too many arguments: ${rest.join(' ')} (see blob-engine --help)`);
	const depth = readNumberFlag('--depth', cli.flags.depth, BOUNDS.depth);
	if (timeText === undefined && depth === undefined) throw new UsageError('TIME is required (or give --depth N)');
	const time = timeText === undefined ? undefined : readSignedTime('TIME', timeText);
	const halfMovesLeft = readNumberFlag('HALF_MOVES', halfMovesText, BOUNDS.halfMovesLeft) ?? Infinity;

	const { position, history } = loadBoardFile(file);
	if (time !== undefined) setSide(position, time.negative ? RED : BLUE);
	else if (history.length === 0) setSide(position, BLUE);

	const end = gameEnd(position, 'blobwar', halfMovesLeft);
	if (end) throw new UsageError(`no legal move: the game is over (${describeEndReason(end.reason, position)})`);

	// TIME counts from the process start (the kernel's, before Node.js's time origin): the time
	// manager deducts what starting took.
	const timeMs = time === undefined ? undefined : time.seconds * 1000;
	const limits = { depth, timeMs, halfMovesLeft, startedAt: processStartMs() };
	const listener = {
		onInfo: cli.flags.verbose
			? (info: SearchInfo) => process.stderr.write(`${formatInfoLine(position, info)}\n`)
			: undefined,
	};
	let result: SearchResult;
	if (threads > 1) {
		// Several threads: the search runs in a pool of workers, ended as soon as it answers.
		const { SearchPool } = await import('./search/parallel/search-pool.js');
		const pool = new SearchPool({ threads, parallel, search: options });
		try {
			result = await pool.search(position, limits, listener);
		} finally {
			await pool.close();
		}
	} else {
		result = new Searcher(options).search(position, limits, listener);
	}
	if (result.move === NO_MOVE) throw new UsageError('no legal move');
	process.stdout.write(`${formatMove(position, result.move)}\n`);
}

try {
	await main();
} catch (error) {
	if (error instanceof HelpRequest) process.stdout.write(error.text);
	else reportError('blob-engine', error);
}
