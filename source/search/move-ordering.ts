/**
 * Move ordering: the keys that put the likely best move first (handout section 2.5.2), and the
 * memory behind them. From the highest key down:
 *
 * - the table's move (searched before the others are generated, except at the root);
 * - blobs gained: twice the blobs captured, plus one for a clone (the first engine's ordering);
 *   a jump that captures loses one for each own blob next to the cell it leaves (`jumpPenalty`),
 *   down to 2;
 * - two killer moves per ply: quiet refutations found at the same ply in sibling nodes;
 * - the counter-move (Uiterwijk, "The countermove heuristic", ICCA Journal 15(1), 1992): the move
 *   that last refuted the other side's previous move, by the cell that move went to (`countermove`,
 *   off by default);
 * - the history heuristic (Schaeffer, "The history heuristic and alpha-beta search
 *   enhancements in practice", IEEE PAMI 11(11), 1989): moves (by from and to cell, per side)
 *   that caused cut-offs before, weighted by depth squared.
 *
 * The search picks the best remaining move one at a time (a selection sort step per move tried,
 * `move-lists.ts`), since most nodes cut off after one or two moves. Speed (the order is the same
 * either way): the inner nodes' keys are made by the compiled generator as it lists the moves
 * (`generateOrdered`), and a node one or two plies above the leaves first asks for the move the
 * first selection step would pick without listing any (`firstOrdered`): about 85% of those nodes
 * search that move alone and cut off.
 */

import { type Geometry } from '../game/geometry.js';
import { type Move, NO_MOVE, PASS } from '../game/move.js';
import { type PositionStack } from './position-stack.js';
import { MAX_PLY } from './score.js';
import { type SearchOptions } from './search-options.js';

/**
 * Ordering key of the table move (above every other key): the key `scoreMoves` gives it, the
 * bonus `generateOrdered` adds to its key.
 */
export const TT_MOVE_KEY = 1 << 30;
/** Ordering key bits: gain (blobs captured twice, plus one for a clone) above killers above history. */
export const GAIN_SHIFT = 20;
const KILLER1_KEY = 3 << 18;
const KILLER2_KEY = 2 << 18;
const COUNTER_KEY = 1 << 18;
const HISTORY_MAX = (1 << 18) - 1;
/** The largest gain of a move that captures nothing (1: a clone, 0: a jump). */
export const QUIET_MAX_GAIN = 1;
/** The largest gain of a move that captures at most one blob (3: a clone, 2: a jump). */
export const ONE_CAPTURE_MAX_GAIN = 3;

/**
 * Whether a move with this ordering key captures nothing (its gain is that of a plain clone or
 * jump; the table move's key counts as a capture). Late-move pruning skips such moves.
 */
export function capturesNothing(key: number): boolean {
	return key >>> GAIN_SHIFT <= QUIET_MAX_GAIN;
}

/**
 * Whether a move with this ordering key gains at most `gain` (two per blob captured, one for a
 * clone, less the jump penalty where it applies; the table move's key counts as more).
 */
export function gainsAtMost(key: number, gain: number): boolean {
	return key >>> GAIN_SHIFT <= gain;
}

/** The killer moves and history of one search thread. */
export class MoveOrdering {
	private readonly killers = new Int32Array(2 * (MAX_PLY + 1)).fill(NO_MOVE);
	/** Counter-moves by side and the cell the other side's previous move went to. */
	private counterMoves = new Int32Array(0);
	/**
	 * History values by side, from cell and to cell (`side * cells * cells + from * cells + to`),
	 * and one spare entry last (`addBonuses`).
	 */
	private history = new Int32Array(0);
	/**
	 * All zeros (but for the bonuses during a generator's call, `addBonuses`), the size of
	 * `history`: what `generateOrdered` adds with the history heuristic off.
	 */
	private noHistory = new Int32Array(0);
	/**
	 * The table entries that hold the bonuses during a generator's call (`addBonuses`): the first
	 * killer's, the second's, the counter-move's, the table move's.
	 */
	private readonly bonusEntries = new Int32Array(4);
	private cells = 0;

