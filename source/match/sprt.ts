/**
 * The sequential probability ratio test (SPRT) that stops a match once it is decided: H0, the
 * Elo difference is `elo0`, against H1, it is `elo1`, with error rates `alpha` (accepting H1
 * when H0 holds) and `beta` (accepting H0 when H1 holds).
 *
 * Bounds (Wald, "Sequential Tests of Statistical Hypotheses", 1945): stop for H1 once the
 * log-likelihood ratio LLR >= ln((1 - beta) / alpha), for H0 once LLR <= ln(beta / (1 - alpha)).
 *
 * LLR: the generalized SPRT on the empirical distribution of results, in the logistic Elo model,
 * as fishtest (server/fishtest/stats/LLRcalc.py, `LLR_logistic`) and fastchess
 * (app/src/matchmaking/sprt/sprt.cpp, `getLLR_logistic`) compute it: for each hypothesis the
 * maximum-likelihood distribution with expected score `s = 1 / (1 + 10^(-elo / 400))` is
 * `p_i = p̂_i / (1 + θ (a_i - s))`, θ the root of `Σ p̂_i (a_i - s) / (1 + θ (a_i - s)) = 0`
 * (Michel Van den Bergh, "A note on the maximum likelihood estimate of a multinomial
 * distribution with a given expectation value", Proposition 1.1,
 * www.cantate.be/Fishtest/support_MLE_multinomial.pdf), and
 * `LLR = N Σ p̂_i ln(p1_i / p0_i)`. Outcomes are pairs of games with colours swapped
 * (pentanomial: a = 0, 1/4, 1/2, 3/4, 1) or single games (trinomial: a = 0, 1/2, 1).
 * Counts of zero are replaced by 1e-3 first (fishtest's `regularize`), so that the root exists.
 */

import { eloToScore } from './stats.js';
import { UserError } from '../game/user-error.js';

/** The SPRT's parameters. */
export interface SprtOptions {
	/** Elo difference of H0. */
	readonly elo0: number;
	/** Elo difference of H1 (> elo0). */
	readonly elo1: number;
	/** Type I error rate (0 < alpha < 1). */
	readonly alpha: number;
	/** Type II error rate (0 < beta < 1, alpha + beta < 1). */
	readonly beta: number;
}

/** Where the test stands. */
export interface SprtState {
	readonly llr: number;
	/** ln(beta / (1 - alpha)). */
	readonly lower: number;
	/** ln((1 - beta) / alpha). */
	readonly upper: number;
	/** 'H1' once LLR >= upper (elo1 accepted), 'H0' once LLR <= lower (elo0 accepted), else null. */
	readonly decision: 'H0' | 'H1' | null;
}

/** A bad set of SPRT parameters. */
export class SprtOptionsError extends UserError {}

/** Checks SPRT parameters. @throws SprtOptionsError saying what is wrong */
export function checkSprtOptions(options: SprtOptions): void {
	const { elo0, elo1, alpha, beta } = options;
	if (!Number.isFinite(elo0) || !Number.isFinite(elo1) || elo0 >= elo1)
		throw new SprtOptionsError(`SPRT: elo0 must be less than elo1, got ${elo0} and ${elo1}`);
	if (!(alpha > 0 && alpha < 1)) throw new SprtOptionsError(`SPRT: alpha must be between 0 and 1, got ${alpha}`);
	if (!(beta > 0 && beta < 1)) throw new SprtOptionsError(`SPRT: beta must be between 0 and 1, got ${beta}`);
	if (alpha + beta >= 1) throw new SprtOptionsError(`SPRT: alpha + beta must be less than 1, got ${alpha + beta}`);
}

/**
 * The log-likelihood ratio of `elo1` against `elo0` for outcome counts equally spaced from 0 to 1
 * (3 counts L, D, W; or 5 counts LL, LD, DD+WL, WD, WW). 0 with no outcome.
 */
export function llrLogistic(elo0: number, elo1: number, counts: readonly number[]): number {
	if (counts.every((c) => c === 0)) return 0;
	const regularized = counts.map((c) => (c === 0 ? 1e-3 : c));
	const n = regularized.reduce((a, b) => a + b, 0);
	const values = counts.map((_, i) => i / (counts.length - 1));
	const empirical = regularized.map((c) => c / n);
	const p0 = mleWithExpectation(values, empirical, eloToScore(elo0));
	const p1 = mleWithExpectation(values, empirical, eloToScore(elo1));
	let llr = 0;
	for (let i = 0; i < values.length; i++) llr += empirical[i] * (Math.log(p1[i]) - Math.log(p0[i]));
	return n * llr;
}

/**
 * The distribution closest (maximum likelihood) to `empirical` whose expectation is `s`
 * (Van den Bergh, Proposition 1.1). θ is found by bisection: the secular function is strictly
 * decreasing on (-1 / (a_max - s), -1 / (a_min - s)), from +∞ to -∞.
 */
function mleWithExpectation(values: readonly number[], empirical: readonly number[], s: number): number[] {
	const secular = (theta: number) => {
		let sum = 0;
		for (let i = 0; i < values.length; i++) sum += (empirical[i] * (values[i] - s)) / (1 + theta * (values[i] - s));
		return sum;
	};
	let lo = -1 / (values[values.length - 1] - s);
	let hi = -1 / (values[0] - s);
	for (let k = 0; k < 200; k++) {
		const mid = (lo + hi) / 2;
		if (mid === lo || mid === hi) break;
		if (secular(mid) > 0) lo = mid;
		else hi = mid;
	}
	const theta = (lo + hi) / 2;
	return values.map((a, i) => empirical[i] / (1 + theta * (a - s)));
}

/** The test's state for pentanomial pair counts (or W/D/L counts as `[L, D, W]`). */
export function sprtState(options: SprtOptions, counts: readonly number[]): SprtState {
	const lower = Math.log(options.beta / (1 - options.alpha));
	const upper = Math.log((1 - options.beta) / options.alpha);
	const llr = llrLogistic(options.elo0, options.elo1, counts);
	return { llr, lower, upper, decision: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null };
}
