import { describe, expect, it } from 'vitest';
import { networkFor } from '../../source/lab/experiments.js';
import { createStoreBuffers, NodeStore, R_FINI } from '../../source/lab/node-store.js';
import { Processor } from '../../source/lab/processor.js';
import { NeuralScheme } from '../../source/lab/split-schemes.js';
import { SyntheticDomain } from '../../source/lab/synthetic-domain.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';

/** Runs one processor of scheme C over a (20, 69, 19) tree until it offers the root: its finished children then. */
function rootOffered(minAll: number, rootWait: number | null = null): { offeredAt: number; firstLineWait: number } {
	const shape = { branching: 20, wa: 69, wb: 19 };
	const domain = new SyntheticDomain({ ...shape, depth: 3, seed: TG1_SEEDS[0] });
	const store = new NodeStore(createStoreBuffers(domain, 64, false), domain, false);
	const root = store.reset();
	const network = networkFor(shape)!;
	const scheme = new NeuralScheme(shape.branching, minAll, 0, 10, network.firstLineWait(), rootWait);
	const proc = new Processor(0, store, { policy: scheme, network });
	proc.start(root);
	const fini = () => store.mem[store.at(root) + R_FINI];
	let sharedBelow = false;
	while (scheme.find(store, 1) !== root) {
		if (scheme.find(store, 1) >= 0) sharedBelow = true;
		proc.step();
	}
	// The nodes below the root were offered before it, whenever m_C,a let them.
	if (minAll < 0) expect(sharedBelow).toBe(true);
	return { offeredAt: fini(), firstLineWait: network.firstLineWait() };
}

describe('scheme C (the network) choosing split points', () => {
	it('shares the root only once its first child is searched, however early the network would share', () => {
		// m_C,a = -100: every node the network places is shared before any child is searched.
		expect(rootOffered(-100).offeredAt).toBe(1);
	});

	it('makes the root wait as long as the first line: its wait plus m_C,a', () => {
		// The (20, 69, 19) network waits 2.41 children on the first line.
		expect(rootOffered(0)).toEqual({ offeredAt: 2, firstLineWait: 2 });
		expect(rootOffered(1).offeredAt).toBe(3);
		expect(rootOffered(-1).offeredAt).toBe(1);
	});

	it('makes the root wait for the children it is told (--neural-root-wait, 0: none), whatever the first line', () => {
		expect(rootOffered(0, 3).offeredAt).toBe(3);
		expect(rootOffered(0, 1).offeredAt).toBe(1);
		expect(rootOffered(-1, 2).offeredAt).toBe(2);
		expect(rootOffered(0, 0).offeredAt).toBe(0);
		expect(() => rootOffered(0, -1)).toThrow(RangeError);
	});
});
