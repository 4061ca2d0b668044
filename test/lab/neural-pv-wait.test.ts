import { describe, expect, it } from 'vitest';
import { networkFor } from '../../source/lab/experiments.js';
import { createStoreBuffers, NodeStore, R_INDEX, R_INUSE, R_NWAIT, R_PARENT } from '../../source/lab/node-store.js';
import { Processor } from '../../source/lab/processor.js';
import { NeuralScheme } from '../../source/lab/split-schemes.js';
import { SyntheticDomain } from '../../source/lab/synthetic-domain.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';
import { runNode } from '../cli/run.js';

const SHAPE = { branching: 32, wa: 66, wb: 66 };

/**
 * Searches a (32, 66, 66) tree with one processor of scheme C until the root's second child is
 * made: the wait (whole children) its record carries, with `offset` added to the network's waits
 * of the children of principal-variation nodes.
 */
function secondChildWait(offset: number | undefined): number {
	const domain = new SyntheticDomain({ ...SHAPE, depth: 3, seed: TG1_SEEDS[0] });
	const store = new NodeStore(createStoreBuffers(domain, 64, false), domain, false);
	const root = store.reset();
	const network = networkFor(SHAPE)!;
	const scheme = new NeuralScheme(SHAPE.branching, 0, 3, 10, network.firstLineWait());
	const proc = new Processor(0, store, { policy: scheme, network, pvWaitOffset: offset });
	proc.start(root);
	for (let steps = 0; steps < 100_000; steps++) {
		for (let r = 0; r < store.capacity; r++) {
			const at = store.at(r);
			if (
				store.mem[at + R_INUSE] === 1 &&
				r !== root &&
				store.mem[at + R_PARENT] === root &&
				store.mem[at + R_INDEX] === 1
			)
				return store.mem[at + R_NWAIT];
		}
		proc.step();
	}
	throw new Error('the root has no second child');
}

describe('scheme C: the offset of the waits of principal-variation nodes’ children (--neural-pv-wait-offset)', () => {
	it('rounds the network’s wait for the root’s second child after adding the offset', () => {
		// The (32, 66, 66) network waits 1.549 children there: 2 rounded, 1 once 0.05 lower.
		const raw = networkFor(SHAPE)!.predictWait(true, 0, 1);
		expect(raw).toBeGreaterThan(1.5);
		expect(raw).toBeLessThan(1.55);
		expect(secondChildWait(undefined)).toBe(2);
		expect(secondChildWait(0)).toBe(2);
		expect(secondChildWait(-0.05)).toBe(1);
		expect(secondChildWait(0.5)).toBe(2);
		expect(secondChildWait(-0.6)).toBe(1);
	});

	it('refuses an offset outside -1 to 1 with one line and exit code 2', async () => {
		const run = await runNode('cli.js', [
			'lab',
			'simulate',
			'--algorithm',
			'neural',
			'--neural-pv-wait-offset',
			'2',
		]);
		expect(run.code).toBe(2);
		expect(run.stderr.trim()).toBe(
			'blobterm: --neural-pv-wait-offset must be a number of children from -1 to 1, got "2"',
		);
	});
});
