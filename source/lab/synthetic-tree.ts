/**
 * Exponentially ordered synthetic game trees (Manohararajah, "Parallel Alpha-Beta Search on Shared
 * Memory Multiprocessors", MASc thesis, University of Toronto, 2001, chapter 4).
 *
 * A node is its `seed`, its `pscore` and whether it maximises. Its children come from a stream
 * seeded with the node's seed (BRANCHGENERATE, Figure 4.2): the first child inherits the pscore,
 * the others draw theirs below it (at a max node) or above it (at a min node), so the best child
 * is first; each child's seed is the stream's next number. BRANCHORDER (Figure 4.4) then shuffles
 * the pscores (not the seeds) with the same stream: for position i the best remaining pscore is
 * picked with probability wa/100 (i = 1) or wb/100 (i > 1), otherwise a random remaining one.
 * Leaves return their pscore. The whole tree depends on the root's seed alone (the root's pscore
 * is fixed to the middle of the score range), whatever order a search visits it in.
 */

import { RANDOM_LIMIT, randomNext, randomSeed, scaleToRange } from './park-miller.js';

/** Smallest score (`score_min`). */
export const SCORE_MIN = 0;
/** Largest score (`score_max`, `random_limit - 1`). */
export const SCORE_MAX = RANDOM_LIMIT - 1;
/** The root's pscore, (score_max - score_min) / 2. */
export const ROOT_PSCORE = Math.floor((SCORE_MAX - SCORE_MIN) / 2);

/** An exponential branch ordering (b, wa, wb) of the thesis's section 4.3.3. */
export interface TreeShape {
	/** Branching factor b: children of every inner node. */
	readonly branching: number;
	/** wa: percent chance (0..100) that the first child is picked as the best remaining one. */
	readonly wa: number;
	/** wb: the same for every later child. */
	readonly wb: number;
}

/** A synthetic tree: a shape, a depth in plies and a root seed. */
export interface SyntheticTreeSpec extends TreeShape {
	/** Height of the tree in plies (leaves at ply `depth`). */
	readonly depth: number;
	/** The root's seed. */
	readonly seed: number;
}

/** The five orderings of the thesis's experiments (section 4.3.3), in its order. */
export const THESIS_SHAPES: readonly TreeShape[] = [
	{ branching: 32, wa: 79, wb: 5 },
	{ branching: 20, wa: 69, wb: 19 },
	{ branching: 32, wa: 66, wb: 66 },
	{ branching: 32, wa: 33, wb: 33 },
	{ branching: 32, wa: 0, wb: 0 },
];

/** Largest branching factor accepted (the thesis's nodes hold 32 children; more costs only memory). */
export const MAX_BRANCHING = 256;

/**
 * Checks a shape.
 * @throws RangeError naming the bad value
 */
export function checkShape(shape: TreeShape): void {
	const { branching, wa, wb } = shape;
	if (!Number.isInteger(branching) || branching < 1 || branching > MAX_BRANCHING)
		throw new RangeError(`the branching factor must be an integer from 1 to ${MAX_BRANCHING}, got ${branching}`);
	for (const [name, w] of [
		['wa', wa],
		['wb', wb],
	] as const)
		if (!Number.isInteger(w) || w < 0 || w > 100)
			throw new RangeError(`${name} must be an integer from 0 to 100, got ${w}`);
}

/**
 * BRANCHGENERATE then BRANCHORDER for one node: writes its children's pscores and seeds at
 * `pscores[at..at + b)` and `seeds[at..at + b)`, in the order a search visits them.
 * No allocation.
 * @param isMax true at a maximising node (the root maximises)
 */
export function generateChildren(
	shape: TreeShape,
	seed: number,
	pscore: number,
	isMax: boolean,
	pscores: Int32Array,
	seeds: Int32Array,
	at: number,
): void {
	const b = shape.branching;
	let state = randomSeed(seed);
	// BRANCHGENERATE: the first child keeps the pscore, the others are worse for the mover.
	for (let i = 0; i < b; i++) {
		if (i === 0) pscores[at] = pscore;
		else {
			state = randomNext(state);
			pscores[at + i] = isMax ? scaleToRange(state, SCORE_MIN, pscore) : scaleToRange(state, pscore, SCORE_MAX);
		}
		state = randomNext(state);
		seeds[at + i] = state;
	}
	// BRANCHORDER: position i gets the best remaining pscore with probability w_i / 100.
	for (let i = 0; i < b; i++) {
		const wi = i === 0 ? shape.wa : shape.wb;
		state = randomNext(state);
		const w = scaleToRange(state, 0, 99);
		let p = i;
		if (w < wi) {
			let v = pscores[at + i];
			for (let j = i + 1; j < b; j++) {
				const s = pscores[at + j];
				if (isMax ? s > v : s < v) {
					p = j;
					v = s;
				}
			}
		} else {
			state = randomNext(state);
			p = scaleToRange(state, i, b - 1);
		}
		const t = pscores[at + i];
		pscores[at + i] = pscores[at + p];
		pscores[at + p] = t;
	}
}
