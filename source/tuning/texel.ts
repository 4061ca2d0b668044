/**
 * Texel tuning (Peter Österlund, "Texel's Tuning Method", Chess Programming Wiki, 2014): the
 * weights of the evaluation are those that best predict the results of games from their
 * positions. The evaluation `e` of a position (centiblobs, side to move's view) is mapped to an
 * expected score by the logistic function
 *
 *   σ(e) = 1 / (1 + 10^(-K e / 400))
 *
 * and the fit minimises the mean squared error `E = 1/N Σ (R_i - σ(e_i))²` over N positions
 * with results R_i (1 won, 0.5 drawn, 0 lost for the side to move). First the scaling constant K
 * is fitted with the starting weights, then the weights with K fixed.
 *
 * `E` is a nonlinear least-squares problem, so both fits use the Levenberg-Marquardt algorithm
 * (Levenberg 1944; Marquardt, "An algorithm for least-squares estimation of nonlinear
 * parameters", 1963) of `ml-levenberg-marquardt`, given the exact Jacobian: the evaluation is
 * linear in the weights, `e_i = Σ_t x_it ((1 - p_i) o_t + p_i g_t)` with features `x_it`, phase
 * `p_i`, opening weights `o_t` and endgame weights `g_t`, so
 * `∂σ_i/∂o_t = σ_i (1 - σ_i) (K ln 10 / 400) x_it (1 - p_i)`, and likewise for `g_t` with `p_i`.
 * With more taper points (`eval-kernel.ts`), `p_i` is the share `u_i` of the way between the two
 * points around the position's phase, and only those two points' weights have a derivative.
 */

import { levenbergMarquardt } from 'ml-levenberg-marquardt';
import { TERM_COUNT } from '../search/eval-features.js';
import {
	MAX_WEIGHT,
	taperPoints,
	taperSegment,
	type TermWeights,
	weightsOfTaperPoints,
} from '../search/eval-kernel.js';
import { type TrainingSet } from './training-positions.js';

/**
 * Weights as real numbers at the taper points (`TERM_COUNT` each): opening, endgame and the
 * points between (`TermWeights` of `eval-kernel.ts`).
 */
export interface RealWeights {
	readonly opening: readonly number[];
	readonly endgame: readonly number[];
	readonly middle?: readonly (readonly number[])[];
}

/**
 * The same evaluation with `count` taper points (2 to `MAX_TAPER_POINTS`), evenly spaced: each new
 * point's weights interpolated from the old points around its phase. Exact (every position keeps
 * its evaluation) when the old points are among the new ones, as from 2 points to any number.
 */
export function resampleTaper(weights: RealWeights, count: number): RealWeights {
	const old = taperPoints(weights);
	if (count === old.length) return weights;
	const points = Array.from({ length: count }, (_, j) => {
		const { seg, u } = taperSegment(j / (count - 1), old.length);
		return old[seg].map((w, t) => (1 - u) * w + u * old[seg + 1][t]);
	});
	return weightsOfTaperPoints(points);
}

/** The expected score of an evaluation `e` (centiblobs) with scaling constant `k`: 0..1. */
export function expectedScore(e: number, k: number): number {
	return 1 / (1 + Math.pow(10, (-k * e) / 400));
}

/**
 * The evaluation of row `i` of a training set with real weights (no rounding, no fixed point):
 * with the opening and endgame weights alone, or with the weights of the taper points between
 * (`middle`, as `RealWeights`).
 */
export function rowEvaluation(
	set: TrainingSet,
	i: number,
	opening: ArrayLike<number>,
	endgame: ArrayLike<number>,
	middle: readonly ArrayLike<number>[] = [],
) {
	const { seg, u } = taperSegment(set.phase[i], middle.length + 2);
	const from = seg === 0 ? opening : middle[seg - 1];
	const to = seg === middle.length ? endgame : middle[seg];
	const base = i * TERM_COUNT;
	let a = 0;
	let b = 0;
	for (let t = 0; t < TERM_COUNT; t++) {
		const x = set.features[base + t];
		a += x * from[t];
		b += x * to[t];
	}
	return a * (1 - u) + b * u;
}

/**
 * The mean squared error of the rows `rows` (all if omitted) of a set with weights and `k`.
 * @returns NaN for no rows
 */
export function meanSquaredError(set: TrainingSet, weights: RealWeights, k: number, rows?: ArrayLike<number>): number {
	const n = rows ? rows.length : set.count;
	let sum = 0;
	for (let j = 0; j < n; j++) {
		const i = rows ? rows[j] : j;
		const d =
			set.result[i] - expectedScore(rowEvaluation(set, i, weights.opening, weights.endgame, weights.middle), k);
		sum += d * d;
	}
	return sum / n;
}

const SLOPE = Math.LN10 / 400;

/**
 * The scaling constant K that minimises the error of the rows (all if omitted) with fixed weights:
 * the best of a coarse scan (0.01 to 10, steps of a factor 1.5; Levenberg-Marquardt cannot start
 * where the logistic function is flat), refined by Levenberg-Marquardt.
 */
