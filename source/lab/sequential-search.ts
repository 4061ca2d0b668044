/**
 * Sequential fail-hard alpha-beta over synthetic trees, as the thesis searched them
 * (Manohararajah, 2001, Figure 4.3: minimax form, children generated and ordered at each inner
 * node, leaves return their pscore), with its node counts and its cost in the simulator's ticks.
 *
 * Nodes are every node visited, root and leaves included; that is how the thesis's Table 6.3
 * counts them (checked: all five rows match exactly at depth 6 over the 100 trees of tg_1).
 */

import { generateChildren, ROOT_PSCORE, type TreeShape } from './synthetic-tree.js';
import { TICKS } from './ticks.js';

/** What a sequential search of one or more trees counted. */
export interface SequentialCounts {
	/** Nodes visited (inner and leaves). */
	nodes: number;
	/** Inner nodes (children generated). */
	inner: number;
	/** Leaves evaluated. */
	leaves: number;
	/** Cost in simulator ticks (`ticks.ts`): what the simulator's one processor takes. */
	ticks: number;
}

/** Zero counts. */
export function emptyCounts(): SequentialCounts {
	return { nodes: 0, inner: 0, leaves: 0, ticks: 0 };
}

/**
 * Ticks of a sequential search that visited `inner` inner nodes and `leaves` leaves, one tree.
 * Per inner node: the search step that creates it, expand, one search step per child plus the
 * last one, return, and the parent's update; per leaf: the search step that creates it, eval,
 * return and the parent's update; the root has no parent (no creating step, no update).
 */
export function sequentialTicks(inner: number, leaves: number): number {
	const { search, expand, evaluate, ret, update } = TICKS;
	const nodes = inner + leaves;
	// Search steps: one per child created (nodes - 1) plus one closing step per inner node.
	return inner * (expand + ret) + leaves * (evaluate + ret) + search * (nodes - 1 + inner) + update * (nodes - 1);
}

/** A reusable searcher of synthetic trees of one shape and depth. */
export class SyntheticAlphaBeta {
	private readonly pscores: Int32Array;
	private readonly seeds: Int32Array;
	private nodes = 0;
	private inner = 0;

	constructor(
		readonly shape: TreeShape,
		readonly depth: number,
	) {
		this.pscores = new Int32Array(Math.max(1, depth) * shape.branching);
		this.seeds = new Int32Array(Math.max(1, depth) * shape.branching);
	}

	/**
	 * Searches the tree of root seed `seed` with the full window, adding its counts to `into`.
	 * @returns the minimax value of the root (a max node)
	 */
	search(seed: number, into: SequentialCounts): number {
		this.nodes = 0;
		this.inner = 0;
		const value = this.alphaBeta(0, seed, ROOT_PSCORE, true, -Infinity, Infinity);
		const leaves = this.nodes - this.inner;
		into.nodes += this.nodes;
		into.inner += this.inner;
		into.leaves += leaves;
		into.ticks += sequentialTicks(this.inner, leaves);
		return value;
	}

	/** Figure 4.3: minimax alpha-beta, fail-hard. */
	private alphaBeta(ply: number, seed: number, pscore: number, isMax: boolean, alpha: number, beta: number): number {
		this.nodes++;
		if (ply === this.depth) return pscore;
		this.inner++;
		const b = this.shape.branching;
		const at = ply * b;
		generateChildren(this.shape, seed, pscore, isMax, this.pscores, this.seeds, at);
		if (isMax) {
			let score = alpha;
			for (let i = 0; i < b; i++) {
				const value = this.alphaBeta(ply + 1, this.seeds[at + i], this.pscores[at + i], false, score, beta);
				if (value >= beta) return beta;
				if (value > score) score = value;
			}
			return score;
		}
		let score = beta;
		for (let i = 0; i < b; i++) {
			const value = this.alphaBeta(ply + 1, this.seeds[at + i], this.pscores[at + i], true, alpha, score);
			if (value <= alpha) return alpha;
			if (value < score) score = value;
		}
		return score;
	}
}

/** Sums the sequential counts of the trees of `seeds`. */
export function searchTrees(shape: TreeShape, depth: number, seeds: readonly number[]): SequentialCounts {
	const searcher = new SyntheticAlphaBeta(shape, depth);
	const counts = emptyCounts();
	for (const seed of seeds) searcher.search(seed, counts);
	return counts;
}
