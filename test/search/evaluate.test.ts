import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geometryOf } from '../../source/game/geometry.js';
import { type Position } from '../../source/game/position.js';
import { shapeKernel } from '../../source/game/shape-kernel.js';
import { PHASE_ONE, TERM_COUNT, TERMS } from '../../source/search/eval-features.js';
import { compileEvalKernel, evalKernel, MAX_WEIGHT, taperPoints } from '../../source/search/eval-kernel.js';
import {
	CLASSIC_WEIGHTS,
	LARGE_BOARD_CELLS,
	type NamedWeights,
	SHIPPED_LARGE_WEIGHTS,
	SHIPPED_WEIGHTS,
	shippedWeights,
} from '../../source/search/eval-weights.js';
import { Searcher } from '../../source/search/search.js';
import { playMove } from '../../source/game/make-move.js';
import { legalMoves } from '../../source/game/legal-moves.js';
import { pseudolegalMoves, sideHasMove } from '../../source/game/movegen.js';
import { evalKernelWasm, LEAF_UNSURE } from '../../source/search/eval-kernel-wasm.js';
import { evalTables, evaluate } from '../../source/search/evaluate.js';
import { DEFAULT_SEARCH_OPTIONS } from '../../source/search/search-options.js';
import { arbitraryBoard, grid } from '../helpers.js';
import { referenceFeatures } from './eval-reference.js';

/** A random board up to 16 x 16 with holes, blobs of both sides and empty cells, either side to move. */
const arbitraryPosition = arbitraryBoard([1, 8], [0, 3], [0, 5], [0, 5]).map(({ pos }) => pos);

/** The weights of one taper point, each anywhere in the allowed range. */
const anyWeights = fc.array(fc.integer({ min: -MAX_WEIGHT, max: MAX_WEIGHT }), {
	minLength: TERM_COUNT,
	maxLength: TERM_COUNT,
});

/** The weights of `min` to 9 taper points, opening first. */
const anyTaperPoints = (min: number) =>
	fc.integer({ min, max: 9 }).chain((count) => fc.array(anyWeights, { minLength: count, maxLength: count }));

/** The weight set of taper points given opening first. */
const weightsOf = (points: number[][]) => ({
	opening: points[0],
	endgame: points[points.length - 1],
	middle: points.slice(1, -1),
});

/**
 * The evaluation of `pos` (side to move's view) from its reference features, with the weights
 * of K >= 2 taper points (opening first), as plain arithmetic in the kernel's fixed point:
 * t = phase (K - 1), seg = min(K - 2, floor(t / 256)), u = t - 256 seg, and the score
 * `floor((A (256 - u) + B u) / 256)` of the sums A and B at points seg and seg + 1 (with two
 * points, u is the phase).
 */
function referenceScore(pos: Position, points: readonly (readonly number[])[]): number {
	const x = referenceFeatures(pos);
	const filled = pos.count[0] + pos.count[1];
	const playable = pos.geometry.playableCount;
	const phase = playable === 0 ? 0 : Math.round((PHASE_ONE * filled) / playable);
	const K = points.length;
	const t = phase * (K - 1);
	const seg = Math.min(K - 2, Math.floor(t / PHASE_ONE));
	const u = t - seg * PHASE_ONE;
	let a = 0;
	let b = 0;
	for (let i = 0; i < TERM_COUNT; i++) {
		a += points[seg][i] * x[i];
		b += points[seg + 1][i] * x[i];
	}
	return Math.floor((a * (PHASE_ONE - u) + b * u) / PHASE_ONE);
}

const features = (pos: Position, weights = CLASSIC_WEIGHTS) => {
	const out = new Int32Array(TERM_COUNT);
	evalKernel(pos.geometry, weights).features(pos.bb, 0, pos.side, out, 0);
	return Array.from(out);
};

