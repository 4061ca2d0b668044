/**
 * `blobterm lab ...`: the parallel alpha-beta lab (see docs/parallel.md): synthetic trees, the
 * parallel algorithms on threads and in the simulator, the thesis's tables, the split-point network.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { ALGORITHM_TITLES, ALGORITHMS, type AlgorithmName, DEFAULT_PARAMS, isAlgorithm } from '../lab/algorithms.js';
import {
	gameTree,
	networkFor,
	pabsimComparison,
	referenceOf,
	sequentialSet,
	simulatePoint,
	threadMeasures,
	threadPoint,
	type ThreadPoint,
} from '../lab/experiments.js';
import { LabPool } from '../lab/lab-pool.js';
import { type TreeSpec } from '../lab/lab-job.js';
import { type NetworkWeights, SplitNetwork } from '../lab/neural-network.js';
import {
	DEFAULT_M_VALUES,
	DEFAULT_MCA_VALUES,
	DEFAULT_MCC_VALUES,
	type Scheme,
	schemeCGrid,
	type SchemeValues,
	type SweepPoint,
	sweepScheme,
} from '../lab/parameter-sweep.js';
import { classifyTrees, classificationError, DTS_SECOND_OVERRIDES } from '../lab/node-classification.js';
import { SEED_SET_NAMES, SEED_SETS } from '../lab/seed-sets.js';
import { type SpeedupSeries, svgChart, terminalChart } from '../lab/speedup-chart.js';
import { SPLIT_TIE_RULES, type SplitTieRule } from '../lab/split-schemes.js';
import { checkShape, THESIS_SHAPES, type TreeShape } from '../lab/synthetic-tree.js';
import { shapeKey, TABLE_5_1, TABLE_6_3, TABLES_5_2_TO_5_4 } from '../lab/thesis-tables.js';
import { trainedParentTypes, trainingPatterns } from '../lab/training-data.js';
import { loadBoardFile } from '../match/load-board.js';
import { parseCommandLine } from './command-line.js';
import { readChoice } from './choice-flags.js';
import { UsageError } from './errors.js';
import { readNumber } from './number-flags.js';

const help = `
  Usage
    $ blobterm lab trees [--branching B --wa WA --wb WB] [--depth D] [--trees N] [--set tg1|tg2]
    $ blobterm lab trees --table [--rows 1,2,3,4,5]
    $ blobterm lab parallel [--algorithm A,B|all] [--threads 1,2,4] [tree options]
    $ blobterm lab parallel [--algorithm A,B|all] [--threads 1,2,4] --board FILE [--depth D]
    $ blobterm lab simulate [--algorithm A,B|all] [--processors 1,2,4] [tree options] [--svg FILE]
    $ blobterm lab thesis [--ordering B,WA,WB] [--trees N] [--examine-ticks N] [--examine-heaps]
                          [--lock-ticks N] [--split-lock-ticks N] [--split-lock-waiter-ticks N]
                          [--memory-delays] [--split-ties RULE]
    $ blobterm lab sweep [--scheme A,B,C] [--processors 12,24,48] [tree options]
                         [--m-values LIST] [--mca-values LIST] [--mcc-values LIST]
                         [--examine-ticks N] [--examine-heaps] [--split-ties RULE]
    $ blobterm lab classify [--ordering B,WA,WB] [--trees N] [--network FILE]
                           [--clamp-network-inputs] [--dts-second-override alternate|no-three]
    $ blobterm lab train [--ordering B,WA,WB] [--iterations N] [--weight-seed N] [--out FILE]

  trees     sequential alpha-beta over exponentially ordered synthetic trees (Manohararajah,
            "Parallel Alpha-Beta Search on Shared Memory Multiprocessors", 2001): nodes, inner
            nodes, leaves and simulated ticks, summed over the first N trees of a seed set;
            --table searches the thesis's Table 6.3 (100 trees of tg_1 to depth 6, one row
            per ordering) and checks every count against it
  parallel  the algorithms on real worker threads: time to depth, speedup, search overhead, nps
            scaling, synchronisation overhead (share of thread time idle) and the thesis's CSS
            overhead, against the same algorithm on one thread; every value checked against
            sequential alpha-beta. On synthetic trees (tree options) or on a board to a depth
  simulate  the algorithms on a simulated machine of 1 to 64 processors with PABSim's tick
            costs: speedup, search overhead, CSS, as a table and a terminal chart; --svg FILE
            also writes the chart as an SVG picture
  thesis    the thesis's PABSim tables (6.4 to 6.8) for an ordering, simulated with its
            parameters, next to its numbers, with the share of processor time spent in the
            split state (a long run: a minute to an hour per ordering)
  sweep     the thesis's search for its m values: schemes A, B and C simulated at every value
            of a grid and every processor count on the same trees; per processor count, the
            value of the highest speedup, next to the thesis's value and speedup (its values
            are added to the grid on its trees: tg1 to depth 6)
  classify  node classification (the thesis's Tables 5.2 to 5.4): schemes A (YBWC), B (DTS)
            and C (the network) on the trees, next to the thesis's counts, and scheme C's counts
            below a parent type outside those of its training patterns (tg_2 to depth 4);
            --clamp-network-inputs gives the network such types clamped into that range;
            --dts-second-override no-three reads scheme B's second override as never three
            D-ALL nodes in a row (default alternate: two once, then CUT and ALL alternate)
  train     trains the split-point network on tg_2 searched to depth 4 (the thesis's 5.3);
            prints its errors next to Table 5.1; --out FILE writes its weights (JSON);
            --weight-seed N seeds its initial weights (default 1)

  Algorithms
    ${ALGORITHMS.join(', ')}

  Tree options (synthetic trees)
    --branching B   children of every inner node (default 32)
    --wa WA         percent chance the first child is ordered best (default 79)
    --wb WB         the same for the later children (default 5)
    --ordering B,WA,WB   the three at once (default 32,79,5: the thesis's chess-like trees)
    --depth D       plies (default 6 for trees, thesis, sweep, classify; 5 for parallel, simulate)
    --trees N       trees, the first N seeds of the set (default 100; 10 for parallel, simulate,
                    sweep)
    --set tg1|tg2   seed set (default tg1)

  Algorithm options
    --ybwc-cut-min N     YBWC: children searched at a Y-CUT node before it is split (m_A, default 2)
    --dts-cut-limit N    DTS: children at a D-CUT node before it turns D-ALL (m_B, default 3)
    --neural-min A,C     neural: children beyond the network's wait, and more at N-CUT nodes
                         (default -1,3)
    --neural-root-wait N neural: children the root waits for before it is shared, 0 for none
                         (default: the network's wait for the first line plus A of --neural-min,
                         at least 1)
    --neural-pv-wait-offset X  neural: added to the network's wait for each child of a
                         principal-variation node before rounding, -1 to 1 (default 0)
    --network FILE       neural: a network's weights (default: the one trained for the ordering)
    --grain N            work stealing: plies to go below which nodes are not shared (default 2)
    --k N                CABP: degree of parallel pruning (default 2)
    --cabp-grain N       CABP: plies to go below which a node is searched by one thread alone
                         (default 1: leaves only, as published)
    --examine-ticks N    simulator: ticks per node examined looking for a split point (default 1,
                         the thesis's; more stands for costs of PABSim's search it does not state)
    --examine-heaps      simulator: a search for a split point examines every node of PABSim's
                         heaps, 2 p d for p processors and depth d, in use or free (default: the
                         nodes in use)
    --lock-ticks N       simulator: ticks of every lock's entry delay, and ticks the lock stays held
                         after its release (default 0: none, as before; PABSim's lock delays)
    --split-lock-ticks N simulator: the same for the split lock alone (default: --lock-ticks)
    --split-lock-waiter-ticks N  simulator: ticks more on entering the split lock for every other
                         processor waiting for it (default 0: none; a spin lock under cache
                         coherence hands over the more slowly the more processors spin on it)
    --memory-delays      simulator: every read and write of a node or of the split lock costs the
                         thesis's memory delays (its Tables 6.1 and 6.2: 0 to 4 ticks by the
                         block's state in the processor's cache and at home; default: none)
    --split-ties RULE    simulator: which of the split points equal on the thesis's three
                         guidelines an idle processor joins, which the thesis leaves open: first
                         or last in the store's record order, left or right in the tree (default
                         first)
    --repeat N           parallel: runs per tree, the fastest kept (default 1)
    --leaf-work N        parallel: N rounds of busy work (a xorshift, 1.7 ns a round here) added
                         to every leaf evaluation, for leaves as dear as an engine's (default 0)
    --scheme A,B,C       sweep: the schemes to sweep (default A,B,C)
    --m-values LIST      sweep: m_A and m_B values (default ${DEFAULT_M_VALUES.join(',')})
    --mca-values LIST    sweep: m_C,a values (default ${DEFAULT_MCA_VALUES.join(',')})
    --mcc-values LIST    sweep: m_C,c values, each paired with every m_C,a (default ${DEFAULT_MCC_VALUES.join(',')})
    --no-color           plain chart

  Examples
    $ blobterm lab trees --branching 20 --wa 69 --wb 19 --depth 6
    $ blobterm lab parallel --algorithm ybwc,dts --threads 1,2,4 --ordering 32,79,5 --depth 5
    $ blobterm lab parallel --algorithm all --threads 1,2 --board boards/ataxx.bwb --depth 4
    $ blobterm lab simulate --algorithm all --ordering 32,79,5 --depth 5 --trees 10 --svg s.svg
    $ blobterm lab sweep --scheme A,B --ordering 20,69,19 --depth 6 --trees 10
`;

const FLAGS = {
	branching: { type: 'string' },
	wa: { type: 'string' },
	wb: { type: 'string' },
	ordering: { type: 'string' },
	depth: { type: 'string' },
	trees: { type: 'string' },
	set: { type: 'string', default: 'tg1' },
	table: { type: 'boolean', default: false },
	rows: { type: 'string', default: '1,2,3,4,5' },
	algorithm: { type: 'string', default: 'all' },
	threads: { type: 'string', default: '1,2' },
	processors: { type: 'string' },
	board: { type: 'string' },
	svg: { type: 'string' },
	ybwcCutMin: { type: 'string' },
	dtsCutLimit: { type: 'string' },
	neuralMin: { type: 'string' },
	neuralRootWait: { type: 'string' },
	neuralPvWaitOffset: { type: 'string' },
	network: { type: 'string' },
	grain: { type: 'string' },
	k: { type: 'string' },
	cabpGrain: { type: 'string' },
	examineTicks: { type: 'string' },
	examineHeaps: { type: 'boolean', default: false },
	lockTicks: { type: 'string' },
	splitLockTicks: { type: 'string' },
	splitLockWaiterTicks: { type: 'string' },
	memoryDelays: { type: 'boolean', default: false },
	splitTies: { type: 'string', default: 'first' },
	repeat: { type: 'string' },
	leafWork: { type: 'string' },
	scheme: { type: 'string', default: 'A,B,C' },
	mValues: { type: 'string' },
	mcaValues: { type: 'string' },
	mccValues: { type: 'string' },
	iterations: { type: 'string' },
	weightSeed: { type: 'string' },
	clampNetworkInputs: { type: 'boolean', default: false },
	dtsSecondOverride: { type: 'string', default: 'alternate' },
	out: { type: 'string' },
	color: { type: 'boolean', default: true },
} as const;

/** Whole numbers from `min` to `max`, for `readNumber`'s messages. */
const wholeFrom = (min: number, max: number) => ({ unit: 'integer', min, max, integer: true });

