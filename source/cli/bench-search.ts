/**
 * The search benchmark: the bench positions searched to fixed depths on one thread, and the
 * enhancement comparison (the handout's "analyse comparée de l'élagage").
 */

import { Searcher } from '../search/search.js';
import { describeSearchOptions } from '../search/option-text.js';
import {
	DEFAULT_SEARCH_OPTIONS,
	EXACT_SEARCH,
	SELECTIVE_SEARCH,
	PLAIN_SEARCH_OPTIONS,
	type SearchOptions,
} from '../search/search-options.js';
import { BENCH_POSITIONS, benchPosition } from './bench-positions.js';
import { describeMachine } from './machine.js';
import { median } from 'simple-statistics';

/** Nodes, wall-clock ms and CPU ms of one search. */
interface Measure {
	readonly nodes: number;
	readonly ms: number;
	/** CPU time of the process during the search (user and system), ms. */
	readonly cpuMs: number;
}

/**
 * Searches one bench position to `depth` with `searcher` cleared first (an empty table, no
 * killers or history: the same work every run, as the first search of a new game).
 */
function measure(index: number, depth: number, searcher: Searcher): Measure {
	searcher.clear(); // also touches every page of the table now, not during the timed search
	const cpu = process.cpuUsage();
	const result = searcher.search(benchPosition(BENCH_POSITIONS[index]), { depth });
	const used = process.cpuUsage(cpu);
	return { nodes: result.nodes, ms: result.timeMs, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * `blobterm bench search`: each bench position to its depth, one thread; nodes, ms, nps, and
 * the total node count (the bench signature: it changes only when search behaviour does).
 * @param warm search every position once, untimed, before the timed rows: each board shape's
 *   compiled kernels are then compiled and optimized by V8 before they are timed, so that the
 *   rows give the search's own speed, as in a game (without it, only the 7x7 start is searched
 *   first, to depth 5, and the other shapes' rows pay for compiling their code)
 * @param repeat timed passes over the positions (at least 1): each row gives the median of its
 *   passes' clock and CPU times (the total, the sum of the rows'), so that a burst of another
 *   program's load on a busy machine moves one pass, not the row
 * @throws Error if a position's node count differs between passes (the search is deterministic)
 */
export function benchSearch(
	out: (line: string) => void,
	options: Partial<SearchOptions>,
	depthOverride?: number,
	warm = false,
	repeat = 1,
): number {
	out(
		`bench search on ${describeMachine()}, one thread, ${describeSearchOptions(options)}` +
			(warm ? ', every position searched once before the timed rows (--warm)' : '') +
			(repeat > 1 ? `, each row the median of ${repeat} passes (--repeat)` : ''),
	);
	out('');
	out('| position | depth | nodes | ms | nps | CPU ms | nps by CPU time |');
	out('|---|---:|---:|---:|---:|---:|---:|');
	// One searcher for every search, cleared before each, as a game keeps one: a new searcher per
	// row brings a new position stack, whose selection step is a WebAssembly function of its own,
	// and the row would also time V8 optimizing the search's call of it again (docs/benchmarks.md).
	const searcher = new Searcher(options);
	// Warm-up, so that the first row is not the one that pays for compiling the code.
	if (warm) BENCH_POSITIONS.forEach((entry, i) => measure(i, depthOverride ?? entry.depth, searcher));
	else measure(0, 5, searcher);
	// Passes over all the positions in turn, so that a slow spell of the machine falls on one pass.
	const passes: Measure[][] = [];
	for (let pass = 0; pass < repeat; pass++)
		passes.push(BENCH_POSITIONS.map((entry, i) => measure(i, depthOverride ?? entry.depth, searcher)));
	let nodes = 0;
	let ms = 0;
	let cpuMs = 0;
	const row = (m: Measure) =>
		`${m.nodes} | ${Math.round(m.ms)} | ${nps(m.nodes, m.ms)} | ` +
		`${Math.round(m.cpuMs)} | ${nps(m.nodes, m.cpuMs)} |`;
	BENCH_POSITIONS.forEach((entry, i) => {
		const depth = depthOverride ?? entry.depth;
		const runs = passes.map((p) => p[i]);
		if (runs.some((r) => r.nodes !== runs[0].nodes))
			throw new Error(`bench search: ${entry.name} searched ${runs.map((r) => r.nodes).join(', ')} nodes`);
		const m = { nodes: runs[0].nodes, ms: median(runs.map((r) => r.ms)), cpuMs: median(runs.map((r) => r.cpuMs)) };
		nodes += m.nodes;
		ms += m.ms;
		cpuMs += m.cpuMs;
		out(`| ${entry.name} | ${depth} | ${row(m)}`);
	});
	out(`| total | | ${row({ nodes, ms, cpuMs })}`);
	out('');
	out(`bench signature: ${nodes} nodes`);
	return nodes;
}

/** The full engine's search with the blob difference alone: the rows compare searches of the same tree values. */
const FULL_BLOBS: Partial<SearchOptions> = { ...DEFAULT_SEARCH_OPTIONS, ...EXACT_SEARCH, positional: false };

/** The selective techniques, each alone on the exact search (their node counts, not their strength). */
const SELECTIVE_ROWS: ReadonlyArray<readonly [string, keyof SearchOptions]> = [
	['null move', 'nullMove'],
	['reverse futility pruning', 'reverseFutility'],
	['futility pruning', 'futility'],
	['late-move reductions', 'lateMoveReductions'],
	['late-move pruning', 'lateMovePruning'],
	['internal iterative reduction', 'internalIterativeReduction'],
];

/** The rows of the comparison: each enhancement switched on in turn, then the alternatives. */
export const COMPARISON: ReadonlyArray<{ readonly label: string; readonly options: Partial<SearchOptions> }> = [
	{ label: 'plain alpha-beta (moves in generation order)', options: PLAIN_SEARCH_OPTIONS },
	{
		label: '+ ordering by blobs gained (the first engine)',
		options: { ...PLAIN_SEARCH_OPTIONS, captureOrdering: true },
	},
	{
		label: '+ transposition table (cut-offs)',
		options: { ...PLAIN_SEARCH_OPTIONS, captureOrdering: true, tt: true, hashMb: 64 },
	},
	{
		label: '+ table move first',
		options: { ...PLAIN_SEARCH_OPTIONS, captureOrdering: true, tt: true, hashMb: 64, ttMoveOrdering: true },
	},
	{
		label: '+ killer moves',
		options: {
			...PLAIN_SEARCH_OPTIONS,
			captureOrdering: true,
			tt: true,
			hashMb: 64,
			ttMoveOrdering: true,
			killers: true,
		},
	},
	{
		label: '+ history heuristic',
		options: {
			...PLAIN_SEARCH_OPTIONS,
			captureOrdering: true,
			tt: true,
			hashMb: 64,
			ttMoveOrdering: true,
			killers: true,
			history: true,
		},
	},
	{ label: '+ PVS (null windows)', options: FULL_BLOBS },
	{ label: '+ aspiration windows', options: { ...FULL_BLOBS, aspiration: true } },
	{ label: 'MTD(f) instead of PVS', options: { ...FULL_BLOBS, algorithm: 'mtdf' } },
	{ label: 'PVS without the table', options: { ...FULL_BLOBS, tt: false, ttMoveOrdering: false } },
	{
		label: '+ positional term (the exact engine; another evaluation)',
		options: { ...DEFAULT_SEARCH_OPTIONS, ...EXACT_SEARCH },
	},
	...SELECTIVE_ROWS.map(([label, key]) => ({
		label: `selective: ${label}`,
		options: { ...DEFAULT_SEARCH_OPTIONS, ...EXACT_SEARCH, selective: true, [key]: true },
	})),
	{
		label: 'selective: all of them',
		options: { ...DEFAULT_SEARCH_OPTIONS, ...SELECTIVE_SEARCH },
	},
	{
		label: 'the same with the evaluation cache (same nodes, more time)',
		options: { ...DEFAULT_SEARCH_OPTIONS, ...SELECTIVE_SEARCH, evalCache: true },
	},
];

/**
 * `blobterm bench search --compare`: nodes and time to reach each position's comparison depth
 * with each configuration of `COMPARISON`, summed over the bench positions: wall-clock ms, and
 * the process's CPU ms (which other programs on a busy machine change less), each also as a share
 * of plain alpha-beta's.
 */
export function benchCompare(out: (line: string) => void, depthOverride?: number): void {
	out(`bench search --compare on ${describeMachine()}, one thread`);
	out(`depths: ${BENCH_POSITIONS.map((e) => `${e.name} ${depthOverride ?? e.compareDepth}`).join(', ')}`);
	out('');
	out('| search | nodes | ms | CPU ms | nodes vs plain | time vs plain | CPU time vs plain |');
	out('|---|---:|---:|---:|---:|---:|---:|');
	measure(0, 5, new Searcher(DEFAULT_SEARCH_OPTIONS));
	let base: Measure | null = null;
	for (const row of COMPARISON) {
		let nodes = 0;
		let ms = 0;
		let cpuMs = 0;
		BENCH_POSITIONS.forEach((entry, i) => {
			const m = measure(i, depthOverride ?? entry.compareDepth, new Searcher(row.options));
			nodes += m.nodes;
			ms += m.ms;
			cpuMs += m.cpuMs;
		});
		base ??= { nodes, ms, cpuMs };
		out(
			`| ${row.label} | ${nodes} | ${Math.round(ms)} | ${Math.round(cpuMs)} | ` +
				`${(nodes / base.nodes).toFixed(3)} | ${(ms / base.ms).toFixed(3)} | ` +
				`${(cpuMs / base.cpuMs).toFixed(3)} |`,
		);
	}
}

function nps(nodes: number, ms: number): string {
	return ms > 0 ? String(Math.round((nodes * 1000) / ms)) : '-';
}
