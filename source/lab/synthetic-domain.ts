/**
 * Synthetic trees (`synthetic-tree.ts`) as a `TreeDomain`: a node's state is its seed, its pscore
 * and 1 if it maximises; a child entry is the child's pscore and seed, in search order.
 */

import { type TreeDomain } from './tree-domain.js';
import { generateChildren, ROOT_PSCORE, type SyntheticTreeSpec } from './synthetic-tree.js';

const SEED = 0;
const PSCORE = 1;
const MAX = 2;

/** A synthetic tree as a domain. */
export class SyntheticDomain implements TreeDomain {
	readonly stateWords = 3;
	readonly childWords = 2;
	readonly maxChildren: number;
	readonly depth: number;
	private readonly pscores: Int32Array;
	private readonly seeds: Int32Array;

	constructor(readonly spec: SyntheticTreeSpec) {
		this.depth = spec.depth;
		this.maxChildren = spec.branching;
		this.pscores = new Int32Array(spec.branching);
		this.seeds = new Int32Array(spec.branching);
	}

	writeRoot(mem: Int32Array, at: number): void {
		mem[at + SEED] = this.spec.seed;
		mem[at + PSCORE] = ROOT_PSCORE;
		mem[at + MAX] = 1;
	}

	expand(mem: Int32Array, s: number, c: number): number {
		const b = this.spec.branching;
		generateChildren(this.spec, mem[s + SEED], mem[s + PSCORE], mem[s + MAX] === 1, this.pscores, this.seeds, 0);
		for (let i = 0; i < b; i++) {
			mem[c + 2 * i] = this.pscores[i];
			mem[c + 2 * i + 1] = this.seeds[i];
		}
		return b;
	}

	child(mem: Int32Array, s: number, c: number, i: number, d: number): void {
		mem[d + SEED] = mem[c + 2 * i + 1];
		mem[d + PSCORE] = mem[c + 2 * i];
		mem[d + MAX] = mem[s + MAX] ^ 1;
	}

	evaluate(mem: Int32Array, s: number): number {
		return mem[s + MAX] === 1 ? mem[s + PSCORE] : -mem[s + PSCORE];
	}

	leafValue(mem: Int32Array, s: number, c: number, i: number): number {
		// The child maximises when the parent does not.
		return mem[s + MAX] === 1 ? -mem[c + 2 * i] : mem[c + 2 * i];
	}

	keyLo(mem: Int32Array, s: number): number {
		return mem[s + SEED];
	}

	keyHi(mem: Int32Array, s: number): number {
		return mem[s + PSCORE] ^ (mem[s + MAX] << 30);
	}
}