/**
 * An integer flag within bounds, read by the command line's number rules.
 * @throws UsageError naming the flag and its bounds
 */
function integer(name: string, text: string | undefined, fallback: number, lo: number, hi: number): number {
	return text === undefined ? fallback : readNumber(`--${name}`, text, wholeFrom(lo, hi));
}

/**
 * A comma-separated list of integers within bounds (`1,2,4`).
 * @throws UsageError naming the flag and its bounds
 */
function integers(name: string, text: string, lo: number, hi: number): number[] {
	return text.split(',').map((t) => readNumber(`--${name} (each number)`, t.trim(), wholeFrom(lo, hi)));
}

/** The algorithms of --algorithm. */
function algorithmsOf(text: string): AlgorithmName[] {
	if (text === 'all') return [...ALGORITHMS];
	const names = text.split(',').map((t) => t.trim());
	for (const name of names)
		if (!isAlgorithm(name))
			throw new UsageError(`unknown algorithm "${name}" (one of: ${ALGORITHMS.join(', ')}, all)`);
	return names as AlgorithmName[];
}

type Flags = ReturnType<typeof parse>['flags'];

function parse(argv: readonly string[]) {
	return parseCommandLine({ command: 'blobterm lab', help, flags: FLAGS, argv });
}

/** The tree shape of the flags. */
function shapeOf(flags: Flags): TreeShape {
	let shape: TreeShape = { branching: 32, wa: 79, wb: 5 };
	if (flags.ordering !== undefined) {
		const [branching, wa, wb] = integers('ordering', flags.ordering, 0, 256);
		if (wb === undefined) throw new UsageError(`--ordering must be B,WA,WB like 32,79,5; got "${flags.ordering}"`);
		shape = { branching, wa, wb };
	}
	shape = {
		branching: integer('branching', flags.branching, shape.branching, 0, 256),
		wa: integer('wa', flags.wa, shape.wa, 0, 100),
		wb: integer('wb', flags.wb, shape.wb, 0, 100),
	};
	try {
		checkShape(shape);
	} catch (error) {
		throw new UsageError((error as Error).message);
	}
	return shape;
}