describe('the learned evaluation', () => {
	it('counts each feature as its definition does, cell by cell, on random boards up to 16 x 16', () => {
		fc.assert(
			fc.property(arbitraryPosition, (pos) => {
				expect(features(pos)).toEqual(referenceFeatures(pos));
			}),
			{ numRuns: 200, seed: 12 },
		);
	});

	it('counts the features of a small position as worked out by hand', () => {
		// 4 x 4 with a hole at (1,2); Blue to move.
		//   B B . R
		//   B . X R
		//   . . . .
		//   . . . R
		// Red reaches every empty cell but (2,0) and (3,0); Blue reaches every empty cell.
		const pos = grid(['BB.R', 'B.XR', '....', '...R']);
		const named = Object.fromEntries(TERMS.map((t, i) => [t, features(pos)[i]]));
		expect(named).toEqual({
			'blobs.mine': 3,
			'safe.mine': 0, // each Blue blob touches (1,1)
			'unsafe.mine': 3, // (1,1) is in Red's reach
			'edge.mine': 2, // (0,1) and (1,0)
			'corner.mine': 1, // (0,0): 3 playable neighbours
			'hole.mine': 1, // (0,1)
			'clone.mine': 4, // (0,2), (1,1), (2,0), (2,1)
			'jump.mine': 5, // (2,2), (2,3), (3,0), (3,1), (3,2)
			'capture.mine': 2, // at (0,2), (2,2) or (2,3)
			'target2.mine': 1, // (1,1), which Red reaches, has 3 Blue blobs around it
			'target3.mine': 1,
			'target4.mine': 0,
			'territory.mine': 1, // (2,0): next to Blue, out of Red's reach
			'blobs.theirs': 3,
			'safe.theirs': 0,
			'unsafe.theirs': 3, // by (0,2), (0,2) and (2,2)
			'edge.theirs': 1, // (1,3): 4 playable neighbours
			'corner.theirs': 2, // (0,3): 2 playable neighbours; (3,3): 3
			'hole.theirs': 2, // (0,3) and (1,3)
			'clone.theirs': 4, // (0,2), (2,2), (2,3), (3,2)
			'jump.theirs': 3, // (1,1), (2,1), (3,1)
			'capture.theirs': 3, // at (1,1)
			'target2.theirs': 3, // (0,2), (2,2) and (2,3) have 2 Red blobs around them
			'target3.theirs': 0,
			'target4.theirs': 0,
			'territory.theirs': 0, // Blue reaches every empty cell
			tempo: 1,
		});
	});

	it('does not count a blob at the end of a bitboard word as next to the first cell of its row', () => {
		// 7 x 7: a word holds 4 rows (bits 0 to 27). Blue at (2,0) clones to (3,0); Red's only blob,
		// at (3,6), the last cell of the word, is 6 columns away from it: Blue captures nothing.
		// (Shifted left by a column, (3,6) became bit 28, which the row below (3,0) was read from.)
		// The same on the second word: (6,6) and (6,0).
		for (const rows of [
			['.......', '.......', 'B......', '......R', '.......', '.......', '.......'],
			['.......', '.......', '.......', '.......', '.......', 'B......', '......R'],
		]) {
			const pos = grid(rows);
			const counted = features(pos);
			expect(counted[TERMS.indexOf('capture.mine')]).toBe(0);
			expect(counted).toEqual(referenceFeatures(pos));
		}
	});

	it('with the classic weights, scores exactly as the classic evaluation (blob difference and exposure)', () => {
		const classic = { ...DEFAULT_SEARCH_OPTIONS, evaluation: 'classic' as const, exposureWeight: 25 };
		const tuned = { ...DEFAULT_SEARCH_OPTIONS, evaluation: 'tuned' as const, weights: CLASSIC_WEIGHTS };
		fc.assert(
			fc.property(arbitraryPosition, (pos) => {
				const g = pos.geometry;
				const kernel = shapeKernel(g);
				const args = [kernel, pos.bb, 0, pos.side, pos.count[pos.side], pos.count[pos.side ^ 1]] as const;
				expect(evaluate(...args, evalTables(g, tuned, 'blobwar'))).toBe(
					evaluate(...args, evalTables(g, classic, 'blobwar')),
				);
			}),
			{ numRuns: 100, seed: 13 },
		);
	});

	it('interpolates each weight between its opening and its endgame value by the share of cells filled', () => {
		const opening = new Array<number>(TERM_COUNT).fill(0);
		const endgame = new Array<number>(TERM_COUNT).fill(0);
		opening[TERMS.indexOf('blobs.mine')] = 100;
		endgame[TERMS.indexOf('blobs.mine')] = 300;
		opening[TERMS.indexOf('tempo')] = 40;
		const weights = { source: 'test', opening, endgame };
		// 3 x 3, no holes: 9 cells. Blue to move with 2 blobs, Red 1: 3 of 9 filled.
		const pos = grid(['BB.', '...', '..R']);
		const phase = Math.round((PHASE_ONE * 3) / 9); // 85 of 256
		const a = 100 * 2 + 40;
		const b = 300 * 2;
		// (240 * 171 + 600 * 85) / 256 = 359.53...
		expect(Math.floor((a * (PHASE_ONE - phase) + b * phase) / PHASE_ONE)).toBe(359);
		expect(evalKernel(pos.geometry, weights).score(pos.bb, 0, 0, 2, 1)).toBe(359);
	});
	it('scores the tapered sum of the reference features, with small weights and with the largest', () => {
		// Small weights, and weights up to MAX_WEIGHT (sums far past 32 bits once multiplied by the
		// phase): the kernel's sums and division must floor as this plain arithmetic does.
		const weightList = (max: number) =>
			fc.array(fc.integer({ min: -max, max }), { minLength: TERM_COUNT, maxLength: TERM_COUNT });
		fc.assert(
			fc.property(
				arbitraryPosition,
				fc.constantFrom(100, MAX_WEIGHT).chain((max) => fc.tuple(weightList(max), weightList(max))),
				(pos, [opening, endgame]) => {
					const mine = pos.count[pos.side];
					const theirs = pos.count[pos.side ^ 1];
					const kernel = evalKernel(pos.geometry, { opening, endgame });
					expect(kernel.score(pos.bb, 0, pos.side, mine, theirs)).toBe(
						referenceScore(pos, [opening, endgame]),
					);
				},
			),
			{ numRuns: 200, seed: 14 },
		);
	});

	it('with 3 to 9 taper points, scores the sum of the two points around the phase, in fixed point', () => {
		// The kernel's fixed point: t = phase * (K - 1), seg = min(K - 2, t >> 8), u = t - 256 seg.
		fc.assert(
			fc.property(arbitraryPosition, anyTaperPoints(3), (pos, points) => {
				const mine = pos.count[pos.side];
				const theirs = pos.count[pos.side ^ 1];
				const expected = referenceScore(pos, points);
				const weights = weightsOf(points);
				expect(evalKernel(pos.geometry, weights).score(pos.bb, 0, pos.side, mine, theirs)).toBe(expected);
			}),
			{ numRuns: 200, seed: 15 },
		);
	});

	it('scores in WebAssembly as in JavaScript, on random boards up to 16 x 16 with 2 to 9 taper points', () => {
		fc.assert(
			fc.property(arbitraryPosition, anyTaperPoints(2), (pos, points) => {
				const weights = weightsOf(points);
				const wasm = compileEvalKernel(pos.geometry, weights);
				const js = compileEvalKernel(pos.geometry, weights, 'js');
				expect(wasm.score).not.toBe(js.score);
				for (const side of [0, 1] as const) {
					const args = [pos.bb, 0, side, pos.count[side], pos.count[side ^ 1]] as const;
					expect(wasm.score(...args)).toBe(js.score(...args));
				}
			}),
			{ numRuns: 300, seed: 16 },
		);
	});

	it('scores the position after a move in one call (`leaf`) as `score` after it is made, or leaves it', () => {
		// Every move listed by pair (clones from any neighbour too) of either side, on random
		// boards up to 16 x 16 with both sides weighted: the score of the position made, from the
		// view of the side to move there, or LEAF_UNSURE exactly where that side has no move or a
		// side no blob.
		const position = arbitraryBoard([1, 8], [0, 3], [1, 5], [1, 5]).map(({ pos }) => pos);
		let noBlob = 0;
		let noMove = 0;
		let scored = 0;
		fc.assert(
			fc.property(position, anyTaperPoints(2), (pos, points) => {
				const weights = weightsOf(points);
				const kernel = compileEvalKernel(pos.geometry, weights);
				for (const side of [0, 1] as const) {
					const mover = { ...pos, side };
					for (const move of pseudolegalMoves(mover, 'pairs')) {
						const child = playMove(mover, move);
						const other = (side ^ 1) as 0 | 1;
						const got = kernel.leaf!(pos.bb, 0, side, move, pos.count[side], pos.count[other]);
						if (child.count[0] === 0 || child.count[1] === 0) {
							expect(got).toBe(LEAF_UNSURE);
							noBlob++;
						} else if (!sideHasMove(child, other)) {
							expect(got).toBe(LEAF_UNSURE);
							noMove++;
						} else {
							expect(got).toBe(kernel.score(child.bb, 0, other, child.count[other], child.count[side]));
							scored++;
						}
					}
				}
			}),
			{ numRuns: 150, seed: 17 },
		);
		expect(noBlob).toBeGreaterThan(100);
		expect(noMove).toBeGreaterThan(0);
		expect(scored).toBeGreaterThan(10_000);
		// Red blocked after Blue's clone to the fourth cell (its cells at distance 1 and 2 filled).
		const blocked = grid(['RBB..']);
		const kernel = compileEvalKernel(blocked.geometry, SHIPPED_WEIGHTS.blobwar);
		expect(kernel.leaf!(blocked.bb, 0, 0, (3 << 8) | 3, 2, 1)).toBe(LEAF_UNSURE);
	});

	it('on boards of 16 columns, in 128-bit vectors (a row to each 16-bit lane), scores and scores leaves', () => {
		// 1 to 16 rows: one vector or two, a last vector partly past the board. `score` as the
		// JavaScript kernel's, `leaf` after every move of either side as the 64-bit words' module.
		const position = arbitraryBoard([1, 8], [0, 3], [1, 5], [1, 5], [16, 16]).map(({ pos }) => pos);
		let leaves = 0;
		fc.assert(
			fc.property(position, anyTaperPoints(2), (pos, points) => {
				const weights = weightsOf(points);
				const vectors = compileEvalKernel(pos.geometry, weights);
				const words = compileEvalKernel(pos.geometry, weights, 'wasm64');
				const js = compileEvalKernel(pos.geometry, weights, 'js');
				for (const side of [0, 1] as const) {
					const args = [pos.bb, 0, side, pos.count[side], pos.count[side ^ 1]] as const;
					expect(vectors.score(...args)).toBe(js.score(...args));
					for (const move of pseudolegalMoves({ ...pos, side }, 'pairs')) {
						const leaf = [pos.bb, 0, side, move, pos.count[side], pos.count[side ^ 1]] as const;
						expect(vectors.leaf!(...leaf)).toBe(words.leaf!(...leaf));
						leaves++;
					}
				}
			}),
			{ numRuns: 60, seed: 18 },
		);
		expect(leaves).toBeGreaterThan(5000);
		expect(() => evalKernelWasm(geometryOf(7, 7), taperPoints(SHIPPED_WEIGHTS.ataxx), true)).toThrow(/16 columns/);
	});

	it('in JavaScript alone (no WebAssembly), has no `leaf`', () => {
		expect(compileEvalKernel(geometryOf(7, 7), SHIPPED_WEIGHTS.ataxx, 'js').leaf).toBeNull();
	});

	it('in WebAssembly, moves cells across the gap between the rows of two 32-bit words exactly', () => {
		// 7 x 7: rows 0-3 in bits 0-27, rows 4-6 in bits 32-52 of one 64-bit word (a gap of 4 bits);
		// 6 x 6 a gap of 2, 8 x 5 of 2, 9 x 9 of 5. A Blue blob in the last row below the gap and a
		// Red one in any column of the first row above it, and the same one row further:
		// scored as the reference features with every weight nonzero.
		const opening = Array.from({ length: TERM_COUNT }, (_, i) => 3 * i + 1);
		const endgame = Array.from({ length: TERM_COUNT }, (_, i) => 50 - 2 * i);
		for (const size of [7, 6, 5, 9]) {
			const below = Math.floor(32 / size) - 1;
			const height = Math.max(size, below + 3);
			for (const gapRows of [1, 2])
				for (let col = 0; col < size; col++)
					for (let other = 0; other < size; other++) {
						const rows = Array.from({ length: height }, () => Array.from({ length: size }, () => '.'));
						rows[below][col] = 'B';
						rows[below + gapRows][other] = 'R';
						const pos = grid(rows.map((r) => r.join('')));
						expect(compileEvalKernel(pos.geometry, { opening, endgame }).score(pos.bb, 0, 0, 1, 1)).toBe(
							referenceScore(pos, [opening, endgame]),
						);
					}
		}
	});

	it('by default, with the shipped weights of the rule set searched under', () => {
		const ataxx = SHIPPED_WEIGHTS.ataxx;
		const blobwar = SHIPPED_WEIGHTS.blobwar;
		expect(Array.from(ataxx.endgame)).not.toEqual(Array.from(blobwar.endgame));
		const pos = grid(['BB.....', '.B....R', '.......', '...R...', '.......', 'R......', 'R.....B']);
		for (const [variant, weights] of [
			['ataxx', ataxx],
			['blobwar', blobwar],
		] as const) {
			const leaf = (p: Position) =>
				evalKernel(p.geometry, weights).score(p.bb, 0, p.side, p.count[p.side], p.count[p.side ^ 1]);
			// A 1-ply exact search: the best of the children's evaluations with this rule set's weights.
			const best = Math.max(...legalMoves(pos).map((m) => -leaf(playMove(pos, m))));
			const result = new Searcher({ selective: false, hashMb: 1 }).search(pos, { depth: 1, variant });
			expect(result.score).toBe(best);
		}
	});

	it('under Blob War rules, boards larger than 8 x 8 use the large-board weights', () => {
		const small = SHIPPED_WEIGHTS.blobwar;
		const large = SHIPPED_LARGE_WEIGHTS.blobwar;
		expect(large).toBeDefined();
		if (!large) return;
		expect(LARGE_BOARD_CELLS).toBe(64);
		expect(shippedWeights('blobwar', 64)).toBe(small);
		expect(shippedWeights('blobwar', 65)).toBe(large);
		expect(shippedWeights('blobwar', 256)).toBe(large);
		expect(shippedWeights('ataxx', 256)).toBe(SHIPPED_WEIGHTS.ataxx);
		/** The best of the children's evaluations with `weights`: what a 1-ply exact search returns. */
		const bestChild = (pos: Position, weights: NamedWeights) =>
			Math.max(
				...legalMoves(pos).map((m) => {
					const p = playMove(pos, m);
					return -evalKernel(p.geometry, weights).score(
						p.bb,
						0,
						p.side,
						p.count[p.side],
						p.count[p.side ^ 1],
					);
				}),
			);
		/** A board of `rows` x `cols` with a few blobs of each side near two corners and the centre. */
		const board = (rows: number, cols: number) => {
			const cells = Array.from({ length: rows }, () => Array<string>(cols).fill('.'));
			for (const [r, c, v] of [
				[0, 0, 'B'],
				[0, 1, 'B'],
				[1, 1, 'B'],
				[rows - 1, cols - 1, 'R'],
				[rows - 2, cols - 1, 'R'],
				[rows >> 1, cols >> 1, 'R'],
				[(rows >> 1) + 1, cols >> 1, 'B'],
			] as const)
				cells[r][c] = v;
			return grid(cells.map((row) => row.join('')));
		};
		for (const [rows, cols, weights] of [
			[8, 8, small],
			[9, 8, large],
			[16, 16, large],
		] as const) {
			const pos = board(rows, cols);
			const other = weights === small ? large : small;
			// The two weight sets disagree here, so the search's score tells which it used.
			expect(bestChild(pos, other), `${rows}x${cols}`).not.toBe(bestChild(pos, weights));
			const result = new Searcher({ selective: false, hashMb: 1 }).search(pos, { depth: 1, variant: 'blobwar' });
			expect(result.score, `${rows}x${cols}`).toBe(bestChild(pos, weights));
		}
		// Under Ataxx rules, 16 x 16 keeps the Ataxx weights.
		const big = board(16, 16);
		const ataxx = new Searcher({ selective: false, hashMb: 1 }).search(big, { depth: 1, variant: 'ataxx' });
		expect(ataxx.score).toBe(bestChild(big, SHIPPED_WEIGHTS.ataxx));
	});
});
