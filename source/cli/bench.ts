/** Worker processes of `bench queue`. */
const QUEUE_WORKERS: NumberBounds = { unit: 'processes', min: 1, max: 64, integer: true };

/**
 * `blobterm bench KIND`: fixed benchmarks whose tables go in the README. `perft` measures the
 * move generator.
 */

import { BOUNDS, type NumberBounds } from '../game/number-args.js';
import { parseCommandLine } from './command-line.js';
import { UsageError } from './errors.js';
import { readNumber, readNumberFlag } from './number-flags.js';
import { SEARCH_FLAGS, SEARCH_FLAGS_HELP, searchOptionsFromFlags } from './search-flags.js';

export const help = `
  Usage
    $ blobterm bench perft [--reference]
    $ blobterm bench search [--compare] [--depth N] [--warm] [--repeat N] [search options]
    $ blobterm bench parallel [--threads 1,2,4] [--depth N] [--repeat N] [search options]
    $ blobterm bench time [--repeat N]
    $ blobterm bench queue URL [--games N] [--workers N] [--concurrency N]

  perft     the move generator: perft of the 7x7 start, the 8x8 default board (4 holes) and
            a 16x16 board (4 holes), each to depth 6, bulk (last half-move counted) and with
            every leaf made; nodes, seconds (best of 3 runs) and millions of nodes per second,
            as a Markdown table, with the machine it ran on. --reference also times the plain
            reference generator (bulk) for comparison.
  search    the engine: 8 fixed positions (7x7 start, opening and middlegame, the 8x8 default
            board and an opening on it, gruyere5, the handout's 5x6 board, 16x16) searched to
            fixed depths (9 to 13 plies) on one thread with an empty table; nodes, ms and nps
            per position, the same by the process's CPU time (which other programs on a busy
            machine change less than the clock), and the total node count (the bench
            signature, which changes only when the search's behaviour does). --compare: nodes
            and time with each enhancement switched on in turn (plain alpha-beta, ordering,
            table, killers, history, PVS, aspiration, MTD(f)). --repeat N: N timed passes,
            each row the median of its N times
  parallel  the same positions 3 plies deeper, on 1 thread and on each count of --threads
            (default 1,2), for Lazy SMP and YBWC: time to depth, speedup, search overhead,
            nps scaling and efficiency (the metrics of V. Manohararajah, "Parallel Alpha-Beta
            Search on Shared Memory Multiprocessors", MASc thesis, Toronto, 2001); --repeat N:
            N rounds of every configuration in turn, each row their medians
  time      the clock: blob-engine --uai answering "go movetime T" at T = 100 ms and 1 s on
            five positions (the time from go to bestmove, as a share of T; the goal is 90 to
            100%), and blob-engine BOARD TIME at TIME = 0.3, 0.5 and 1 s (process start to
            exit, as a share of TIME: the process start counts); --repeat N runs each N times

  queue     games per second one coordinator and the Redis server at URL sustain when games
            cost nothing: a distributed match of --games N (default 2000) between two built-in
            engines at fixed depths, its games answered at once by --workers N (default 4)
            worker processes taking --concurrency N pairs at once (default 8) with the record of
            the game those engines always play; the server's pairs queue must be free of other
            matches. Prints the rate and the CPU time per game of the coordinator and of Redis

  Options
    --reference        bench perft: also the reference generator
    --compare          bench search: each enhancement in turn
    --depth N          bench search, parallel: every position to depth N (1 to 60 plies)
    --warm             bench search: every position searched once, untimed, before the timed
                       rows, so that compiling each board shape's code is not timed (the speed
                       of the search itself, as in a game; the node counts are the same)
    --threads LIST     bench parallel: thread counts, like 1,2,4 (each 1 to ${BOUNDS.threads.max})
    --repeat N         bench search: timed passes, bench parallel: rounds, the medians kept;
                       bench time: runs of each measure (1 to ${BOUNDS.benchRepeat.max})
    --games N          bench queue: games of the match (2 to ${BOUNDS.games.max}, default 2000)
    --workers N        bench queue: worker processes (1 to ${QUEUE_WORKERS.max}, default 4)
    --concurrency N    bench queue: pairs each worker takes at once (1 to ${BOUNDS.concurrency.max}, default 8)
${SEARCH_FLAGS_HELP}
    --no-color         no colours (also NO_COLOR=1 or TERM=dumb)
    --help, -h         this text

  Examples
    $ blobterm bench perft --reference
    $ blobterm bench search --warm --repeat 5
    $ blobterm bench parallel --threads 1,2
    $ blobterm bench time --repeat 3
    $ blobterm bench queue redis://127.0.0.1:6379 --games 1000
`;

/** Deepest `--depth` of the search benchmarks (plies). */
const MAX_BENCH_DEPTH = 60;

/** The bench command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	reference: { type: 'boolean', default: false },
	compare: { type: 'boolean', default: false },
	warm: { type: 'boolean', default: false },
	depth: { type: 'string' },
	threads: { type: 'string', default: '1,2' },
	repeat: { type: 'string' },
	games: { type: 'string' },
	workers: { type: 'string' },
	concurrency: { type: 'string' },
	...SEARCH_FLAGS,
} as const;

/** Runs the bench command. */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm bench', help, flags: FLAGS, argv });
	const { flags } = cli;
	const depth = readNumberFlag('--depth', flags.depth, { ...BOUNDS.depth, max: MAX_BENCH_DEPTH });
	const repeat = readNumberFlag('--repeat', flags.repeat, BOUNDS.benchRepeat);
	const out = (line: string) => process.stdout.write(`${line}\n`);
	const [kind, ...rest] = cli.input;
	if (kind === 'queue') {
		if (rest.length !== 1) throw new UsageError('bench queue: give the queue URL, e.g. redis://127.0.0.1:6379');
		const settings = {
			games: readNumberFlag('--games', flags.games, { ...BOUNDS.games, min: 2 }) ?? 2000,
			workers: readNumberFlag('--workers', flags.workers, QUEUE_WORKERS) ?? 4,
			concurrency: readNumberFlag('--concurrency', flags.concurrency, BOUNDS.concurrency) ?? 8,
		};
		await (await import('./bench-queue.js')).benchQueueCommand(out, rest[0], settings);
		return;
	}
	if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
	switch (kind) {
		case 'perft':
			(await import('./bench-perft.js')).benchPerft(out, flags.reference);
			return;
		case 'search': {
			const bench = await import('./bench-search.js');
			if (flags.compare && repeat !== undefined)
				throw new UsageError('bench search: --repeat times the rows of one search, not --compare');
			if (flags.compare) bench.benchCompare(out, depth);
			else bench.benchSearch(out, searchOptionsFromFlags(flags), depth, flags.warm, repeat ?? 1);
			return;
		}
		case 'parallel': {
			const counts = flags.threads
				.split(',')
				.map((t) => readNumber('--threads (each count)', t.trim(), BOUNDS.threads));
			await (
				await import('./bench-parallel.js')
			).benchParallel(out, counts, searchOptionsFromFlags(flags), depth, repeat ?? 1);
			return;
		}
		case 'time':
			await (await import('./bench-time.js')).benchTime(out, { repeat });
			return;
		case undefined:
			throw new UsageError(
				'bench: name a benchmark: perft, search, parallel, time or queue (see blobterm bench --help)',
			);
		default:
			throw new UsageError(
				`unknown benchmark "${kind}" (try: blobterm bench perft, search, parallel, time or queue)`,
			);
	}
}
