import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulDivModulus, randomNext, randomSeed, RANDOM_LIMIT } from '../../source/lab/park-miller.js';
import { TG1_SEEDS, TG2_SEEDS } from '../../source/lab/seed-sets.js';
import { sequentialTicks, searchTrees } from '../../source/lab/sequential-search.js';
import { generateChildren, ROOT_PSCORE } from '../../source/lab/synthetic-tree.js';
import { TABLE_6_3 } from '../../source/lab/thesis-tables.js';

const M = BigInt(RANDOM_LIMIT);

describe('Park-Miller arithmetic without BigInt', () => {
	it('floor(a * b / (2^31 - 1)) equals the BigInt quotient (seeded property)', () => {
		const a = fc.integer({ min: 0, max: RANDOM_LIMIT - 1 });
		const b = fc.integer({ min: 1, max: 2 ** 31 });
		fc.assert(
			fc.property(a, b, (x, y) => BigInt(mulDivModulus(x, y)) === (BigInt(x) * BigInt(y)) / M),
			{ seed: 20011, numRuns: 20000 },
		);
	});

	it('is exact at the edges, where the float64 product is rounded', () => {
		for (const [x, y] of [
			[RANDOM_LIMIT - 1, 2 ** 31],
			[RANDOM_LIMIT - 1, RANDOM_LIMIT],
			[1, RANDOM_LIMIT],
			[RANDOM_LIMIT - 1, 1],
			[0, 2 ** 31],
			[1073741823, 2147483646],
		])
			expect(BigInt(mulDivModulus(x, y))).toBe((BigInt(x) * BigInt(y)) / M);
	});

	it('the generators step as (16807 s) mod m and (48271 s) mod m', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: RANDOM_LIMIT - 1 }), (s) => {
				return (
					BigInt(randomNext(s)) === (BigInt(s) * 48271n) % M &&
					BigInt(randomSeed(s)) === (BigInt(s) * 16807n) % M
				);
			}),
			{ seed: 7, numRuns: 20000 },
		);
	});
});

describe('seed sets (the thesis appendix A)', () => {
	it('tg_1 is Table A.1', () => {
		expect(TG1_SEEDS).toHaveLength(100);
		expect(TG1_SEEDS.slice(0, 3)).toEqual([1335380035, 380653449, 288732931]);
		expect(TG1_SEEDS[25]).toBe(869731965);
		expect(TG1_SEEDS[50]).toBe(2022461825);
		expect(TG1_SEEDS[99]).toBe(1275395093);
	});

	it('tg_2 is nine digits of pi at a time (Tables A.2 and A.3)', () => {
		expect(TG2_SEEDS).toHaveLength(200);
		expect(TG2_SEEDS.slice(0, 3)).toEqual([314159265, 358979323, 846264338]);
		expect(TG2_SEEDS[30]).toBe(45432664); // 045432664
		expect(TG2_SEEDS[199]).toBe(608578438);
	});
});

describe('exponentially ordered trees', () => {
	it('the first child of a fresh node keeps its pscore when wa = 100 and a max node orders best first', () => {
		const pscores = new Int32Array(8);
		const seeds = new Int32Array(8);
		generateChildren({ branching: 8, wa: 100, wb: 100 }, TG1_SEEDS[0], ROOT_PSCORE, true, pscores, seeds, 0);
		expect(pscores[0]).toBe(ROOT_PSCORE);
		for (let i = 1; i < 8; i++) expect(pscores[i]).toBeLessThanOrEqual(pscores[i - 1]);
		generateChildren({ branching: 8, wa: 100, wb: 100 }, TG1_SEEDS[1], 1000, false, pscores, seeds, 0);
		for (let i = 1; i < 8; i++) expect(pscores[i]).toBeGreaterThanOrEqual(pscores[i - 1]);
	});

	it('the same seed gives the same children, whatever else was generated before', () => {
		const shape = { branching: 32, wa: 33, wb: 33 };
		const a = new Int32Array(64);
		generateChildren(shape, 123456789, ROOT_PSCORE, true, a, a, 0);
		const p1 = new Int32Array(32);
		const s1 = new Int32Array(32);
		generateChildren(shape, 123456789, ROOT_PSCORE, true, p1, s1, 0);
		const p2 = new Int32Array(32);
		const s2 = new Int32Array(32);
		generateChildren(shape, 987654321, ROOT_PSCORE, false, p2, s2, 0);
		generateChildren(shape, 123456789, ROOT_PSCORE, true, p2, s2, 0);
		expect(Array.from(p2)).toEqual(Array.from(p1));
		expect(Array.from(s2)).toEqual(Array.from(s1));
	});

	it(
		"reproduces Table 6.3's row (20, 69, 19) exactly: 6034410 nodes over tg_1 at depth 6",
		{ timeout: 120_000 },
		() => {
			const counts = searchTrees({ branching: 20, wa: 69, wb: 19 }, 6, TG1_SEEDS);
			expect(counts.nodes).toBe(TABLE_6_3['20,69,19'].nodes);
			expect(counts.nodes).toBe(6034410);
			expect(counts.inner + counts.leaves).toBe(counts.nodes);
			// Our tick model: 7 per inner node, 11 per leaf, less 2 per tree (the root has no parent);
			// the thesis's PABSim counted 34 more per tree (its start-up, see docs/parallel.md).
			expect(counts.ticks).toBe(7 * counts.inner + 11 * counts.leaves - 2 * 100);
			expect(TABLE_6_3['20,69,19'].ticks - counts.ticks).toBe(3400);
		},
	);

	it('the tick model of one tree', () => {
		expect(sequentialTicks(1, 32)).toBe(7 + 11 * 32 - 2);
	});
});
