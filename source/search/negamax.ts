/**
 * The tree search below the root: negamax alpha-beta, fail-soft (Knuth and Moore, "An analysis
 * of alpha-beta pruning", Artificial Intelligence 6, 1975), with principal variation search (null
 * windows after the first move; handout section 2.6.1) unless the algorithm is plain alpha-beta,
 * the transposition table, move ordering, exact scores for finished games and the half-move
 * limit as a horizon. The driver at the root is `search.ts`.
 *
 * No allocation in the tree walk: the positions of the current line live in the position stack
 * (`position-stack.ts`), move lists and ordering keys too, the principal variation in a
 * triangular table.
 */

import { ATAXX_CLOCK_LIMIT } from '../game/game-over.js';
import { type Move, NO_MOVE, PASS } from '../game/move.js';
import { evalTables, type EvalTables, evaluate } from './evaluate.js';
import { MoveOrdering, pickNextMove } from './move-ordering.js';
import { MAX_NODE_MOVES, PositionStack } from './position-stack.js';
import { PrincipalVariation } from './principal-variation.js';
import { INFINITE_SCORE, MAX_PLY, scoreFromTable, scoreToTable, terminalScore } from './score.js';
import { type SearchOptions } from './search-options.js';
import { SEQUENTIAL, type SplitHost, type SplitPolicy, type SplitResult } from './split-policy.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TableEntry, type TranspositionTable } from './transposition-table.js';

/** Nodes between two looks at the clock and the stop flag (a power of two). */
export const CHECK_INTERVAL = 1024;

/** The tree search of one thread: its stack, ordering memory, PV, counters and stop conditions. */
export class TreeSearch implements SplitHost {
	readonly stack = new PositionStack();
	readonly ordering = new MoveOrdering();
	readonly pv = new PrincipalVariation();
	/** The thread's copy of the last table entry probed. */
	readonly entry = new TableEntry();
	/** Output of a split. */
	private readonly splitResult: SplitResult = { best: 0, bestMove: NO_MOVE };
	/** The evaluation of the leaves, for this search's options and board shape. */
	evalTables: EvalTables = { learned: null, exposureWeight: 0 };
	nodes = 0;
	seldepth = 0;
	aborted = false;
	/** `performance.now()` at which the search stops. */
	deadline = Infinity;
	nodeLimit = Infinity;
	/** Whether `policy` may split (false: its `canSplit` is never called). */
	private splitting = false;

	/**
	 * @param options what the search uses (the driver may replace them between searches)
	 * @param table the transposition table (shared between threads)
	 * @param stopFlag a non-zero `stopFlag[0]` stops the search (another thread may set it)
	 * @param policy how this thread shares its work (default: not at all)
	 */
	constructor(
		public options: SearchOptions,
		readonly table: TranspositionTable,
		readonly stopFlag: Int32Array,
		public policy: SplitPolicy = SEQUENTIAL,
	) {}

	/** Sets up the stack and counters for a search of the position the stack holds at ply 0. */
	reset(deadline: number, nodeLimit: number, splitting: boolean): void {
		const geometry = this.stack.geometry;
		this.evalTables = geometry === null ? { learned: null, exposureWeight: 0 } : evalTables(geometry, this.options);
		this.nodes = 0;
		this.seldepth = 0;
		this.aborted = false;
		this.deadline = deadline;
		this.nodeLimit = nodeLimit;
		this.splitting = splitting;
	}

	/** The table's move for the position at `ply`, or NO_MOVE. */
	probeMove(ply: number): Move {
		if (!this.options.tt) return NO_MOVE;
		this.stack.tableKey(ply);
		return this.table.probe(this.stack.keyLo, this.stack.keyHi, this.entry) ? this.entry.move : NO_MOVE;
	}

