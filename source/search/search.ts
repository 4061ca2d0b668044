/**
 * The sequential search: iterative deepening over negamax alpha-beta (Knuth and Moore, "An
 * analysis of alpha-beta pruning", 1975), with the enhancements surveyed by the course handout
 * (Dumas, "Guerre des blobs", 2014), each switchable through `SearchOptions`:
 *
 * - drivers at the root: full-window alpha-beta, PVS with aspiration windows (handout section
 *   Fenêtres), or MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth minimax
 *   algorithms", Artificial Intelligence 87, 1996; handout section MTD(f));
 * - a transposition table shared with other threads (`transposition-table.ts`);
 * - move ordering: table move, blobs gained, killer moves, history heuristic;
 * - exact scores for finished games (faster wins first), the half-move limit as a horizon;
 * - time (handout section Descente itérative et gestion du temps), as `time-manager.ts`
 *   decides: a fixed time per move is used to its end; with a clock the search stops after a
 *   depth past its optimum (scaled by the best move's stability). The hard limit stops the
 *   search (the clock and the shared stop flag are read every 1024 nodes). A stopped search
 *   answers with the best move of the last completed iteration, or of the stopped one where a
 *   move already beat it there: always a legal move.
 *
 * No allocation in the tree walk: the positions of the current line live in one Int32Array
 * (copy-make with the compiled kernel of the board shape), move lists and ordering keys in
 * another, and the principal variation in a triangular table.
 */

import { ATAXX_CLOCK_LIMIT, gameEnd, type Variant } from '../game/game-over.js';
import { type Geometry } from '../game/geometry.js';
import { type Move, NO_MOVE, PASS } from '../game/move.js';
import { type Position } from '../game/position.js';
import { type ShapeKernel, shapeKernel } from '../game/shape-kernel.js';
import { ZOBRIST_SIDE_HI, ZOBRIST_SIDE_LO } from '../game/zobrist.js';
import { evaluate } from './evaluate.js';
import {
	decodeDecisive,
	INFINITE_SCORE,
	MAX_PLY,
	SCALE,
	scoreFromTable,
	scoreToTable,
	terminalScore,
} from './score.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from './search-options.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './transposition-table.js';
import { clockBudget, fixedBudget, TimeManager } from './time-manager.js';
import { type SearchInfo, type SearchLimits, type SearchResult } from './types.js';

/** Callbacks of a running search, run on the searching thread. */
export interface SearchListener {
	/** After each completed iteration. */
	onInfo?(info: SearchInfo): void;
}

/** Nodes between two looks at the clock and the stop flag (a power of two). */
const CHECK_INTERVAL = 1024;
/** Most moves of a position with clones merged by destination (256 clone and 256 * 16 jump targets). */
export const MAX_NODE_MOVES = 256 * 17;
/** Ordering key of the table move (above every other key). */
const TT_MOVE_KEY = 1 << 30;
/** Ordering key bits: gain (blobs captured twice, plus one for a clone) above killers above history. */
const GAIN_SHIFT = 20;
const KILLER1_KEY = 3 << 18;
const KILLER2_KEY = 2 << 18;
const HISTORY_MAX = (1 << 18) - 1;
/** First aspiration half-width (score units), doubled after each failure. */
const ASPIRATION_DELTA = SCALE;

/** Key salts for the half-move limit when it is within reach: positions with different horizons differ. */
const LIMIT_SALT_LO = new Int32Array(MAX_PLY + 2);
const LIMIT_SALT_HI = new Int32Array(MAX_PLY + 2);
/** Key salts for Ataxx's clock in its last `CLOCK_SALTED` half-moves. */
const CLOCK_SALTED = 16;
const CLOCK_SALT_LO = new Int32Array(CLOCK_SALTED + 1);
const CLOCK_SALT_HI = new Int32Array(CLOCK_SALTED + 1);
{
	let seed = 0x2545f491;
	const next = () => {
		seed ^= seed << 13;
		seed ^= seed >>> 17;
		seed ^= seed << 5;
		return seed | 0;
	};
	for (let i = 0; i < LIMIT_SALT_LO.length; i++) {
		LIMIT_SALT_LO[i] = next();
		LIMIT_SALT_HI[i] = next();
	}
	for (let i = 0; i < CLOCK_SALT_LO.length; i++) {
		CLOCK_SALT_LO[i] = next();
		CLOCK_SALT_HI[i] = next();
	}
}