	/** Forgets everything (a new game). */
	clear(): void {
		this.killers.fill(NO_MOVE);
		this.counterMoves.fill(NO_MOVE);
		this.history.fill(0);
	}

	/** Sizes the history for a board shape (and forgets the killers). */
	resize(g: Geometry): void {
		this.killers.fill(NO_MOVE);
		this.cells = g.cells;
		this.counterMoves = new Int32Array(2 * g.cells).fill(NO_MOVE);
		this.history = new Int32Array(2 * g.cells * g.cells + 1);
		this.noHistory = new Int32Array(2 * g.cells * g.cells + 1);
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
		const mBase = ply * stack.moveStride;
		const keys = stack.orderKeys;
		const moves = stack.moves;
		if (options.captureOrdering)
			stack.kernel.gains(
				stack.words,
				ply * stack.stride,
				side,
				moves,
				mBase,
				n,
				keys,
				mBase,
				GAIN_SHIFT,
				options.jumpPenalty ? 1 : 0,
			);
		else keys.fill(0, mBase, mBase + n);
		const killer1 = options.killers ? this.killers[2 * ply] : NO_MOVE;
		const killer2 = options.killers ? this.killers[2 * ply + 1] : NO_MOVE;
		const history = options.history;
		const table = this.history;
		for (let i = mBase; i < mBase + n; i++) {
			const move = moves[i];
			if (move === tableMove) {
				keys[i] = TT_MOVE_KEY; // at the root; inner nodes search it before ordering, and skip it here
				continue;
			}
			let key = keys[i];
			if (move === killer1) key += KILLER1_KEY;
			else if (move === killer2) key += KILLER2_KEY;
			if (history) key += table[this.historyEntry(side, move)];
			keys[i] = key;
		}
	}

	/**
	 * Generates the moves of `side` in the position at `ply` of the stack into the stack's move
	 * list at that ply, with the same ordering keys as `scoreMoves` and the counter-move's bonus,
	 * and returns how many; `tableMove`, if listed, is keyed above every other move (at least
	 * `TT_MOVE_KEY`). The inner nodes' path: one pass of the compiled generator
	 * (`ShapeKernel.generateScored`) makes each key where it makes the move, instead of a second
	 * pass over every move of every node (which cost about 30% of the search's time, most nodes
	 * cutting off after one or two moves). The bonuses of the killers, the counter-move and the
	 * table move are added to their entries of the history table for the call and taken off after
	 * it (`addBonuses`), so that the generator adds one table value per move and tests no move
	 * against them.
	 */
	generateOrdered(
		stack: PositionStack,
		ply: number,
		side: number,
		tableMove: Move,
		previous: Move,
		options: SearchOptions,
	): number {
		const table = this.addBonuses(ply, side, tableMove, previous, options);
		const kernel = stack.kernel;
		const n = (
			options.captureOrdering && options.jumpPenalty ? kernel.generateScoredPenalized : kernel.generateScored
		)(
			stack.words,
			ply * stack.stride,
			side,
			stack.moves,
			stack.orderKeys,
			ply * stack.moveStride,
			options.captureOrdering ? 1 << GAIN_SHIFT : 0,
			table,
			side * this.cells * this.cells,
		);
		this.takeBonuses(table);
		return n;
	}

	/**
	 * The move `generateOrdered` would key highest (the first in generation order among equal
	 * keys), found without listing the moves (`ShapeKernel.firstScored`), or NO_MOVE if `side`
	 * has none. Only for a node with no table move in its list and capture ordering on (the
	 * gain decides first).
	 */
	firstOrdered(stack: PositionStack, ply: number, side: number, previous: Move, options: SearchOptions): Move {
		const table = this.addBonuses(ply, side, NO_MOVE, previous, options);
		const kernel = stack.kernel;
		const move = (options.jumpPenalty ? kernel.firstScoredPenalized : kernel.firstScored)(
			stack.words,
			ply * stack.stride,
			side,
			table,
			side * this.cells * this.cells,
			1 << GAIN_SHIFT,
		);
		this.takeBonuses(table);
		return move;
	}

