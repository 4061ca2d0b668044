/**
 * The split policies of a parallel search (`split-policy.ts`): one per worker thread, sharing the
 * transposition table, the stop flag and node counters with the others (`shared-state.ts`).
 *
 * Lazy SMP (the default, `SharedCounters`): every thread runs the whole iterative deepening on the
 * same root and they share only the table and the node counters; helpers search one ply deeper on
 * odd thread indices, so that they diverge and fill the table ahead of the main thread; the move
 * played is chosen by a vote of the threads (`search-pool.ts`).
 *
 * Young Brothers Wait Concept (Feldmann, Monien, Mysliwietz and Vornberger, "Distributed game
 * tree search", 1989; Manohararajah, "Parallel alpha-beta search on shared memory
 * multiprocessors", 2001, section 3.4), with `YbwcPolicy`:
 *
 * - A node may be split only after its eldest child has been searched (and did not cut off;
 *   at an expected cut node, a null-window node, after two children), the root included: its
 *   remaining moves go into a split point in shared memory (`shared-state.ts`), best first,
 *   each with the late-move reduction or pruning the sequential search would give it there (as
 *   Stockfish's split points did, from the move count of each move: without them the threads
 *   searched a tree 1.9 to 2.3 times the sequential one's; docs/benchmarks.md).
 *   Nodes with less than `MIN_SPLIT_DEPTH` plies to go are not split.
 * - Idle threads join open split points and take the remaining moves one at a time through the
 *   split point's cursor; each searches its move (reduced first if it is a late one) with a null
 *   window around the split point's current alpha (PVS), searching again with the full window
 *   when the score falls inside it.
 * - A score at or above beta cuts the split point off: every thread working there (and, through
 *   their own split points, below) stops within a thousand nodes.
 * - The owner searches moves too, then waits until its helpers are done, helping meanwhile at
 *   split points deeper than its own (a "helpful master"); then it returns the node's result.
 */

import { type Move } from '../../game/move.js';
import { type Position } from '../../game/position.js';
import { LATE_MOVE_PRUNED } from '../position-stack.js';
import { type Searcher } from '../search.js';
import { type SplitHost, type SplitPolicy, type SplitResult } from '../split-policy.js';
import { type SearchLimits } from '../types.js';
import {
	CONTROL_ACTIVE,
	CONTROL_IDLE,
	CONTROL_STOP,
	CONTROL_WORK,
	lock,
	type SharedState,
	SP_ACTIVE,
	SP_ALPHA,
	SP_BEST,
	SP_BEST_MOVE,
	SP_BETA,
	SP_BLUE,
	SP_CLOCK,
	SP_CLOSING,
	SP_CURSOR,
	SP_CUTOFF,
	SP_DEPTH,
	SP_FREE,
	SP_KEY_HI,
	SP_KEY_LO,
	SP_MAX_MOVES,
	SP_MOVE_COUNT,
	SP_MOVES_AT,
	SP_OPEN,
	SP_OWNER,
	SP_PLY,
	SP_RED,
	SP_REDUCTIONS_AT,
	SP_SIDE,
	SP_STATE,
	SP_TAKEN,
	SP_WORDS,
	SP_WORDS_AT,
	SPLIT_POINTS,
	unlock,
} from './shared-state.js';

/** Shallowest remaining depth at which a node is split (shallower subtrees are not worth sharing). */
export const MIN_SPLIT_DEPTH = 2;
/** Loads of the work sequence an idle thread spins through before it sleeps. */
const IDLE_SPINS = 20_000;
/** Most split points one thread works under at once. */
const MAX_JOINED = 16;

/**
 * Lazy SMP's policy: no splits; this thread's node count is published in the shared counters,
 * and the search's total is the sum over the threads.
 */
export class SharedCounters implements SplitPolicy {
	readonly splits: boolean = false;
	protected readonly control: Int32Array;
	private readonly counters: Float64Array;
	protected readonly threads: number;

	/**
	 * @param state the buffers shared by the threads (`createSharedState`)
	 * @param threadIndex this thread's index, 0 for the main thread
	 */
	constructor(
		state: SharedState,
		readonly threadIndex: number,
	) {
		this.control = new Int32Array(state.control);
		this.counters = new Float64Array(state.counters);
		this.threads = state.threads;
	}

