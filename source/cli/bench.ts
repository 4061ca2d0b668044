/**
 * `blobterm bench KIND`: fixed benchmarks whose tables go in the README. `perft` measures the
 * move generator.
 */

import meow from 'meow';
import { UsageError } from './errors.js';
import { SEARCH_FLAGS, SEARCH_FLAGS_HELP, searchOptionsFromFlags } from './search-flags.js';

const help = `
  Usage
    $ blobterm bench perft [--reference]
    $ blobterm bench search [--compare] [--depth N] [search options]
    $ blobterm bench parallel [--threads 1,2,4] [--depth N] [search options]
    $ blobterm bench time [--repeat N]
    $ blobterm bench queue URL [--games N] [--workers N] [--concurrency N]

  perft   the move generator: perft of the 7x7 start, the 8x8 default board (with holes) and
          a 16x16 board, each to depth 6, bulk (last half-move counted) and with every leaf
          made; nodes, seconds (best of 3 runs) and millions of nodes per second, as a Markdown
          table, with the machine it ran on; --reference also times the plain reference
          generator (bulk) for comparison
  search  the engine: fixed positions (7x7, 8x8 with holes, the handout's board, gruyere5,
          16x16) searched to fixed depths on one thread; nodes, ms and nps per position, and
          the total node count (the bench signature, which changes only when the search's
          behaviour does). --compare: nodes and time with each enhancement switched on in
          turn (plain alpha-beta, ordering, table, killers, history, PVS, aspiration, MTD(f)).
          --depth N searches every position to depth N.
  parallel  the same positions with 1 thread and with each count of --threads (default 1,2),
          for Lazy SMP and YBWC: time to depth, speedup, search overhead, nps scaling and
          efficiency (the metrics of Manohararajah, "Parallel Alpha-Beta Search on Shared
          Memory Multiprocessors", 2001)

  time    the clock: blob-engine --uai answering "go movetime T" at T = 100 ms and 1 s on five
          positions (the time from go to bestmove, as a share of T; the goal is 90 to 100%),
          and blob-engine BOARD TIME at TIME = 0.3, 0.5 and 1 s (process start to exit, as a
          share of TIME: the process start counts); --repeat N runs each N times

  queue   games per second one coordinator and the Redis server at URL sustain when games cost
          nothing: a distributed match of --games N (default 2000) between two built-in engines
          at fixed depths, its games answered at once by --workers N (default 4) worker
          processes taking --concurrency N pairs at once (default 8) with the record of the game
          those engines always play; the server's pairs queue must be free of other matches.
          Prints the rate and the CPU time per game of the coordinator and of Redis

  Search options (bench search)
${SEARCH_FLAGS_HELP}
`;

/** Runs the bench command. */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = meow(help, {
		importMeta: import.meta,
		argv: [...argv],
		flags: {
			reference: { type: 'boolean', default: false },
			compare: { type: 'boolean', default: false },
			depth: { type: 'number' },
			threads: { type: 'string', default: '1,2' },
			repeat: { type: 'number' },
			games: { type: 'number', default: 2000 },
			workers: { type: 'number', default: 4 },
			concurrency: { type: 'number', default: 8 },
			...SEARCH_FLAGS,
		},
		allowUnknownFlags: false,
	});
	const { flags } = cli;
	if (flags.depth !== undefined && (!Number.isInteger(flags.depth) || flags.depth < 1 || flags.depth > 60))
		throw new UsageError(`--depth must be an integer from 1 to 60, got ${flags.depth}`);
	const out = (line: string) => process.stdout.write(`${line}\n`);
	const [kind, ...rest] = cli.input;
	if (kind === 'queue') {
		if (rest.length !== 1) throw new UsageError('bench queue: give the queue URL, e.g. redis://127.0.0.1:6379');
		await (await import('./bench-queue.js')).benchQueueCommand(out, rest[0], flags);
		return;
	}
	if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
	switch (kind) {
		case 'perft':
			(await import('./bench-perft.js')).benchPerft(out, flags.reference);
			return;
		case 'search': {
			const bench = await import('./bench-search.js');
			if (flags.compare) bench.benchCompare(out, flags.depth);
			else bench.benchSearch(out, searchOptionsFromFlags(flags), flags.depth);
			return;
		}
		case 'parallel': {
			const counts = flags.threads.split(',').map((t) => Number(t.trim()));
			if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 64))
				throw new UsageError(
					`--threads must be a list of integers from 1 to 64, like 1,2,4; got "${flags.threads}"`,
				);
			await (
				await import('./bench-parallel.js')
			).benchParallel(out, counts, searchOptionsFromFlags(flags), flags.depth);
			return;
		}
		case 'time':
			if (
				flags.repeat !== undefined &&
				(!Number.isInteger(flags.repeat) || flags.repeat < 1 || flags.repeat > 100)
			)
				throw new UsageError(`--repeat must be an integer from 1 to 100, got ${flags.repeat}`);
			await (await import('./bench-time.js')).benchTime(out, { repeat: flags.repeat });
			return;
		case undefined:
			cli.showHelp(2);
			return;
		default:
			throw new UsageError(
				`unknown benchmark "${kind}" (try: blobterm bench perft, search, parallel, time or queue)`,
			);
	}
}
