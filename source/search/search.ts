/**
 * The search driver: iterative deepening at the root over the tree search of `negamax.ts`, with
 * the enhancements surveyed by the course handout (Dumas, "Guerre des blobs", 2014), each
 * switchable through `SearchOptions`:
 *
 * - drivers at the root: full-window alpha-beta, PVS with aspiration windows (handout section
 *   Fenêtres), or MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth minimax
 *   algorithms", Artificial Intelligence 87, 1996; handout section MTD(f));
 * - multi-PV: the N best root moves, each with its score and line, and searchmoves;
 * - a transposition table shared with other threads (`transposition-table.ts`), move ordering
 *   (`move-ordering.ts`), the principal variation (`principal-variation.ts`);
 * - time (handout section Descente itérative et gestion du temps), as `time-manager.ts`
 *   decides: a fixed time per move is used to its end; with a clock the search stops after a
 *   depth past its optimum (scaled by the best move's stability). The hard limit stops the
 *   search (the clock and the shared stop flag are read every 1024 nodes). A stopped search
 *   answers with the best move of the last completed iteration, or of the stopped one where a
 *   move already beat it there: always a legal move.
 * - parallel search through the thread's split policy (`split-policy.ts`, `parallel/`).
 */

import { gameEnd } from '../game/game-over.js';
import { mergedMove } from '../game/legality.js';
import { type Move, NO_MOVE, PASS } from '../game/move.js';
import { emptyCount, type Position } from '../game/position.js';
import { capturesNothing } from './move-ordering.js';
import { LMP_ALL_MOVES, LMR_MOVES, lateMoveReduction, TreeSearch } from './negamax.js';
import { LATE_MOVE_PRUNED, MAX_NODE_MOVES } from './position-stack.js';
import { decodeDecisive, INFINITE_SCORE, MAX_PLY, SCALE, scoreToTable } from './score.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from './search-options.js';
import { SEQUENTIAL, type SplitPolicy } from './split-policy.js';
import { clockBudget, fixedBudget, TimeManager } from './time-manager.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './transposition-table.js';
import { type SearchInfo, type SearchLimits, type SearchResult } from './types.js';

export { MAX_NODE_MOVES };

/** Callbacks of a running search, run on the searching thread. */
export interface SearchListener {
	/** After each completed iteration (with multi-PV, once per line, best first). */
	onInfo?(info: SearchInfo): void;
}

/**
 * First aspiration half-width (score units: half a blob), doubled after each failure. In self-play
 * under Ataxx rules at 20,000 nodes per move half a blob beat one (+27.2 ± 23.9 Elo, 820 games)
 * and a quarter lost to half (-53.4 ± 47.9, 210 games).
 */
const ASPIRATION_DELTA = SCALE / 2;

/** One principal variation of a completed depth (multi-PV). */
interface RootLine {
	readonly move: Move;
	readonly score: number;
	readonly pv: Move[];
}

/** A reusable searcher: one thread's iterative deepening. Not re-entrant: one search at a time. */
export class Searcher {
	/** The tree search below the root (stack, ordering, PV, counters). */
	readonly tree: TreeSearch;
	/** Lazy SMP: this thread searches each iteration this many plies deeper (helpers diverge). */
	depthOffset = 0;
	/** The table generation to use (threads of one search share it); null: a new one per search. */
	tableGeneration: number | null = null;

	private startTime = 0;
	private rootMoves: Move[] = [];
	/** True when the root's moves are a subset of the legal ones (searchmoves): its score is not the position's. */
	private rootRestricted = false;
	/**
	 * Whether the root reduces and prunes late moves: not when the moves were chosen (searchmoves)
	 * or several lines are wanted (multi-PV), where every root move's score is read.
	 */
	private rootSelective = true;
	/** The root moves that capture nothing (late-move pruning may skip them). */
	private rootQuiet = new Set<Move>();
	/** Root move that last raised alpha in the current iteration (NO_MOVE if none yet). */
	private iterationBest: Move = NO_MOVE;
	private iterationPv: Move[] = [];
	/** The clock's decisions for the search in progress (null: no time limit). */
	private timeManager: TimeManager | null = null;

	/**
	 * @param options enhancements to use (default: all of the full engine)
	 * @param stopFlag an `Int32Array` over a `SharedArrayBuffer` (another thread may set it), or a private one
	 * @param table a transposition table to use (shared between threads), or a new one of `options.hashMb`
	 * @param policy how this thread shares its work with others (default: it searches alone)
	 */
	constructor(
		options: Partial<SearchOptions> = {},
		stopFlag: Int32Array = new Int32Array(new SharedArrayBuffer(4)),
		table?: TranspositionTable,
		policy: SplitPolicy = SEQUENTIAL,
	) {
		const full = { ...DEFAULT_SEARCH_OPTIONS, ...options };
		this.tree = new TreeSearch(full, table ?? new TranspositionTable(full.hashMb), stopFlag, policy);
	}

