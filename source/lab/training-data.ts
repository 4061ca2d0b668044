/**
 * Training patterns for the split-point network (Manohararajah, "Parallel Alpha-Beta Search on
 * Shared Memory Multiprocessors", 2001, section 5.3): sequential alpha-beta searches record, at
 * every inner node, its address (the child index taken at each ply), its type value t (50 if it
 * cut off, 0 if its score changed without a cut-off, 100 otherwise) and u (the 1-based index of
 * the child of its last score change or of its cut-off; 0 if none). t and u are averaged per
 * address over the trees; each parent address and child index then gives one pattern,
 * (pv, t_avg(parent), index) -> (t_avg(child), u_avg(child)). The thesis used the 200 trees of
 * tg_2 searched to depth 4.
 */

import { type Pattern } from './neural-network.js';
import { generateChildren, ROOT_PSCORE, type TreeShape } from './synthetic-tree.js';

/** Per-address sums of one ply. */
interface Level {
	readonly t: Float64Array;
	readonly u: Float64Array;
	readonly n: Int32Array;
}

/** Collects t and u per address over trees of one shape and depth. */
export class TrainingCollector {
	private readonly levels: Level[] = [];
	private readonly pscores: Int32Array;
	private readonly seeds: Int32Array;

	constructor(
		readonly shape: TreeShape,
		readonly depth: number,
	) {
		const b = shape.branching;
		for (let ply = 0; ply < depth; ply++) {
			const size = b ** ply;
			if (size > 1 << 22) throw new RangeError('training addresses: the tree is too wide or deep');
			this.levels.push({ t: new Float64Array(size), u: new Float64Array(size), n: new Int32Array(size) });
		}
		this.pscores = new Int32Array(depth * b);
		this.seeds = new Int32Array(depth * b);
	}

	/** Searches the tree of root seed `seed` and adds its nodes. */
	add(seed: number): void {
		this.search(0, 0, seed, ROOT_PSCORE, true, -Infinity, Infinity);
	}

	private search(
		ply: number,
		address: number,
		seed: number,
		pscore: number,
		isMax: boolean,
		alpha: number,
		beta: number,
	): number {
		if (ply === this.depth) return isMax ? pscore : -pscore;
		const b = this.shape.branching;
		const at = ply * b;
		generateChildren(this.shape, seed, pscore, isMax, this.pscores, this.seeds, at);
		let t = 100;
		let u = 0;
		for (let i = 0; i < b; i++) {
			const value = -this.search(
				ply + 1,
				address * b + i,
				this.seeds[at + i],
				this.pscores[at + i],
				!isMax,
				-beta,
				-alpha,
			);
			if (value >= beta) {
				t = 50;
				u = i + 1;
				alpha = beta;
				break;
			}
			if (value > alpha) {
				alpha = value;
				t = 0;
				u = i + 1;
			}
		}
		const level = this.levels[ply];
		level.t[address] += t;
		level.u[address] += u;
		level.n[address]++;
		return alpha;
	}

	/** The patterns of every visited parent-child pair of addresses. */
	patterns(): Pattern[] {
		const b = this.shape.branching;
		const out: Pattern[] = [];
		for (let ply = 0; ply + 1 < this.depth; ply++) {
			const parents = this.levels[ply];
			const children = this.levels[ply + 1];
			for (let a = 0; a < parents.n.length; a++) {
				if (parents.n[a] === 0) continue;
				const parentType = parents.t[a] / parents.n[a];
				for (let j = 0; j < b; j++) {
					const c = a * b + j;
					if (children.n[c] === 0) continue;
					out.push({
						pv: a === 0 ? 1 : 0,
						parentType,
						index: j,
						type: children.t[c] / children.n[c],
						wait: children.u[c] / children.n[c],
					});
				}
			}
		}
		return out;
	}
}

/** The patterns of the trees of `seeds`. */
export function trainingPatterns(shape: TreeShape, depth: number, seeds: readonly number[]): Pattern[] {
	const collector = new TrainingCollector(shape, depth);
	for (const seed of seeds) collector.add(seed);
	return collector.patterns();
}

/** A closed range of type values (0..100). */
export interface TypeRange {
	readonly low: number;
	readonly high: number;
}

/**
 * The parent type values of the patterns off the first line (pv 0), lowest and highest: the
 * inputs the network was trained on there. Patterns of a first-line parent all have its type, 0.
 * @throws RangeError if no pattern is off the first line
 */
export function trainedParentTypes(patterns: readonly Pattern[]): TypeRange {
	let low = Infinity;
	let high = -Infinity;
	for (const p of patterns) {
		if (p.pv !== 0) continue;
		low = Math.min(low, p.parentType);
		high = Math.max(high, p.parentType);
	}
	if (low > high) throw new RangeError('training patterns: none off the first line');
	return { low, high };
}