/** One principal variation of a completed depth (multi-PV). */
interface RootLine {
	readonly move: Move;
	readonly score: number;
	readonly pv: Move[];
}

/** A reusable sequential searcher. Not re-entrant: one search at a time. */
export class Searcher {
	/** Shared stop flag: a non-zero `stopFlag[0]` stops the search. */
	readonly stopFlag: Int32Array;
	/** The options of the next searches. */
	options: SearchOptions;
	/** The transposition table (kept between searches; shared when given). */
	readonly table: TranspositionTable;

	// The board shape and its kernel.
	private geometry: Geometry | null = null;
	protected kernel!: ShapeKernel;
	protected stride = 0;
	private playableCount = 0;
	// The positions of the current line, one per ply.
	protected words = new Int32Array(0);
	protected readonly keys = new Int32Array(2 * (MAX_PLY + 2));
	protected readonly counts = new Int32Array(2 * (MAX_PLY + 2));
	protected readonly clocks = new Int32Array(MAX_PLY + 2);
	// Move lists and ordering keys, MAX_NODE_MOVES per ply.
	protected readonly moves = new Int32Array((MAX_PLY + 1) * MAX_NODE_MOVES);
	protected readonly orderKeys = new Int32Array((MAX_PLY + 1) * MAX_NODE_MOVES);
	// Move ordering memory.
	private readonly killers = new Int32Array(2 * (MAX_PLY + 1)).fill(NO_MOVE);
	private historyTable = new Int32Array(0);
	private cells = 0;
	// Principal variation: row `ply` holds the line from `ply`.
	private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
	private readonly pvLength = new Int32Array(MAX_PLY + 1);

	// The search in progress.
	protected variant: Variant = 'blobwar';
	/** Centiblobs per exposed blob in the evaluation (0: blob difference alone). */
	protected exposureWeight = 0;
	protected rootSide = 0;
	protected halfMovesLeft = Infinity;
	protected nodes = 0;
	private seldepth = 0;
	protected aborted = false;
	private startTime = 0;
	private deadline = Infinity;
	/** The clock's decisions for the search in progress (null: no time limit). */
	private timeManager: TimeManager | null = null;
	private nodeLimit = Infinity;
	private rootMoves: Move[] = [];
	/** True when the root's moves are a subset of the legal ones (searchmoves): its score is not the position's. */
	private rootRestricted = false;
	/** Root move that last raised alpha in the current iteration (NO_MOVE if none yet). */
	private iterationBest: Move = NO_MOVE;
	private iterationPv: Move[] = [];
	/** Lazy SMP: this thread searches each iteration this many plies deeper (helpers diverge). */
	depthOffset = 0;
	/** The table generation to use (threads of one search share it); null: a new one per search. */
	tableGeneration: number | null = null;
	/** The result of the last `split`. */
	protected splitBest = 0;
	protected splitMove: Move = NO_MOVE;
	/** Table key of the last `setTableKey`. */
	private tableKeyLo = 0;
	private tableKeyHi = 0;

	/**
	 * @param options enhancements to use (default: all of the full engine)
	 * @param stopFlag an `Int32Array` over a `SharedArrayBuffer` (another thread may set it), or a private one
	 * @param table a transposition table to use (shared between threads), or a new one of `options.hashMb`
	 */
	constructor(
		options: Partial<SearchOptions> = {},
		stopFlag: Int32Array = new Int32Array(new SharedArrayBuffer(4)),
		table?: TranspositionTable,
	) {
		this.options = { ...DEFAULT_SEARCH_OPTIONS, ...options };
		this.stopFlag = stopFlag;
		this.table = table ?? new TranspositionTable(this.options.hashMb);
	}

	/** Forgets everything learned: the table, killers and history (a new game). */
	clear(): void {
		this.table.clear();
		this.killers.fill(NO_MOVE);
		this.historyTable.fill(0);
	}

