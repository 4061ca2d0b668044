/**
 * The split-point predictor of the thesis's chapter 5 (Manohararajah, "Parallel Alpha-Beta Search
 * on Shared Memory Multiprocessors", 2001, section 5.4): a feed-forward network with 3 inputs,
 * 12 hidden sigmoid units and 2 sigmoid outputs, each layer with a bias unit, trained by
 * per-pattern back-propagation (Haykin, "Neural Networks: A Comprehensive Foundation", 1999;
 * the thesis's equations 5.2 to 5.9) with learning rate 0.1.
 *
 * Inputs, each scaled into [0.1, 0.9]: whether the parent is on the first line of the search (pv),
 * the parent's type value (0..100) and the child's index among its brothers. Outputs: the child's
 * type value (0..100; 50 is a node that cut off, 0 one whose score changed, 100 one whose score
 * never changed) and `wait`, the children to search before its score settles (0..branching).
 *
 * The network is small enough that writing the thesis's own equations is shorter and more exact
 * than adapting a library's training loop to them; weights start from a seeded Park-Miller stream.
 */

import { RANDOM_LIMIT, randomNext, randomSeed } from './park-miller.js';

/** Hidden units. */
export const HIDDEN = 12;
/** Inputs (pv, type, index). */
export const INPUTS = 3;
/** Outputs (type, wait). */
export const OUTPUTS = 2;

/** One training pattern, in the variables' own units. */
export interface Pattern {
	/** 1 if the parent is on the first line of the search. */
	readonly pv: number;
	/** The parent's type value, 0..100. */
	readonly parentType: number;
	/** The child's index among its brothers, 0-based. */
	readonly index: number;
	/** The child's type value, 0..100. */
	readonly type: number;
	/** The children searched at the child before its score settled, 0..branching. */
	readonly wait: number;
}

/** The weights of a trained network, as JSON. */
export interface NetworkWeights {
	/** Branching factor the inputs and `wait` are scaled with. */
	readonly branching: number;
	/** hidden[k] = [bias, w1, w2, w3] of hidden unit k. */
	readonly hidden: readonly (readonly number[])[];
	/** output[k] = [bias, w1..w12] of output unit k (0 type, 1 wait). */
	readonly output: readonly (readonly number[])[];
	/** Average squared errors (equation 5.10) after training, in the outputs' units. */
	readonly typeError: number;
	readonly waitError: number;
	/** Training iterations over all patterns. */
	readonly iterations: number;
	/** The seed of the initial weights' Park-Miller stream (1 where absent). */
	readonly seed?: number;
}

const sigmoid = (beta: number): number => 1 / (1 + Math.exp(-beta));
const scaleIn = (x: number, lo: number, hi: number): number => 0.1 + (0.8 * (x - lo)) / (hi - lo || 1);
const scaleOut = (y: number, lo: number, hi: number): number => lo + ((y - 0.1) / 0.8) * (hi - lo);

/** A network's forward pass over scaled inputs; fills `hiddenOut` and `out`. */
function forward(w: Float64Array, x: Float64Array, hiddenOut: Float64Array, out: Float64Array): void {
	for (let k = 0; k < HIDDEN; k++) {
		const base = k * (INPUTS + 1);
		let beta = w[base];
		for (let j = 0; j < INPUTS; j++) beta += w[base + 1 + j] * x[j];
		hiddenOut[k] = sigmoid(beta);
	}
	const o = HIDDEN * (INPUTS + 1);
	for (let k = 0; k < OUTPUTS; k++) {
		const base = o + k * (HIDDEN + 1);
		let beta = w[base];
		for (let j = 0; j < HIDDEN; j++) beta += w[base + 1 + j] * hiddenOut[j];
		out[k] = sigmoid(beta);
	}
}

const WEIGHT_COUNT = HIDDEN * (INPUTS + 1) + OUTPUTS * (HIDDEN + 1);

/** A trained split-point predictor. */
export class SplitNetwork {
	private readonly w: Float64Array;
	/** Predictions by (pv, parent type 0..100, index): type and wait, filled on first use. */
	private table: Float32Array | null = null;

	constructor(readonly weights: NetworkWeights) {
		this.w = new Float64Array(WEIGHT_COUNT);
		let i = 0;
		for (const unit of weights.hidden) for (const v of unit) this.w[i++] = v;
		for (const unit of weights.output) for (const v of unit) this.w[i++] = v;
		if (i !== WEIGHT_COUNT) throw new Error(`a split network has ${WEIGHT_COUNT} weights, got ${i}`);
	}

