import { describe, expect, it } from 'vitest';
import { networkFor } from '../../source/lab/experiments.js';
import { createStoreBuffers, NodeStore, R_FINI } from '../../source/lab/node-store.js';
import { Processor } from '../../source/lab/processor.js';
import { NeuralScheme } from '../../source/lab/split-schemes.js';
import { SyntheticDomain } from '../../source/lab/synthetic-domain.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';

describe('scheme C (the network) choosing split points', () => {
	it('shares the root only once its first child is searched, however early the network would share', () => {
		const shape = { branching: 20, wa: 69, wb: 19 };
		const domain = new SyntheticDomain({ ...shape, depth: 3, seed: TG1_SEEDS[0] });
		const store = new NodeStore(createStoreBuffers(domain, 64, false), domain, false);
		const root = store.reset();
		// m_C,a = -100: every node the network places is shared before any child is searched.
		const scheme = new NeuralScheme(shape.branching, -100, 0, 10);
		const proc = new Processor(0, store, { policy: scheme, network: networkFor(shape) });
		proc.start(root);
		const fini = () => store.mem[store.at(root) + R_FINI];
		let sharedBelow = false;
		while (fini() === 0) {
			const found = scheme.find(store);
			expect(found).not.toBe(root);
			if (found >= 0) sharedBelow = true;
			proc.step();
		}
		// The nodes below the root were offered at once; the root is offered now.
		expect(sharedBelow).toBe(true);
		expect(scheme.find(store)).toBe(root);
	});
});