	/**
	 * Searches `root` within `limits`. Runs synchronously on the calling thread.
	 * The stop flag is not cleared here: the owner clears it before starting a search.
	 * @returns the best move (NO_MOVE if the game is already over) with its score and PV
	 */
	search(root: Position, limits: SearchLimits, listener: SearchListener = {}): SearchResult {
		this.begin(root, limits);
		const timeManager = this.timeManager;
		const maxDepth = Math.min(limits.depth ?? MAX_PLY - 1, MAX_PLY - 1);

		const none: SearchResult = {
			move: NO_MOVE,
			score: 0,
			depth: 0,
			seldepth: 0,
			nodes: 0,
			timeMs: 0,
			pv: [],
			stopped: false,
		};
		if (gameEnd(root, this.variant, this.halfMovesLeft) !== null) return none;
		const n = this.kernel.generate(this.words, 0, this.rootSide, this.moves, 0, false);
		if (n === 0 && this.variant !== 'ataxx') return none;
		this.rootMoves = n === 0 ? [PASS] : this.orderedRootMoves(n, limits.searchMoves);
		this.rootRestricted = this.rootMoves.length < Math.max(1, n);
		const multiPv = Math.max(1, Math.min(Math.floor(limits.multiPv ?? 1), this.rootMoves.length));

		let bestMove = this.rootMoves[0];
		let bestScore = 0;
		let bestPv: Move[] = [bestMove];
		let completedDepth = 0;
		let lastIterationMs = 0;
		/** The lines of the last completed depth, best first (multi-PV). */
		let lines: RootLine[] = [];
		for (let depth = 1; depth <= maxDepth; depth++) {
			const iterationStart = performance.now();
			const searchDepth = Math.min(depth + this.depthOffset, MAX_PLY - 1);
			const found: RootLine[] = [];
			for (let line = 0; line < multiPv; line++) {
				this.iterationBest = NO_MOVE;
				const previous = lines[line]?.score ?? bestScore;
				const score = this.iterate(searchDepth, previous, completedDepth > 0, line);
				if (this.aborted) break;
				found.push({
					move: this.rootMoves[line],
					score: score || 0, // never -0
					pv: this.extendPv(this.iterationPv, depth),
				});
			}
			if (this.aborted) {
				if (found.length > 0) {
					// The best line of this depth is complete: it is better informed than the last depth.
					bestMove = found[0].move;
					bestScore = found[0].score;
					bestPv = found[0].pv;
				} else if (this.iterationBest !== NO_MOVE && this.iterationBest !== bestMove) {
					// A move that beat the previous best in the stopped iteration is better informed.
					bestMove = this.iterationBest;
					bestPv = this.iterationPv;
				}
				break;
			}
			lines = found;
			bestMove = lines[0].move;
			bestScore = lines[0].score;
			bestPv = lines[0].pv;
			completedDepth = depth;
			const now = performance.now();
			const previousIterationMs = lastIterationMs;
			lastIterationMs = now - iterationStart;
			lines.forEach((l, i) => listener.onInfo?.(this.info(depth, l.score, l.pv, now, i + 1)));
			if (this.rootMoves.length === 1 && limits.depth === undefined) break;
			const decisive = decodeDecisive(bestScore);
			if (decisive && decisive.plies <= depth && multiPv === 1) break;
			if (
				timeManager?.shouldStop(bestMove, bestScore, now - this.startTime, lastIterationMs, previousIterationMs)
			)
				break;
		}
		this.publishNodes();
		if (bestPv[0] !== bestMove) bestPv = [bestMove];
		return {
			move: bestMove,
			score: bestScore,
			depth: Math.min(completedDepth + (completedDepth > 0 ? this.depthOffset : 0), MAX_PLY - 1),
			seldepth: this.seldepth,
			nodes: this.totalNodes(),
			timeMs: performance.now() - this.startTime,
			pv: bestPv,
			stopped: this.aborted,
		};
	}

