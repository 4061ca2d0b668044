import { describe, expect, it } from 'vitest';
import {
	ALGORITHMS,
	type AlgorithmParams,
	DEFAULT_PARAMS,
	heapNodes,
	processorOptions,
} from '../../source/lab/algorithms.js';
import { networkFor } from '../../source/lab/experiments.js';
import { referenceAlphaBeta, referenceNegamax } from '../../source/lab/reference-search.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';
import { emptyCounts, SyntheticAlphaBeta } from '../../source/lab/sequential-search.js';
import { runProcessors, type SimulatedProcessor, simulateAlgorithm } from '../../source/lab/simulator.js';
import { LOCK_NONE, Processor, S_EXIT } from '../../source/lab/processor.js';
import { createStoreBuffers, NodeStore } from '../../source/lab/node-store.js';
import { leftOf, SPLIT_TIE_RULES } from '../../source/lab/split-schemes.js';
import { TICKS } from '../../source/lab/ticks.js';
import { SyntheticDomain } from '../../source/lab/synthetic-domain.js';
import { gameDomainOf } from '../../source/lab/experiments.js';
import { geometryOf } from '../../source/game/geometry.js';
import { positionFromGrid } from '../../source/game/position.js';

const shape = { branching: 8, wa: 66, wb: 33 };
const depth = 5;
const seeds = TG1_SEEDS.slice(0, 4);
const params: AlgorithmParams = { ...DEFAULT_PARAMS, network: networkFor({ branching: 32, wa: 66, wb: 66 }) };
/** The algorithms the simulator runs on the shared tree, which reproduce the sequential search on one processor. */
const SHARED = ALGORITHMS.filter((a) => a !== 'cabp' && (a !== 'neural' || params.network !== null));

/** The synthetic tree of `seed` (the shape and depth above). */
function treeOf(seed: number): SyntheticDomain {
	return new SyntheticDomain({ ...shape, depth, seed });
}

function sequential(seed: number) {
	const counts = emptyCounts();
	const value = new SyntheticAlphaBeta(shape, depth).search(seed, counts);
	return { value, counts };
}

/**
 * YBWC on 16 processors of tree `seed` with `slower` in place of `base`: the same minimax
 * `value`, more ticks in all and more of them in the split state.
 */
function expectSlowerSplitting(slower: AlgorithmParams, seed: number, value: number, base = params): void {
	const before = simulateAlgorithm('ybwc', base, treeOf(seed), 16);
	const after = simulateAlgorithm('ybwc', slower, treeOf(seed), 16);
	expect({
		value: after.value,
		longer: after.ticks > before.ticks,
		moreSplit: after.splitTicks > before.splitTicks,
	}).toEqual({ value, longer: true, moreSplit: true });
}

/** Every shared-tree algorithm on one processor with `costly` in place of `params`: the sequential ticks exactly. */
function expectSequentialTicks(costly: AlgorithmParams, seed: number, ticks: number): void {
	for (const algorithm of SHARED)
		expect({ algorithm, ticks: simulateAlgorithm(algorithm, costly, treeOf(seed), 1).ticks }).toEqual({
			algorithm,
			ticks,
		});
}

/**
 * A cost of the global split-point search alone, `costly` in place of `base`, on the first two
 * trees: the sequential ticks on one processor, a slower split state on sixteen (the same value),
 * and nothing changed for work stealing and CABP, which do not use it.
 */
function expectSplitSearchCost(costly: AlgorithmParams, base = params): void {
	for (const seed of seeds.slice(0, 2)) {
		const { value, counts } = sequential(seed);
		expectSequentialTicks(costly, seed, counts.ticks);
		expectSlowerSplitting(costly, seed, value, base);
		for (const algorithm of ['stealing', 'cabp'] as const)
			expect(simulateAlgorithm(algorithm, costly, treeOf(seed), 16).ticks).toBe(
				simulateAlgorithm(algorithm, base, treeOf(seed), 16).ticks,
			);
	}
}

