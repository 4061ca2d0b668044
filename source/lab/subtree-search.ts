/**
 * A subtree searched by one processor alone: sequential fail-hard alpha-beta (Knuth and Moore, "An
 * analysis of alpha-beta pruning", Artificial Intelligence 6, 1975) from a child of a node of the
 * shared score tree, in a window the caller reads from that tree, over the processor's own scratch
 * memory. It is how a parallel search keeps its grain coarse: below some plies to go a node is not
 * shared but searched through by whoever took it, as parallel branch-and-bound codes stop splitting
 * near the leaves (the lab's work stealing does the same with `grain`; here for CABP's `cabpGrain`).
 */

import { type TreeDomain } from './tree-domain.js';

/** A reusable sequential searcher of subtrees of one domain (one per processor). */
export class SubtreeSearch {
	/** Inner nodes (expanded, with children) of the last search, its root included. */
	inner = 0;
	/** Leaves of the last search (at the domain's depth, or where the game is over). */
	leaves = 0;
	/**
	 * If set, called at the subtree's root before each of its children with the root's window in
	 * `window` ([alpha, beta]), to narrow it in place from what other threads have found meanwhile.
	 */
	narrow: ((window: Int32Array) => void) | null = null;
	private readonly window = new Int32Array(2);
	/** Words per ply of the scratch memory: a state and a full list of child entries. */
	private readonly frame: number;
	/** One frame per ply, 0 to the depth. */
	private readonly mem: Int32Array;

	constructor(private readonly domain: TreeDomain) {
		this.frame = domain.stateWords + domain.maxChildren * domain.childWords;
		this.mem = new Int32Array((domain.depth + 1) * this.frame);
	}

	/**
	 * Searches child `i` (at ply `ply + 1`, not a leaf) of the node at `ply` whose state is
	 * `source[s..]` and whose `count` child entries are at `source[c..]`, with the window (alpha,
	 * beta) from the child's view. Sets `inner` and `leaves`.
	 * @returns the child's negamax value, clamped to [alpha, beta] (fail-hard)
	 */
	search(
		source: Int32Array,
		s: number,
		c: number,
		count: number,
		i: number,
		ply: number,
		alpha: number,
		beta: number,
	): number {
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
		return this.alphaBeta(ply + 1, alpha, beta, this.narrow !== null);
	}

	private alphaBeta(ply: number, alpha: number, beta: number, root: boolean): number {
		const domain = this.domain;
		const mem = this.mem;
		const s = ply * this.frame;
		const c = s + domain.stateWords;
		const count = domain.expand(mem, s, c, ply);
		if (count === 0) {
			this.leaves++;
			const value = domain.evaluate(mem, s, ply);
			return value < alpha ? alpha : value > beta ? beta : value;
		}
		this.inner++;
		for (let i = 0; i < count; i++) {
			if (root && i > 0) {
				// A narrower window from outside: a shut one ends the search (its value no longer matters).
				const window = this.window;
				window[0] = alpha;
				window[1] = beta;
				this.narrow!(window);
				if (window[0] > alpha) alpha = window[0];
				if (window[1] < beta) beta = window[1];
				if (alpha >= beta) return beta;
			}
			let value: number;
			if (ply + 1 === domain.depth) {
				this.leaves++;
				value = -domain.leafValue(mem, s, c, i, ply);
			} else {
				domain.child(mem, s, c, i, s + this.frame, ply);
				value = -this.alphaBeta(ply + 1, -beta, -alpha, false);
			}
			if (value >= beta) return beta;
			if (value > alpha) alpha = value;
		}
		return alpha;
	}
}