	canSplit(_depth: number): boolean {
		return false;
	}

	split(
		_host: SplitHost,
		_ply: number,
		_depth: number,
		_alpha: number,
		_beta: number,
		_best: number,
		_bestMove: Move,
		_from: number,
		_end: number,
		_out: SplitResult,
	): boolean {
		return false;
	}

	cutoff(): boolean {
		return false;
	}

	limitReached(): void {
		Atomics.store(this.control, CONTROL_STOP, 1);
	}

	publishNodes(nodes: number): void {
		this.counters[this.threadIndex] = nodes;
	}

	totalNodes(nodes: number): number {
		let total = 0;
		for (let i = 0; i < this.threads; i++) total += i === this.threadIndex ? nodes : this.counters[i];
		return total;
	}

	threadNodes(nodes: number): number[] {
		return Array.from({ length: this.threads }, (_, i) => (i === this.threadIndex ? nodes : this.counters[i]));
	}
}

/** YBWC's policy: shares the remaining moves of nodes with idle threads through split points. */
export class YbwcPolicy extends SharedCounters {
	override readonly splits: boolean = true;
	/** Smallest depth at which nodes are split. */
	minSplitDepth = MIN_SPLIT_DEPTH;
	private readonly sp: Int32Array;
	/** Split points this thread works at, outermost first. */
	private readonly joined: number[] = [];

	constructor(state: SharedState, threadIndex: number) {
		super(state, threadIndex);
		this.sp = new Int32Array(state.splitPoints);
	}

	/**
	 * A helper's whole part in a search of `root`: joins split points as they open, until the
	 * search ends (the control block's active word drops to 0) or is stopped.
	 */
	help(searcher: Searcher, root: Position, limits: SearchLimits): void {
		searcher.begin(root, { ...limits, timeMs: undefined, clock: undefined, nodes: undefined }, true);
		const host = searcher.tree;
		const control = this.control;
		while (Atomics.load(control, CONTROL_ACTIVE) === 1 && Atomics.load(control, CONTROL_STOP) === 0) {
			if (this.helpOnce(host, 0)) continue;
			const sequence = Atomics.load(control, CONTROL_WORK);
			Atomics.add(control, CONTROL_IDLE, 1);
			// Spin a little first: a split point opens within microseconds when another thread
			// is searching; sleeping on the futex would add its wake-up latency to each job.
			for (let spins = 0; spins < IDLE_SPINS && Atomics.load(control, CONTROL_WORK) === sequence; spins++);
			if (Atomics.load(control, CONTROL_WORK) === sequence && !this.openSplitPointExists(0))
				Atomics.wait(control, CONTROL_WORK, sequence, 5);
			Atomics.sub(control, CONTROL_IDLE, 1);
		}
		this.publishNodes(host.nodes);
	}

	override cutoff(): boolean {
		for (const base of this.joined) if (Atomics.load(this.sp, base + SP_CUTOFF) !== 0) return true;
		return false;
	}

	override canSplit(depth: number): boolean {
		return (
			depth >= this.minSplitDepth &&
			this.joined.length < MAX_JOINED &&
			Atomics.load(this.control, CONTROL_IDLE) > 0
		);
	}

