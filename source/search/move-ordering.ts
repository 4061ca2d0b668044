/**
 * Move ordering: the keys that put the likely best move first (handout section 2.5.2), and the
 * memory behind them. From the highest key down:
 *
 * - the table's move (searched before the others are generated, except at the root);
 * - blobs gained: twice the blobs captured, plus one for a clone (the first engine's ordering);
 * - two killer moves per ply: quiet refutations found at the same ply in sibling nodes;
 * - the history heuristic (Schaeffer, "The history heuristic and alpha-beta search
 *   enhancements in practice", IEEE PAMI 11(11), 1989): moves (by from and to cell, per side)
 *   that caused cut-offs before, weighted by depth squared.
 *
 * The search picks the best remaining move one at a time (a selection sort step per move tried),
 * since most nodes cut off after one or two moves.
 */

import { type Geometry } from '../game/geometry.js';
import { type Move, NO_MOVE, PASS } from '../game/move.js';
import { MAX_NODE_MOVES, type PositionStack } from './position-stack.js';
import { MAX_PLY } from './score.js';
import { type SearchOptions } from './search-options.js';

/** Ordering key of the table move (above every other key). */
export const TT_MOVE_KEY = 1 << 30;
/** Ordering key bits: gain (blobs captured twice, plus one for a clone) above killers above history. */
export const GAIN_SHIFT = 20;
const KILLER1_KEY = 3 << 18;
const KILLER2_KEY = 2 << 18;
const HISTORY_MAX = (1 << 18) - 1;

/** The killer moves and history of one search thread. */
export class MoveOrdering {
	private readonly killers = new Int32Array(2 * (MAX_PLY + 1)).fill(NO_MOVE);
	private history = new Int32Array(0);
	private cells = 0;

	/** Forgets everything (a new game). */
	clear(): void {
		this.killers.fill(NO_MOVE);
		this.history.fill(0);
	}

	/** Sizes the history for a board shape (and forgets the killers). */
	resize(g: Geometry): void {
		this.killers.fill(NO_MOVE);
		this.cells = g.cells;
		this.history = new Int32Array(2 * g.cells * g.cells);
	}

	/** Halves the history (a new search: old cut-offs count less). */
	age(): void {
		const history = this.history;
		for (let i = 0; i < history.length; i++) history[i] >>= 1;
	}

	/** Ordering keys of the `n` moves at ply `ply` of the stack: table move, then gain, killers, history. */
	scoreMoves(
		stack: PositionStack,
		ply: number,
		side: number,
		n: number,
		tableMove: Move,
		options: SearchOptions,
	): void {
		const mBase = ply * MAX_NODE_MOVES;
		const keys = stack.orderKeys;
		const moves = stack.moves;
		if (options.captureOrdering)
			stack.kernel.gains(stack.words, ply * stack.stride, side, moves, mBase, n, keys, mBase, GAIN_SHIFT);
		else keys.fill(0, mBase, mBase + n);
		const killer1 = options.killers ? this.killers[2 * ply] : NO_MOVE;
		const killer2 = options.killers ? this.killers[2 * ply + 1] : NO_MOVE;
		const history = options.history;
		const table = this.history;
		const cells = this.cells;
		const historyBase = side * cells * cells;
		for (let i = mBase; i < mBase + n; i++) {
			const move = moves[i];
			if (move === tableMove) {
				keys[i] = TT_MOVE_KEY; // at the root; inner nodes search it before ordering, and skip it here
				continue;
			}
			let key = keys[i];
			if (move === killer1) key += KILLER1_KEY;
			else if (move === killer2) key += KILLER2_KEY;
			if (history) key += table[historyBase + ((move >>> 8) & 255) * cells + (move & 255)];
			keys[i] = key;
		}
	}

	/** A move caused a cut-off at `ply`: remember it as a killer and in the history. */
	rememberCutoff(ply: number, side: number, move: Move, depth: number, options: SearchOptions): void {
		if (move === PASS) return;
		if (options.killers && this.killers[2 * ply] !== move) {
			this.killers[2 * ply + 1] = this.killers[2 * ply];
			this.killers[2 * ply] = move;
		}
		if (options.history) {
			const i = (side * this.cells + ((move >>> 8) & 255)) * this.cells + (move & 255);
			this.history[i] = Math.min(HISTORY_MAX, this.history[i] + depth * depth);
		}
	}
}

/**
 * Selection sort step: brings the move of highest key among `moves[i..end)` to index `i`
 * (swapping keys along) and returns it.
 */
export function pickNextMove(moves: Int32Array, keys: Int32Array, i: number, end: number): Move {
	let pick = i;
	let best = keys[i];
	for (let j = i + 1; j < end; j++) {
		if (keys[j] > best) {
			best = keys[j];
			pick = j;
		}
	}
	const move = moves[pick];
	if (pick !== i) {
		moves[pick] = moves[i];
		moves[i] = move;
		keys[pick] = keys[i];
		keys[i] = best;
	}
	return move;
}