	/**
	 * Sets up a search of `root` (the position stack, the limits, the counters, the table's
	 * generation) without searching; `search` and the helpers of a parallel search start here.
	 */
	protected begin(root: Position, limits: SearchLimits): void {
		this.prepare(root);
		this.variant = limits.variant ?? 'blobwar';
		this.halfMovesLeft = limits.halfMovesLeft ?? Infinity;
		this.exposureWeight = this.options.positional ? this.options.exposureWeight : 0;
		this.nodes = 0;
		this.seldepth = 0;
		this.aborted = false;
		this.startTime = performance.now();
		const spentMs =
			limits.startedAt === undefined
				? 0
				: Math.max(0, performance.timeOrigin + this.startTime - limits.startedAt);
		const empty = this.playableCount - this.counts[0] - this.counts[1];
		this.timeManager = limits.clock
			? new TimeManager(clockBudget(limits.clock, empty, spentMs))
			: limits.timeMs !== undefined
				? new TimeManager(fixedBudget(limits.timeMs, spentMs))
				: null;
		this.deadline = this.startTime + (this.timeManager?.maximumMs ?? Infinity);
		this.nodeLimit = limits.nodes ?? Infinity;
		if (this.tableGeneration === null) this.table.newSearch();
		else this.table.setAge(this.tableGeneration);
		for (let i = 0; i < this.historyTable.length; i++) this.historyTable[i] >>= 1;
	}

	// Hooks of the parallel searches (parallel/): the sequential search does nothing here.

	/** True if the node may share its remaining moves with idle threads now (YBWC). */
	protected canSplit(_depth: number): boolean {
		return false;
	}

	/**
	 * Shares the remaining moves `moves[from..end)` of the node at `ply` with idle threads and
	 * searches them with them; leaves the node's result in `splitBest`, `splitMove`.
	 * @returns false if no split was made (the caller searches the moves itself)
	 */
	protected split(
		_ply: number,
		_depth: number,
		_alpha: number,
		_beta: number,
		_best: number,
		_bestMove: Move,
		_from: number,
		_end: number,
		_skip: Move,
	): boolean {
		return false;
	}

	/** True if a split point this thread works under was cut off (its work is useless now). */
	protected splitCutoff(): boolean {
		return false;
	}

	/** Makes this thread's node count visible to others (every few thousand nodes). */
	protected publishNodes(): void {}

	/** Nodes searched by every thread of the search. */
	protected totalNodes(): number {
		return this.nodes;
	}

	/** Nodes of each thread, when more than one searches. */
	protected threadNodes(): number[] | undefined {
		return undefined;
	}

	/** Sets up the position stack for `root` (and the kernel of its shape). */
	protected prepare(root: Position): void {
		const g = root.geometry;
		if (this.geometry !== g) {
			this.geometry = g;
			this.kernel = shapeKernel(g);
			this.stride = 2 * g.words;
			this.playableCount = g.playableCount;
			this.words = new Int32Array((MAX_PLY + 2) * this.stride);
			this.killers.fill(NO_MOVE);
			this.cells = g.cells;
			this.historyTable = new Int32Array(2 * g.cells * g.cells);
		}
		this.words.set(root.bb, 0);
		this.keys[0] = root.keyLo;
		this.keys[1] = root.keyHi;
		this.counts[0] = root.count[0];
		this.counts[1] = root.count[1];
		this.clocks[0] = root.clock;
		this.rootSide = root.side;
	}