	/** The options of the next searches. */
	get options(): SearchOptions {
		return this.tree.options;
	}

	set options(options: SearchOptions) {
		this.tree.options = options;
	}

	/** The transposition table (kept between searches; shared when given). */
	get table(): TranspositionTable {
		return this.tree.table;
	}

	/** Shared stop flag: a non-zero `stopFlag[0]` stops the search. */
	get stopFlag(): Int32Array {
		return this.tree.stopFlag;
	}

	/** Forgets everything learned: the table, killers, history and evaluation cache (a new game). */
	clear(): void {
		this.tree.table.clear();
		this.tree.ordering.clear();
		this.tree.evalCache.clear();
	}

	/**
	 * Searches `root` within `limits`. Runs synchronously on the calling thread.
	 * The stop flag is not cleared here: the owner clears it before starting a search.
	 * @returns the best move (NO_MOVE if the game is already over) with its score and PV
	 */
	search(root: Position, limits: SearchLimits, listener: SearchListener = {}): SearchResult {
		this.begin(root, limits, this.splitting);
		const timeManager = this.timeManager;
		const maxDepth = Math.min(limits.depth ?? MAX_PLY - 1, MAX_PLY - 1);

		const tree = this.tree;
		const stack = tree.stack;
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
		if (gameEnd(root, stack.variant, stack.halfMovesLeft) !== null) return none;
		const n = stack.kernel.generate(stack.words, 0, stack.rootSide, stack.moves, 0, false);
		if (n === 0 && stack.variant !== 'ataxx') return none;
		this.rootMoves = n === 0 ? [PASS] : this.orderedRootMoves(n, limits.searchMoves);
		this.rootRestricted = this.rootMoves.length < Math.max(1, n);
		const multiPv = Math.max(1, Math.min(Math.floor(limits.multiPv ?? 1), this.rootMoves.length));
		this.rootSelective = multiPv === 1 && !this.rootRestricted;

		let bestMove = this.rootMoves[0];
		let bestScore = 0;
		let bestPv: Move[] = [bestMove];
		let completedDepth = 0;
		let lastIterationMs = 0;
		/** The lines of the last completed depth, best first (multi-PV). */
		let lines: RootLine[] = [];
		/** The lines' scores of each completed depth: the aspiration windows' centres. */
		const scoresAt: number[][] = [];
		for (let depth = 1; depth <= maxDepth; depth++) {
			const iterationStart = performance.now();
			const searchDepth = Math.min(depth + this.depthOffset, MAX_PLY - 1);
			const found: RootLine[] = [];
			for (let line = 0; line < multiPv; line++) {
				this.iterationBest = NO_MOVE;
				const previous = lines[line]?.score ?? bestScore;
				// The centre of the aspiration windows: the score of this line two depths before, where
				// the leaves had the same side to move (a static score swings between odd and even
				// depths), else of the depth before.
				const centre = scoresAt[depth - 2]?.[line] ?? previous;
				const score = this.iterate(searchDepth, previous, centre, completedDepth > 0, line);
				if (tree.aborted) break;
				found.push({
					move: this.rootMoves[line],
					score: score || 0, // never -0
					pv: this.extendPv(this.iterationPv, depth),
				});
			}
			if (tree.aborted) {
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
			if (multiPv > 1) {
				// A selective search can score a later line above an earlier one (its moves were searched
				// with other windows and table entries): the lines are ranked by score, the root moves with
				// them, as Stockfish ranks its root moves after each line.
				lines.sort((a, b) => b.score - a.score);
				lines.forEach((l, i) => (this.rootMoves[i] = l.move));
			}
			bestMove = lines[0].move;
			bestScore = lines[0].score;
			bestPv = lines[0].pv;
			scoresAt[depth] = lines.map((l) => l.score);
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
		tree.policy.publishNodes(tree.nodes);
		if (bestPv[0] !== bestMove) bestPv = [bestMove];
		return {
			move: bestMove,
			score: bestScore,
			depth: Math.min(completedDepth + (completedDepth > 0 ? this.depthOffset : 0), MAX_PLY - 1),
			seldepth: tree.seldepth,
			nodes: tree.policy.totalNodes(tree.nodes),
			timeMs: performance.now() - this.startTime,
			pv: bestPv,
			stopped: tree.aborted,
		};
	}

	/**
	 * Sets up a search of `root` (the position stack, the limits, the counters, the table's
	 * generation) without searching; `search` and the helpers of a parallel search start here.
	 * @param splitting true if the thread's policy may split nodes
	 */
	begin(root: Position, limits: SearchLimits, splitting = false): void {
		const tree = this.tree;
		if (tree.stack.prepare(root, limits.variant ?? 'blobwar', limits.halfMovesLeft ?? Infinity))
			tree.ordering.resize(root.geometry);
		this.startTime = performance.now();
		const spentMs =
			limits.startedAt === undefined
				? 0
				: Math.max(0, performance.timeOrigin + this.startTime - limits.startedAt);
		const empty = emptyCount(root);
		this.timeManager = limits.clock
			? new TimeManager(clockBudget(limits.clock, empty, spentMs))
			: limits.timeMs !== undefined
				? new TimeManager(fixedBudget(limits.timeMs, spentMs, limits.inProcess))
				: null;
		tree.reset(this.startTime + (this.timeManager?.maximumMs ?? Infinity), limits.nodes ?? Infinity, splitting);
		if (this.tableGeneration === null) tree.table.newSearch();
		else tree.table.setAge(this.tableGeneration);
		tree.ordering.age();
	}

	/** True while this search's policy may split nodes. */
	private get splitting(): boolean {
		return this.tree.policy.splits;
	}
	/** Output of a split at the root. */
	private readonly split = { best: 0, bestMove: NO_MOVE as Move };

	/**
	 * The root moves, best first by the ordering heuristics (table move, gain); only those of
	 * `searchMoves` when it names any legal one (a clone may be named from any of its sources).
	 */
	private orderedRootMoves(n: number, searchMoves?: readonly Move[]): Move[] {
		const tree = this.tree;
		const stack = tree.stack;
		const keys = stack.orderKeys;
		tree.ordering.scoreMoves(stack, 0, stack.rootSide, n, tree.probeMove(0), tree.options);
		const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[b] - keys[a] || a - b);
		const quiet = order.filter((i) => capturesNothing(keys[i]));
		this.rootQuiet = new Set(quiet.map((i) => stack.moves[i]));
		const all = order.map((i) => stack.moves[i]);
		const g = stack.geometry;
		const wanted = searchMoves && g ? searchMoves.map((m) => mergedMove(g, m)) : searchMoves;
		const chosen = wanted ? all.filter((m) => wanted.includes(m)) : all;
		return chosen.length > 0 ? chosen : all;
	}

	/**
	 * One iteration of the chosen driver at `depth` over the root moves from index `first` on (the
	 * lines before it are already found: multi-PV); puts the best of them at `first`.
	 * @param previous the line's score at the depth before: MTD(f)'s first guess
	 * @param centre the centre of the aspiration windows (the line's score two depths before)
	 * @param havePrevious whether a depth was completed (else neither score is known)
	 */
	private iterate(depth: number, previous: number, centre: number, havePrevious: boolean, first: number): number {
		const { algorithm, aspiration } = this.tree.options;
		if (algorithm === 'mtdf') return this.mtdf(depth, havePrevious ? previous : 0, first);
		if (aspiration && havePrevious && depth >= 3) {
			let delta = ASPIRATION_DELTA;
			let alpha = Math.max(-INFINITE_SCORE, centre - delta);
			let beta = Math.min(INFINITE_SCORE, centre + delta);
			for (;;) {
				const score = this.searchRoot(depth, alpha, beta, first);
				if (this.tree.aborted) return score;
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
			if (this.tree.aborted) return g;
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
		const tree = this.tree;
		const side = tree.stack.rootSide;
		const pvs = tree.options.algorithm !== 'alphabeta';
		const moves = this.rootMoves;
		const originalAlpha = alpha;
		let best = -INFINITE_SCORE;
		let bestIndex = first;
		tree.pv.clear(0);
		for (let i = first; i < moves.length; i++) {
			const move = moves[i];
			if (
				i > first &&
				alpha < beta &&
				this.splitting &&
				tree.policy.canSplit(depth) &&
				this.splitRoot(depth, alpha, beta, best, moves[bestIndex], first, i)
			) {
				// The other root moves were shared with the idle threads.
				if (tree.aborted) break;
				if (this.split.best > best) {
					best = this.split.best;
					bestIndex = moves.indexOf(this.split.bestMove);
					if (best > alpha) {
						this.iterationBest = this.split.bestMove;
						this.iterationPv = [this.split.bestMove];
					}
				}
				break;
			}
			const reduction = this.rootLateMove(depth, i - first, move);
			if (reduction === LATE_MOVE_PRUNED) continue;
			// Reduced first with a null window, then in full (PVS: a null window first after the first move).
			const score = tree.searchMove(0, side, move, depth, alpha, beta, reduction, pvs && i > first);
			if (tree.aborted) break;
			if (score > best) {
				best = score;
				bestIndex = i;
				if (score > alpha) {
					alpha = score;
					tree.pv.update(0, move);
					this.iterationBest = move;
					this.iterationPv = tree.pv.line(0);
					if (alpha >= beta) break;
				}
			}
		}
		if (tree.aborted) return best;
		if (best <= originalAlpha) {
			// Failed low: every score is an upper bound; keep the order (the aspiration loop searches again).
			this.iterationPv = [moves[first]];
		} else if (bestIndex > first) {
			const [move] = moves.splice(bestIndex, 1);
			moves.splice(first, 0, move);
		}
		// A score over some of the moves only (a later line of multi-PV, searchmoves) is not the position's.
		if (tree.options.tt && first === 0 && !this.rootRestricted) {
			const bound = best <= originalAlpha ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
			tree.stack.tableKey(0);
			tree.table.store(
				tree.stack.keyLo,
				tree.stack.keyHi,
				bound === BOUND_UPPER ? NO_MOVE : moves[first],
				depth,
				bound,
				scoreToTable(best, 0),
			);
		}
		return best;
	}

	/**
	 * Late-move pruning and reductions at the root as below it (`TreeSearch.lateMove`), where the
	 * search is selective (`rootSelective`): quiet moves past the first 30 are skipped, late moves
	 * searched shallower first.
	 * @param late the move's index among the root moves searched in this pass (0 for the first)
	 * @returns `LATE_MOVE_PRUNED`, else the plies of the reduction (0: none)
	 */
	private rootLateMove(depth: number, late: number, move: Move): number {
		const options = this.tree.options;
		if (!options.selective || !this.rootSelective) return 0;
		if (options.lateMovePruning && late >= LMP_ALL_MOVES && this.rootQuiet.has(move)) return LATE_MOVE_PRUNED;
		if (options.lateMoveReductions && depth >= 2 && late >= LMR_MOVES) return lateMoveReduction(late);
		return 0;
	}

	/**
	 * Shares the root moves from index `from` on (in their order, each with its `rootLateMove`
	 * treatment) through `split`; `first` is the first root move of this pass.
	 */
	private splitRoot(
		depth: number,
		alpha: number,
		beta: number,
		best: number,
		bestMove: Move,
		first: number,
		from: number,
	): boolean {
		const moves = this.rootMoves;
		const stack = this.tree.stack;
		for (let i = from; i < moves.length; i++) {
			stack.moves[i] = moves[i];
			stack.reductions[i] = this.rootLateMove(depth, i - first, moves[i]);
		}
		return this.tree.policy.split(this.tree, 0, depth, alpha, beta, best, bestMove, from, moves.length, this.split);
	}

	/**
	 * The PV completed from the table's moves (a line cut short by a table hit), each move
	 * checked legal, up to `depth` moves.
	 */
	private extendPv(pv: Move[], depth: number): Move[] {
		const tree = this.tree;
		const stack = tree.stack;
		if (!tree.options.tt || pv.length >= depth) return pv;
		const line = [...pv];
		for (let ply = 0; ply < line.length; ply++) stack.makeChild(ply, (stack.rootSide ^ ply) & 1, line[ply]);
		while (line.length < depth) {
			const ply = line.length;
			const side = (stack.rootSide ^ ply) & 1;
			const move = tree.probeMove(ply);
			if (move === NO_MOVE || move === PASS) break;
			const n = stack.kernel.generate(
				stack.words,
				ply * stack.stride,
				side,
				stack.moves,
				ply * stack.moveStride,
				false,
			);
			let legal = false;
			for (let i = 0; i < n && !legal; i++) legal = stack.moves[ply * stack.moveStride + i] === move;
			if (!legal) break;
			stack.makeChild(ply, side, move);
			line.push(move);
		}
		return line;
	}

	private info(depth: number, score: number, pv: readonly Move[], now: number, multipv: number): SearchInfo {
		const timeMs = now - this.startTime;
		const tree = this.tree;
		tree.policy.publishNodes(tree.nodes);
		const nodes = tree.policy.totalNodes(tree.nodes);
		const threadNodes = tree.policy.threadNodes(tree.nodes);
		return {
			depth,
			seldepth: tree.seldepth,
			score,
			nodes,
			nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0,
			timeMs: Math.round(timeMs),
			pv: [...pv],
			threads: threadNodes?.length ?? 1,
			threadNodes,
			hashfull: tree.options.tt ? tree.table.hashfull() : 0,
			multipv,
		};
	}
}