function seedsOf(flags: Flags, fallback: number): number[] {
	const set = SEED_SETS[readChoice('--set', flags.set, SEED_SET_NAMES)];
	const n = integer('trees', flags.trees, Math.min(fallback, set.length), 1, set.length);
	return set.slice(0, n);
}

function networkOf(flags: Flags, shape: TreeShape): SplitNetwork | null {
	if (flags.network === undefined) return networkFor(shape);
	let weights: NetworkWeights;
	try {
		weights = JSON.parse(readFileSync(flags.network, 'utf8')) as NetworkWeights;
		return new SplitNetwork(weights);
	} catch (error) {
		throw new UsageError(`${flags.network}: not a network's weights (${(error as Error).message})`);
	}
}

/** --split-lock-waiter-ticks (default 0). */
function splitLockWaiterTicksOf(flags: Flags): number {
	return integer('split-lock-waiter-ticks', flags.splitLockWaiterTicks, DEFAULT_PARAMS.splitLockWaiterTicks, 0, 100);
}

/** --split-ties: one of `SPLIT_TIE_RULES`. */
function splitTiesOf(flags: Flags): SplitTieRule {
	return readChoice('--split-ties', flags.splitTies, SPLIT_TIE_RULES);
}

/** --split-lock-ticks, or null: as --lock-ticks. */
function splitLockTicksOf(flags: Flags): number | null {
	return flags.splitLockTicks === undefined ? null : integer('split-lock-ticks', flags.splitLockTicks, 0, 0, 100);
}