export function fitK(set: TrainingSet, weights: RealWeights, rows?: ArrayLike<number>): number {
	const index = rows ? Float64Array.from(rows) : Float64Array.from({ length: set.count }, (_, i) => i);
	const e = Float64Array.from(index, (i) => rowEvaluation(set, i, weights.opening, weights.endgame, weights.middle));
	const y = Float64Array.from(index, (i) => set.result[i]);
	const error = (k: number) => {
		let sum = 0;
		for (let j = 0; j < e.length; j++) sum += (y[j] - expectedScore(e[j], k)) ** 2;
		return sum;
	};
	let start = 0.01;
	for (let k = 0.01; k <= 10; k *= 1.5) if (error(k) < error(start)) start = k;
	const x = Float64Array.from({ length: index.length }, (_, j) => j);
	const result = levenbergMarquardt(
		{ x, y },
		([k]) =>
			(j) =>
				expectedScore(e[j], k),
		{
			initialValues: [start],
			maxIterations: 50,
			errorTolerance: 1e-12,
			jacobianFunction:
				([k]) =>
				(j) => {
					const s = expectedScore(e[j], k);
					return [s * (1 - s) * SLOPE * e[j]];
				},
		},
	);
	return result.parameterValues[0];
}

/**
 * The weights with each term of `signs` clamped to its sign in both phases (a weight of the wrong
 * sign becomes 0): where a fit with those bounds starts (`fitWeights`).
 * @param signs terms (indices into `TERMS`): `1`, at least 0; `-1`, at most 0
 */
export function clampToSigns(weights: RealWeights, signs: ReadonlyMap<number, 1 | -1>): RealWeights {
	const clamp = (w: number, t: number) => {
		const sign = signs.get(t);
		return sign === 1 ? Math.max(0, w) : sign === -1 ? Math.min(0, w) : w;
	};
	return weightsOfTaperPoints(taperPoints(weights).map((list) => list.map(clamp)));
}

/** Progress of a weight fit, after each round of iterations. */
export interface FitProgress {
	readonly iterations: number;
	/** Mean squared error of the fitted rows, plus the ridge penalty. */
	readonly error: number;
}

/**
 * The weights that minimise the error of the rows (all if omitted) with a fixed `k`, from `start`.
 * Runs rounds of 5 Levenberg-Marquardt iterations until `iterations` are done, on parameters
 * scaled to Jacobian columns of unit norm at the start (Marquardt's scaling). A round that gains
 * less than 1e-9 in mean squared error is run again from the same weights with ten times the
 * damping (from the library's 1e-2; a round that gains divides it by ten again), and the fit stops
 * when even a damping of 1e6 gains nothing.
 * @param onProgress called after each round
 * @param ridge with `ridge > 0`, minimises `E + ridge * Σ ((w - w0) / 100)²` instead of `E`
 *   (ridge regression, Hoerl and Kennard 1970): each weight is drawn towards its start value
 *   `w0`, by one blob's worth of weight per unit of `ridge`, so that weights the positions say
 *   little about stay where they were
 * @param fixed terms (indices into `TERMS`) whose weights stay at their start values in both phases
 * @param signs terms (indices into `TERMS`) whose weights must be at least 0 (`1`) or at most 0
 *   (`-1`) in both phases: what is known of a term's direction (a side's own blobs in corners do
 *   not cost it) where the results alone leave it loose; a start value of the wrong sign starts
 *   at 0. Bounds on the parameters, as Levenberg-Marquardt's `minValues` and `maxValues`.
 */
