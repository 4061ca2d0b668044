/**
 * The parallel search benchmark (the metrics of Manohararajah, "Parallel Alpha-Beta Search on Shared
 * Memory Multiprocessors", 2001, section Performance Measures): for each algorithm and
 * thread count, the bench positions searched to fixed depths; time to depth, speedup
 * SU = t1 / tp, search overhead SO = np / n1 - 1, nps scaling and efficiency SU / p, against
 * the same search on one thread.
 */

import { type ParallelAlgorithm, SearchPool } from '../search/parallel/search-pool.js';
import { describeSearchOptions } from '../search/option-text.js';
import { type SearchOptions } from '../search/search-options.js';
import { BENCH_POSITIONS, benchPosition } from './bench-positions.js';
import { describeMachine } from './machine.js';
import { median } from 'simple-statistics';

/**
 * Plies `bench parallel` searches beyond each position's `bench search` depth. At those depths a
 * position takes 6 to 120 ms on one thread, so that a search's fixed costs (the threads' start
 * on a job, split points opening) and this machine's noise decide the speedups; 3 plies more
 * give 40 ms to 3 s a position (2026-12-06).
 */
export const PARALLEL_EXTRA_PLIES = 3;

/** Time (ms) and nodes of a configuration over every bench position. */
interface Totals {
	readonly ms: number;
	readonly nodes: number;
}

/** Runs the bench positions on a pool of `threads` threads. */
async function measure(
	threads: number,
	parallel: ParallelAlgorithm,
	options: Partial<SearchOptions>,
	depthOf: (i: number) => number,
): Promise<Totals> {
	const pool = new SearchPool({ threads, parallel, search: options });
	try {
		// Warm-up: every thread compiles and optimises the code of every board shape (each has its
		// own kernels) before anything is timed.
		for (let i = 0; i < BENCH_POSITIONS.length; i++) {
			await pool.search(benchPosition(BENCH_POSITIONS[i]), { depth: Math.max(1, depthOf(i) - 1) });
		}
		let ms = 0;
		let nodes = 0;
		for (let i = 0; i < BENCH_POSITIONS.length; i++) {
			// Awaited, before the clock starts: the threads clearing the table (about 20 ms for
			// 64 MB) is not part of the search.
			await pool.clearNow();
			const start = performance.now();
			const result = await pool.search(benchPosition(BENCH_POSITIONS[i]), { depth: depthOf(i) });
			ms += performance.now() - start;
			nodes += result.nodes;
		}
		return { ms, nodes };
	} finally {
		await pool.close();
	}
}

/**
 * `blobterm bench parallel`: prints the table, with the machine it ran on.
 * @param threadCounts thread counts to measure besides 1 (the baseline)
 * @param depth a depth for every position (default: each position's bench depth plus
 *   `PARALLEL_EXTRA_PLIES`)
 * @param repeat rounds (at least 1): each round measures every configuration in turn, and each row
 *   gives the medians of its rounds' times and node counts (the speedups are those of the
 *   medians), so that a slow spell of a busy machine moves one round, not one configuration
 */
export async function benchParallel(
	out: (line: string) => void,
	threadCounts: readonly number[],
	options: Partial<SearchOptions>,
	depth?: number,
	repeat = 1,
): Promise<void> {
	const depthOf = (i: number) => depth ?? BENCH_POSITIONS[i].depth + PARALLEL_EXTRA_PLIES;
	out(
		`bench parallel on ${describeMachine()}, ${describeSearchOptions(options)}` +
			(repeat > 1 ? `, each row the median of ${repeat} rounds (--repeat)` : ''),
	);
	out(`depths: ${BENCH_POSITIONS.map((e, i) => `${e.name} ${depthOf(i)}`).join(', ')}`);
	out('');
	out('| algorithm | threads | time to depth (ms) | nodes | speedup | search overhead | nps scaling | efficiency |');
	out('|---|---:|---:|---:|---:|---:|---:|---:|');
	const configs: { readonly name: string; readonly threads: number; readonly parallel: ParallelAlgorithm }[] = [
		{ name: 'sequential', threads: 1, parallel: 'lazy' },
	];
	for (const parallel of ['lazy', 'ybwc'] as const)
		for (const threads of threadCounts)
			if (threads > 1) configs.push({ name: parallel === 'lazy' ? 'Lazy SMP' : 'YBWC', threads, parallel });
	const runs: Totals[][] = configs.map(() => []);
	for (let round = 0; round < repeat; round++)
		for (let c = 0; c < configs.length; c++)
			runs[c].push(await measure(configs[c].threads, configs[c].parallel, options, depthOf));
	const totals = runs.map((r) => ({ ms: median(r.map((t) => t.ms)), nodes: median(r.map((t) => t.nodes)) }));
	const base = totals[0];
	configs.forEach(({ name, threads: p }, c) => {
		const t = totals[c];
		const speedup = base.ms / t.ms;
		const overhead = t.nodes / base.nodes - 1;
		const npsScaling = t.nodes / t.ms / (base.nodes / base.ms);
		out(
			`| ${name} | ${p} | ${Math.round(t.ms)} | ${Math.round(t.nodes)} | ${speedup.toFixed(2)} | ` +
				`${(overhead * 100).toFixed(1)}% | ${npsScaling.toFixed(2)} | ${(speedup / p).toFixed(2)} |`,
		);
	});
}
