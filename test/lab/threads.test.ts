import { afterAll, describe, expect, it } from 'vitest';
import { geometryOf } from '../../dist/game/geometry.js';
import { positionFromGrid } from '../../dist/game/position.js';
import { ALGORITHMS, type AlgorithmParams, DEFAULT_PARAMS } from '../../dist/lab/algorithms.js';
import { gameDomainOf, gameTree, networkFor, referenceOf } from '../../dist/lab/experiments.js';
import { CostlyLeaves } from '../../dist/lab/costly-leaves.js';
import { domainOf, type TreeSpec } from '../../dist/lab/lab-job.js';
import { referenceNegamax } from '../../dist/lab/reference-search.js';
import { TG1_SEEDS } from '../../dist/lab/seed-sets.js';
// Workers run compiled code: the pool and what it is given come from dist/ (npm test builds first).
import { LabPool } from '../../dist/lab/lab-pool.js';

const params: AlgorithmParams = { ...DEFAULT_PARAMS, network: networkFor({ branching: 32, wa: 79, wb: 5 }) };
const algorithms = ALGORITHMS.filter((a) => a !== 'neural' || params.network !== null);

const synthetic: TreeSpec[] = TG1_SEEDS.slice(0, 2).map((seed) => ({
	kind: 'synthetic',
	spec: { branching: 32, wa: 79, wb: 5, depth: 4, seed },
}));
const positions = [
	positionFromGrid(geometryOf(4, 4), ['B..R', '....', '....', 'B..R']),
	positionFromGrid(geometryOf(3, 5, [1, 3, 7, 11, 13]), ['BX.XR', 'B.X.R', 'BX.XR']),
	positionFromGrid(geometryOf(5, 5), ['B...R', '.B.R.', '..R..', '.....', 'B...R'], 1),
];
const games = positions.map((p) => gameTree(p, 3));

const pools: LabPool[] = [];
afterAll(async () => {
	await Promise.all(pools.map((p) => p.close()));
});

describe('the algorithms on real threads', () => {
	it('the game references are the exact minimax values', () => {
		positions.forEach((p, i) =>
			expect(referenceOf(games[i]).value).toBe(referenceNegamax(gameDomainOf(p, 3)).value),
		);
		// The values differ from tree to tree.
		expect(new Set(games.map((g) => referenceOf(g).value)).size).toBeGreaterThan(1);
	});

	for (const threads of [1, 2, 4])
		it(`every algorithm returns the sequential minimax value on ${threads} thread(s)`, async () => {
			const pool = new LabPool(threads);
			pools.push(pool);
			for (const tree of [...synthetic, ...games]) {
				const expected = referenceOf(tree);
				for (const algorithm of algorithms) {
					const run = await pool.run(algorithm, params, tree);
					expect({ algorithm, threads, value: run.value }).toEqual({
						algorithm,
						threads,
						value: expected.value,
					});
					expect(run.threadNodes).toHaveLength(threads);
					// One thread searches exactly the sequential tree (CABP and Lazy SMP order it otherwise).
					if (threads === 1 && algorithm !== 'cabp') expect(run.nodes).toBe(expected.nodes);
				}
				// CABP with subtrees below a grain searched by one thread alone; at the tree's depth, on
				// one thread, that is alpha-beta itself.
				const depth = tree.kind === 'synthetic' ? tree.spec.depth : tree.depth;
				for (const cabpGrain of [2, 3, depth]) {
					const run = await pool.run('cabp', { ...params, cabpGrain }, tree);
					expect({ cabpGrain, threads, value: run.value }).toEqual({
						cabpGrain,
						threads,
						value: expected.value,
					});
					if (threads === 1 && cabpGrain === depth) expect(run.nodes).toBe(expected.nodes);
				}
			}
		});

	it('with dearer leaves (--leaf-work) searches the same tree to the same value', async () => {
		const pool = new LabPool(2);
		pools.push(pool);
		const tree = synthetic[0];
		const dear = { ...tree, leafWork: 500 };
		// Each thread's domain is the tree's, wrapped: 500 rounds of work per evaluation.
		const domain = domainOf(dear);
		expect(domain).toBeInstanceOf(CostlyLeaves);
		expect((domain as CostlyLeaves).work).toBe(500);
		expect(domainOf(tree)).not.toBeInstanceOf(CostlyLeaves);
		const expected = referenceOf(tree);
		for (const algorithm of ['ybwc', 'cabp'] as const)
			expect((await pool.run(algorithm, params, dear)).value).toBe(expected.value);
	});
});
