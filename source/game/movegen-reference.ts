/**
 * Pseudolegal move generation (the rule is stated in `movegen.ts`), the simple and obviously
 * correct way: one bitboard mask per cell. The reference for the compiled generator of
 * `shape-kernel.ts` (property tests compare them). Like it, it ignores the end of the game and
 * never lists Ataxx's pass.
 *
 * No allocation: scratch words live at module level (one thread runs one generator at a time).
 */

import { type Geometry } from './geometry.js';
import { cloneTo, moveOf, type Move } from './move.js';
import { type MoveListing } from './movegen.js';
import { type Position } from './position.js';

/** Most words a bitboard can have (16 x 16 board: 8 words). */
const MAX_WORDS = 8;
const emptyScratch = new Int32Array(MAX_WORDS);
const targetScratch = new Int32Array(MAX_WORDS);

/** Writes the empty playable cells of a position into `out` (`words` words). */
function emptyMask(pos: Position, out: Int32Array): void {
	const g = pos.geometry;
	for (let w = 0; w < g.words; w++) out[w] = g.playable[w] & ~(pos.bb[w] | pos.bb[g.words + w]);
}

/**
 * Lists the pseudolegal moves of the side to move into `out` and returns how many there are:
 * clones first (by destination, or by pair), then jumps by (from, to) pair, each group in
 * increasing cell order.
 * @param out room for at least `MAX_MOVES` moves (or a plain array)
 */
export function referenceGenerateMoves(
	pos: Position,
	out: Int32Array | Move[],
	listing: MoveListing = 'by-destination',
): number {
	const g = pos.geometry;
	const W = g.words;
	const bb = pos.bb;
	const empty = emptyScratch;
	emptyMask(pos, empty);
	const mine = pos.side * W;
	let n = 0;
	if (listing === 'by-destination') {
		const targets = targetScratch;
		targets.fill(0);
		for (let fw = 0; fw < W; fw++) {
			let x = bb[mine + fw];
			while (x !== 0) {
				const from = g.bitCell[fw * 32 + (31 - Math.clz32(x & -x))];
				x &= x - 1;
				for (let w = 0; w < W; w++) targets[w] |= g.neighbours[from * W + w] & empty[w];
			}
		}
		for (let w = 0; w < W; w++) {
			let t = targets[w];
			while (t !== 0) {
				out[n++] = cloneTo(g.bitCell[w * 32 + (31 - Math.clz32(t & -t))]);
				t &= t - 1;
			}
		}
	} else {
		n = listTargets(g, bb, mine, g.neighbours, empty, out, n);
	}
	return listTargets(g, bb, mine, g.jumps, empty, out, n);
}

/** Appends a (from, to) move for each blob at `bb[mine..]` and each of its `masks` targets in `empty`. */
function listTargets(
	g: Geometry,
	bb: Int32Array,
	mine: number,
	masks: Int32Array,
	empty: Int32Array,
	out: Int32Array | Move[],
	n: number,
): number {
	const W = g.words;
	for (let fw = 0; fw < W; fw++) {
		let x = bb[mine + fw];
		while (x !== 0) {
			const from = g.bitCell[fw * 32 + (31 - Math.clz32(x & -x))];
			x &= x - 1;
			for (let w = 0; w < W; w++) {
				let t = masks[from * W + w] & empty[w];
				while (t !== 0) {
					out[n++] = moveOf(from, g.bitCell[w * 32 + (31 - Math.clz32(t & -t))]);
					t &= t - 1;
				}
			}
		}
	}
	return n;
}

/** True if `side` would have a pseudolegal move in this position (whoever is to move). */
export function referenceSideHasMove(pos: Position, side: 0 | 1): boolean {
	const g = pos.geometry;
	const W = g.words;
	const empty = emptyScratch;
	emptyMask(pos, empty);
	const mine = side * W;
	for (let fw = 0; fw < W; fw++) {
		let x = pos.bb[mine + fw];
		while (x !== 0) {
			const from = g.bitCell[fw * 32 + (31 - Math.clz32(x & -x))];
			x &= x - 1;
			for (let w = 0; w < W; w++) {
				if ((g.neighbours[from * W + w] | g.jumps[from * W + w]) & empty[w]) return true;
			}
		}
	}
	return false;
}