	override split(
		host: SplitHost,
		ply: number,
		depth: number,
		alpha: number,
		beta: number,
		best: number,
		bestMove: Move,
		from: number,
		end: number,
		out: SplitResult,
	): boolean {
		const sp = this.sp;
		const base = this.takeSplitPoint();
		if (base < 0) return false;
		const stack = host.stack;

		// Step 1. Fill the split point: the node, the window, the remaining moves in order.
		const side = (stack.rootSide ^ ply) & 1;
		sp[base + SP_OWNER] = this.threadIndex;
		sp[base + SP_ACTIVE] = 0;
		sp[base + SP_CUTOFF] = 0;
		sp[base + SP_ALPHA] = alpha;
		sp[base + SP_BETA] = beta;
		sp[base + SP_BEST] = best;
		sp[base + SP_BEST_MOVE] = bestMove;
		sp[base + SP_DEPTH] = depth;
		sp[base + SP_PLY] = ply;
		sp[base + SP_SIDE] = side;
		sp[base + SP_CLOCK] = stack.clocks[ply];
		sp[base + SP_BLUE] = stack.counts[2 * ply];
		sp[base + SP_RED] = stack.counts[2 * ply + 1];
		sp[base + SP_KEY_LO] = stack.keys[2 * ply];
		sp[base + SP_KEY_HI] = stack.keys[2 * ply + 1];
		for (let w = 0; w < stack.stride; w++) sp[base + SP_WORDS_AT + w] = stack.words[ply * stack.stride + w];
		const count = Math.min(end - from, SP_MAX_MOVES);
		for (let j = 0; j < count; j++) {
			sp[base + SP_MOVES_AT + j] = stack.moves[from + j];
			sp[base + SP_REDUCTIONS_AT + j] = stack.reductions[from + j];
		}
		sp[base + SP_MOVE_COUNT] = count;
		sp[base + SP_CURSOR] = 0;
		Atomics.store(sp, base + SP_STATE, SP_OPEN);
		Atomics.add(this.control, CONTROL_WORK, 1);
		Atomics.notify(this.control, CONTROL_WORK);

		// Step 2. Search moves like any helper.
		this.workAt(host, base, false);
		const stopped = Atomics.load(this.control, CONTROL_STOP) !== 0 || this.ancestorCutoff();
		if (host.aborted && !stopped) host.aborted = false; // only this node was cut off: it is done
		if (host.aborted) Atomics.store(sp, base + SP_CUTOFF, 1); // helpers below stop too

		// Step 3. Close it, and wait for the helpers, helping deeper meanwhile.
		lock(sp, base);
		Atomics.store(sp, base + SP_STATE, SP_CLOSING);
		unlock(sp, base);
		const savedAborted = host.aborted;
		while (Atomics.load(sp, base + SP_ACTIVE) > 0) {
			// The clock and node limit too (the main thread's): a helper's move can take longer than
			// the time left, and the search must end on time.
			if (!savedAborted) host.checkStop();
			if (Atomics.load(this.control, CONTROL_STOP) !== 0 || this.ancestorCutoff())
				Atomics.store(sp, base + SP_CUTOFF, 1);
			else if (!savedAborted && this.helpOnce(host, ply + 1)) continue;
			Atomics.add(this.control, CONTROL_IDLE, 1);
			const sequence = Atomics.load(this.control, CONTROL_WORK);
			const active = Atomics.load(sp, base + SP_ACTIVE);
			// Spin first (a helper leaves, or a deeper split point opens, within microseconds), then sleep.
			for (
				let spins = 0;
				spins < IDLE_SPINS &&
				Atomics.load(sp, base + SP_ACTIVE) === active &&
				Atomics.load(this.control, CONTROL_WORK) === sequence;
				spins++
			);
			if (
				Atomics.load(sp, base + SP_ACTIVE) === active &&
				active > 0 &&
				Atomics.load(this.control, CONTROL_WORK) === sequence
			)
				Atomics.wait(sp, base + SP_ACTIVE, active, 1);
			Atomics.sub(this.control, CONTROL_IDLE, 1);
		}
		host.aborted = savedAborted || Atomics.load(this.control, CONTROL_STOP) !== 0 || this.ancestorCutoff();
		out.best = sp[base + SP_BEST];
		out.bestMove = sp[base + SP_BEST_MOVE];
		Atomics.store(sp, base + SP_STATE, SP_FREE);
		return true;
	}

	/** A free split point, now taken; -1 if none. */
	private takeSplitPoint(): number {
		for (let i = 0; i < SPLIT_POINTS; i++) {
			const base = i * SP_WORDS;
			if (Atomics.compareExchange(this.sp, base + SP_STATE, SP_FREE, SP_TAKEN) === SP_FREE) return base;
		}
		return -1;
	}

