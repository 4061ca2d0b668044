/**
 * Static evaluation, from the side to move's view, in score units (`score.ts`: SCALE per blob).
 * The search calls `evaluate` once per leaf with tables set up once per search (`evalTables`).
 *
 * - Blob difference: the default of the course handout (Dumas, "Guerre des blobs", 2014,
 *   section Deuxième Partie: optimisations).
 * - `classic`: the blob difference plus exposure: a blob next to an empty cell can be captured by
 *   a move to that cell, so each opponent blob next to an empty cell is worth `exposureWeight`
 *   (centiblobs) to the side to move and each of its own such blobs costs as much.
 * - `tuned`: the learned evaluation, a sum of geometric features of each side (blobs, safe and
 *   unsafe blobs, edges, corners, blobs next to holes, mobility by clones and by jumps, tempo)
 *   with an opening and an endgame weight each (or weights at more taper points), interpolated
 *   by the phase (the share of the playable cells filled): a tapered evaluation as in chess
 *   engines (Fruit, 2005), its weights
 *   fitted by Texel tuning (Peter Österlund, "Texel's Tuning Method", Chess Programming Wiki,
 *   2014; `tuning/texel.ts`). Features: `eval-features.ts`; code: `eval-kernel.ts`.
 */

import { type Variant } from '../game/game-over.js';
import { type Geometry } from '../game/geometry.js';
import { type ShapeKernel } from '../game/shape-kernel.js';
import { type EvalKernel, evalKernel } from './eval-kernel.js';
import { shippedWeights } from './eval-weights.js';
import { SCALE } from './score.js';
import { type SearchOptions } from './search-options.js';

/** What a search's leaves are evaluated with, for one board shape. */
export interface EvalTables {
	/** The learned evaluation compiled for the shape, or null for the blob difference and `classic`. */
	readonly learned: EvalKernel | null;
	/** Centiblobs per exposed blob (`classic`); 0 for the blob difference alone. */
	readonly exposureWeight: number;
}

/**
 * The evaluation tables of `options` on a board shape under a rule set: the blob difference with
 * `positional` off, else the `evaluation` it names (the tuned one with `weights`, or the shipped
 * weights of `variant` for the board's size: `shippedWeights`).
 * @throws RangeError for a weight set that does not fit (`eval-kernel.ts`)
 */
export function evalTables(g: Geometry, options: SearchOptions, variant: Variant): EvalTables {
	if (!options.positional) return { learned: null, exposureWeight: 0 };
	if (options.evaluation === 'classic') return { learned: null, exposureWeight: options.exposureWeight };
	return { learned: evalKernel(g, options.weights ?? shippedWeights(variant, g.cells)), exposureWeight: 0 };
}

/**
 * Evaluates the position at `words[base..]` with `side` to move.
 * @param mine blobs of `side`; @param theirs blobs of the other side
 * @param tables from `evalTables` for the position's shape
 */
export function evaluate(
	kernel: ShapeKernel,
	words: Int32Array,
	base: number,
	side: number,
	mine: number,
	theirs: number,
	tables: EvalTables,
): number {
	const learned = tables.learned;
	if (learned !== null) return learned.score(words, base, side, mine, theirs);
	const material = SCALE * (mine - theirs);
	const weight = tables.exposureWeight;
	return weight !== 0 ? material + weight * kernel.exposure(words, base, side) : material;
}
