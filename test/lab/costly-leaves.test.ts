import { describe, expect, it } from 'vitest';
import { CostlyLeaves } from '../../source/lab/costly-leaves.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';
import { SyntheticDomain } from '../../source/lab/synthetic-domain.js';
import { type TreeDomain } from '../../source/lab/tree-domain.js';

/** x after `rounds` of Marsaglia's 32-bit xorshift (13, 17, 5) from 1, one step at a time. */
function xorshift(rounds: number): number {
	let x = 1;
	for (let i = 0; i < rounds; i++) {
		x = (x ^ (x << 13)) | 0;
		x = (x ^ (x >>> 17)) | 0;
		x = (x ^ (x << 5)) | 0;
	}
	return x;
}

describe('costly leaves', () => {
	it("gives the wrapped domain's values, children and keys, after the rounds of work asked for", () => {
		const inner: TreeDomain = new SyntheticDomain({ branching: 4, wa: 50, wb: 50, depth: 2, seed: TG1_SEEDS[0] });
		const costly = new CostlyLeaves(inner, 7);
		const mem = new Int32Array(64);
		inner.writeRoot(mem, 0);
		const count = inner.expand(mem, 0, 8, 0);
		const copy = new Int32Array(64);
		costly.writeRoot(copy, 0);
		expect(costly.expand(copy, 0, 8, 0)).toBe(count);
		expect([...copy]).toEqual([...mem]);
		for (let i = 0; i < count; i++)
			expect(costly.leafValue(mem, 0, 8, i, 0)).toBe(inner.leafValue(mem, 0, 8, i, 0));
		expect(costly.evaluate(mem, 0, 0)).toBe(inner.evaluate(mem, 0, 0));
		expect(costly.keyLo(mem, 0)).toBe(inner.keyLo(mem, 0));
		// count + 1 evaluations, 7 rounds each, from the sink's first value 1.
		expect(costly.sink).toBe(xorshift(7 * (count + 1)));
	});
});
