import { describe, expect, it } from 'vitest';
import {
	Cabp,
	cabpCapacity,
	CabpProcessor,
	createQueueBuffer,
	LOCK_CRITICAL_QUEUE,
	LOCK_NONCRITICAL_QUEUE,
} from '../../source/lab/cabp.js';
import { createStoreBuffers, NodeStore } from '../../source/lab/node-store.js';
import { LOCK_NONE } from '../../source/lab/processor.js';
import { referenceAlphaBeta } from '../../source/lab/reference-search.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';
import { SyntheticDomain } from '../../source/lab/synthetic-domain.js';

/** CABP (k = 2) on one simulated processor, the search begun. */
function oneProcessor(domain: SyntheticDomain) {
	const capacity = cabpCapacity(domain.maxChildren, domain.depth, 1);
	const store = new NodeStore(createStoreBuffers(domain, capacity, false), domain, false);
	const cabp = new Cabp(store, createQueueBuffer(capacity, domain.depth, false), 2);
	cabp.begin();
	const proc = new CabpProcessor(0, cabp);
	proc.start();
	return { store, cabp, proc };
}

describe('CABP', () => {
	it('takes a node under the lock of its queue: the critical one while it holds a node, else the other', () => {
		const domain = new SyntheticDomain({ branching: 6, wa: 66, wb: 33, depth: 4, seed: TG1_SEEDS[0] });
		const { store, cabp, proc } = oneProcessor(domain);
		const takes = { critical: 0, noncritical: 0, mismatched: 0 };
		let steps = 0;
		while (!cabp.ended() && steps++ < 100_000) {
			const lock = proc.lockNeeded();
			if (lock !== LOCK_NONE) {
				if (lock === LOCK_CRITICAL_QUEUE) takes.critical++;
				else if (lock === LOCK_NONCRITICAL_QUEUE) takes.noncritical++;
				if ((lock === LOCK_CRITICAL_QUEUE) !== cabp.criticalWaiting()) takes.mismatched++;
			}
			proc.step();
		}
		expect(cabp.ended()).toBe(true);
		expect(store.control[1]).toBe(referenceAlphaBeta(domain).value);
		expect(takes.mismatched).toBe(0);
		// The critical tree of Knuth and Moore: b^ceil(p/2) + b^floor(p/2) - 1 nodes at ply p (b = 6):
		// 6, 11, 41 and 71 below the root, each taken once from the critical queue.
		expect(takes.critical).toBe(6 + 11 + 41 + 71);
		expect(takes.noncritical).toBeGreaterThan(0);
	});
});

describe('CABP non-critical heap', () => {
	it('gives every record back: those of lists pruned in the heap when a take drops them', () => {
		const domain = new SyntheticDomain({ branching: 8, wa: 33, wb: 33, depth: 5, seed: TG1_SEEDS[1] });
		const { store, cabp, proc } = oneProcessor(domain);
		proc.run(() => {});
		expect(store.control[1]).toBe(referenceAlphaBeta(domain).value);
		// One processor: when the root's value is known every node is done, and the records still
		// in use are those of pruned lists left in the heap.
		const left = store.inUse();
		expect(left).toBeGreaterThan(0);
		expect(cabp.take(proc)).toBe(false);
		expect(store.inUse()).toBe(0);
	});
});