describe('the simulator', () => {
	it('on one processor reproduces the sequential node count and tick total, every shared-tree algorithm', () => {
		for (const seed of seeds) {
			const { value, counts } = sequential(seed);
			for (const algorithm of SHARED) {
				const r = simulateAlgorithm(algorithm, params, treeOf(seed), 1);
				expect({ algorithm, value: r.value, nodes: r.nodes, ticks: r.ticks }).toEqual({
					algorithm,
					value,
					nodes: counts.nodes,
					ticks: counts.ticks,
				});
			}
		}
	});

	it('every algorithm returns the sequential value on 1 to 64 processors', () => {
		for (const seed of seeds.slice(0, 2)) {
			const { value } = sequential(seed);
			for (const algorithm of [...SHARED, 'cabp' as const])
				for (const p of [1, 2, 3, 4, 8, 16, 64]) {
					const r = simulateAlgorithm(algorithm, params, treeOf(seed), p);
					expect({ algorithm, p, value: r.value }).toEqual({ algorithm, p, value });
				}
		}
	});

	it('reports the ticks of steps that run past the end of the search', () => {
		let ended = false;
		/** A processor whose one step takes `cost` ticks and ends the search if `ends`. */
		const oneStep = (cost: number, ends: boolean): SimulatedProcessor => ({
			state: 0,
			waiting: false,
			splitTicks: 0,
			lockNeeded: () => LOCK_NONE,
			step() {
				if (this.state === S_EXIT) return 0;
				this.state = S_EXIT;
				if (ends) ended = true;
				return cost;
			},
		});
		const overrun = new Float64Array(3);
		const procs = [oneStep(10, true), oneStep(100, false), oneStep(4, false)];
		const end = runProcessors(
			procs,
			() => ended,
			new Float64Array(1),
			new Float64Array(4),
			0,
			0,
			0,
			undefined,
			overrun,
		);
		expect({ end, overrun: [...overrun] }).toEqual({ end: 10, overrun: [0, 90, 0] });
	});

	it('CABP with a grain: alpha-beta on one processor at the full grain, the same value and P at most on more', () => {
		for (const seed of seeds.slice(0, 2)) {
			const { value, counts } = sequential(seed);
			// Every child of the root searched alone in the root's window, one after the other.
			const whole = simulateAlgorithm('cabp', { ...params, cabpGrain: depth }, treeOf(seed), 1);
			expect({ value: whole.value, nodes: whole.nodes }).toEqual({ value, nodes: counts.nodes });
			for (const cabpGrain of [2, 3])
				for (const p of [1, 2, 4, 16, 64]) {
					const r = simulateAlgorithm('cabp', { ...params, cabpGrain }, treeOf(seed), p);
					expect({
						cabpGrain,
						p,
						value: r.value,
						withinP: counts.ticks / r.ticks <= p,
						idle: r.idleTicks >= 0,
					}).toEqual({ cabpGrain, p, value, withinP: true, idle: true });
				}
		}
	});

	it('never exceeds a speedup of P, every algorithm but Lazy SMP (its table may cut the tree)', () => {
		for (const algorithm of ['pvsplit', 'epvs', 'ybwc', 'dts', 'neural', 'cabp', 'stealing'] as const)
			for (const p of [2, 4, 8, 16, 64]) {
				let t1 = 0;
				let tp = 0;
				for (const seed of seeds) {
					t1 += sequential(seed).counts.ticks;
					tp += simulateAlgorithm(algorithm, params, treeOf(seed), p).ticks;
				}
				expect({ algorithm, p, within: t1 / tp <= p, above1: t1 / tp > 1 }).toEqual({
					algorithm,
					p,
					within: true,
					above1: true,
				});
			}
	});

	it('lock delays: one processor visits the same nodes and pays them exactly; more find the same value', () => {
		const lockTicks = 4;
		const delayed = { ...params, lockTicks };
		for (const seed of seeds.slice(0, 2)) {
			const { value, counts } = sequential(seed);
			// One processor takes a lock in 2k + 2 steps at an inner node of k children searched (k + 1
			// searches, k updates, its return), and waits for its own release after each update and
			// before the return (k + 1 waits): 3 (k + 1) delays of lockTicks per inner node, k summing
			// to every node but the root. A leaf's 9 ticks outlast the release of its parent's lock.
			const extra = 3 * lockTicks * (counts.nodes - 1 + counts.inner);
			for (const algorithm of SHARED) {
				const r = simulateAlgorithm(algorithm, delayed, treeOf(seed), 1);
				expect({ algorithm, value: r.value, nodes: r.nodes, ticks: r.ticks }).toEqual({
					algorithm,
					value,
					nodes: counts.nodes,
					ticks: counts.ticks + extra,
				});
			}
			// One processor never looks for a split point: the split lock's delays alone cost nothing.
			const splitOnly = { ...params, splitLockTicks: lockTicks };
			const nodeOnly = { ...delayed, splitLockTicks: 0 };
			for (const algorithm of SHARED) {
				expect({
					algorithm,
					splitOnly: simulateAlgorithm(algorithm, splitOnly, treeOf(seed), 1).ticks,
					nodeOnly: simulateAlgorithm(algorithm, nodeOnly, treeOf(seed), 1).ticks,
				}).toEqual({ algorithm, splitOnly: counts.ticks, nodeOnly: counts.ticks + extra });
			}
			const plain = simulateAlgorithm('cabp', params, treeOf(seed), 1);
			const cabp = simulateAlgorithm('cabp', delayed, treeOf(seed), 1);
			expect({ nodes: cabp.nodes, value: cabp.value, grew: cabp.ticks > plain.ticks }).toEqual({
				nodes: counts.nodes,
				value,
				grew: true,
			});
			for (const algorithm of [...SHARED, 'cabp' as const]) {
				const before = simulateAlgorithm(algorithm, params, treeOf(seed), 4);
				const after = simulateAlgorithm(algorithm, delayed, treeOf(seed), 4);
				expect({ algorithm, value: after.value, grew: after.ticks > before.ticks }).toEqual({
					algorithm,
					value,
					grew: true,
				});
			}
			// Sixteen processors queue for the split lock: its delays alone lengthen the search and the
			// split state.
			expectSlowerSplitting(splitOnly, seed, value);
		}
	});

	it('split lock waiters: one processor pays nothing; processors queued for the lock slow its hand-over', () => {
		// One processor never waits for the split lock; sixteen queue for it and hand it over more slowly.
		expectSplitSearchCost({ ...params, splitLockWaiterTicks: 4 });
	});

	it('memory delays: one processor pays nothing; on sixteen the shared nodes move between caches', () => {
		const delayed = { ...params, memoryDelays: true };
		for (const seed of seeds.slice(0, 2)) {
			const { value, counts } = sequential(seed);
			// Every block a lone processor touches is its own, modified in its cache: the same ticks exactly.
			expectSequentialTicks(delayed, seed, counts.ticks);
			// Sixteen processors read the nodes others write (a scan for a split point, a shared node's
			// lock and counts): the search is longer, the split state too, the value the same.
			expectSlowerSplitting(delayed, seed, value);
		}
	});

	it("heap scans: a search for a split point costs PABSim's 2 p d nodes, on one processor nothing", () => {
		const heaps = { ...params, examineHeaps: true, examineTicks: 4 };
		// One idle processor of 16 looks for a split point before the root has a child searched:
		// nothing is valid. It reads the one record in use; with the heaps, it pays for 2 * 16 * 5.
		const firstSearch = (p: AlgorithmParams) => {
			const domain = treeOf(seeds[0]!);
			const store = new NodeStore(createStoreBuffers(domain, 64, false), domain, false);
			store.reset();
			const idle = new Processor(1, store, processorOptions('ybwc', p, store, 16, {}));
			idle.start(-1);
			return { cost: idle.step(), waiting: idle.waiting };
		};
		expect(heapNodes(16, depth)).toBe(160);
		expect(firstSearch({ ...params, examineTicks: 4 })).toEqual({ cost: TICKS.split + 4, waiting: true });
		expect(firstSearch(heaps)).toEqual({ cost: TICKS.split + 160 * 4, waiting: true });
		// A lone processor never looks for a split point; sixteen pay for every node of the heaps at
		// each search; work stealing searches deques, not the heaps, and CABP its queues.
		expectSplitSearchCost(heaps, { ...params, examineTicks: 4 });
	});

	it('split ties: leftOf orders two nodes of a ply by where their lines part, not by their own child index', () => {
		const domain = treeOf(seeds[0]!);
		const store = new NodeStore(createStoreBuffers(domain, 64, false), domain, false);
		const root = store.reset();
		const node = (parent: number, index: number, ply: number) => {
			const r = store.alloc();
			store.init(r, parent, index, ply, false);
			return r;
		};
		const a = node(root, 0, 1);
		const b = node(root, 2, 1);
		const underA = node(a, 5, 2);
		const underB = node(b, 1, 2);
		expect([leftOf(store, a, b), leftOf(store, b, a)]).toEqual([true, false]);
		expect([leftOf(store, underA, underB), leftOf(store, underB, underA)]).toEqual([true, false]);
	});

	it('split ties: every rule finds the sequential value; on one processor nothing changes; the rule matters', () => {
		const differs = new Set<string>();
		for (const seed of seeds) {
			const { value, counts } = sequential(seed);
			for (const algorithm of ['ybwc', 'dts'] as const) {
				const first = simulateAlgorithm(algorithm, params, treeOf(seed), 16);
				for (const splitTies of SPLIT_TIE_RULES) {
					const tied = { ...params, splitTies };
					const one = simulateAlgorithm(algorithm, tied, treeOf(seed), 1);
					expect({ nodes: one.nodes, ticks: one.ticks }).toEqual({
						nodes: counts.nodes,
						ticks: counts.ticks,
					});
					const r = simulateAlgorithm(algorithm, tied, treeOf(seed), 16);
					expect({ algorithm, splitTies, value: r.value }).toEqual({ algorithm, splitTies, value });
					if (splitTies === 'first') expect(r).toEqual(first);
					else if (r.nodes !== first.nodes) differs.add(`${algorithm} ${splitTies}`);
				}
			}
		}
		// Each other rule changes some search of YBWC's or DTS's on these trees.
		expect([...differs].map((d) => d.split(' ')[1]).sort()).toEqual(
			expect.arrayContaining(['last', 'left', 'right']),
		);
	});

	it('returns exact minimax values on Blob War positions (values vary, unlike synthetic roots)', () => {
		const boards = [
			positionFromGrid(geometryOf(4, 4), ['B..R', '....', '....', 'B..R']),
			positionFromGrid(geometryOf(3, 5, [1, 3, 7, 11, 13]), ['BX.XR', 'B.X.R', 'BX.XR']),
			positionFromGrid(geometryOf(4, 4), ['BRR.', 'RB..', '.R..', 'B..R'], 1),
		];
		for (const position of boards)
			for (const d of [2, 3]) {
				const exact = referenceNegamax(gameDomainOf(position, d)).value;
				expect(referenceAlphaBeta(gameDomainOf(position, d)).value).toBe(exact);
				for (const algorithm of [...SHARED, 'cabp' as const])
					for (const p of [1, 2, 4, 7]) {
						const r = simulateAlgorithm(algorithm, params, gameDomainOf(position, d), p);
						expect({ algorithm, p, d, value: r.value }).toEqual({ algorithm, p, d, value: exact });
					}
			}
	});
});
