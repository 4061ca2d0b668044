/**
 * The lab's experiments, as data for the command line and the documentation: Table 6.3's counts,
 * simulated speedups of every algorithm for 1 to 64 processors, the thesis's PABSim tables with
 * its parameters, and searches on real threads.
 */

import { type Position, positionFromData, positionToData } from '../game/position.js';
import { type AlgorithmName, type AlgorithmParams, DEFAULT_PARAMS } from './algorithms.js';
import { type LabPool, type ThreadRun } from './lab-pool.js';
import { cssOverhead, type Measured, npsScaling, searchOverhead, speedup } from './metrics.js';
import { SplitNetwork } from './neural-network.js';
import { emptyCounts, type SequentialCounts, SyntheticAlphaBeta } from './sequential-search.js';
import { simulateAlgorithm } from './simulator.js';
import { SyntheticDomain } from './synthetic-domain.js';
import { type TreeShape } from './synthetic-tree.js';
import { PABSIM_TABLES, shapeKey, TABLES_5_2_TO_5_4, type ThesisRow } from './thesis-tables.js';
import { TRAINED_NETWORKS } from './trained-networks.js';
import { referenceAlphaBeta } from './reference-search.js';
import { GameDomain } from './game-domain.js';
import { maxMoves, type TreeSpec } from './lab-job.js';

/** The trained network of an ordering (the nearest trained one of the same branching), or null. */
export function networkFor(shape: TreeShape): SplitNetwork | null {
	const exact = TRAINED_NETWORKS[shapeKey(shape)];
	if (exact) return new SplitNetwork(exact);
	let best: string | null = null;
	let bestDistance = Infinity;
	for (const key of Object.keys(TRAINED_NETWORKS)) {
		const [b, wa, wb] = key.split(',').map(Number);
		if (b !== shape.branching) continue;
		const distance = Math.abs(wa - shape.wa) + Math.abs(wb - shape.wb);
		if (distance < bestDistance) {
			best = key;
			bestDistance = distance;
		}
	}
	return best ? new SplitNetwork(TRAINED_NETWORKS[best]) : null;
}

/** Sequential counts of each tree and in total. */
export interface SequentialSet {
	readonly total: SequentialCounts;
	readonly perTree: readonly SequentialCounts[];
	readonly values: readonly number[];
}

/** Sequential alpha-beta over the trees of `seeds`. */
export function sequentialSet(shape: TreeShape, depth: number, seeds: readonly number[]): SequentialSet {
	const searcher = new SyntheticAlphaBeta(shape, depth);
	const total = emptyCounts();
	const perTree: SequentialCounts[] = [];
	const values: number[] = [];
	for (const seed of seeds) {
		const counts = emptyCounts();
		values.push(searcher.search(seed, counts));
		perTree.push(counts);
		total.nodes += counts.nodes;
		total.inner += counts.inner;
		total.leaves += counts.leaves;
		total.ticks += counts.ticks;
	}
	return { total, perTree, values };
}

/** A simulated configuration's totals over a set of trees. */
export interface SimulatedPoint {
	readonly algorithm: AlgorithmName;
	readonly processors: number;
	readonly ticks: number;
	readonly nodes: number;
	readonly splitTicks: number;
	/** Ticks of all processors not spent searching. */
	readonly idleTicks: number;
	/** Trees whose value differed from sequential alpha-beta's (0 when correct). */
	readonly wrongValues: number;
	readonly speedup: number;
	readonly overhead: number;
	readonly css: number;
}

/** Simulates an algorithm on every tree of a set with `processors` processors. */
export function simulatePoint(
	algorithm: AlgorithmName,
	params: AlgorithmParams,
	shape: TreeShape,
	depth: number,
	seeds: readonly number[],
	sequential: SequentialSet,
	processors: number,
): SimulatedPoint {
	let ticks = 0;
	let nodes = 0;
	let splitTicks = 0;
	let idleTicks = 0;
	let wrongValues = 0;
	seeds.forEach((seed, i) => {
		const r = simulateAlgorithm(algorithm, params, new SyntheticDomain({ ...shape, depth, seed }), processors);
		ticks += r.ticks;
		nodes += r.nodes;
		splitTicks += r.splitTicks;
		idleTicks += r.idleTicks;
		if (r.value !== sequential.values[i]) wrongValues++;
	});
	const one: Measured = { time: sequential.total.ticks, nodes: sequential.total.nodes };
	const p: Measured = { time: ticks, nodes };
	return {
		algorithm,
		processors,
		ticks,
		nodes,
		splitTicks,
		idleTicks,
		wrongValues,
		speedup: speedup(one, p),
		overhead: searchOverhead(one, p),
		css: cssOverhead(one, p, processors),
	};
}

/** One row of the PABSim comparison: ours with the thesis's parameters, and the thesis's. */
export interface PabsimComparison {
	readonly ours: SimulatedPoint;
	readonly thesis: ThesisRow;
}

/**
 * The lab's parameters for a thesis scheme at its m values (`[m_A]`, `[m_B]` or `[m_C,a, m_C,c]`),
 * the network's N-CUT width being the ordering's in Table 5.4.
 */