	/**
	 * Adds the ordering bonuses of a node at `ply` to the entries of its moves in the table the
	 * generators read (the history, or zeros with the history heuristic off), for one call, which
	 * `takeBonuses` ends: the first killer's, else the second's, else the counter-move's (one bonus
	 * a move, in that order, as `scoreMoves` gives them), and `TT_MOVE_KEY` to the table move's. A
	 * move that is none (NO_MOVE, a pass) or a second bonus of the same move goes to the table's
	 * last entry, which no move reads: every call adds all four, so that no addition the search
	 * meets late costs V8 a new compilation.
	 * @returns the table
	 */
	private addBonuses(ply: number, side: number, tableMove: Move, previous: Move, options: SearchOptions): Int32Array {
		const table = options.history ? this.history : this.noHistory;
		const killers = options.killers;
		const killer1 = killers ? this.killers[2 * ply] : NO_MOVE;
		const killer2 = killers ? this.killers[2 * ply + 1] : NO_MOVE;
		const counter = this.counterMove(side, previous, options);
		const spare = table.length - 1;
		const entries = this.bonusEntries;
		const a = (entries[0] = this.entryOf(killer1, side, spare));
		const b = (entries[1] = killer2 === killer1 ? spare : this.entryOf(killer2, side, spare));
		const c = (entries[2] =
			counter === killer1 || counter === killer2 ? spare : this.entryOf(counter, side, spare));
		const t = (entries[3] = this.entryOf(tableMove, side, spare));
		table[a] += KILLER1_KEY;
		table[b] += KILLER2_KEY;
		table[c] += COUNTER_KEY;
		table[t] += TT_MOVE_KEY;
		return table;
	}

	/** Takes the bonuses `addBonuses` added to `table` off again. */
	private takeBonuses(table: Int32Array): void {
		const entries = this.bonusEntries;
		table[entries[0]] -= KILLER1_KEY;
		table[entries[1]] -= KILLER2_KEY;
		table[entries[2]] -= COUNTER_KEY;
		table[entries[3]] -= TT_MOVE_KEY;
	}

	/** `historyEntry` of `move`, or `spare` for NO_MOVE or a pass. */
	private entryOf(move: Move, side: number, spare: number): number {
		return move >= 0 && move < PASS ? this.historyEntry(side, move) : spare;
	}

	/** The entry of `side`'s `move` (not a pass) in the history: by side, from cell and to cell. */
	private historyEntry(side: number, move: Move): number {
		return (side * this.cells + ((move >>> 8) & 255)) * this.cells + (move & 255);
	}

	/**
	 * Where `side`'s counter-move to the other side's `previous` move (NO_MOVE, PASS or a move) is
	 * kept in `counterMoves`, or -1 (no such move, or counter-moves off).
	 */
	private counterIndex(side: number, previous: Move, options: SearchOptions): number {
		if (!options.counterMoves || previous < 0 || previous === PASS) return -1;
		return side * this.cells + (previous & 255);
	}

	/** The counter-move of `side` to `previous`, or NO_MOVE (`counterIndex`). */
	private counterMove(side: number, previous: Move, options: SearchOptions): Move {
		const i = this.counterIndex(side, previous, options);
		return i < 0 ? NO_MOVE : this.counterMoves[i];
	}

	/**
	 * A move caused a cut-off at `ply`, the other side's `previous` move before it (NO_MOVE at
	 * the root): remember it as a killer, as that move's counter-move and in the history.
	 */
	rememberCutoff(ply: number, side: number, move: Move, previous: Move, depth: number, options: SearchOptions): void {
		if (move === PASS) return;
		const counter = this.counterIndex(side, previous, options);
		if (counter >= 0) this.counterMoves[counter] = move;
		if (options.killers && this.killers[2 * ply] !== move) {
			this.killers[2 * ply + 1] = this.killers[2 * ply];
			this.killers[2 * ply] = move;
		}
		if (options.history) {
			const i = this.historyEntry(side, move);
			this.history[i] = Math.min(HISTORY_MAX, this.history[i] + depth * depth);
		}
	}
}
