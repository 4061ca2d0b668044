/**
 * A subtree searched by one processor alone: sequential fail-hard alpha-beta (Knuth and Moore, "An
 * analysis of alpha-beta pruning", Artificial Intelligence 6, 1975) from a child of a node of the
 * shared score tree, in a window the caller reads from that tree, over the processor's own scratch
 * memory. It is how a parallel search keeps its grain coarse: below some plies to go a node is not
 * shared but searched through by whoever took it, as parallel branch-and-bound codes stop splitting
 * near the leaves (the lab's work stealing does the same with `grain`; here for CABP's `cabpGrain`).
 *
 * The search goes one child of the subtree's root at a time (`begin`, then `step` until it returns
 * false), so that a simulated processor spends each child's ticks in a step of its own and the
 * window can narrow between them (`narrow`), as other processors raise the values above.
 */

import { type TreeDomain } from './tree-domain.js';

/** A reusable sequential searcher of subtrees of one domain (one per processor). */
export class SubtreeSearch {
	/** Inner nodes (expanded, with children) of the search so far, its root included. */
	inner = 0;
	/** Leaves of the search so far (at the domain's depth, or where the game is over). */
	leaves = 0;
	/** The root's value once `begin` or `step` has returned false, clamped to its window (fail-hard). */
	value = 0;
	/**
	 * If set, called before each child of the subtree's root but the first with the root's window
	 * in `window` ([alpha, beta]), to narrow it in place from what other processors have found.
	 */
	narrow: ((window: Int32Array) => void) | null = null;
	private readonly window = new Int32Array(2);
	/** Words per ply of the scratch memory: a state and a full list of child entries. */
	private readonly frame: number;
	/** One frame per ply, 0 to the depth. */
	private readonly mem: Int32Array;
	/** The root's ply, window, children and the next child to search. */
	private rootPly = 0;
	private alpha = 0;
	private beta = 0;
	private count = 0;
	private next = 0;

	constructor(readonly domain: TreeDomain) {
		this.frame = domain.stateWords + domain.maxChildren * domain.childWords;
		this.mem = new Int32Array((domain.depth + 1) * this.frame);
	}

	/**
	 * Starts the search of child `i` (at ply `ply + 1`, not a leaf) of the node at `ply` whose state
	 * is `source[s..]` and whose `count` child entries are at `source[c..]`, with the window (alpha,
	 * beta) from the child's view: builds the child and expands it (a finished game is evaluated at
	 * once). Resets `inner` and `leaves`; `step` goes on until `value` is the child's negamax value,
	 * clamped to [alpha, beta] (fail-hard).
	 * @returns true if children are left to search (`step`)
	 */
	begin(
		source: Int32Array,
		s: number,
		c: number,
		count: number,
		i: number,
		ply: number,
		alpha: number,
		beta: number,
	): boolean {
		const domain = this.domain;
		const mem = this.mem;
		const at = ply * this.frame;
		// The parent's state and entries into this processor's frame for its ply, then the child below.
		mem.set(source.subarray(s, s + domain.stateWords), at);
		const entries = at + domain.stateWords;
		mem.set(source.subarray(c, c + count * domain.childWords), entries);
		domain.child(mem, at, entries, i, at + this.frame, ply);
		this.inner = 0;
		this.leaves = 0;
		this.rootPly = ply + 1;
		this.alpha = alpha;
		this.beta = beta;
		this.next = 0;
		const r = this.rootPly * this.frame;
		this.count = domain.expand(mem, r, r + domain.stateWords, this.rootPly);
		if (this.count === 0) {
			this.leaves = 1;
			this.value = clamp(domain.evaluate(mem, r, this.rootPly), alpha, beta);
			return false;
		}
		this.inner = 1;
		return true;
	}

	/**
	 * Searches the root's next child (after narrowing the window, if `narrow` is set).
	 * @returns true if children are left to search; false once `value` is the root's value
	 */
	step(): boolean {
		if (this.next > 0 && this.narrow !== null) {
			// A narrower window from outside: a shut one ends the search (its value no longer matters).
			const window = this.window;
			window[0] = this.alpha;
			window[1] = this.beta;
			this.narrow(window);
			if (window[0] > this.alpha) this.alpha = window[0];
			if (window[1] < this.beta) this.beta = window[1];
			if (this.alpha >= this.beta) return this.finish(this.beta);
		}
		const value = this.childValue(this.rootPly, this.next++, this.alpha, this.beta);
		if (value >= this.beta) return this.finish(this.beta);
		if (value > this.alpha) this.alpha = value;
		if (this.next === this.count) return this.finish(this.alpha);
		return true;
	}

	private finish(value: number): false {
		this.value = value;
		return false;
	}

	/** Child `i` of the node at `ply` (expanded in its frame), searched in (alpha, beta): its value negated. */
	private childValue(ply: number, i: number, alpha: number, beta: number): number {
		const domain = this.domain;
		const s = ply * this.frame;
		const c = s + domain.stateWords;
		if (ply + 1 === domain.depth) {
			this.leaves++;
			return -domain.leafValue(this.mem, s, c, i, ply);
		}
		domain.child(this.mem, s, c, i, s + this.frame, ply);
		return -this.alphaBeta(ply + 1, -beta, -alpha);
	}

	private alphaBeta(ply: number, alpha: number, beta: number): number {
		const domain = this.domain;
		const mem = this.mem;
		const s = ply * this.frame;
		const c = s + domain.stateWords;
		const count = domain.expand(mem, s, c, ply);
		if (count === 0) {
			this.leaves++;
			return clamp(domain.evaluate(mem, s, ply), alpha, beta);
		}
		this.inner++;
		for (let i = 0; i < count; i++) {
			const value = this.childValue(ply, i, alpha, beta);
			if (value >= beta) return beta;
			if (value > alpha) alpha = value;
		}
		return alpha;
	}
}

function clamp(value: number, alpha: number, beta: number): number {
	return value < alpha ? alpha : value > beta ? beta : value;
}
