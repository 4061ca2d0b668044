import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geometryOf } from '../../source/game/geometry.js';
import { NO_MOVE } from '../../source/game/move.js';
import { MAX_MOVES } from '../../source/game/movegen.js';
import { positionFromGrid, type Side } from '../../source/game/position.js';
import { shapeKernel } from '../../source/game/shape-kernel.js';
import { GAIN_SHIFT, pickNextMove, swapToFront } from '../../source/search/move-ordering.js';
import { lcgRandom, randomGrid } from '../helpers.js';
import { runs } from '../long-tests.js';

const KILLER1_KEY = 3 << 18;
const KILLER2_KEY = 2 << 18;
const HISTORY_MAX = (1 << 18) - 1;
const TT_MOVE_KEY = 1 << 30;

/**
 * A random board up to 16 x 16 (holes, blobs of both sides, empty cells; crowded boards too, where
 * a move captures up to 8 blobs), a random history table, and killer and table moves drawn from
 * the moves or from nowhere.
 */
const arbitraryCase = fc
	.record({
		rows: fc.integer({ min: 1, max: 16 }),
		cols: fc.integer({ min: 1, max: 16 }),
		side: fc.constantFrom<Side>(0, 1),
		weights: fc.tuple(
			fc.integer({ min: 1, max: 8 }),
			fc.integer({ min: 0, max: 2 }),
			fc.integer({ min: 0, max: 6 }),
			fc.integer({ min: 0, max: 6 }),
		),
		seed: fc.integer(),
		picks: fc.tuple(fc.nat(), fc.nat(), fc.nat()),
		historyRange: fc.constantFrom(0, 3, HISTORY_MAX),
		jumpPenalty: fc.constantFrom(0, 1),
	})
	.map(({ rows, cols, side, weights, seed, picks, historyRange, jumpPenalty }) => {
		const next = lcgRandom(seed);
		const { grid, holes } = randomGrid(rows, cols, weights, next);
		const pos = positionFromGrid(geometryOf(rows, cols, holes), grid, side);
		const cells = pos.geometry.cells;
		// Small ranges make ties, which the first-index rule must break as the sort does.
		const history = new Int32Array(2 * cells * cells).map(() => Math.floor(next() * (historyRange + 1)));
		return { pos, picks, history, jumpPenalty };
	});

/**
 * The jump penalty as the search's move ordering defines it, written out: a jump (from != to)
 * that captures (gain 2 or more) gains one unit less for each blob of its side next to the cell
 * it leaves, but at least 2.
 */
function penalized(pos: ReturnType<typeof positionFromGrid>, move: number, gain: number): number {
	const from = (move >>> 8) & 255;
	if (from === (move & 255) || gain < 2) return gain;
	const g = pos.geometry;
	let exposed = 0;
	for (let w = 0; w < g.words; w++) {
		let x = pos.bb[pos.side * g.words + w] & g.neighbours[from * g.words + w];
		for (; x !== 0; x &= x - 1) exposed++;
	}
	return Math.max(2, gain - exposed);
}

describe('move ordering in the compiled generator', () => {
	it('generateScored lists what generate lists, with the keys of gains, killers, history and table move', () => {
		fc.assert(
			fc.property(arbitraryCase, ({ pos, picks, history, jumpPenalty }) => {
				const kernel = shapeKernel(pos.geometry);
				const cells = pos.geometry.cells;
				const moves = new Int32Array(MAX_MOVES);
				const n = kernel.generate(pos.bb, 0, pos.side, moves, 0, false);
				const pick = (p: number) => (n > 0 && p % 4 !== 0 ? moves[p % n] : NO_MOVE);
				const [killer1, killer2, tableMove] = [pick(picks[0]), pick(picks[1]), pick(picks[2])];
				// The keys as the search made them before: gains, then killers and history, move by move.
				const keyed = (table: number) => {
					const keys = new Int32Array(n);
					kernel.gains(pos.bb, 0, pos.side, moves, 0, n, keys, 0, 0, 0);
					const penalizedKeys = new Int32Array(n);
					kernel.gains(pos.bb, 0, pos.side, moves, 0, n, penalizedKeys, 0, GAIN_SHIFT, jumpPenalty);
					for (let i = 0; i < n; i++) {
						const move = moves[i];
						const gain = jumpPenalty ? penalized(pos, move, keys[i]) : keys[i];
						expect(penalizedKeys[i]).toBe(gain << GAIN_SHIFT);
						let key = (gain << GAIN_SHIFT) + history[base + ((move >>> 8) & 255) * cells + (move & 255)];
						if (move === killer1) key += KILLER1_KEY;
						else if (move === killer2) key += KILLER2_KEY;
						keys[i] = move === table ? TT_MOVE_KEY : key;
					}
					return keys;
				};
				const base = pos.side * cells * cells;
				const expected = keyed(tableMove);
				const out = new Int32Array(MAX_MOVES + 3);
				const keys = new Int32Array(MAX_MOVES + 3);
				const m = (jumpPenalty ? kernel.generateScoredPenalized : kernel.generateScored)(
					pos.bb,
					0,
					pos.side,
					out,
					keys,
					3,
					1 << GAIN_SHIFT,
					history,
					base,
					tableMove,
					TT_MOVE_KEY,
					killer1,
					KILLER1_KEY,
					killer2,
					KILLER2_KEY,
				);
				expect(m).toBe(n);
				expect(Array.from(out.subarray(3, 3 + m))).toEqual(Array.from(moves.subarray(0, n)));
				expect(Array.from(keys.subarray(3, 3 + m))).toEqual(Array.from(expected.subarray(0, n)));

				// firstScored: what the sort's first step picks (the first of the highest keys), no table move.
				const first = (jumpPenalty ? kernel.firstScoredPenalized : kernel.firstScored)(
					pos.bb,
					0,
					pos.side,
					history,
					base,
					killer1,
					KILLER1_KEY,
					killer2,
					KILLER2_KEY,
					1 << GAIN_SHIFT,
				);
				expect(first).toBe(n === 0 ? -1 : pickNextMove(moves.slice(0, n), keyed(NO_MOVE), 0, n));
			}),
			{ numRuns: runs(100, 2000) },
		);
	});

	it('swapToFront does the selection step of pickNextMove for the move it would pick', () => {
		const moves = Int32Array.from([10, 20, 30, 40]);
		const keys = Int32Array.from([1, 5, 9, 9]);
		const a = moves.slice();
		const ak = keys.slice();
		expect(pickNextMove(a, ak, 0, 4)).toBe(30);
		swapToFront(moves, keys, 0, 4, 30);
		expect(Array.from(moves)).toEqual(Array.from(a));
		expect(Array.from(keys)).toEqual(Array.from(ak));
		expect(Array.from(moves)).toEqual([30, 20, 10, 40]);
		expect(Array.from(keys)).toEqual([9, 5, 1, 9]);
	});
});