	/**
	 * Negamax alpha-beta (fail-soft) at `ply` below the root with `depth` plies to go.
	 * @returns the score from the side to move's view; meaningless once `aborted` is set
	 */
	negamax(ply: number, depth: number, alpha: number, beta: number): number {
		const pv = this.pv;
		pv.clear(ply);
		if ((++this.nodes & (CHECK_INTERVAL - 1)) === 0) this.checkStop();
		if (this.aborted) return 0;
		if (ply > this.seldepth) this.seldepth = ply;

		// Step 1. The end of the game, and the leaves.
		const stack = this.stack;
		const side = (stack.rootSide ^ ply) & 1;
		const base = ply * stack.stride;
		const mine = stack.counts[2 * ply + side];
		const theirs = stack.counts[2 * ply + (side ^ 1)];
		const empty = stack.playableCount - mine - theirs;
		const kernel = stack.kernel;
		const words = stack.words;
		let pass = false;
		if (stack.variant === 'blobwar') {
			if (empty === 0) return terminalScore(mine, theirs, ply);
			const atLimit = ply >= stack.halfMovesLeft;
			if (atLimit || depth <= 0 || ply >= MAX_PLY - 1) {
				if (!kernel.hasMove(words, base, side)) return terminalScore(mine, theirs + empty, ply);
				if (atLimit) return terminalScore(mine, theirs, ply);
				return evaluate(kernel, words, base, side, mine, theirs, this.evalTables);
			}
		} else {
			if (mine === 0 || theirs === 0 || stack.clocks[ply] >= ATAXX_CLOCK_LIMIT || ply >= stack.halfMovesLeft)
				return terminalScore(mine, theirs, ply);
			const canMove = kernel.hasMove(words, base, side);
			if (!canMove && !kernel.hasMove(words, base, side ^ 1)) return terminalScore(mine, theirs, ply);
			if (depth <= 0 || ply >= MAX_PLY - 1)
				return evaluate(kernel, words, base, side, mine, theirs, this.evalTables);
			pass = !canMove;
		}

		// Step 2. The transposition table: a cut-off from a deep enough entry, else its move.
		const options = this.options;
		const useTable = options.tt;
		let tableMove = NO_MOVE;
		let keyLo = 0;
		let keyHi = 0;
		if (useTable) {
			stack.tableKey(ply);
			keyLo = stack.keyLo;
			keyHi = stack.keyHi;
			const entry = this.entry;
			if (this.table.probe(keyLo, keyHi, entry)) {
				if (options.ttMoveOrdering) tableMove = entry.move;
				if (entry.depth >= depth) {
					const score = scoreFromTable(entry.score, ply);
					const bound = entry.bound;
					if (
						bound === BOUND_EXACT ||
						(bound === BOUND_LOWER && score >= beta) ||
						(bound === BOUND_UPPER && score <= alpha)
					) {
						if (entry.move !== NO_MOVE && bound === BOUND_EXACT) pv.setMove(ply, entry.move);
						return score;
					}
				}
			}
		}

		// Step 3. The table's move first, before the other moves are generated and ordered.
		const originalAlpha = alpha;
		let best = -INFINITE_SCORE;
		let bestMove = NO_MOVE;
		let searched = 0;
		if (tableMove !== NO_MOVE && !pass && kernel.isLegal(words, base, side, tableMove)) {
			best = this.searchChild(ply, side, tableMove, depth, alpha, beta, false);
			if (this.aborted) return 0;
			searched = 1;
			bestMove = tableMove;
			if (best > alpha) {
				alpha = best;
				pv.update(ply, tableMove);
			}
		}

		// Step 4. The other moves, best first by their ordering keys.
		if (alpha < beta) {
			const mBase = ply * MAX_NODE_MOVES;
			const moves = stack.moves;
			const keys = stack.orderKeys;
			let n: number;
			if (pass) {
				moves[mBase] = PASS;
				keys[mBase] = 0;
				n = 1;
			} else {
				n = kernel.generate(words, base, side, moves, mBase, false);
				if (n === 0) return terminalScore(mine, theirs + empty, ply); // Blob War: no move, the other side fills
				this.ordering.scoreMoves(stack, ply, side, n, tableMove, options);
			}
			const pvs = options.algorithm !== 'alphabeta';
			const end = mBase + n;
			for (let i = mBase; i < end; i++) {
				const move = pickNextMove(moves, keys, i, end);
				if (move === tableMove && searched > 0) continue;
				// Step 5. Young Brothers Wait: once the eldest brother is searched (two at a null-window
				// node, which is expected to cut off), the others may be shared with idle threads.
				if (
					this.splitting &&
					searched >= (beta - alpha > 1 ? 1 : 2) &&
					this.policy.canSplit(depth) &&
					this.policy.split(
						this,
						ply,
						depth,
						alpha,
						beta,
						best,
						bestMove,
						i,
						end,
						tableMove,
						this.splitResult,
					)
				) {
					if (this.aborted) return 0;
					if (this.splitResult.best > best) {
						best = this.splitResult.best;
						bestMove = this.splitResult.bestMove;
						// The line below a shared move is not known here: the PV stops at it.
						if (best > alpha) pv.setMove(ply, bestMove);
					}
					break;
				}
				const score = this.searchChild(ply, side, move, depth, alpha, beta, pvs && searched > 0);
				if (this.aborted) return 0;
				searched++;
				if (score > best) {
					best = score;
					bestMove = move;
					if (score > alpha) {
						alpha = score;
						pv.update(ply, move);
						if (alpha >= beta) break;
					}
				}
			}
		}

		// Step 6. Remember a cut-off, and store the result.
		if (best >= beta) this.ordering.rememberCutoff(ply, side, bestMove, depth, options);
		if (useTable) {
			const bound = best <= originalAlpha ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
			this.table.store(
				keyLo,
				keyHi,
				bound === BOUND_UPPER ? NO_MOVE : bestMove,
				depth,
				bound,
				scoreToTable(best, ply),
			);
		}
		return best;
	}

	/**
	 * Searches the child after `move`: with a null window first when `nullWindow` (PVS), searching
	 * again with the full window if the score falls inside it.
	 * @returns the child's score from the mover's view
	 */
	searchChild(
		ply: number,
		side: number,
		move: Move,
		depth: number,
		alpha: number,
		beta: number,
		nullWindow: boolean,
	): number {
		this.stack.makeChild(ply, side, move);
		if (nullWindow) {
			const score = -this.negamax(ply + 1, depth - 1, -alpha - 1, -alpha);
			if (score <= alpha || score >= beta || this.aborted) return score;
		}
		return -this.negamax(ply + 1, depth - 1, -beta, -alpha);
	}

	/** Looks at the stop flag, the clock, the node limit and the split points above. */
	checkStop(): void {
		this.policy.publishNodes(this.nodes);
		if (Atomics.load(this.stopFlag, 0) !== 0 || this.nodes >= this.nodeLimit || this.policy.cutoff()) {
			this.aborted = true;
			return;
		}
		if (performance.now() >= this.deadline) this.aborted = true;
	}
}