export function fitWeights(
	set: TrainingSet,
	k: number,
	start: RealWeights,
	iterations = 50,
	rows?: ArrayLike<number>,
	onProgress?: (progress: FitProgress) => void,
	ridge = 0,
	fixed: readonly number[] = [],
	signs: ReadonlyMap<number, 1 | -1> = new Map(),
): RealWeights & { readonly iterations: number } {
	const index = rows ? Int32Array.from(rows) : Int32Array.from({ length: set.count }, (_, i) => i);
	const n = index.length;
	const K = taperPoints(start).length;
	const P = K * TERM_COUNT;
	const prior = taperPoints(start).flat();
	// Each row's segment between taper points and its share of the way along it.
	const segment = new Int32Array(n);
	const along = new Float64Array(n);
	for (let j = 0; j < n; j++) {
		const { seg, u } = taperSegment(set.phase[index[j]], K);
		segment[j] = seg;
		along[j] = u;
	}
	// Ridge: P more residuals sqrt(n * ridge) * (w - prior) / 100 after the n positions.
	const penalty = Math.sqrt(n * ridge) / 100;
	const y = Float64Array.from({ length: n + (ridge > 0 ? P : 0) }, (_, j) =>
		j < n ? set.result[index[j]] : penalty * prior[j - n],
	);
	const x = Float64Array.from({ length: y.length }, (_, j) => j);
	const fixedSet = new Set(fixed);
	const term = (j: number) => j % TERM_COUNT;
	const minValues = prior.map((w, j) =>
		fixedSet.has(term(j)) ? w : signs.get(term(j)) === 1 ? 0 : -100 * MAX_WEIGHT,
	);
	const maxValues = prior.map((w, j) =>
		fixedSet.has(term(j)) ? w : signs.get(term(j)) === -1 ? 0 : 100 * MAX_WEIGHT,
	);
	let params = prior.map((w, j) => Math.min(maxValues[j], Math.max(minValues[j], w)));
	const evaluation = (p: readonly number[], j: number) => {
		const i = index[j];
		const u = along[j];
		const from = segment[j] * TERM_COUNT;
		const to = from + TERM_COUNT;
		const base = i * TERM_COUNT;
		let a = 0;
		let b = 0;
		for (let t = 0; t < TERM_COUNT; t++) {
			const f = set.features[base + t];
			a += f * p[from + t];
			b += f * p[to + t];
		}
		return a * (1 - u) + b * u;
	};
	// The model's non-zero partial derivatives for row j at weights p (unscaled), each handed to
	// `put`: only the two taper points around the row's phase have any.
	const partials = (p: readonly number[], j: number, put: (param: number, value: number) => void) => {
		const u = along[j];
		const from = segment[j] * TERM_COUNT;
		const to = from + TERM_COUNT;
		const s = expectedScore(evaluation(p, j), k);
		const c = s * (1 - s) * SLOPE * k;
		const base = index[j] * TERM_COUNT;
		for (let t = 0; t < TERM_COUNT; t++) {
			const f = c * set.features[base + t];
			put(from + t, f * (1 - u));
			put(to + t, f * u);
		}
	};
	// Marquardt's scaling: the library damps with `damping * I`, which suits parameters whose
	// Jacobian columns are of one size; ours differ by orders of magnitude (a count of blobs
	// against a corner, a point whose phase few rows reach). So the library works on scaled
	// parameters q = p * c, with c the Euclidean norm of the weight's Jacobian column at the
	// start: each column of the scaled problem has unit norm, and the damping is relative to the
	// diagonal of JᵀJ, as in Marquardt (1963). A column that is zero keeps c = 1.
	const squares = new Float64Array(P);
	for (let j = 0; j < n; j++) partials(prior, j, (param, value) => (squares[param] += value * value));
	const scale = squares.map((sum) => (sum > 0 ? Math.sqrt(sum) : 1));
	const toScaled = (p: readonly number[]) => p.map((w, j) => w * scale[j]);
	const fromScaled = (q: readonly number[]) => q.map((w, j) => w / scale[j]);
	const weightsOf = (p: readonly number[]) =>
		weightsOfTaperPoints(Array.from({ length: K }, (_, j) => p.slice(j * TERM_COUNT, (j + 1) * TERM_COUNT)));
	const objective = (p: readonly number[]) => {
		let sum = 0;
		for (let j = 0; j < P; j++) sum += ((p[j] - prior[j]) / 100) ** 2;
		return meanSquaredError(set, weightsOf(p), k, index) + ridge * sum;
	};
	let done = 0;
	// The start (clamped into the bounds) is the fit's first candidate, even if its error is higher.
	let error = objective(params);
	// The library's damping starts each call at its default, 1e-2; a round that gains nothing is
	// run again from the same weights with ten times the damping (shorter, gradient-like steps).
	let damping = 1e-2;
	while (done < iterations) {
		const round = Math.min(5, iterations - done);
		const result = levenbergMarquardt(
			{ x, y },
			(q) => {
				const p = fromScaled(q);
				return (j) => (j < n ? expectedScore(evaluation(p, j), k) : penalty * p[j - n]);
			},
			{
				initialValues: toScaled(params),
				damping,
				maxIterations: round,
				errorTolerance: 1e-12,
				minValues: toScaled(minValues),
				maxValues: toScaled(maxValues),
				jacobianFunction: (q) => {
					const p = fromScaled(q);
					return (j) => {
						const out = new Array<number>(P).fill(0);
						if (j >= n) out[j - n] = penalty / scale[j - n];
						else partials(p, j, (param, value) => (out[param] = value / scale[param]));
						return out;
					};
				},
			},
		);
		done += round;
		// Unscaling can miss a bound by a rounding error: clamped again, fixed weights stay exact.
		const candidate = fromScaled(result.parameterValues).map((w, j) =>
			Math.min(maxValues[j], Math.max(minValues[j], w)),
		);
		const next = objective(candidate);
		const gain = error - next;
		if (gain > 0) {
			params = candidate;
			error = next;
		}
		onProgress?.({ iterations: done, error });
		if (gain > 1e-9) damping = Math.max(1e-2, damping / 10);
		else if (damping < 1e6) damping *= 10;
		else break;
	}
	return { ...weightsOf(params), iterations: done };
}

/** Real weights rounded to the evaluation's integer centiblobs (clamped to +-`MAX_WEIGHT`). */
export function roundWeights(weights: RealWeights): TermWeights {
	const round = (w: number) => Math.max(-MAX_WEIGHT, Math.min(MAX_WEIGHT, Math.round(w)));
	return weightsOfTaperPoints(taperPoints(weights).map((list) => list.map(round)));
}