	/**
	 * Trains a network on `patterns` (the thesis: 10000 iterations, learning rate 0.1).
	 * @param seed seeds the initial weights (uniform in [-0.5, 0.5]), 1 to 2^31 - 2
	 */
	static train(
		patterns: readonly Pattern[],
		branching: number,
		iterations: number,
		learningRate = 0.1,
		seed = 1,
	): SplitNetwork {
		const w = new Float64Array(WEIGHT_COUNT);
		let state = randomSeed(seed);
		for (let i = 0; i < WEIGHT_COUNT; i++) {
			state = randomNext(state);
			w[i] = state / RANDOM_LIMIT - 0.5;
		}
		const n = patterns.length;
		const xs = new Float64Array(n * INPUTS);
		const ds = new Float64Array(n * OUTPUTS);
		patterns.forEach((p, i) => {
			xs[i * INPUTS] = scaleIn(p.pv, 0, 1);
			xs[i * INPUTS + 1] = scaleIn(p.parentType, 0, 100);
			xs[i * INPUTS + 2] = scaleIn(p.index, 0, branching - 1);
			ds[i * OUTPUTS] = scaleIn(p.type, 0, 100);
			ds[i * OUTPUTS + 1] = scaleIn(p.wait, 0, branching);
		});
		const x = new Float64Array(INPUTS);
		const h = new Float64Array(HIDDEN);
		const o = new Float64Array(OUTPUTS);
		const gamma = new Float64Array(OUTPUTS);
		const oBase = HIDDEN * (INPUTS + 1);
		for (let iteration = 0; iteration < iterations; iteration++) {
			for (let p = 0; p < n; p++) {
				for (let j = 0; j < INPUTS; j++) x[j] = xs[p * INPUTS + j];
				forward(w, x, h, o);
				// Equations 5.5 and 5.7: the output units' error terms.
				for (let k = 0; k < OUTPUTS; k++) {
					const e = ds[p * OUTPUTS + k] - o[k];
					gamma[k] = e * o[k] * (1 - o[k]);
				}
				// Equations 5.8 and 5.9: hidden units (with the output weights before their change).
				for (let k = 0; k < HIDDEN; k++) {
					let sum = 0;
					for (let j = 0; j < OUTPUTS; j++) sum += gamma[j] * w[oBase + j * (HIDDEN + 1) + 1 + k];
					const delta = h[k] * (1 - h[k]) * sum;
					const base = k * (INPUTS + 1);
					w[base] += learningRate * delta;
					for (let j = 0; j < INPUTS; j++) w[base + 1 + j] += learningRate * delta * x[j];
				}
				// Equation 5.6: output weights.
				for (let k = 0; k < OUTPUTS; k++) {
					const base = oBase + k * (HIDDEN + 1);
					w[base] += learningRate * gamma[k];
					for (let j = 0; j < HIDDEN; j++) w[base + 1 + j] += learningRate * gamma[k] * h[j];
				}
			}
		}
		// Equation 5.10 in the outputs' units.
		let typeError = 0;
		let waitError = 0;
		for (let p = 0; p < n; p++) {
			for (let j = 0; j < INPUTS; j++) x[j] = xs[p * INPUTS + j];
			forward(w, x, h, o);
			const dt = scaleOut(o[0], 0, 100) - patterns[p].type;
			const dw = scaleOut(o[1], 0, branching) - patterns[p].wait;
			typeError += (dt * dt) / 2;
			waitError += (dw * dw) / 2;
		}
		const hidden = Array.from({ length: HIDDEN }, (_, k) => Array.from(w.subarray(k * 4, k * 4 + 4)));
		const output = Array.from({ length: OUTPUTS }, (_, k) =>
			Array.from(w.subarray(oBase + k * (HIDDEN + 1), oBase + (k + 1) * (HIDDEN + 1))),
		);
		return new SplitNetwork({
			branching,
			hidden,
			output,
			typeError: n > 0 ? typeError / n : 0,
			waitError: n > 0 ? waitError / n : 0,
			iterations,
			seed,
		});
	}

	/**
	 * The predicted type value (0..100) and wait (children) of the child at `index` of a parent of
	 * type value `parentType` (rounded to an integer), `pv` if the parent is on the first line.
	 */
	predictType(pv: boolean, parentType: number, index: number): number {
		return this.lookup(pv, parentType, index, 0);
	}

	/** See `predictType`. */
	predictWait(pv: boolean, parentType: number, index: number): number {
		return this.lookup(pv, parentType, index, 1);
	}

	/**
	 * The wait of the first line, rounded to children: the one the network gives the first child of
	 * a first-line node of type value 0 (an N-PV node). Scheme C gives it to the root, which has no
	 * parent to give the network its inputs.
	 */
	firstLineWait(): number {
		return Math.round(this.predictWait(true, 0, 0));
	}

	private lookup(pv: boolean, parentType: number, index: number, output: number): number {
		const b = this.weights.branching;
		if (this.table === null) {
			const table = new Float32Array(2 * 101 * b * 2);
			const x = new Float64Array(INPUTS);
			const h = new Float64Array(HIDDEN);
			const o = new Float64Array(OUTPUTS);
			for (let p = 0; p < 2; p++)
				for (let t = 0; t <= 100; t++)
					for (let i = 0; i < b; i++) {
						x[0] = scaleIn(p, 0, 1);
						x[1] = scaleIn(t, 0, 100);
						x[2] = scaleIn(i, 0, b - 1);
						forward(this.w, x, h, o);
						const at = ((p * 101 + t) * b + i) * 2;
						table[at] = Math.min(100, Math.max(0, scaleOut(o[0], 0, 100)));
						table[at + 1] = Math.min(b, Math.max(0, scaleOut(o[1], 0, b)));
					}
			this.table = table;
		}
		const t = Math.min(100, Math.max(0, Math.round(parentType)));
		const i = Math.min(b - 1, index);
		return this.table[(((pv ? 1 : 0) * 101 + t) * b + i) * 2 + output];
	}
}
