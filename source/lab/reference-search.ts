/**
 * Plain recursive searches over any `TreeDomain`, the references the parallel algorithms are
 * checked against: negamax (every node) and fail-hard alpha-beta (Knuth and Moore, "An analysis
 * of alpha-beta pruning", 1975), both to the domain's depth.
 */

import { INF, type TreeDomain } from './tree-domain.js';

/** Scratch for a recursive search: one state and one child list per ply. */
class Stack {
	readonly mem: Int32Array;
	readonly frame: number;
	constructor(readonly domain: TreeDomain) {
		this.frame = domain.stateWords + domain.maxChildren * domain.childWords;
		this.mem = new Int32Array((domain.depth + 1) * this.frame);
		domain.writeRoot(this.mem, 0);
	}
}

/** Counts of a reference search. */
export interface ReferenceResult {
	readonly value: number;
	readonly nodes: number;
}

/** The negamax value of the domain's root by fail-hard alpha-beta with the full window, and its nodes. */
export function referenceAlphaBeta(domain: TreeDomain): ReferenceResult {
	const stack = new Stack(domain);
	let nodes = 1;
	const search = (ply: number, alpha: number, beta: number): number => {
		const { mem, frame } = stack;
		const s = ply * frame;
		const c = s + domain.stateWords;
		const count = domain.expand(mem, s, c, ply);
		if (count === 0) return Math.min(Math.max(domain.evaluate(mem, s, ply), alpha), beta);
		for (let i = 0; i < count; i++) {
			nodes++;
			let value: number;
			if (ply + 1 === domain.depth) value = -domain.leafValue(mem, s, c, i, ply);
			else {
				domain.child(mem, s, c, i, s + frame, ply);
				value = -search(ply + 1, -beta, -alpha);
			}
			if (value >= beta) return beta;
			if (value > alpha) alpha = value;
		}
		return alpha;
	};
	const value = domain.depth === 0 ? domain.evaluate(stack.mem, 0, 0) : search(0, -INF, INF);
	return { value, nodes };
}

/** The negamax value of the domain's root, every node visited (small trees only), and its nodes. */
export function referenceNegamax(domain: TreeDomain): ReferenceResult {
	const stack = new Stack(domain);
	let nodes = 1;
	const search = (ply: number): number => {
		const { mem, frame } = stack;
		const s = ply * frame;
		const c = s + domain.stateWords;
		const count = domain.expand(mem, s, c, ply);
		if (count === 0) return domain.evaluate(mem, s, ply);
		let best = -INF;
		for (let i = 0; i < count; i++) {
			nodes++;
			let value: number;
			if (ply + 1 === domain.depth) value = -domain.leafValue(mem, s, c, i, ply);
			else {
				domain.child(mem, s, c, i, s + frame, ply);
				value = -search(ply + 1);
			}
			if (value > best) best = value;
		}
		return best;
	};
	const value = domain.depth === 0 ? domain.evaluate(stack.mem, 0, 0) : search(0);
	return { value, nodes };
}
