/**
 * A tree domain whose evaluations cost more: each `leafValue` and `evaluate` of the wrapped
 * domain is followed by `work` rounds of a 32-bit xorshift (Marsaglia, "Xorshift RNGs", Journal of
 * Statistical Software 8(14), 2003), a stand-in for a game engine's evaluation. The lab's own leaves
 * cost a few nanoseconds, an engine's from a tenth of a microsecond to several: the dearer the
 * leaves, the smaller the share of a parallel search's time its synchronisation takes. Values,
 * children and keys are the wrapped domain's.
 */

import { type TreeDomain } from './tree-domain.js';

/** A domain whose leaf evaluations each run `work` rounds of busy work more (`lab parallel --leaf-work`). */
export class CostlyLeaves implements TreeDomain {
	readonly depth: number;
	readonly stateWords: number;
	readonly childWords: number;
	readonly maxChildren: number;
	/** The busy work's last value (kept, so that the compiler cannot drop the work). */
	sink = 1;

	/**
	 * @param inner the domain searched
	 * @param work rounds of xorshift per evaluation (an integer, at least 1)
	 */
	constructor(
		private readonly inner: TreeDomain,
		readonly work: number,
	) {
		this.depth = inner.depth;
		this.stateWords = inner.stateWords;
		this.childWords = inner.childWords;
		this.maxChildren = inner.maxChildren;
	}

	writeRoot(mem: Int32Array, at: number): void {
		this.inner.writeRoot(mem, at);
	}

	expand(mem: Int32Array, s: number, c: number, ply: number): number {
		return this.inner.expand(mem, s, c, ply);
	}

	child(mem: Int32Array, s: number, c: number, i: number, d: number, ply: number): void {
		this.inner.child(mem, s, c, i, d, ply);
	}

	evaluate(mem: Int32Array, s: number, ply: number): number {
		this.spend();
		return this.inner.evaluate(mem, s, ply);
	}

	leafValue(mem: Int32Array, s: number, c: number, i: number, ply: number): number {
		this.spend();
		return this.inner.leafValue(mem, s, c, i, ply);
	}

	keyLo(mem: Int32Array, s: number): number {
		return this.inner.keyLo(mem, s);
	}

	keyHi(mem: Int32Array, s: number): number {
		return this.inner.keyHi(mem, s);
	}

	private spend(): void {
		let x = this.sink; // never 0: a xorshift step maps a nonzero word to a nonzero word
		for (let i = 0; i < this.work; i++) {
			x ^= x << 13;
			x ^= x >>> 17;
			x ^= x << 5;
		}
		this.sink = x;
	}
}
