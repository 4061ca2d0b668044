/**
 * A subtree searched by one processor alone: sequential fail-hard alpha-beta (Knuth and Moore, "An
 * analysis of alpha-beta pruning", Artificial Intelligence 6, 1975) from a child of a node of the
 * shared score tree, in a window the caller reads from that tree, over the processor's own scratch
 * memory. It is how a parallel search keeps its grain coarse: below some plies to go a node is not
 * shared but searched through by whoever took it, as parallel branch-and-bound codes stop splitting
 * near the leaves (the lab's work stealing does the same with `grain`; here for CABP's `cabpGrain`).
 *
 * The search goes one step at a time (`begin`, then `step` until it returns false): a step searches
 * one child of the deepest node open, a node with one ply to go whole (its children are leaves),
 * or expands a node with more plies to go, so that a simulated processor spends each piece's
 * ticks in a step of its own. Before each step but the first the window of the subtree's root
 * can narrow from outside (`narrow`), as other processors raise the values above; the narrower
 * window reaches every node open below it at once (each node's window is its own best so far
 * and bound, within its parent's negated), so that a value found elsewhere prunes inside the
 * subtree, not only between its root's children.
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
	 * If set, called before each step but the first with the subtree root's window in `window`
	 * ([alpha, beta]), to narrow it in place from what other processors have found.
	 */
	narrow: ((window: Int32Array) => void) | null = null;
	private readonly window = new Int32Array(2);
	/** Words per ply of the scratch memory: a state and a full list of child entries. */
	private readonly frame: number;
	/** One frame per ply, 0 to the depth. */
	private readonly mem: Int32Array;
	/** Per ply, for the nodes open from the subtree's root down: window, children, next child. */
	private readonly alphas: Int32Array;
	private readonly betas: Int32Array;
	private readonly counts: Int32Array;
	private readonly nexts: Int32Array;
	/** The root's ply, and the ply of the deepest node open. */
	private rootPly = 0;
	private top = 0;
	/** False until the first step (no narrowing before it). */
	private stepped = false;

	constructor(readonly domain: TreeDomain) {
		this.frame = domain.stateWords + domain.maxChildren * domain.childWords;
		this.mem = new Int32Array((domain.depth + 1) * this.frame);
		this.alphas = new Int32Array(domain.depth + 1);
		this.betas = new Int32Array(domain.depth + 1);
		this.counts = new Int32Array(domain.depth + 1);
		this.nexts = new Int32Array(domain.depth + 1);
	}

	/**
	 * Starts the search of child `i` (at ply `ply + 1`, not a leaf) of the node at `ply` whose state
	 * is `source[s..]` and whose `count` child entries are at `source[c..]`, with the window (alpha,
	 * beta) from the child's view: builds the child and expands it (a finished game is evaluated at
	 * once). Resets `inner` and `leaves`; `step` goes on until `value` is the child's negamax value,
	 * clamped to [alpha, beta] (fail-hard).
	 * @returns true if there is more to search (`step`)
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
		this.stepped = false;
		const r = this.rootPly * this.frame;
		const children = domain.expand(mem, r, r + domain.stateWords, this.rootPly);
		if (children === 0) {
			this.leaves = 1;
			this.value = clamp(domain.evaluate(mem, r, this.rootPly), alpha, beta);
			return false;
		}
		this.inner = 1;
		this.open(this.rootPly, children, alpha, beta);
		return true;
	}

	/**
	 * Narrows the window (if `narrow` is set, after the first step), then searches the next child
	 * of the deepest node open: a leaf, a node with one ply to go whole, or the expansion of a
	 * deeper one.
	 * @returns true if there is more to search; false once `value` is the root's value
	 */
	step(): boolean {
		const alphas = this.alphas;
		const betas = this.betas;
		if (this.stepped && this.narrow !== null) {
			// A narrower window from outside, passed down to every node open below the root.
			const window = this.window;
			const root = this.rootPly;
			window[0] = alphas[root];
			window[1] = betas[root];
			this.narrow(window);
			if (window[0] > alphas[root]) alphas[root] = window[0];
			if (window[1] < betas[root]) betas[root] = window[1];
			for (let p = root + 1; p <= this.top; p++) {
				if (-betas[p - 1] > alphas[p]) alphas[p] = -betas[p - 1];
				if (-alphas[p - 1] < betas[p]) betas[p] = -alphas[p - 1];
			}
		}
		this.stepped = true;
		const top = this.top;
		// A window shut (from outside, or by a value passed down): the node's value no longer matters.
		if (alphas[top] >= betas[top]) return this.settle(betas[top], true);
		const domain = this.domain;
		const mem = this.mem;
		const s = top * this.frame;
		const c = s + domain.stateWords;
		const i = this.nexts[top]++;
		if (top + 1 === domain.depth) {
			this.leaves++;
			return this.settle(-domain.leafValue(mem, s, c, i, top), false);
		}
		const t = s + this.frame;
		domain.child(mem, s, c, i, t, top);
		if (top + 2 === domain.depth) return this.settle(-this.alphaBeta(top + 1, -betas[top], -alphas[top]), false);
		const children = domain.expand(mem, t, t + domain.stateWords, top + 1);
		if (children === 0) {
			this.leaves++;
			return this.settle(-clamp(domain.evaluate(mem, t, top + 1), -betas[top], -alphas[top]), false);
		}
		this.inner++;
		this.open(top + 1, children, -betas[top], -alphas[top]);
		return true;
	}

	/** Opens the node at `ply` (expanded, `count` children) with the window (alpha, beta). */
	private open(ply: number, count: number, alpha: number, beta: number): void {
		this.top = ply;
		this.alphas[ply] = alpha;
		this.betas[ply] = beta;
		this.counts[ply] = count;
		this.nexts[ply] = 0;
	}

	/**
	 * Gives the deepest node open the value `value` of its child just searched (its own value,
	 * when `done`), and passes the values of the nodes this finishes up to their parents.
	 * @returns false once the root is finished (`value` set)
	 */
	private settle(value: number, done: boolean): boolean {
		const alphas = this.alphas;
		const betas = this.betas;
		let p = this.top;
		for (;;) {
			if (!done) {
				if (value >= betas[p]) value = betas[p];
				else {
					if (value > alphas[p]) alphas[p] = value;
					if (this.nexts[p] < this.counts[p]) break;
					value = alphas[p];
				}
			}
			// The node at p is finished with `value`.
			if (p === this.rootPly) {
				this.value = value;
				return false;
			}
			p--;
			value = -value;
			done = false;
		}
		this.top = p;
		return true;
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
			let value: number;
			if (ply + 1 === domain.depth) {
				this.leaves++;
				value = -domain.leafValue(mem, s, c, i, ply);
			} else {
				domain.child(mem, s, c, i, s + this.frame, ply);
				value = -this.alphaBeta(ply + 1, -beta, -alpha);
			}
			if (value >= beta) return beta;
			if (value > alpha) alpha = value;
		}
		return alpha;
	}
}

function clamp(value: number, alpha: number, beta: number): number {
	return value < alpha ? alpha : value > beta ? beta : value;
}
