/**
 * Parameter sweeps of the split-point schemes in the simulator, as the thesis ran them: "during
 * the performance experiments, variables m_A, m_B, m_C,a and m_C,c were varied to find the values
 * at which the highest speed-up was obtained" (Manohararajah, "Parallel Alpha-Beta Search on
 * Shared Memory Multiprocessors", MASc thesis, University of Toronto, 2001, section 6.6; its
 * Tables 6.4 to 6.8 give the best value per scheme and processor count).
 *
 * A sweep simulates one scheme at every value of its grid and every processor count on the same
 * trees, and keeps, per processor count, the value of the highest speedup. On the thesis's trees
 * (tg_1 to depth 6, the orderings of its tables) its own values are always in the grid, so that
 * the best value found can be set beside the speedup the thesis's value gives on the same
 * simulator.
 */

import { type AlgorithmParams } from './algorithms.js';
import {
	algorithmOfScheme,
	paramsOfScheme,
	type SequentialSet,
	type SimulatedPoint,
	simulatePoint,
} from './experiments.js';
import { TG1_SEEDS } from './seed-sets.js';
import { type TreeShape } from './synthetic-tree.js';
import { PABSIM_TABLES, shapeKey, type ThesisRow } from './thesis-tables.js';

/** A split-point scheme of the thesis: A (YBWC), B (DTS), C (the network). */
export type Scheme = ThesisRow['scheme'];

/**
 * A scheme's parameters: `[m_A]`, `[m_B]` or `[m_C,a, m_C,c]` (children, as in the thesis's
 * tables).
 */
export type SchemeValues = readonly number[];

/** Default m_A and m_B values: 1 to 8 (every value of the thesis's tables is among them). */
export const DEFAULT_M_VALUES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8];
/** Default m_C,a values: the thesis's (-12 to 0) and 1. */
export const DEFAULT_MCA_VALUES: readonly number[] = [-12, -8, -5, -4, -3, -1, 0, 1];
/** Default m_C,c values: the thesis's. */
export const DEFAULT_MCC_VALUES: readonly number[] = [0, 1, 3];

/** Scheme C's grid: every m_C,a with every m_C,c. */
export function schemeCGrid(mca: readonly number[], mcc: readonly number[]): SchemeValues[] {
	return mca.flatMap((a) => mcc.map((c) => [a, c]));
}

/** One simulated configuration of a sweep. */
export interface SweepPoint {
	readonly scheme: Scheme;
	readonly values: SchemeValues;
	readonly point: SimulatedPoint;
}

/** A scheme's sweep at one processor count. */
export interface SweepColumn {
	readonly scheme: Scheme;
	readonly processors: number;
	/** Every value of the grid, in the grid's order. */
	readonly points: readonly SweepPoint[];
	/** The point of the highest speedup (the first of equal ones). */
	readonly best: SweepPoint;
	/** The thesis's row for this scheme and processor count, where it has one. */
	readonly thesis: ThesisRow | null;
	/** Our point at the thesis's values (in `points`), where it has a row. */
	readonly atThesisValues: SweepPoint | null;
}

/** Whether two value lists are equal. */
const same = (a: SchemeValues, b: SchemeValues) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The thesis's row for a scheme at a processor count on an ordering (depth 6, tg_1), or null.
 */
export function thesisRowOf(scheme: Scheme, shape: TreeShape, processors: number): ThesisRow | null {
	return PABSIM_TABLES[shapeKey(shape)]?.rows.find((r) => r.scheme === scheme && r.processors === processors) ?? null;
}

/**
 * Sweeps a scheme over `grid` at each processor count on the trees of `seeds`.
 *
 * The grid is completed with the thesis's values for each processor count where the thesis has a
 * row, on its trees only (the first seeds of tg_1, to depth 6); repeated values are simulated once.
 * @param sequential the sequential search of the same trees (`sequentialSet`)
 * @param onPoint called after each configuration, in the order simulated (value by value, then
 *   processor count by processor count)
 * @returns one column per processor count, in the order given
 * @throws RangeError for an empty grid, a list of the wrong length for the scheme, or a
 *   simulation that returns a value other than sequential alpha-beta's
 */
export function sweepScheme(
	scheme: Scheme,
	grid: readonly SchemeValues[],
	shape: TreeShape,
	depth: number,
	seeds: readonly number[],
	sequential: SequentialSet,
	processors: readonly number[],
	base: AlgorithmParams,
	onPoint?: (point: SweepPoint) => void,
): SweepColumn[] {
	const arity = scheme === 'C' ? 2 : 1;
	if (grid.length === 0) throw new RangeError(`scheme ${scheme}: no values to sweep`);
	for (const values of grid)
		if (values.length !== arity)
			throw new RangeError(`scheme ${scheme} takes ${arity} value(s) per point, got [${values.join(', ')}]`);
	const values: SchemeValues[] = [];
	for (const v of grid) if (!values.some((w) => same(v, w))) values.push(v);
	// The thesis's trees: tg_1 (the first N of its seeds) to depth 6.
	const thesisTrees = depth === 6 && seeds.every((seed, i) => seed === TG1_SEEDS[i]);
	const thesisRows = processors.map((p) => (thesisTrees ? thesisRowOf(scheme, shape, p) : null));
	for (const row of thesisRows) if (row && !values.some((v) => same(v, row.m))) values.push(row.m);

	const simulated = new Map<string, SweepPoint>();
	const algorithm = algorithmOfScheme(scheme);
	for (const v of values)
		for (const p of processors) {
			const key = `${v.join(',')}@${p}`;
			if (simulated.has(key)) continue;
			const params = paramsOfScheme(scheme, v, shape, base);
			const point = simulatePoint(algorithm, params, shape, depth, seeds, sequential, p);
			if (point.wrongValues > 0)
				throw new RangeError(`scheme ${scheme} at [${v.join(', ')}] on ${p} processors returned a wrong value`);
			const entry = { scheme, values: v, point };
			simulated.set(key, entry);
			onPoint?.(entry);
		}

	return processors.map((p, i) => {
		const points = values.map((v) => simulated.get(`${v.join(',')}@${p}`)!);
		let best = points[0];
		for (const pt of points) if (pt.point.speedup > best.point.speedup) best = pt;
		const thesis = thesisRows[i];
		const atThesisValues = thesis ? (points.find((pt) => same(pt.values, thesis.m)) ?? null) : null;
		return { scheme, processors: p, points, best, thesis, atThesisValues };
	});
}
