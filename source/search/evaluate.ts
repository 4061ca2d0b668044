/**
 * Static evaluation, from the side to move's view, in score units (`score.ts`: SCALE per blob).
 *
 * The course handout's default (Dumas, "Guerre des blobs", 2014, section Deuxième Partie: optimisations) is the
 * blob difference. The optional positional
 * term counts exposure: a blob next to an empty cell can be captured by a move to that cell, so
 * each opponent blob next to an empty cell is worth `exposureWeight` (centiblobs) to the side to
 * move and each of its own such blobs costs as much.
 */

import { type ShapeKernel } from '../game/shape-kernel.js';
import { SCALE } from './score.js';

/**
 * Evaluates the position at `words[base..]` with `side` to move.
 * @param mine blobs of `side`; @param theirs blobs of the other side
 * @param exposureWeight centiblobs per exposed blob; 0 for the blob difference alone
 */
export function evaluate(
	kernel: ShapeKernel,
	words: Int32Array,
	base: number,
	side: number,
	mine: number,
	theirs: number,
	exposureWeight: number,
): number {
	const material = SCALE * (mine - theirs);
	return exposureWeight !== 0 ? material + exposureWeight * kernel.exposure(words, base, side) : material;
}