function paramsOf(flags: Flags, shape: TreeShape) {
	let neuralMinAll = DEFAULT_PARAMS.neuralMinAll;
	let neuralMinCut = DEFAULT_PARAMS.neuralMinCut;
	if (flags.neuralMin !== undefined) {
		[neuralMinAll, neuralMinCut] = integers('neural-min', flags.neuralMin, -64, 64);
		if (neuralMinCut === undefined)
			throw new UsageError(`--neural-min must be A,C like -1,3; got "${flags.neuralMin}"`);
	}
	const cutWidth = TABLES_5_2_TO_5_4[shapeKey(shape)]?.cM ?? DEFAULT_PARAMS.neuralCutWidth;
	return {
		...DEFAULT_PARAMS,
		ybwcCutMin: integer('ybwc-cut-min', flags.ybwcCutMin, DEFAULT_PARAMS.ybwcCutMin, 1, 256),
		dtsCutLimit: integer('dts-cut-limit', flags.dtsCutLimit, DEFAULT_PARAMS.dtsCutLimit, 0, 256),
		neuralMinAll,
		neuralMinCut,
		neuralCutWidth: cutWidth,
		network: networkOf(flags, shape),
		grain: integer('grain', flags.grain, DEFAULT_PARAMS.grain, 1, 64),
		k: integer('k', flags.k, DEFAULT_PARAMS.k, 1, 256),
		cabpGrain: integer('cabp-grain', flags.cabpGrain, DEFAULT_PARAMS.cabpGrain, 1, 64),
		examineTicks: integer('examine-ticks', flags.examineTicks, DEFAULT_PARAMS.examineTicks, 0, 100),
		examineHeaps: flags.examineHeaps,
		lockTicks: integer('lock-ticks', flags.lockTicks, DEFAULT_PARAMS.lockTicks, 0, 100),
		splitLockTicks: splitLockTicksOf(flags),
		splitLockWaiterTicks: splitLockWaiterTicksOf(flags),
		memoryDelays: flags.memoryDelays,
		splitTies: splitTiesOf(flags),
		neuralRootWait:
			flags.neuralRootWait === undefined ? null : integer('neural-root-wait', flags.neuralRootWait, 0, 0, 256),
		neuralPvWaitOffset:
			flags.neuralPvWaitOffset === undefined
				? DEFAULT_PARAMS.neuralPvWaitOffset
				: readNumber('--neural-pv-wait-offset', flags.neuralPvWaitOffset, {
						unit: 'children',
						min: -1,
						max: 1,
						integer: false,
					}),
	};
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** A Markdown table row. */
const tableRow = (...cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

/** Runs the lab command. */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parse(argv);
	const { flags } = cli;
	const [kind, ...rest] = cli.input;
	if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
	switch (kind) {
		case 'trees':
			return flags.table ? table63(flags) : trees(flags);
		case 'parallel':
			return parallel(flags);
		case 'simulate':
			return simulate(flags);
		case 'thesis':
			return thesis(flags);
		case 'sweep':
			return sweep(flags);
		case 'classify':
			return classify(flags);
		case 'train':
			return train(flags);
		case undefined:
			throw new UsageError(
				'lab: name a lab command: trees, parallel, simulate, thesis, sweep, classify or train ' +
					'(see blobterm lab --help)',
			);
		default:
			throw new UsageError(
				`unknown lab command "${kind}" ` +
					'(try: blobterm lab trees, parallel, simulate, thesis, sweep, classify or train)',
			);
	}
}

function trees(flags: Flags): void {
	const shape = shapeOf(flags);
	const depth = integer('depth', flags.depth, 6, 1, 12);
	const seeds = seedsOf(flags, 100);
	const start = performance.now();
	const { total } = sequentialSet(shape, depth, seeds);
	const ms = performance.now() - start;
	out(`ordering (${shapeKey(shape)}), depth ${depth}, ${seeds.length} trees of ${flags.set}`);
	out(`nodes ${total.nodes}, inner ${total.inner}, leaves ${total.leaves}, ticks ${total.ticks}`);
	out(`${(ms / 1000).toFixed(1)} s, ${((total.nodes / ms) * 1000).toFixed(0)} nodes/s`);
	const row = TABLE_6_3[shapeKey(shape)];
	if (row && depth === 6 && flags.set === 'tg1' && seeds.length === 100)
		out(
			`Table 6.3: nodes ${row.nodes} (${row.nodes === total.nodes ? 'equal' : 'DIFFERENT'}), ` +
				`ticks ${row.ticks} ` +
				`(ours ${total.ticks - row.ticks} ticks, ${((total.ticks - row.ticks) / 100).toFixed(0)} per tree)`,
		);
}

function table63(flags: Flags): void {
	const rows = integers('rows', flags.rows, 1, 5);
	out('| ordering | n_1 (thesis) | n_1 (ours) | t_1 (thesis) | t_1 (ours) | ticks per tree, ours - thesis | s |');
	out('|---|---:|---:|---:|---:|---:|---:|');
	let bad = 0;
	for (const i of rows) {
		const shape = THESIS_SHAPES[i - 1];
		const start = performance.now();
		const { total } = sequentialSet(shape, 6, SEED_SETS.tg1);
		const row = TABLE_6_3[shapeKey(shape)];
		if (row.nodes !== total.nodes) bad++;
		const seconds = ((performance.now() - start) / 1000).toFixed(1);
		const same = row.nodes === total.nodes ? '' : ' (DIFFERENT)';
		out(
			tableRow(
				shapeKey(shape),
				row.nodes,
				`${total.nodes}${same}`,
				row.ticks,
				total.ticks,
				(total.ticks - row.ticks) / 100,
				seconds,
			),
		);
	}
	if (bad > 0) throw new Error(`${bad} row(s) of Table 6.3 not reproduced`);
}

async function parallel(flags: Flags): Promise<void> {
	const algorithms = algorithmsOf(flags.algorithm);
	const counts = integers('threads', flags.threads, 1, 64);
	if (!counts.includes(1)) counts.unshift(1);
	const repeat = integer('repeat', flags.repeat, 1, 1, 100);
	const leafWork = integer('leaf-work', flags.leafWork, 0, 0, 1_000_000);
	const shape = shapeOf(flags);
	const params = paramsOf(flags, shape);
	let trees: TreeSpec[];
	let what: string;
	if (flags.board !== undefined) {
		const depth = integer('depth', flags.depth, 4, 1, 10);
		const { position } = loadBoardFile(flags.board);
		trees = [{ ...gameTree(position, depth), leafWork }];
		what = `${flags.board} to depth ${depth}`;
	} else {
		const depth = integer('depth', flags.depth, 5, 1, 8);
		const seeds = seedsOf(flags, 10);
		trees = seeds.map((seed) => ({ kind: 'synthetic', spec: { ...shape, depth, seed }, leafWork }) as const);
		what = `${seeds.length} trees (${shapeKey(shape)}) of ${flags.set} to depth ${depth}`;
	}
	const expected = trees.map((tree) => referenceOf(tree).value);
	const work = leafWork > 0 ? `, ${leafWork} rounds of work per leaf evaluation` : '';
	out(`lab parallel: ${what}${work}, ${repeat} run(s) per tree; every value checked against sequential alpha-beta`);
	out('');
	out(
		tableRow(
			'algorithm',
			'threads',
			'time to depth (ms)',
			'nodes',
			'speedup',
			'search overhead',
			'nps scaling',
			'sync overhead',
			'CSS',
		),
	);
	out('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
	const pools = new Map<number, LabPool>();
	try {
		for (const n of counts) pools.set(n, new LabPool(n));
		for (const algorithm of algorithms) {
			if (algorithm === 'neural' && !params.network)
				throw new UsageError(
					`no trained network for branching ${shape.branching}: give one with --network FILE`,
				);
			let one: ThreadPoint | null = null;
			for (const n of counts) {
				const point = await threadPoint(pools.get(n)!, algorithm, params, trees, expected, repeat);
				if (point.wrongValues > 0)
					throw new Error(
						`${algorithm} on ${n} threads returned a wrong value on ${point.wrongValues} tree(s)`,
					);
				one ??= point;
				const m = threadMeasures(one, point);
				out(
					tableRow(
						ALGORITHM_TITLES[algorithm],
						n,
						point.ms.toFixed(0),
						point.nodes,
						m.speedup.toFixed(2),
						pct(m.overhead),
						m.nps.toFixed(2),
						pct(m.sync),
						m.css.toFixed(3),
					),
				);
			}
		}
	} finally {
		await Promise.all([...pools.values()].map((pool) => pool.close()));
	}
}

function simulate(flags: Flags): void {
	const algorithms = algorithmsOf(flags.algorithm);
	const processors = integers('processors', flags.processors ?? '1,2,4,8,16,32,64', 1, 64);
	const shape = shapeOf(flags);
	const params = paramsOf(flags, shape);
	const depth = integer('depth', flags.depth, 5, 1, 10);
	const seeds = seedsOf(flags, 10);
	const sequential = sequentialSet(shape, depth, seeds);
	out(
		`lab simulate: ${seeds.length} trees (${shapeKey(shape)}) of ${flags.set} to depth ${depth}; ` +
			`sequential alpha-beta: ${sequential.total.nodes} nodes, ${sequential.total.ticks} ticks`,
	);
	out('');
	out('| algorithm | processors | ticks | nodes | speedup | search overhead | CSS | idle share |');
	out('|---|---:|---:|---:|---:|---:|---:|---:|');
	const series: SpeedupSeries[] = [];
	for (const algorithm of algorithms) {
		if (algorithm === 'neural' && !params.network)
			throw new UsageError(`no trained network for branching ${shape.branching}: give one with --network FILE`);
		const points = [];
		for (const p of processors) {
			const r = simulatePoint(algorithm, params, shape, depth, seeds, sequential, p);
			if (r.wrongValues > 0) throw new Error(`${algorithm} on ${p} processors returned a wrong value`);
			out(
				`| ${ALGORITHM_TITLES[algorithm]} | ${p} | ${r.ticks} | ${r.nodes} | ${r.speedup.toFixed(2)} | ` +
					`${pct(r.overhead)} | ${r.css.toFixed(3)} | ${pct(r.idleTicks / (r.ticks * p))} |`,
			);
			points.push({ processors: p, speedup: r.speedup });
		}
		series.push({ name: ALGORITHM_TITLES[algorithm], points });
	}
	if (processors.length > 1) {
		out('');
		const colour = flags.color && process.stdout.isTTY && process.env.FORCE_COLOR !== '0';
		out(terminalChart(series, 56, 14, colour));
	}
	if (flags.svg !== undefined) {
		const title = `Simulated speedup, ${seeds.length} trees (${shapeKey(shape)}), depth ${depth}`;
		writeFileSync(flags.svg, svgChart(series, title));
		out(`wrote ${flags.svg}`);
	}
}

function thesis(flags: Flags): void {
	const shape = shapeOf(flags);
	const seeds = seedsOf(flags, 100);
	// Every flag read before the sequential searches: a bad value is refused before any output.
	const examineTicks = integer('examine-ticks', flags.examineTicks, DEFAULT_PARAMS.examineTicks, 0, 100);
	const lockTicks = integer('lock-ticks', flags.lockTicks, DEFAULT_PARAMS.lockTicks, 0, 100);
	const splitLockTicks = splitLockTicksOf(flags);
	const splitLockWaiterTicks = splitLockWaiterTicksOf(flags);
	const splitTies = splitTiesOf(flags);
	const sequential = sequentialSet(shape, 6, seeds);
	// The simulator's costs beyond the thesis's, so that a saved table says what made it.
	const costs = [
		examineTicks === DEFAULT_PARAMS.examineTicks ? '' : `${examineTicks} ticks per node examined`,
		flags.examineHeaps === DEFAULT_PARAMS.examineHeaps ? '' : "every node of PABSim's heaps examined",
		lockTicks === DEFAULT_PARAMS.lockTicks ? '' : `lock delays of ${lockTicks} ticks`,
		splitLockTicks === DEFAULT_PARAMS.splitLockTicks ? '' : `split lock delays of ${splitLockTicks} ticks`,
		splitLockWaiterTicks === DEFAULT_PARAMS.splitLockWaiterTicks
			? ''
			: `${splitLockWaiterTicks} ticks per split lock waiter`,
		flags.memoryDelays === DEFAULT_PARAMS.memoryDelays ? '' : 'memory delays',
		splitTies === DEFAULT_PARAMS.splitTies ? '' : `ties to the ${splitTies} split point`,
	].filter((cost) => cost !== '');
	out(
		`lab thesis: ordering (${shapeKey(shape)}), ${seeds.length} trees of tg_1, depth 6, the thesis's m values` +
			`${costs.length > 0 ? ` with ${costs.join(', ')}` : ''}; ` +
			`ours t_1 ${sequential.total.ticks}, n_1 ${sequential.total.nodes}`,
	);
	out('');
	out(
		'| scheme | p | m | SU (thesis) | SU (ours) | SO (thesis) | SO (ours) | CSS (thesis) | CSS (ours) ' +
			'| split share (ours) |',
	);
	out('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
	pabsimComparison(
		shape,
		seeds,
		sequential,
		({ ours, thesis: t }) => {
			out(
				tableRow(
					t.scheme,
					t.processors,
					t.m.join(','),
					t.speedup.toFixed(3),
					ours.speedup.toFixed(3),
					t.overhead.toFixed(3),
					ours.overhead.toFixed(3),
					t.css.toFixed(3),
					ours.css.toFixed(3),
					pct(ours.splitTicks / (ours.ticks * t.processors)),
				),
			);
		},
		{
			examineTicks,
			examineHeaps: flags.examineHeaps,
			lockTicks,
			splitLockTicks,
			splitLockWaiterTicks,
			memoryDelays: flags.memoryDelays,
			splitTies,
		},
	);
}

/** The schemes of --scheme. */
function schemesOf(text: string): Scheme[] {
	const names = text.split(',').map((t) => t.trim().toUpperCase());
	for (const name of names)
		if (name !== 'A' && name !== 'B' && name !== 'C')
			throw new UsageError(`--scheme takes A, B and C (YBWC, DTS, the network); got "${name}"`);
	return [...new Set(names)] as Scheme[];
}

/** The grid of a scheme from the flags, or its default. */
function gridOf(scheme: Scheme, flags: Flags): SchemeValues[] {
	if (scheme !== 'C') {
		const m =
			flags.mValues === undefined
				? DEFAULT_M_VALUES
				: integers('m-values', flags.mValues, scheme === 'A' ? 1 : 0, 256);
		return m.map((x) => [x]);
	}
	const a = flags.mcaValues === undefined ? DEFAULT_MCA_VALUES : integers('mca-values', flags.mcaValues, -64, 64);
	const c = flags.mccValues === undefined ? DEFAULT_MCC_VALUES : integers('mcc-values', flags.mccValues, -64, 64);
	return schemeCGrid(a, c);
}

const SCHEME_TITLES: Readonly<Record<Scheme, string>> = { A: 'A (YBWC)', B: 'B (DTS)', C: 'C (the network)' };
const VALUE_NAMES: Readonly<Record<Scheme, string>> = { A: 'm_A', B: 'm_B', C: 'm_C,a, m_C,c' };

function sweep(flags: Flags): void {
	const schemes = schemesOf(flags.scheme);
	// Every value is read before anything is simulated.
	const grids = new Map(schemes.map((scheme) => [scheme, gridOf(scheme, flags)]));
	const processors = integers('processors', flags.processors ?? '12,24,48', 1, 64);
	const shape = shapeOf(flags);
	const params = paramsOf(flags, shape);
	if (schemes.includes('C') && !params.network)
		throw new UsageError(
			`no trained network for branching ${shape.branching}: ` +
				'give one with --network FILE, or leave C out of --scheme',
		);
	const depth = integer('depth', flags.depth, 6, 1, 10);
	const seeds = seedsOf(flags, 10);
	const sequential = sequentialSet(shape, depth, seeds);
	out(
		`lab sweep: ${seeds.length} trees (${shapeKey(shape)}) of ${flags.set} to depth ${depth}, ` +
			`${params.examineTicks} tick(s) per node examined` +
			`${params.examineHeaps ? " (every node of PABSim's heaps)" : ''}; ` +
			`sequential alpha-beta: ${sequential.total.nodes} nodes, ${sequential.total.ticks} ticks`,
	);
	out('Each cell: speedup (search overhead); * the highest speedup at that processor count.');
	const summary: string[] = [];
	for (const scheme of schemes) {
		out('');
		out(`Scheme ${SCHEME_TITLES[scheme]}:`);
		out('');
		out(tableRow(VALUE_NAMES[scheme], ...processors.map((p) => `p = ${p}`)));
		out(`|---|${processors.map(() => '---:|').join('')}`);
		// Progress on a terminal only (a sweep of 100 trees takes minutes per scheme).
		let done = 0;
		const progress = (pt: SweepPoint) => {
			if (process.stderr.isTTY)
				process.stderr.write(
					`\r  ${scheme} [${pt.values.join(', ')}] at ${pt.point.processors}: ${++done} simulated\u001b[K`,
				);
		};
		const columns = sweepScheme(
			scheme,
			grids.get(scheme)!,
			shape,
			depth,
			seeds,
			sequential,
			processors,
			params,
			progress,
		);
		if (process.stderr.isTTY) process.stderr.write('\r\u001b[K');
		columns[0].points.forEach((first, v) =>
			out(
				tableRow(
					first.values.join(', '),
					...columns.map(({ points, best }) => {
						const pt = points[v];
						return `${pt.point.speedup.toFixed(2)} (${pct(pt.point.overhead)})${pt === best ? ' *' : ''}`;
					}),
				),
			),
		);
		for (const column of columns) {
			const { best, thesis, atThesisValues } = column;
			summary.push(
				tableRow(
					scheme,
					column.processors,
					best.values.join(', '),
					best.point.speedup.toFixed(3),
					best.point.overhead.toFixed(3),
					thesis ? thesis.m.join(', ') : '',
					atThesisValues ? atThesisValues.point.speedup.toFixed(3) : '',
					thesis ? thesis.speedup.toFixed(3) : '',
				),
			);
		}
	}
	out('');
	out("Best values, next to the thesis's (Tables 6.4 to 6.8: depth 6, its 100 trees of tg_1):");
	out('');
	out(
		tableRow(
			'scheme',
			'p',
			'best m',
			'SU (best)',
			'SO (best)',
			"thesis's m",
			"SU at thesis's m (ours)",
			'SU (thesis)',
		),
	);
	out('|---|---:|---:|---:|---:|---:|---:|---:|');
	for (const line of summary) out(line);
}

function classify(flags: Flags): void {
	const override = readChoice('--dts-second-override', flags.dtsSecondOverride, DTS_SECOND_OVERRIDES);
	const shape = shapeOf(flags);
	const depth = integer('depth', flags.depth, 6, 1, 10);
	const seeds = seedsOf(flags, 100);
	const published = TABLES_5_2_TO_5_4[shapeKey(shape)];
	const network = networkOf(flags, shape);
	const trained = network ? trainedParentTypes(trainingPatterns(shape, 4, SEED_SETS.tg2)) : undefined;
	const result = classifyTrees(shape, depth, seeds, {
		dtsCutLimit: published?.bN ?? 1,
		dtsSecondOverride: override,
		network: network ?? undefined,
		networkCutWidth: published?.cM ?? 10,
		networkTrainedTypes: trained,
		clampNetworkInputs: flags.clampNetworkInputs,
	});
	out(`lab classify: ${seeds.length} trees (${shapeKey(shape)}) of ${flags.set}, depth ${depth}`);
	if (trained)
		out(
			`scheme C: training patterns (tg_2 to depth 4) have parent types ${trained.low.toFixed(2)} to ` +
				`${trained.high.toFixed(2)} off the first line` +
				(flags.clampNetworkInputs ? '; inputs outside them clamped into them' : ''),
		);
	if (override === 'no-three') out('scheme B: never three D-ALL nodes in a row (--dts-second-override no-three)');
	out('');
	out('| scheme | true CUT | false CUT | true ALL | false ALL | error | error (thesis) |');
	out('|---|---:|---:|---:|---:|---:|---:|');
	const row = (
		name: string,
		c: { trueCut: number; falseCut: number; trueAll: number; falseAll: number } | null,
		t?: readonly number[],
	) => {
		if (!c) return;
		const thesisError = t ? String(t[1] + t[3]) : '';
		out(tableRow(name, c.trueCut, c.falseCut, c.trueAll, c.falseAll, classificationError(c), thesisError));
	};
	row('A (YBWC)', result.ybwc, published?.a);
	row(`B (DTS, n = ${published?.bN ?? 1})`, result.dts, published?.b);
	row(`C (network, m = ${published?.cM ?? 10})`, result.neural, published?.c);
	row('C, below an untrained input', result.neuralOutside);
}

function train(flags: Flags): void {
	const shape = shapeOf(flags);
	const iterations = integer('iterations', flags.iterations, 1000, 1, 100000);
	const seed = integer('weight-seed', flags.weightSeed, 1, 1, 2147483646);
	const start = performance.now();
	const patterns = trainingPatterns(shape, 4, SEED_SETS.tg2);
	const network = SplitNetwork.train(patterns, shape.branching, iterations, 0.1, seed);
	const { typeError, waitError } = network.weights;
	const published = TABLE_5_1[shapeKey(shape)];
	out(
		`lab train: ordering (${shapeKey(shape)}), ${patterns.length} patterns from tg_2 to depth 4, ` +
			`${iterations} iterations, weight seed ${seed}, ` +
			`${((performance.now() - start) / 1000).toFixed(0)} s`,
	);
	out(
		`E_type ${typeError.toFixed(3)}, E_wait ${waitError.toFixed(3)}` +
			(published ? ` (Table 5.1, 10000 iterations: ${published.type}, ${published.wait})` : ''),
	);
	if (flags.out !== undefined) {
		writeFileSync(flags.out, `${JSON.stringify(network.weights)}\n`);
		out(`wrote ${flags.out}`);
	}
}
