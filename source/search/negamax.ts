/**
 * The tree search below the root: negamax alpha-beta, fail-soft (Knuth and Moore, "An analysis
 * of alpha-beta pruning", Artificial Intelligence 6, 1975), with principal variation search (null
 * windows after the first move; handout section 2.6.1) unless the algorithm is plain alpha-beta,
 * the transposition table, move ordering, exact scores for finished games and the half-move
 * limit as a horizon. The driver at the root is `search.ts`.
 *
 * Selectivity (the handout's section 2.8, "profondeur sélective"; each switchable, all off with
 * `selective=off`, which keeps the search exact): at null-window nodes, reverse futility pruning,
 * futility pruning, null-move pruning (a pass), late-move pruning of the first moves; internal
 * iterative reduction, late-move reductions, and late-move pruning past the 30th move, at every
 * node (the root's driver searches its moves with the same `searchMove`). The margins and counts are
 * in the constants below.
 *
 * No allocation in the tree walk: the positions of the current line live in the position stack
 * (`position-stack.ts`), move lists and ordering keys too, the principal variation in a
 * triangular table.
 */

import { ATAXX_CLOCK_LIMIT } from '../game/game-over.js';
import { type Move, NO_MOVE, PASS } from '../game/move.js';
import { EVAL_MISS, EvalCache } from './eval-cache.js';
import { type EvalKernel } from './eval-kernel.js';
import { LEAF_UNSURE } from './eval-kernel-wasm.js';
import { evalTables, type EvalTables, evaluate } from './evaluate.js';
import { capturesNothing, gainsAtMost, MoveOrdering, ONE_CAPTURE_MAX_GAIN, QUIET_MAX_GAIN } from './move-ordering.js';
import { swapToFront } from './move-lists.js';
import { LATE_MOVE_PRUNED, PositionStack } from './position-stack.js';
import { PrincipalVariation } from './principal-variation.js';
import { INFINITE_SCORE, MAX_PLY, SCALE, scoreFromTable, scoreToTable, terminalScore, WIN_THRESHOLD } from './score.js';
import { evalCacheFor, nullMoveFor, type SearchOptions } from './search-options.js';
import { SEQUENTIAL, type SplitHost, type SplitPolicy, type SplitResult } from './split-policy.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TableEntry, type TranspositionTable } from './transposition-table.js';

/** Reverse futility pruning: at most this many plies to go, this margin per ply (score units). */
const RFP_DEPTH = 3;
const RFP_MARGIN = 2 * SCALE;
/**
 * Futility pruning at the node: at most this many plies to go; margins by plies to go, per rule
 * set. Under Ataxx rules 3, 6 and 10 blobs: against 5, 9 and 14 they won self-play at 100,000
 * nodes per move on 7x7, but lost on the Blob War boards (16x16 above all), which keep 5, 9 and
 * 14 (docs/strength.md).
 */
const FUTILITY_DEPTH = 3;
const FUTILITY_MARGIN_ATAXX = [0, 3 * SCALE, 6 * SCALE, 10 * SCALE];
const FUTILITY_MARGIN_BLOBWAR = [0, 5 * SCALE, 9 * SCALE, 14 * SCALE];
/** Null move: at least this many plies to go; plies it saves (one more from depth 7). */
const NULL_MOVE_DEPTH = 3;
const NULL_MOVE_REDUCTION = 2;
/** Zugzwang guard: no null move with fewer empty cells than this. */
const NULL_MOVE_MIN_EMPTY = 6;
/**
 * Late-move reductions: at least this many plies to go (at 1 ply to go a reduced move would be
 * the same leaf), from this many moves searched.
 */
const LMR_DEPTH = 2;
export const LMR_MOVES = 3;
/**
 * Plies a late move is reduced by: 2, and 4 from this many moves searched, captures alike, at PV
 * nodes too, down to the static evaluation, as autaxx does (kz04px, autaxx,
 * github.com/kz04px/autaxx: its `tryhard` search); a move that beats alpha is searched again in
 * full. Against the earlier reductions (3 plies from the 17th move, captures one ply less, at
 * least 1 ply left), together with the late-move pruning at every node below, in self-play at
 * 100,000 nodes per move:
 * docs/strength.md.
 */