export function paramsOfScheme(
	scheme: ThesisRow['scheme'],
	m: readonly number[],
	shape: TreeShape,
	base: AlgorithmParams,
): AlgorithmParams {
	const cutWidth = TABLES_5_2_TO_5_4[shapeKey(shape)]?.cM ?? base.neuralCutWidth;
	if (scheme === 'A') return { ...base, ybwcCutMin: m[0] };
	if (scheme === 'B') return { ...base, dtsCutLimit: m[0] };
	return { ...base, neuralMinAll: m[0], neuralMinCut: m[1], neuralCutWidth: cutWidth };
}

/** The parameters of a thesis row for the lab's algorithms. */
export function paramsOfRow(row: ThesisRow, shape: TreeShape, base: AlgorithmParams): AlgorithmParams {
	return paramsOfScheme(row.scheme, row.m, shape, base);
}

/** The algorithm of a thesis scheme. */
export function algorithmOfScheme(scheme: 'A' | 'B' | 'C'): AlgorithmName {
	return scheme === 'A' ? 'ybwc' : scheme === 'B' ? 'dts' : 'neural';
}

/** Simulates the rows of the thesis's table for an ordering (depth 6) on the trees of `seeds`. */
export function pabsimComparison(
	shape: TreeShape,
	seeds: readonly number[],
	sequential: SequentialSet,
	onRow?: (row: PabsimComparison) => void,
	overrides: Partial<
		Pick<
			AlgorithmParams,
			| 'examineTicks'
			| 'examineHeaps'
			| 'lockTicks'
			| 'splitLockTicks'
			| 'splitLockWaiterTicks'
			| 'memoryDelays'
			| 'splitTies'
		>
	> = {},
): PabsimComparison[] {
	const table = PABSIM_TABLES[shapeKey(shape)];
	if (!table) throw new RangeError(`the thesis has no PABSim table for the ordering ${shapeKey(shape)}`);
	const base = { ...DEFAULT_PARAMS, network: networkFor(shape), ...overrides };
	const out: PabsimComparison[] = [];
	for (const row of table.rows) {
		const params = paramsOfRow(row, shape, base);
		const ours = simulatePoint(algorithmOfScheme(row.scheme), params, shape, 6, seeds, sequential, row.processors);
		const entry = { ours, thesis: row };
		onRow?.(entry);
		out.push(entry);
	}
	return out;
}

/** A position's tree to a fixed depth, as a job's tree. */
export function gameTree(position: Position, depth: number): TreeSpec {
	return { kind: 'game', position: positionToData(position), depth };
}

/** The sequential reference of a job's tree: the alpha-beta value and nodes. */
export function referenceOf(tree: TreeSpec): { readonly value: number; readonly nodes: number } {
	if (tree.kind === 'synthetic') {
		const counts = emptyCounts();
		const value = new SyntheticAlphaBeta(tree.spec, tree.spec.depth).search(tree.spec.seed, counts);
		return { value, nodes: counts.nodes };
	}
	return referenceAlphaBeta(gameDomainOf(positionFromData(tree.position), tree.depth));
}

/** The totals of runs on threads over several trees. */
export interface ThreadPoint {
	readonly algorithm: AlgorithmName;
	readonly threads: number;
	readonly ms: number;
	readonly nodes: number;
	readonly idleMs: number;
	readonly wrongValues: number;
}

/**
 * Runs `trees` on a pool with `algorithm` (each tree `repeat` times, keeping each tree's fastest
 * run, after one untimed run of the first), checking each value against `expected`.
 */
export async function threadPoint(
	pool: LabPool,
	algorithm: AlgorithmName,
	params: AlgorithmParams,
	trees: readonly TreeSpec[],
	expected: readonly number[],
	repeat = 1,
): Promise<ThreadPoint> {
	let ms = 0;
	let nodes = 0;
	let idleMs = 0;
	let wrongValues = 0;
	// Warm-up: every thread compiles and optimises the code before anything is timed.
	if (trees.length > 0 && (await pool.run(algorithm, params, trees[0])).value !== expected[0]) wrongValues++;
	for (let i = 0; i < trees.length; i++) {
		let best: ThreadRun | null = null;
		for (let k = 0; k < repeat; k++) {
			const run = await pool.run(algorithm, params, trees[i]);
			if (run.value !== expected[i]) wrongValues++;
			if (!best || run.ms < best.ms) best = run;
		}
		ms += best!.ms;
		nodes += best!.nodes;
		idleMs += best!.idleMs;
	}
	return { algorithm, threads: pool.threads, ms, nodes, idleMs, wrongValues };
}

/** The measures of a thread point against the one-thread point of the same algorithm. */
export function threadMeasures(one: ThreadPoint, p: ThreadPoint) {
	const a: Measured = { time: one.ms, nodes: one.nodes };
	const b: Measured = { time: p.ms, nodes: p.nodes };
	return {
		speedup: speedup(a, b),
		overhead: searchOverhead(a, b),
		nps: npsScaling(a, b),
		sync: p.idleMs / (p.ms * p.threads),
		css: cssOverhead(a, b, p.threads),
	};
}

/** Every game tree is searched with moves bounded by its board. */
export function gameDomainOf(position: Position, depth: number): GameDomain {
	return new GameDomain(position, depth, maxMoves(position.geometry.playableCount));
}