	/** True if an open split point at ply >= minPly still has moves to give. */
	private openSplitPointExists(minPly: number): boolean {
		const sp = this.sp;
		for (let i = 0; i < SPLIT_POINTS; i++) {
			const base = i * SP_WORDS;
			if (
				Atomics.load(sp, base + SP_STATE) === SP_OPEN &&
				sp[base + SP_PLY] >= minPly &&
				Atomics.load(sp, base + SP_CURSOR) < sp[base + SP_MOVE_COUNT] &&
				Atomics.load(sp, base + SP_CUTOFF) === 0
			)
				return true;
		}
		return false;
	}

	/**
	 * Joins one open split point at ply >= minPly with moves left, if any, and works there.
	 * @returns true if it did some work
	 */
	private helpOnce(host: SplitHost, minPly: number): boolean {
		const sp = this.sp;
		for (let i = 0; i < SPLIT_POINTS; i++) {
			const base = i * SP_WORDS;
			if (Atomics.load(sp, base + SP_STATE) !== SP_OPEN || sp[base + SP_PLY] < minPly) continue;
			lock(sp, base);
			const joinable =
				sp[base + SP_STATE] === SP_OPEN &&
				sp[base + SP_CUTOFF] === 0 &&
				sp[base + SP_CURSOR] < sp[base + SP_MOVE_COUNT];
			if (joinable) sp[base + SP_ACTIVE]++;
			unlock(sp, base);
			if (!joinable) continue;
			this.workAt(host, base, true);
			if (Atomics.load(this.control, CONTROL_STOP) === 0 && !this.ancestorCutoff()) host.aborted = false;
			lock(sp, base);
			sp[base + SP_ACTIVE]--;
			unlock(sp, base);
			Atomics.notify(sp, base + SP_ACTIVE);
			return true;
		}
		return false;
	}

	/**
	 * Takes moves from the split point at `base` until none is left, it is cut off, or the search
	 * stops; records each score there.
	 * @param load true for a helper: copy the split point's position into this thread's stack first
	 */
	private workAt(host: SplitHost, base: number, load: boolean): void {
		const sp = this.sp;
		const ply = sp[base + SP_PLY];
		const side = sp[base + SP_SIDE];
		const depth = sp[base + SP_DEPTH];
		const beta = sp[base + SP_BETA];
		const count = sp[base + SP_MOVE_COUNT];
		if (load) {
			const stack = host.stack;
			for (let w = 0; w < stack.stride; w++) stack.words[ply * stack.stride + w] = sp[base + SP_WORDS_AT + w];
			stack.keys[2 * ply] = sp[base + SP_KEY_LO];
			stack.keys[2 * ply + 1] = sp[base + SP_KEY_HI];
			stack.counts[2 * ply] = sp[base + SP_BLUE];
			stack.counts[2 * ply + 1] = sp[base + SP_RED];
			stack.clocks[ply] = sp[base + SP_CLOCK];
		}
		this.joined.push(base);
		for (;;) {
			if (host.aborted || Atomics.load(sp, base + SP_CUTOFF) !== 0) break;
			const i = Atomics.add(sp, base + SP_CURSOR, 1);
			if (i >= count) break;
			const move = sp[base + SP_MOVES_AT + i];
			const reduction = sp[base + SP_REDUCTIONS_AT + i];
			// Left out by late-move pruning, as the sequential search would.
			if (reduction === LATE_MOVE_PRUNED) continue;
			const alpha = Atomics.load(sp, base + SP_ALPHA);
			if (alpha >= beta) break;
			const score = host.searchMove(ply, side, move, depth, alpha, beta, reduction, true);
			if (host.aborted) break;
			lock(sp, base);
			if (score > sp[base + SP_BEST]) {
				sp[base + SP_BEST] = score;
				sp[base + SP_BEST_MOVE] = move;
				if (score > sp[base + SP_ALPHA]) {
					sp[base + SP_ALPHA] = score;
					if (score >= beta) sp[base + SP_CUTOFF] = 1;
				}
			}
			unlock(sp, base);
		}
		this.joined.pop();
	}

	/** True if a split point this thread works under, other than the innermost, was cut off. */
	private ancestorCutoff(): boolean {
		for (const base of this.joined) if (Atomics.load(this.sp, base + SP_CUTOFF) !== 0) return true;
		return false;
	}
}