const LMR_REDUCTION = 2;
const LMR_LATE_REDUCTION = 4;
const LMR_LATE_MOVES = 16;
/** Internal iterative reduction: at least this many plies to go; plies it takes off. */
const IIR_DEPTH = 5;
const IIR_REDUCTION = 2;
/** Late-move pruning: at most this many plies to go; moves searched before quiet ones are pruned. */
const LMP_DEPTH = 3;
const LMP_MOVES = [0, 12, 18, 28];
/** Late-move pruning at every node (PV nodes too, as autaxx does): moves searched before quiet ones are pruned. */
export const LMP_ALL_MOVES = 30;

/**
 * Plies the late-move reductions take off a move searched after `searched` others (from
 * `LMR_MOVES` on; the caller checks that): 2, then 4 from the 17th move.
 */
export function lateMoveReduction(searched: number): number {
	return searched >= LMR_LATE_MOVES ? LMR_LATE_REDUCTION : LMR_REDUCTION;
}

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
	/** Static evaluations of this thread's positions, by Zobrist key (for `evalTables`). */
	readonly evalCache = new EvalCache();
	/**
	 * Whether leaves are evaluated through `evalCache`: the option for the board (`evalCacheFor`),
	 * with the learned evaluation (set by `reset`).
	 */
	cachingEvals = false;
	/**
	 * The learned evaluation's `leaf` (`EvalKernel.leaf`) where leaves are scored by it: the
	 * learned evaluation in WebAssembly, without the evaluation cache (set by `reset`); else null.
	 */
	private fusedLeaf: EvalKernel['leaf'] = null;
	nodes = 0;
	seldepth = 0;
	aborted = false;
	/** `performance.now()` at which the search stops. */
	deadline = Infinity;
	nodeLimit = Infinity;
	/** 1 where a null move may be tried at that ply (0 right after one). */
	private readonly nullMoveAllowed = new Uint8Array(MAX_PLY + 2).fill(1);
	/**
	 * Per ply, 1 if the node there is expected to search all its moves (an ALL node): the first
	 * child of a node expected to cut off (a null-window node not expected ALL), as node types
	 * alternate along null windows (Knuth and Moore, "An analysis of alpha-beta pruning",
	 * Artificial Intelligence 6(4), 1975; Marsland and Popowich, "Parallel game-tree search",
	 * IEEE PAMI 7(4), 1985). It decides only how a node lists its moves, never which it searches.
	 */
	private readonly expectAll = new Uint8Array(MAX_PLY + 2);
	/** Futility margins by plies to go for the rule set of the position searched (set by `reset`). */
	private futilityMargin = FUTILITY_MARGIN_BLOBWAR;
	/**
	 * The largest gain late-move pruning near the leaves skips: moves capturing nothing, or one blob
	 * (`SearchOptions.lateMovePruningCaptures`, set by `reset`).
	 */
	private lmpMaxGain = QUIET_MAX_GAIN;
	/** Null-move pruning for the rule set of the position searched (`nullMoveFor`, set by `reset`). */
	private nullMove = true;
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
		const tables =
			geometry === null
				? { learned: null, exposureWeight: 0 }
				: evalTables(geometry, this.options, this.stack.variant);
		// The cache holds the scores of one evaluation: another one (a board shape, weights) empties
		// it, whether or not this search uses it (a later one may).
		if (tables.learned !== this.evalTables.learned) this.evalCache.clear();
		this.cachingEvals = geometry !== null && evalCacheFor(this.options) && tables.learned !== null;
		this.fusedLeaf = this.cachingEvals || tables.learned === null ? null : tables.learned.leaf;
		this.evalTables = tables;
		this.nodes = 0;
		this.seldepth = 0;
		this.aborted = false;
		this.deadline = deadline;
		this.nodeLimit = nodeLimit;
		this.splitting = splitting;
		this.futilityMargin = this.stack.variant === 'ataxx' ? FUTILITY_MARGIN_ATAXX : FUTILITY_MARGIN_BLOBWAR;
		this.nullMove = nullMoveFor(this.options, this.stack.variant);
		this.lmpMaxGain = this.options.lateMovePruningCaptures ? ONE_CAPTURE_MAX_GAIN : QUIET_MAX_GAIN;
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
		// Step 1. The leaves: `leaf` scores them, finished games included.
		if (depth <= 0 || ply >= MAX_PLY - 1) return this.leaf(ply);
		const pv = this.pv;
		pv.clear(ply);
		if ((++this.nodes & (CHECK_INTERVAL - 1)) === 0) this.checkStop();
		if (this.aborted) return 0;
		if (ply > this.seldepth) this.seldepth = ply;

		// The end of the game, and a forced pass (Ataxx).
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
			if (ply >= stack.halfMovesLeft) {
				if (!kernel.hasMove(words, base, side)) return terminalScore(mine, theirs + empty, ply);
				return terminalScore(mine, theirs, ply);
			}
		} else {
			if (mine === 0 || theirs === 0 || stack.clocks[ply] >= ATAXX_CLOCK_LIMIT || ply >= stack.halfMovesLeft)
				return terminalScore(mine, theirs, ply);
			const canMove = kernel.hasMove(words, base, side);
			if (!canMove && !kernel.hasMove(words, base, side ^ 1)) return terminalScore(mine, theirs, ply);
			pass = !canMove;
		}

		// Step 2. The transposition table: a cut-off from a deep enough entry, else its move.
		const options = this.options;
		const useTable = options.tt;
		let tableMove = NO_MOVE;
		// Whether the table knows a move here (read whether or not it orders the moves).
		let tableKnowsMove = false;
		let keyLo = 0;
		let keyHi = 0;
		if (useTable) {
			stack.tableKey(ply);
			keyLo = stack.keyLo;
			keyHi = stack.keyHi;
			const entry = this.entry;
			if (this.table.probe(keyLo, keyHi, entry)) {
				tableKnowsMove = entry.move !== NO_MOVE;
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

		// Internal iterative reduction: a node the table knows nothing of (no move) is searched 2
		// plies shallower, as Stockfish reduces such nodes by 1 instead of searching them first to
		// find a move (internal iterative deepening). Here by 2, so that the leaves below stay at
		// the same side to move: a static score in this game swings between odd and even depths,
		// and 1 ply (bench: 6 times the nodes to the same depths) makes the reduced lines' scores
		// disagree with their siblings'.
		if (
			useTable &&
			!tableKnowsMove &&
			depth >= IIR_DEPTH &&
			options.selective &&
			options.internalIterativeReduction
		)
			depth -= IIR_REDUCTION;

		// Step 3. Selectivity at nodes off the principal variation (null windows), away from proven
		// results: a static evaluation for the pruning decisions.
		const pvNode = beta - alpha > 1;
		const selective =
			!pvNode &&
			!pass &&
			options.selective &&
			alpha > -WIN_THRESHOLD &&
			beta < WIN_THRESHOLD &&
			ply < MAX_PLY - 4;
		if (selective) {
			// The static evaluation costs as much as a leaf: it is made only where a test below reads
			// it (with the default options, at up to 3 plies to go for futility and from 3 for the
			// null move).
			const reverseFutility = options.reverseFutility && depth <= RFP_DEPTH;
			const futility = options.futility && depth <= FUTILITY_DEPTH;
			const nullMove =
				this.nullMove &&
				depth >= NULL_MOVE_DEPTH &&
				this.nullMoveAllowed[ply] === 1 &&
				empty >= NULL_MOVE_MIN_EMPTY &&
				mine > 1 &&
				theirs > 1;
			const staticEval = reverseFutility || futility || nullMove ? this.staticEval(ply, side, mine, theirs) : 0;
			// Reverse futility pruning (Heinz's "static null move"): so far above beta that a few
			// plies will not bring it down.
			if (reverseFutility && staticEval - RFP_MARGIN * depth >= beta) return staticEval;
			// Futility pruning at the node (as autaxx does it): so far below alpha that no move of
			// the last plies will bring it up.
			if (futility && staticEval + this.futilityMargin[depth] <= alpha)
				return staticEval + this.futilityMargin[depth];
			// Step 4. Null-move pruning (Beal 1989; Donninger 1993): pass, and search the other side's
			// reply shallower; if even a free move does not get it back under beta, neither will a
			// real reply. Not twice in a row, and not near the end of the game, where being forced
			// to move can hurt (zugzwang: few empty cells, a side with a single blob).
			if (nullMove && staticEval >= beta) {
				const r = NULL_MOVE_REDUCTION + (depth >= 7 ? 1 : 0);
				stack.makeChild(ply, side, PASS);
				this.nullMoveAllowed[ply + 1] = 0;
				this.expectAll[ply + 1] = 1;
				const score = -this.negamax(ply + 1, depth - 1 - r, -beta, -beta + 1);
				this.nullMoveAllowed[ply + 1] = 1;
				if (this.aborted) return 0;
				if (score >= beta) return score >= WIN_THRESHOLD ? beta : score;
			}
		}

		// Step 5. The table's move first, before the other moves are generated and ordered.
		const originalAlpha = alpha;
		let best = -INFINITE_SCORE;
		let bestMove = NO_MOVE;
		let searched = 0;
		// The first child of a node expected to cut off is expected to search all its moves.
		const firstChildAll = !pvNode && this.expectAll[ply] === 0 ? 1 : 0;
		if (tableMove !== NO_MOVE && !pass && kernel.isLegal(words, base, side, tableMove)) {
			this.expectAll[ply + 1] = firstChildAll;
			best = this.searchChild(ply, side, tableMove, depth, alpha, beta, false);
			if (this.aborted) return 0;
			searched = 1;
			bestMove = tableMove;
			if (best > alpha) {
				alpha = best;
				pv.update(ply, tableMove);
			}
		}

		// Step 6. The other moves, best first by their ordering keys.
		// The other side's move into this node, for the counter-move heuristic.
		const previous = ply > 0 ? stack.played[ply - 1] : NO_MOVE;
		if (alpha < beta) {
			const mBase = ply * stack.moveStride;
			const moves = stack.moves;
			const keys = stack.orderKeys;
			let n: number;
			// A node one or two plies above the leaves with no table move, expected to cut off: most
			// of them search one move, so that move (the sort's first step) is found alone, and the
			// list is made only if a second move is needed (`listAt`). Exact only where the first
			// move's search cannot change this node's keys: below it, only the other side's nodes
			// remember cut-offs (killers at other plies, the other side's history). A node expected
			// to search all its moves (`expectAll`) makes the list at once: the same moves in the same
			// order, without finding the first one twice.
			let listAt = -1;
			let firstMove = NO_MOVE;
			if (pass) {
				moves[mBase] = PASS;
				keys[mBase] = 0;
				n = 1;
			} else if (depth <= 2 && searched === 0 && options.captureOrdering && this.expectAll[ply] === 0) {
				firstMove = this.ordering.firstOrdered(stack, ply, side, previous, options);
				if (firstMove === NO_MOVE) return terminalScore(mine, theirs + empty, ply);
				n = 2;
				listAt = mBase + 1;
			} else {
				n = this.ordering.generateOrdered(stack, ply, side, tableMove, previous, options);
				if (n === 0) return terminalScore(mine, theirs + empty, ply); // Blob War: no move, the other side fills
			}
			const pvs = options.algorithm !== 'alphabeta';
			// At one ply to go the children are leaves: scored at once where `leaf` can.
			const leaves = depth === 1 && !pass && this.fusedAt(ply);
			let end = mBase + n;
			for (let i = mBase; i < end; i++) {
				let move: Move;
				if (i === mBase && firstMove !== NO_MOVE) move = firstMove;
				else {
					if (i === listAt) {
						// The whole list, with the first move where the sort's first step put it.
						end = mBase + this.ordering.generateOrdered(stack, ply, side, tableMove, previous, options);
						swapToFront(moves, keys, mBase, end, firstMove);
						if (i >= end) break;
					}
					// Every move best first by its ordering key (a selection sort, one step per move
					// searched, in WebAssembly: `move-lists.ts`): under both rule sets it won self-play
					// against sorting the first 6 only (docs/strength.md), although it costs speed where a
					// node searches all its moves.
					move = stack.pick(i, end);
				}
				if (move === tableMove && searched > 0) continue;
				// Step 7. Young Brothers Wait: once the eldest brother is searched (two at a null-window
				// node, which is expected to cut off), the others may be shared with idle threads, each
				// with the late-move pruning and reductions this loop would give it.
				if (this.splitting && searched >= (beta - alpha > 1 ? 1 : 2) && this.policy.canSplit(depth)) {
					end = this.prepareSplit(depth, i, end, tableMove, searched, selective);
					// The moves come best first, so if the next one is pruned all are: nothing to share.
					if (
						stack.reductions[i] !== LATE_MOVE_PRUNED &&
						this.policy.split(this, ply, depth, alpha, beta, best, bestMove, i, end, this.splitResult)
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
				}
				// Late-move pruning and reductions (`lateMove`). The moves come best first by key and
				// the gain sits in the key's top bits, so every move after the first pruned one gains no
				// more (the table's move and the first move, out of that order, come before it): the
				// loop ends there instead of picking and skipping each of them (the same tree, without
				// a selection-sort step per pruned move).
				const reduction = pass ? 0 : this.lateMove(depth, searched, keys[i], selective);
				if (reduction === LATE_MOVE_PRUNED) break;
				let score: number;
				if (leaves) score = -this.fusedLeafAfter(ply, side, move);
				else {
					// A leaf child reads no node type: only a child searched as a node gets one.
					this.expectAll[ply + 1] = searched === 0 ? firstChildAll : 0;
					score = this.searchMove(ply, side, move, depth, alpha, beta, reduction, pvs && searched > 0);
				}
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

		// Step 8. Remember a cut-off, and store the result.
		if (best >= beta) this.ordering.rememberCutoff(ply, side, bestMove, previous, depth, options);
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
	 * What late-move pruning and reductions do with a move of ordering key `key` (gain in its top
	 * bits, `move-ordering.ts`) searched after `searched` others at a node with `depth` plies to
	 * go (`selective`: a node off the principal variation, away from proven results, not a pass).
	 * Pruning: once enough moves are searched (fewer at shallow nodes off the PV), the moves that
	 * capture nothing are not, nor at the shallow nodes (with `lmpcaptures`) those that capture one
	 * blob (`lmpMaxGain`). Reductions: late moves are searched shallower first, and again at full
	 * depth only if they beat alpha (`searchMove`).
	 * @returns `LATE_MOVE_PRUNED`, else the plies of the reduction (0: none)
	 */
	lateMove(depth: number, searched: number, key: number, selective: boolean): number {
		const options = this.options;
		if (!options.selective) return 0;
		if (
			options.lateMovePruning &&
			((searched >= LMP_ALL_MOVES && capturesNothing(key)) ||
				(selective && depth <= LMP_DEPTH && searched >= LMP_MOVES[depth] && gainsAtMost(key, this.lmpMaxGain)))
		)
			return LATE_MOVE_PRUNED;
		if (options.lateMoveReductions && depth >= LMR_DEPTH && searched >= LMR_MOVES)
			return lateMoveReduction(searched);
		return 0;
	}

	/**
	 * Readies the moves `stack.moves[from..end)` of a node for a split (YBWC), the move at `from`
	 * being the next to search: drops `tableMove` (searched already), sorts the rest best first by
	 * ordering key, and gives each its `lateMove` treatment in `stack.reductions`, as if the moves
	 * before it had been searched in turn (`searched` were before `from`).
	 * @returns the new end of the list
	 */
	private prepareSplit(
		depth: number,
		from: number,
		end: number,
		tableMove: Move,
		searched: number,
		selective: boolean,
	): number {
		const stack = this.stack;
		const moves = stack.moves;
		const keys = stack.orderKeys;
		let n = from;
		for (let i = from; i < end; i++) {
			if (moves[i] === tableMove) continue;
			moves[n] = moves[i];
			keys[n] = keys[i];
			n++;
		}
		for (let i = from + 1; i < n; i++) stack.pick(i, n);
		for (let i = from; i < n; i++)
			stack.reductions[i] = this.lateMove(depth, searched + i - from, keys[i], selective);
		return n;
	}

	/**
	 * Searches the child after `move` with `reduction` plies of late-move reduction (0: none):
	 * reduced with the null window first (`searchReduced`), then, if it beats alpha, in full
	 * (`searchChild`, a null window first when `nullWindow`).
	 * @returns the child's score from the mover's view
	 */
	searchMove(
		ply: number,
		side: number,
		move: Move,
		depth: number,
		alpha: number,
		beta: number,
		reduction: number,
		nullWindow: boolean,
	): number {
		if (reduction > 0) {
			const score = this.searchReduced(ply, side, move, depth - 1 - reduction, alpha);
			if (this.aborted || score <= alpha) return score;
		}
		return this.searchChild(ply, side, move, depth, alpha, beta, nullWindow);
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
		if (depth <= 1 && move !== PASS) {
			// The child is a leaf, scored without a full node's work.
			return -this.leafAfter(ply, side, move);
		}
		this.stack.makeChild(ply, side, move);
		if (nullWindow) {
			const score = -this.negamax(ply + 1, depth - 1, -alpha - 1, -alpha);
			if (score <= alpha || score >= beta || this.aborted) return score;
		}
		return -this.negamax(ply + 1, depth - 1, -beta, -alpha);
	}

	/**
	 * The first, reduced search of a late move (late-move reductions): the child after `move` to
	 * `depth` plies with the null window (alpha, alpha + 1); at 0 plies or fewer a leaf.
	 * @returns the child's score from the mover's view
	 */
	private searchReduced(ply: number, side: number, move: Move, depth: number, alpha: number): number {
		if (depth <= 0) return -this.leafAfter(ply, side, move);
		this.stack.makeChild(ply, side, move);
		return -this.negamax(ply + 1, depth, -alpha - 1, -alpha);
	}

	/**
	 * The child after `move` (not a pass) of `side` at `ply` as a leaf (`leaf`): scored by the
	 * evaluation's `leaf` without making it where that can (not near the half-move limit or
	 * Ataxx's clock limit, which `leaf` reads from the stack), else made without its key (a leaf
	 * is never looked up in the table) unless the evaluation cache needs it.
	 * @returns the child's score from its side to move's view
	 */
	private leafAfter(ply: number, side: number, move: Move): number {
		const stack = this.stack;
		const child = ply + 1;
		if (this.cachingEvals) {
			stack.makeChild(ply, side, move);
			return this.leaf(child);
		}
		if (!this.fusedAt(ply)) {
			stack.makeLeafChild(ply, side, move);
			return this.leaf(child);
		}
		return this.fusedLeafAfter(ply, side, move);
	}

	/**
	 * Whether the children of the position at `ply` are scored by the evaluation's `leaf` without
	 * being made (`fusedLeafAfter`): not near the half-move limit or Ataxx's clock limit, which
	 * `leaf` does not read.
	 */
	private fusedAt(ply: number): boolean {
		const stack = this.stack;
		return !(
			this.fusedLeaf === null ||
			ply + 1 >= stack.halfMovesLeft ||
			ply + 1 >= MAX_PLY - 1 ||
			(stack.variant === 'ataxx' && stack.clocks[ply] + 1 >= ATAXX_CLOCK_LIMIT)
		);
	}

	/**
	 * `leafAfter` where `fusedAt(ply)`: the child after `move` (not a pass) scored by the
	 * evaluation's `leaf`, made only where `leaf` does not score it.
	 * @returns the child's score from its side to move's view
	 */
	private fusedLeafAfter(ply: number, side: number, move: Move): number {
		const stack = this.stack;
		const child = ply + 1;
		if (!this.countLeaf(child)) return 0;
		const score = this.fusedLeaf!(
			stack.words,
			ply * stack.stride,
			side,
			move,
			stack.counts[2 * ply + side],
			stack.counts[2 * ply + (side ^ 1)],
		);
		if (score !== LEAF_UNSURE) return score;
		stack.makeLeafChild(ply, side, move);
		return this.leafScore(child);
	}

	/**
	 * A node with no plies to go (`negamax` at depth 0, and the children `searchChild` makes
	 * without a key): the score of a finished game, else the static evaluation. Counts the node.
	 */
	leaf(ply: number): number {
		return this.countLeaf(ply) ? this.leafScore(ply) : 0;
	}

	/**
	 * Counts a leaf at `ply` (its principal variation emptied, the selective depth raised), looking
	 * at the limits every `CHECK_INTERVAL` nodes. Returns false if the search is aborted.
	 */
	private countLeaf(ply: number): boolean {
		this.pv.clear(ply);
		if ((++this.nodes & (CHECK_INTERVAL - 1)) === 0) this.checkStop();
		if (this.aborted) return false;
		if (ply > this.seldepth) this.seldepth = ply;
		return true;
	}

	/** `leaf`'s score of the position at `ply`, the node counted. */
	private leafScore(ply: number): number {
		const stack = this.stack;
		const side = (stack.rootSide ^ ply) & 1;
		const base = ply * stack.stride;
		const mine = stack.counts[2 * ply + side];
		const theirs = stack.counts[2 * ply + (side ^ 1)];
		const kernel = stack.kernel;
		const words = stack.words;
		if (stack.variant === 'blobwar') {
			const empty = stack.playableCount - mine - theirs;
			if (empty === 0) return terminalScore(mine, theirs, ply);
			if (!kernel.hasMove(words, base, side)) return terminalScore(mine, theirs + empty, ply);
			if (ply >= stack.halfMovesLeft) return terminalScore(mine, theirs, ply);
		} else {
			if (mine === 0 || theirs === 0 || stack.clocks[ply] >= ATAXX_CLOCK_LIMIT || ply >= stack.halfMovesLeft)
				return terminalScore(mine, theirs, ply);
			if (!kernel.hasMove(words, base, side) && !kernel.hasMove(words, base, side ^ 1))
				return terminalScore(mine, theirs, ply);
		}
		return this.staticEval(ply, side, mine, theirs);
	}

	/**
	 * The static evaluation of the position at `ply` (`side` to move, `mine` and `theirs` blobs),
	 * from the evaluation cache or computed and stored there.
	 */
	staticEval(ply: number, side: number, mine: number, theirs: number): number {
		const stack = this.stack;
		if (!this.cachingEvals)
			return evaluate(stack.kernel, stack.words, ply * stack.stride, side, mine, theirs, this.evalTables);
		const keyLo = stack.keys[2 * ply];
		const keyHi = stack.keys[2 * ply + 1];
		const cached = this.evalCache.probe(keyLo, keyHi);
		if (cached !== EVAL_MISS) return cached;
		const score = evaluate(stack.kernel, stack.words, ply * stack.stride, side, mine, theirs, this.evalTables);
		this.evalCache.store(keyLo, keyHi, score);
		return score;
	}

	/**
	 * Looks at the node limit and the clock, then the stop flag and the split points above. This
	 * thread's own limits end the whole search (`SplitPolicy.limitReached`): a thread waiting at its
	 * split point for others, or helping at another's, would otherwise go on past them. They are
	 * looked at first: a split point cut off at the same check aborts only the work there (the
	 * thread goes on above it), and the limit would be seen one check interval late.
	 */
	checkStop(): void {
		this.policy.publishNodes(this.nodes);
		if (this.nodes >= this.nodeLimit || performance.now() >= this.deadline) {
			this.aborted = true;
			this.policy.limitReached();
		} else if (Atomics.load(this.stopFlag, 0) !== 0 || this.policy.cutoff()) {
			this.aborted = true;
		}
	}
}