	/**
	 * The root moves, best first by the ordering heuristics (table move, gain); only those of
	 * `searchMoves` when it names any legal one.
	 */
	private orderedRootMoves(n: number, searchMoves?: readonly Move[]): Move[] {
		const keys = this.orderKeys;
		this.scoreMoves(0, this.rootSide, n, this.probeMove(0));
		const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[b] - keys[a] || a - b);
		const all = order.map((i) => this.moves[i]);
		const chosen = searchMoves ? all.filter((m) => searchMoves.includes(m)) : all;
		return chosen.length > 0 ? chosen : all;
	}

	/** The table's move for the position at `ply`, or NO_MOVE. */
	private probeMove(ply: number): Move {
		if (!this.options.tt) return NO_MOVE;
		this.setTableKey(ply);
		return this.table.probe(this.tableKeyLo, this.tableKeyHi) ? this.table.move : NO_MOVE;
	}

	/**
	 * One iteration of the chosen driver at `depth` over the root moves from index `first` on (the
	 * lines before it are already found: multi-PV); puts the best of them at `first`.
	 */
	private iterate(depth: number, previous: number, havePrevious: boolean, first: number): number {
		const { algorithm, aspiration } = this.options;
		if (algorithm === 'mtdf') return this.mtdf(depth, havePrevious ? previous : 0, first);
		if (aspiration && havePrevious && depth >= 3) {
			let delta = ASPIRATION_DELTA;
			let alpha = Math.max(-INFINITE_SCORE, previous - delta);
			let beta = Math.min(INFINITE_SCORE, previous + delta);
			for (;;) {
				const score = this.searchRoot(depth, alpha, beta, first);
				if (this.aborted) return score;
				if (score <= alpha && alpha > -INFINITE_SCORE) alpha = Math.max(-INFINITE_SCORE, score - delta);
				else if (score >= beta && beta < INFINITE_SCORE) beta = Math.min(INFINITE_SCORE, score + delta);
				else return score;
				delta *= 2;
			}
		}
		return this.searchRoot(depth, -INFINITE_SCORE, INFINITE_SCORE, first);
	}

	/**
	 * MTD(f): null-window searches around the guess until the bounds meet (handout section MTD(f)), over the
	 * root moves from `first` on.
	 */
	private mtdf(depth: number, guess: number, first: number): number {
		let g = guess;
		let lower = -INFINITE_SCORE;
		let upper = INFINITE_SCORE;
		let best = this.rootMoves[first];
		let bestPv = [best];
		while (lower < upper) {
			const beta = g === lower ? g + 1 : g;
			g = this.searchRoot(depth, beta - 1, beta, first);
			if (this.aborted) return g;
			if (g < beta) upper = g;
			else {
				lower = g;
				best = this.rootMoves[first];
				bestPv = this.iterationPv;
			}
		}
		// The move that proved the final lower bound is the best one; put it first.
		const index = this.rootMoves.indexOf(best);
		if (index > first) {
			this.rootMoves.splice(index, 1);
			this.rootMoves.splice(first, 0, best);
		}
		this.iterationPv = bestPv;
		return g;
	}

	/**
	 * The root node: searches the root moves from index `first` on (PVS or full windows), moves the
	 * best of them to `first`.
	 * @returns the best score (fail-soft)
	 */
	private searchRoot(depth: number, alpha: number, beta: number, first: number): number {
		const side = this.rootSide;
		const pvs = this.options.algorithm !== 'alphabeta';
		const moves = this.rootMoves;
		const originalAlpha = alpha;
		let best = -INFINITE_SCORE;
		let bestIndex = first;
		this.pvLength[0] = 0;
		for (let i = first; i < moves.length; i++) {
			const move = moves[i];
			if (
				i > first &&
				alpha < beta &&
				this.canSplit(depth) &&
				this.splitRoot(depth, alpha, beta, best, moves[bestIndex], i)
			) {
				// The other root moves were shared with the idle threads.
				if (this.aborted) break;
				if (this.splitBest > best) {
					best = this.splitBest;
					bestIndex = moves.indexOf(this.splitMove);
					if (best > alpha) {
						this.iterationBest = this.splitMove;
						this.iterationPv = [this.splitMove];
					}
				}
				break;
			}
			this.makeChild(0, side, move);
			let score: number;
			if (pvs && i > first) {
				score = -this.negamax(1, depth - 1, -alpha - 1, -alpha);
				if (!this.aborted && score > alpha && score < beta) score = -this.negamax(1, depth - 1, -beta, -alpha);
			} else {
				score = -this.negamax(1, depth - 1, -beta, -alpha);
			}
			if (this.aborted) break;
			if (score > best) {
				best = score;
				bestIndex = i;
				if (score > alpha) {
					alpha = score;
					this.updatePv(0, move);
					this.iterationBest = move;
					this.iterationPv = Array.from(this.pvTable.subarray(0, this.pvLength[0]));
					if (alpha >= beta) break;
				}
			}
		}
		if (this.aborted) return best;
		if (best <= originalAlpha) {
			// Failed low: every score is an upper bound; keep the order (the aspiration loop searches again).
			this.iterationPv = [moves[first]];
		} else if (bestIndex > first) {
			const [move] = moves.splice(bestIndex, 1);
			moves.splice(first, 0, move);
		}
		// A score over some of the moves only (a later line of multi-PV, searchmoves) is not the position's.
		if (this.options.tt && first === 0 && !this.rootRestricted) {
			const bound = best <= originalAlpha ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
			this.setTableKey(0);
			this.table.store(
				this.tableKeyLo,
				this.tableKeyHi,
				bound === BOUND_UPPER ? NO_MOVE : moves[first],
				depth,
				bound,
				scoreToTable(best, 0),
			);
		}
		return best;
	}

	/** Shares the root moves from index `from` on (in their order) through `split`. */
	private splitRoot(depth: number, alpha: number, beta: number, best: number, bestMove: Move, from: number): boolean {
		const moves = this.rootMoves;
		for (let i = from; i < moves.length; i++) {
			this.moves[i] = moves[i];
			this.orderKeys[i] = moves.length - i;
		}
		return this.split(0, depth, alpha, beta, best, bestMove, from, moves.length, NO_MOVE);
	}

	/**
	 * Negamax alpha-beta (fail-soft) at `ply` below the root with `depth` plies to go; PVS
	 * (null windows after the first move) unless the algorithm is plain alpha-beta.
	 * @returns the score from the side to move's view; meaningless once `aborted` is set
	 */
	protected negamax(ply: number, depth: number, alpha: number, beta: number): number {
		this.pvLength[ply] = 0;
		if ((++this.nodes & (CHECK_INTERVAL - 1)) === 0) this.checkStop();
		if (this.aborted) return 0;
		if (ply > this.seldepth) this.seldepth = ply;

		// Step 1. The end of the game, and the leaves.
		const side = (this.rootSide ^ ply) & 1;
		const base = ply * this.stride;
		const mine = this.counts[2 * ply + side];
		const theirs = this.counts[2 * ply + (side ^ 1)];
		const empty = this.playableCount - mine - theirs;
		const kernel = this.kernel;
		const words = this.words;
		let pass = false;
		if (this.variant === 'blobwar') {
			if (empty === 0) return terminalScore(mine, theirs, ply);
			const atLimit = ply >= this.halfMovesLeft;
			if (atLimit || depth <= 0 || ply >= MAX_PLY - 1) {
				if (!kernel.hasMove(words, base, side)) return terminalScore(mine, theirs + empty, ply);
				if (atLimit) return terminalScore(mine, theirs, ply);
				return evaluate(kernel, words, base, side, mine, theirs, this.exposureWeight);
			}
		} else {
			if (mine === 0 || theirs === 0 || this.clocks[ply] >= ATAXX_CLOCK_LIMIT || ply >= this.halfMovesLeft)
				return terminalScore(mine, theirs, ply);
			const canMove = kernel.hasMove(words, base, side);
			if (!canMove && !kernel.hasMove(words, base, side ^ 1)) return terminalScore(mine, theirs, ply);
			if (depth <= 0 || ply >= MAX_PLY - 1)
				return evaluate(kernel, words, base, side, mine, theirs, this.exposureWeight);
			pass = !canMove;
		}

		// Step 2. The transposition table.
		const useTable = this.options.tt;
		let tableMove = NO_MOVE;
		let keyLo = 0;
		let keyHi = 0;
		if (useTable) {
			this.setTableKey(ply);
			keyLo = this.tableKeyLo;
			keyHi = this.tableKeyHi;
			const table = this.table;
			if (table.probe(keyLo, keyHi)) {
				if (this.options.ttMoveOrdering) tableMove = table.move;
				if (table.depth >= depth) {
					const score = scoreFromTable(table.score, ply);
					const bound = table.bound;
					if (
						bound === BOUND_EXACT ||
						(bound === BOUND_LOWER && score >= beta) ||
						(bound === BOUND_UPPER && score <= alpha)
					) {
						if (table.move !== NO_MOVE) {
							this.pvTable[ply * MAX_PLY] = table.move;
							this.pvLength[ply] = bound === BOUND_EXACT ? 1 : 0;
						}
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
				this.updatePv(ply, tableMove);
			}
		}

		// Step 4. The other moves, best first by their ordering keys.
		if (alpha < beta) {
			const mBase = ply * MAX_NODE_MOVES;
			const moves = this.moves;
			const keys = this.orderKeys;
			let n: number;
			if (pass) {
				moves[mBase] = PASS;
				keys[mBase] = 0;
				n = 1;
			} else {
				n = kernel.generate(words, base, side, moves, mBase, false);
				if (n === 0) return terminalScore(mine, theirs + empty, ply); // Blob War: no move, the other side fills
				this.scoreMoves(ply, side, n, tableMove);
			}
			const pvs = this.options.algorithm !== 'alphabeta';
			const end = mBase + n;
			for (let i = mBase; i < end; i++) {
				// Selection sort step: bring the best remaining move to i.
				let pick = i;
				for (let j = i + 1; j < end; j++) if (keys[j] > keys[pick]) pick = j;
				const move = moves[pick];
				if (pick !== i) {
					moves[pick] = moves[i];
					moves[i] = move;
					const k = keys[pick];
					keys[pick] = keys[i];
					keys[i] = k;
				}
				if (move === tableMove && searched > 0) continue;
				// Young Brothers Wait: once the eldest brother is searched (two at a null-window node,
				// which is expected to cut off), the others may be shared with idle threads.
				if (
					searched >= (beta - alpha > 1 ? 1 : 2) &&
					this.canSplit(depth) &&
					this.split(ply, depth, alpha, beta, best, bestMove, i, end, tableMove)
				) {
					if (this.aborted) return 0;
					if (this.splitBest > best) {
						best = this.splitBest;
						bestMove = this.splitMove;
						if (best > alpha) {
							// The line below a shared move is not known here: the PV stops at it.
							this.pvTable[ply * MAX_PLY] = bestMove;
							this.pvLength[ply] = 1;
						}
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
						this.updatePv(ply, move);
						if (alpha >= beta) break;
					}
				}
			}
		}
		if (best >= beta) this.rememberCutoff(ply, side, bestMove, depth);

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
	protected searchChild(
		ply: number,
		side: number,
		move: Move,
		depth: number,
		alpha: number,
		beta: number,
		nullWindow: boolean,
	): number {
		this.makeChild(ply, side, move);
		if (nullWindow) {
			const score = -this.negamax(ply + 1, depth - 1, -alpha - 1, -alpha);
			if (score <= alpha || score >= beta || this.aborted) return score;
		}
		return -this.negamax(ply + 1, depth - 1, -beta, -alpha);
	}

	/** Plays `move` of `side` from the position at `ply` into `ply + 1` (counts, clock, key). */
	protected makeChild(ply: number, side: number, move: Move): void {
		const stride = this.stride;
		const c = 2 * ply;
		if (move === PASS) {
			this.words.copyWithin((ply + 1) * stride, ply * stride, (ply + 1) * stride);
			this.keys[c + 2] = this.keys[c] ^ ZOBRIST_SIDE_LO;
			this.keys[c + 3] = this.keys[c + 1] ^ ZOBRIST_SIDE_HI;
			this.counts[c + 2] = this.counts[c];
			this.counts[c + 3] = this.counts[c + 1];
			this.clocks[ply + 1] = this.clocks[ply] + 1;
			return;
		}
		const r = this.kernel.make(this.words, ply * stride, (ply + 1) * stride, side, move, this.keys, c, c + 2);
		const captured = r & 255;
		const clone = r >> 8;
		this.counts[c + 2 + side] = this.counts[c + side] + captured + clone;
		this.counts[c + 2 + (side ^ 1)] = this.counts[c + (side ^ 1)] - captured;
		this.clocks[ply + 1] = clone ? 0 : this.clocks[ply] + 1;
	}

	/**
	 * Sets `tableKeyLo`, `tableKeyHi` to the table key of the position at `ply`: its Zobrist key,
	 * salted near the half-move limit or Ataxx's clock limit (where the horizon changes the value).
	 */
	private setTableKey(ply: number): void {
		let lo = this.keys[2 * ply];
		let hi = this.keys[2 * ply + 1];
		const left = this.halfMovesLeft - ply;
		if (left <= MAX_PLY) {
			lo ^= LIMIT_SALT_LO[left];
			hi ^= LIMIT_SALT_HI[left];
		}
		if (this.variant === 'ataxx') {
			const clockLeft = ATAXX_CLOCK_LIMIT - this.clocks[ply];
			if (clockLeft <= CLOCK_SALTED) {
				lo ^= CLOCK_SALT_LO[Math.max(0, clockLeft)];
				hi ^= CLOCK_SALT_HI[Math.max(0, clockLeft)];
			}
		}
		this.tableKeyLo = lo;
		this.tableKeyHi = hi;
	}

	/** Ordering keys of the `n` moves at ply `ply`: table move, then gain, killers, history. */
	private scoreMoves(ply: number, side: number, n: number, tableMove: Move): void {
		const mBase = ply * MAX_NODE_MOVES;
		const keys = this.orderKeys;
		const moves = this.moves;
		const { captureOrdering, killers, history } = this.options;
		if (captureOrdering)
			this.kernel.gains(this.words, ply * this.stride, side, moves, mBase, n, keys, mBase, GAIN_SHIFT);
		else keys.fill(0, mBase, mBase + n);
		const killer1 = killers ? this.killers[2 * ply] : NO_MOVE;
		const killer2 = killers ? this.killers[2 * ply + 1] : NO_MOVE;
		const table = this.historyTable;
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

	/** A move caused a cut-off: remember it as a killer and in the history. */
	private rememberCutoff(ply: number, side: number, move: Move, depth: number): void {
		if (move === PASS) return;
		if (this.options.killers && this.killers[2 * ply] !== move) {
			this.killers[2 * ply + 1] = this.killers[2 * ply];
			this.killers[2 * ply] = move;
		}
		if (this.options.history) {
			const i = (side * this.cells + ((move >>> 8) & 255)) * this.cells + (move & 255);
			this.historyTable[i] = Math.min(HISTORY_MAX, this.historyTable[i] + depth * depth);
		}
	}

	/** PV at `ply` = move followed by the PV of the child. */
	private updatePv(ply: number, move: Move): void {
		const row = ply * MAX_PLY;
		const childRow = (ply + 1) * MAX_PLY;
		this.pvTable[row] = move;
		const childLength = this.pvLength[ply + 1];
		for (let i = 0; i < childLength; i++) this.pvTable[row + 1 + i] = this.pvTable[childRow + i];
		this.pvLength[ply] = childLength + 1;
	}

	/**
	 * The PV completed from the table's moves (a line cut short by a table hit), each move
	 * checked legal, up to `depth` moves.
	 */
	private extendPv(pv: Move[], depth: number): Move[] {
		if (!this.options.tt || pv.length >= depth) return pv;
		const line = [...pv];
		for (let ply = 0; ply < line.length; ply++) this.makeChild(ply, (this.rootSide ^ ply) & 1, line[ply]);
		while (line.length < depth) {
			const ply = line.length;
			const side = (this.rootSide ^ ply) & 1;
			const move = this.probeMove(ply);
			if (move === NO_MOVE || move === PASS) break;
			const n = this.kernel.generate(
				this.words,
				ply * this.stride,
				side,
				this.moves,
				ply * MAX_NODE_MOVES,
				false,
			);
			let legal = false;
			for (let i = 0; i < n && !legal; i++) legal = this.moves[ply * MAX_NODE_MOVES + i] === move;
			if (!legal) break;
			this.makeChild(ply, side, move);
			line.push(move);
		}
		return line;
	}

	/** Looks at the stop flag, the clock, the node limit and the split points above. */
	protected checkStop(): void {
		this.publishNodes();
		if (Atomics.load(this.stopFlag, 0) !== 0 || this.nodes >= this.nodeLimit || this.splitCutoff()) {
			this.aborted = true;
			return;
		}
		if (performance.now() >= this.deadline) this.aborted = true;
	}

	private info(depth: number, score: number, pv: readonly Move[], now: number, multipv: number): SearchInfo {
		const timeMs = now - this.startTime;
		this.publishNodes();
		const nodes = this.totalNodes();
		const threadNodes = this.threadNodes();
		return {
			depth,
			seldepth: this.seldepth,
			score,
			nodes,
			nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0,
			timeMs: Math.round(timeMs),
			pv: [...pv],
			threads: threadNodes?.length ?? 1,
			threadNodes,
			hashfull: this.options.tt ? this.table.hashfull() : 0,
			multipv,
		};
	}
}
