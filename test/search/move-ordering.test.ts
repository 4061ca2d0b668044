import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_MOVE, PASS } from '../../source/game/move.js';
import { MAX_MOVES } from '../../source/game/movegen.js';
import { type Position } from '../../source/game/position.js';
import { shapeKernel } from '../../source/game/shape-kernel.js';
import { pickNextMove, swapToFront } from '../../source/search/move-lists.js';
import { GAIN_SHIFT, MoveOrdering } from '../../source/search/move-ordering.js';
import { PositionStack } from '../../source/search/position-stack.js';
import { DEFAULT_SEARCH_OPTIONS } from '../../source/search/search-options.js';
import { arbitraryBoard, grid } from '../helpers.js';
import { runs } from '../long-tests.js';

const KILLER1_KEY = 3 << 18;
const KILLER2_KEY = 2 << 18;
const COUNTER_KEY = 1 << 18;
const HISTORY_MAX = (1 << 18) - 1;
const TT_MOVE_KEY = 1 << 30;

/**
 * A random board up to 16 x 16 (holes, blobs of both sides, empty cells; crowded boards too, where
 * a move captures up to 8 blobs), a random history table, and killer, counter and table moves drawn
 * from the moves or from nowhere.
 */
const arbitraryCase = fc
	.record({
		board: arbitraryBoard([1, 8], [0, 2], [0, 6], [0, 6]),
		picks: fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()),
		historyRange: fc.constantFrom(0, 3, HISTORY_MAX),
		jumpPenalty: fc.constantFrom(0, 1),
	})
	.map(({ board: { pos, next }, picks, historyRange, jumpPenalty }) => {
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
function penalized(pos: Position, move: number, gain: number): number {
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

/** A case of the generator tests: a position, moves to draw from it, a history table, the penalty switch. */
type GeneratorCase = { pos: Position; picks: number[]; history: Int32Array; jumpPenalty: number };

/**
 * The case with every empty cell next to a blob of the side to move given to the other side (the
 * counts left as they were: the kernels read the words only): the side has no clone, only jumps.
 */
function withoutClones(c: GeneratorCase): GeneratorCase {
	const g = c.pos.geometry;
	const W = g.words;
	const bb = Int32Array.from(c.pos.bb);
	const mine = c.pos.side * W;
	const theirs = (c.pos.side ^ 1) * W;
	for (let cell = 0; cell < g.cells; cell++) {
		const w = g.cellWord[cell];
		if (g.isHole[cell] || (bb[mine + w] & g.cellBit[cell]) === 0) continue;
		for (let v = 0; v < W; v++) bb[theirs + v] |= g.neighbours[cell * W + v] & ~bb[mine + v] & g.playable[v];
	}
	return { ...c, pos: { ...c.pos, bb } };
}

/**
 * One case checked: `generateScored` (or its penalized twin) lists what `generate` lists, keyed
 * by gain and table value as the search keyed them move by move; `firstScored` (or its twin)
 * finds what the sort's first step picks.
 */
function checkGenerators({ pos, history, jumpPenalty }: GeneratorCase): void {
	const kernel = shapeKernel(pos.geometry);
	const cells = pos.geometry.cells;
	const moves = new Int32Array(MAX_MOVES);
	const n = kernel.generate(pos.bb, 0, pos.side, moves, 0, false);
	const base = pos.side * cells * cells;
	const expected = gainKeys(pos, moves, n, jumpPenalty);
	for (let i = 0; i < n; i++) expected[i] += history[base + ((moves[i] >>> 8) & 255) * cells + (moves[i] & 255)];
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
	);
	expect(m).toBe(n);
	expect(Array.from(out.subarray(3, 3 + m))).toEqual(Array.from(moves.subarray(0, n)));
	expect(Array.from(keys.subarray(3, 3 + m))).toEqual(Array.from(expected));

	// firstScored: what the sort's first step picks (the first of the highest keys).
	const first = (jumpPenalty ? kernel.firstScoredPenalized : kernel.firstScored)(
		pos.bb,
		0,
		pos.side,
		history,
		base,
		1 << GAIN_SHIFT,
	);
	expect(first).toBe(n === 0 ? -1 : pickNextMove(moves.slice(0, n), expected.slice(), 0, n));
}

/**
 * The gains of the `n` moves `moves` of `pos` as ordering keys (shifted by `GAIN_SHIFT`), counted
 * move by move (`ShapeKernel.gains`, the jump penalty written out).
 */
function gainKeys(pos: Position, moves: Int32Array, n: number, jumpPenalty: number): Int32Array {
	const kernel = shapeKernel(pos.geometry);
	const keys = new Int32Array(n);
	kernel.gains(pos.bb, 0, pos.side, moves, 0, n, keys, 0, 0, 0);
	const penalizedKeys = new Int32Array(n);
	kernel.gains(pos.bb, 0, pos.side, moves, 0, n, penalizedKeys, 0, GAIN_SHIFT, jumpPenalty);
	for (let i = 0; i < n; i++) {
		const gain = jumpPenalty ? penalized(pos, moves[i], keys[i]) : keys[i];
		expect(penalizedKeys[i]).toBe(gain << GAIN_SHIFT);
		keys[i] = gain << GAIN_SHIFT;
	}
	return keys;
}

/**
 * One case checked through the search's `MoveOrdering`: killers, a counter-move and history
 * remembered from cut-offs (`rememberCutoff`), then `generateOrdered` keys each move by gain,
 * history and one bonus (the first killer's, else the second's, else the counter-move's) and the
 * table move above every other; `firstOrdered` finds the sort's first step without a table move;
 * and both leave the history as it was (the same keys again).
 */
function checkOrdering({ pos, picks, history, jumpPenalty }: GeneratorCase): void {
	const stack = new PositionStack();
	stack.prepare(pos, 'ataxx', Infinity);
	const side = pos.side;
	const n = stack.kernel.generate(stack.words, 0, side, stack.moves, 0, false);
	const moves = stack.moves.slice(0, n);
	const pick = (p: number) => (n > 0 && p % 4 !== 0 ? moves[p % n] : NO_MOVE);
	const [killer1, killer2, tableMove, counter] = picks.map(pick);
	const options = { ...DEFAULT_SEARCH_OPTIONS, jumpPenalty: jumpPenalty === 1, counterMoves: true };
	const ordering = new MoveOrdering();
	ordering.resize(pos.geometry);
	// History: each move a cut-off at a depth of 0 to 3 plies (depth squared added), from `history`.
	const cells = pos.geometry.cells;
	const remembered = new Map<number, number>();
	for (const move of moves) {
		const depth = history[((move >>> 8) & 255) * cells + (move & 255)] & 3;
		ordering.rememberCutoff(9, side, move, NO_MOVE, depth, options);
		remembered.set(move, depth * depth);
	}
	// The counter-move to a move of the other side to cell 0, then the killers at ply 0.
	const previous = 0;
	if (counter !== NO_MOVE) ordering.rememberCutoff(8, side, counter, previous, 0, options);
	if (killer2 !== NO_MOVE) ordering.rememberCutoff(0, side, killer2, NO_MOVE, 0, options);
	if (killer1 !== NO_MOVE) ordering.rememberCutoff(0, side, killer1, NO_MOVE, 0, options);
	const [k1, k2] =
		killer1 === NO_MOVE ? [killer2, NO_MOVE] : killer1 === killer2 ? [killer1, NO_MOVE] : [killer1, killer2];
	const expected = gainKeys(pos, moves, n, jumpPenalty);
	for (let i = 0; i < n; i++) {
		const move = moves[i];
		expected[i] +=
			remembered.get(move)! +
			(move === k1 ? KILLER1_KEY : move === k2 ? KILLER2_KEY : move === counter ? COUNTER_KEY : 0);
	}
	for (let round = 0; round < 2; round++) {
		expect(ordering.generateOrdered(stack, 0, side, tableMove, previous, options)).toBe(n);
		expect(Array.from(stack.moves.subarray(0, n))).toEqual(Array.from(moves));
		for (let i = 0; i < n; i++) {
			if (moves[i] !== tableMove) expect(stack.orderKeys[i]).toBe(expected[i]);
			else expect(stack.orderKeys[i]).toBeGreaterThanOrEqual(TT_MOVE_KEY);
		}
		expect(ordering.firstOrdered(stack, 0, side, previous, options)).toBe(
			n === 0 ? NO_MOVE : pickNextMove(moves.slice(), expected.slice(), 0, n),
		);
	}
}

describe('move ordering in the compiled generator', () => {
	it('generateScored lists what generate lists, keyed by gain and table value', () => {
		fc.assert(fc.property(arbitraryCase, checkGenerators), { numRuns: runs(100, 2000) });
	});

	it('generateOrdered adds killers, counter-move and table move to those keys, the history left as it was', () => {
		fc.assert(fc.property(arbitraryCase, checkOrdering), { numRuns: runs(100, 2000) });
	});

	it('firstScored finds the first move where the side has no clone, only jumps (ties of gain and penalty)', () => {
		// The empty cells next to the side to move's blobs filled with the other side's: every move
		// is a jump, and the jumps that capture one blob tie with the penalized jumps of more.
		fc.assert(fc.property(arbitraryCase.map(withoutClones), checkGenerators), { numRuns: runs(100, 2000) });
		fc.assert(fc.property(arbitraryCase.map(withoutClones), checkOrdering), { numRuns: runs(100, 2000) });
		// And where no move captures: Blue's one move, the jump from a1 over the hole, is found.
		const pos = grid(['BX..R']);
		const kernel = shapeKernel(pos.geometry);
		const none = new Int32Array(2 * 25);
		expect(kernel.firstScoredPenalized(pos.bb, 0, pos.side, none, 0, 1 << GAIN_SHIFT)).toBe((0 << 8) | 2);
		checkGenerators({ pos, picks: [0, 0, 0, 0], history: none, jumpPenalty: 1 });
	});

	it('pickNextMove picks the first of the largest keys and swaps it to the front, four keys a step or one', () => {
		// The selection step written one key at a time, against the one that reads four at a time:
		// lists of 0 to 40 moves from any start, keys from small ranges (ties) or any int.
		const reference = (moves: Int32Array, keys: Int32Array, i: number, end: number) => {
			let pick = i;
			for (let j = i + 1; j < end; j++) if (keys[j] > keys[pick]) pick = j;
			const move = moves[pick];
			[moves[i], moves[pick]] = [moves[pick], moves[i]];
			[keys[i], keys[pick]] = [keys[pick], keys[i]];
			return move;
		};
		fc.assert(
			fc.property(
				fc
					.constantFrom(2, 5, 0x7fffffff)
					.chain((range) =>
						fc.array(fc.integer({ min: -range, max: range }), { minLength: 1, maxLength: 40 }),
					),
				fc.nat(),
				(list, start) => {
					const keys = Int32Array.from(list);
					const moves = Int32Array.from(list, (_, k) => 100 + k);
					const [m2, k2] = [moves.slice(), keys.slice()];
					for (let i = start % list.length; i < list.length; i++)
						expect(pickNextMove(moves, keys, i, list.length)).toBe(reference(m2, k2, i, list.length));
					expect(Array.from(moves)).toEqual(Array.from(m2));
					expect(Array.from(keys)).toEqual(Array.from(k2));
				},
			),
			{ numRuns: runs(300, 3000), seed: 19 },
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

describe('counter-moves', () => {
	// Blue to move on a 5x5 board: every move captures nothing, clones key 1 << GAIN_SHIFT.
	const pos = grid(['B...R', '.....', '.....', '.....', 'R...B']);
	const stack = new PositionStack();
	stack.prepare(pos, 'ataxx', Infinity);
	const side = pos.side;
	// The last clone listed (clones by destination: from and to the same cell), the first one's
	// gain but after it in generation order.
	const cloneLast = (() => {
		const n = stack.kernel.generate(stack.words, 0, side, stack.moves, 0, false);
		let last = NO_MOVE;
		for (let i = 0; i < n; i++) if (stack.moves[i] >>> 8 === (stack.moves[i] & 255)) last = stack.moves[i];
		return last;
	})();
	const redReply = 1 * 5 + 3; // the cell a red move into this node went to (as from << 8 | to)
	const options = { ...DEFAULT_SEARCH_OPTIONS, killers: false, history: false, counterMoves: true };
	const keysOf = (ordering: MoveOrdering, previous: number, opts = options): Map<number, number> => {
		const n = ordering.generateOrdered(stack, 0, side, NO_MOVE, previous, opts);
		const keys = new Map<number, number>();
		for (let i = 0; i < n; i++) keys.set(stack.moves[i], stack.orderKeys[i]);
		return keys;
	};

	it('the move that refuted a move is keyed 1 << 18 higher after that move, and first among its gain', () => {
		const ordering = new MoveOrdering();
		ordering.resize(pos.geometry);
		const previous = (redReply << 8) | redReply;
		const before = keysOf(ordering, previous);
		expect(ordering.firstOrdered(stack, 0, side, previous, options)).not.toBe(cloneLast);
		ordering.rememberCutoff(5, side, cloneLast, previous, 4, options);
		const after = keysOf(ordering, previous);
		expect(after.size).toBe(before.size);
		for (const [m, key] of after) expect(key - before.get(m)!).toBe(m === cloneLast ? 1 << 18 : 0);
		expect(after.get(cloneLast)).toBe((1 << GAIN_SHIFT) + (1 << 18));
		expect(ordering.firstOrdered(stack, 0, side, previous, options)).toBe(cloneLast);
		// Not after a move to another cell, nor after a pass, nor with the switch off.
		expect(keysOf(ordering, (7 << 8) | 7)).toEqual(before);
		expect(keysOf(ordering, PASS)).toEqual(before);
		expect(keysOf(ordering, previous, { ...options, counterMoves: false })).toEqual(before);
		// A new game forgets it.
		ordering.clear();
		expect(keysOf(ordering, previous)).toEqual(before);
	});
});
