import { describe, expect, it } from 'vitest';
import { SplitNetwork, type Pattern } from '../../source/lab/neural-network.js';
import { TRAINED_NETWORKS } from '../../source/lab/trained-networks.js';
import { trainedParentTypes, trainingPatterns } from '../../source/lab/training-data.js';
import { TG2_SEEDS } from '../../source/lab/seed-sets.js';
import { classifyTrees, classificationError } from '../../source/lab/node-classification.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';

describe('the split-point network', () => {
	it('training lowers the error on a pattern set, the same way every time (seeded weights)', () => {
		// Type 0 (score changed) for the first four children, 50 (cut-off) after; wait grows with the index.
		const patterns: Pattern[] = [];
		for (let i = 0; i < 8; i++)
			for (const pv of [0, 1]) patterns.push({ pv, parentType: 50, index: i, type: i < 4 ? 0 : 50, wait: i / 2 });
		const few = SplitNetwork.train(patterns, 8, 5);
		const many = SplitNetwork.train(patterns, 8, 3000);
		expect(many.weights.typeError).toBeLessThan(few.weights.typeError / 2);
		expect(many.weights.waitError).toBeLessThan(few.weights.waitError);
		expect(SplitNetwork.train(patterns, 8, 50).weights).toEqual(SplitNetwork.train(patterns, 8, 50).weights);
	});

	it('predicts what it was trained on', () => {
		const patterns: Pattern[] = [];
		for (let i = 0; i < 4; i++)
			patterns.push({ pv: 0, parentType: 100, index: i, type: i === 0 ? 0 : 50, wait: 1 });
		const net = SplitNetwork.train(patterns, 4, 4000);
		expect(net.predictType(false, 100, 0)).toBeLessThan(25);
		expect(net.predictType(false, 100, 3)).toBeGreaterThan(35);
		expect(net.predictWait(false, 100, 2)).toBeCloseTo(1, 0);
	});

	it('training patterns: one per visited parent-child pair of addresses, the root line marked pv', () => {
		const patterns = trainingPatterns({ branching: 4, wa: 69, wb: 19 }, 3, TG2_SEEDS.slice(0, 10));
		expect(patterns.length).toBeGreaterThan(4);
		expect(patterns.length).toBeLessThanOrEqual(4 + 16);
		// The first-line parents: the root and its first child.
		expect(patterns.filter((p) => p.pv === 1)).toHaveLength(8);
		for (const p of patterns) {
			expect(p.type).toBeGreaterThanOrEqual(0);
			expect(p.type).toBeLessThanOrEqual(100);
			expect(p.wait).toBeLessThanOrEqual(4);
		}
	});

	it('the trained networks load, one per ordering of the thesis', () => {
		expect(Object.keys(TRAINED_NETWORKS).sort()).toEqual(['20,69,19', '32,0,0', '32,33,33', '32,66,66', '32,79,5']);
		const net = new SplitNetwork(TRAINED_NETWORKS['20,69,19']);
		expect(net.weights.typeError).toBeLessThan(55);
	});

	it('scheme A on 5 trees: every inner node off the first line is classified once', () => {
		const shape = { branching: 8, wa: 69, wb: 19 };
		const r = classifyTrees(shape, 5, TG1_SEEDS.slice(0, 5), { dtsCutLimit: 1 });
		const total = (c: typeof r.ybwc) => c.trueCut + c.falseCut + c.trueAll + c.falseAll;
		expect(total(r.ybwc)).toBe(total(r.dts));
		expect(classificationError(r.ybwc)).toBe(r.ybwc.falseCut + r.ybwc.falseAll);
	});

	it('training patterns: the parent types off the first line, first-line parents left out', () => {
		const p = (pv: number, parentType: number): Pattern => ({ pv, parentType, index: 0, type: 50, wait: 1 });
		expect(trainedParentTypes([p(1, 0), p(0, 35.25), p(0, 100), p(0, 60)])).toEqual({ low: 35.25, high: 100 });
		expect(() => trainedParentTypes([p(1, 0)])).toThrow(RangeError);
	});

	it('scheme C on (32, 66, 66): most errors lie below parent types no training pattern has', () => {
		// The chain of predictions leaves the trained types (35.25 to 100 off the first line) at the
		// root's second child (type 29), and the network gives the nodes below types near 0 (N-ALL),
		// though nearly all of them cut off.
		const shape = { branching: 32, wa: 66, wb: 66 };
		const trained = trainedParentTypes(trainingPatterns(shape, 4, TG2_SEEDS));
		expect(trained.low).toBeCloseTo(35.25, 2);
		expect(trained.high).toBe(100);
		const network = new SplitNetwork(TRAINED_NETWORKS['32,66,66']);
		const options = { dtsCutLimit: 1, network, networkCutWidth: 20, networkTrainedTypes: trained };
		const seeds = TG1_SEEDS.slice(0, 3);
		const r = classifyTrees(shape, 6, seeds, options);
		// 14150 errors, 11663 of them below an untrained input, nearly all false ALL there; scheme A: 5694.
		expect(r.neural).toEqual({ trueCut: 153499, falseCut: 1768, trueAll: 12617, falseAll: 12382 });
		expect(r.neuralOutside).toEqual({ trueCut: 7652, falseCut: 139, trueAll: 3773, falseAll: 11524 });
		expect(classificationError(r.ybwc)).toBe(5694);
		// The counts of scheme C itself do not depend on the range being given.
		expect(classifyTrees(shape, 6, seeds, { ...options, networkTrainedTypes: undefined }).neural).toEqual(r.neural);
		// Clamped into the trained types, the inputs keep the network off its extrapolation: 3950 errors.
		const clamped = classifyTrees(shape, 6, seeds, { ...options, clampNetworkInputs: true });
		expect(classificationError(clamped.neural!)).toBe(3950);
		// With every type trained, nothing lies outside.
		const all = classifyTrees(shape, 6, seeds, { ...options, networkTrainedTypes: { low: 0, high: 100 } });
		expect(all.neuralOutside).toEqual({ trueCut: 0, falseCut: 0, trueAll: 0, falseAll: 0 });
		expect(all.neural).toEqual(r.neural);
	});
});
