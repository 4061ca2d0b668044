/**
 * SPSA, simultaneous perturbation stochastic approximation (J. C. Spall, "Multivariate stochastic
 * approximation using a simultaneous perturbation gradient approximation", IEEE Transactions on
 * Automatic Control 37(3), 1992), the optimiser engine authors tune parameters with by games:
 * each step perturbs every parameter at once by +-c_k, plays the two perturbed engines against
 * each other, and moves every parameter along its perturbation in proportion to the result.
 *
 * The gains follow Spall's recommendations ("Implementation of the simultaneous perturbation
 * algorithm for stochastic optimization", IEEE Transactions on Aerospace and Electronic Systems
 * 34(3), 1998): c_k = c / (k + 1)^gamma and a_k = a / (k + 1 + A)^alpha with alpha = 0.602,
 * gamma = 0.101 and A = 10% of the iterations. As in Stockfish's fishtest, they are given by
 * their values at the last iteration N: the perturbation `cEnd` (c = cEnd * N^gamma) and the
 * learning rate `rEnd` = a_N / c_N^2 (a = rEnd * cEnd^2 * (A + N)^alpha), and a step with
 * result R (a game pair's score of the plus engine less the minus engine's, -2 to 2) moves
 * parameter i by a_k / c_k * R * delta_i, that is r_k * c_k * R * delta_i.
 */

import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/** Spall's exponent of the learning rate's decay. */
export const SPSA_ALPHA = 0.602;
/** Spall's exponent of the perturbation's decay. */
export const SPSA_GAMMA = 0.101;
/** Spall's stability constant, as a share of the iterations. */
export const SPSA_A_SHARE = 0.1;

/** Settings of an SPSA run. */
export interface SpsaSettings {
	/** Iterations (game pairs) in all, N (>= 1). */
	readonly iterations: number;
	/** The perturbation c_k at the last iteration, in the parameters' units (> 0). */
	readonly cEnd: number;
	/** The learning rate a_k / c_k^2 at the last iteration (> 0). */
	readonly rEnd: number;
}

/** The gains of iteration k (from 0). */
export interface SpsaGains {
	/** Perturbation c_k. */
	readonly c: number;
	/** Learning rate a_k / c_k^2. */
	readonly r: number;
}

/** One iteration's perturbation: the signs and the two parameter vectors to play. */
export interface SpsaPerturbation {
	readonly k: number;
	readonly gains: SpsaGains;
	/** +1 or -1 per parameter. */
	readonly delta: readonly (1 | -1)[];
	/** theta + c_k delta. */
	readonly plus: readonly number[];
	/** theta - c_k delta. */
	readonly minus: readonly number[];
}

/**
 * The gains of iteration `k` (0 to N - 1; later ones keep decaying).
 * @throws RangeError for settings out of range or a negative k
 */
export function spsaGains(settings: SpsaSettings, k: number): SpsaGains {
	checkSettings(settings);
	if (!Number.isInteger(k) || k < 0) throw new RangeError(`iteration must be an integer >= 0, got ${k}`);
	const n = settings.iterations;
	const bigA = SPSA_A_SHARE * n;
	const c = settings.cEnd * n ** SPSA_GAMMA;
	const a = settings.rEnd * settings.cEnd ** 2 * (bigA + n) ** SPSA_ALPHA;
	const ck = c / (k + 1) ** SPSA_GAMMA;
	const ak = a / (k + 1 + bigA) ** SPSA_ALPHA;
	return { c: ck, r: ak / ck ** 2 };
}

/**
 * The perturbation of iteration `k`: signs drawn from `seed` and `k` alone (xoroshiro128+), so a
 * run resumed later, or run with several pairs at once, draws the same signs for the same k.
 */
export function spsaPerturbation(
	settings: SpsaSettings,
	theta: readonly number[],
	k: number,
	seed: number,
): SpsaPerturbation {
	const gains = spsaGains(settings, k);
	const rng = iterationGenerator(seed, k);
	const delta: (1 | -1)[] = [];
	for (let i = 0; i < theta.length; i++) delta.push(uniformInt(rng, 0, 1) === 1 ? 1 : -1);
	return {
		k,
		gains,
		delta,
		plus: theta.map((t, i) => t + gains.c * delta[i]),
		minus: theta.map((t, i) => t - gains.c * delta[i]),
	};
}

/**
 * A number from 0 to `count` - 1 drawn for iteration `k` of a run seeded `seed`, independent of
 * its perturbation's signs (the opening of the iteration's game pair).
 */
export function spsaDraw(seed: number, k: number, count: number): number {
	return uniformInt(iterationGenerator(~seed, k), 0, count - 1);
}

/** The generator of iteration k: xoroshiro128+ seeded by the run's seed mixed with k. */
function iterationGenerator(seed: number, k: number) {
	return xoroshiro128plus((seed ^ Math.imul(k + 1, 0x9e3779b1)) | 0);
}

/**
 * The parameters after an iteration: theta_i + r_k c_k R delta_i, each clamped to `[-limit, limit]`.
 * @param result the plus engine's score less the minus engine's over the iteration's games
 *   (a game pair: -2 to 2, a draw counting 1/2)
 * @param theta the parameters now (with several pairs at once, newer than the ones perturbed)
 */
export function spsaUpdate(
	theta: readonly number[],
	perturbation: SpsaPerturbation,
	result: number,
	limit = Number.POSITIVE_INFINITY,
): number[] {
	const { c, r } = perturbation.gains;
	return theta.map((t, i) => Math.max(-limit, Math.min(limit, t + r * c * result * perturbation.delta[i])));
}

function checkSettings(s: SpsaSettings): void {
	if (!Number.isInteger(s.iterations) || s.iterations < 1)
		throw new RangeError(`iterations must be an integer >= 1, got ${s.iterations}`);
	if (!(s.cEnd > 0) || !Number.isFinite(s.cEnd)) throw new RangeError(`cEnd must be > 0, got ${s.cEnd}`);
	if (!(s.rEnd > 0) || !Number.isFinite(s.rEnd)) throw new RangeError(`rEnd must be > 0, got ${s.rEnd}`);
}
