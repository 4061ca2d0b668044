/**
 * Match statistics from one engine's point of view: score, Elo difference with a 95% confidence
 * interval, likelihood of superiority (LOS), draw ratio, and the pentanomial distribution of
 * game pairs.
 *
 * Model: the logistic Elo model, where a rating difference `d` gives the expected score
 * `1 / (1 + 10^(-d / 400))` (Elo, "The Rating of Chessplayers", 1978; the model of cutechess-cli
 * and fastchess). The confidence interval is the normal approximation of the mean score, mapped
 * through the model, as cutechess-cli's `Elo::errorMargin` and fastchess's `EloWDL` /
 * `EloPentanomial` compute it (github.com/cutechess/cutechess, projects/lib/src/elo.cpp;
 * github.com/Disservin/fastchess, app/src/matchmaking/elo/): per game for W/D/L, per pair of
 * games with colours swapped for the pentanomial counts, whose variance is the honest one when
 * games come in pairs (Michel Van den Bergh, "Normalized Elo", www.cantate.be/Fishtest).
 */

import { errorFunction } from 'simple-statistics';

/** Wins, draws and losses of one side. */
export interface Wdl {
	readonly wins: number;
	readonly draws: number;
	readonly losses: number;
}

/**
 * Counts of game pairs by the points one side took from the pair: `[0, 0.5, 1, 1.5, 2]`, that is
 * LL, LD, DD or WL, WD, WW.
 */
export type Pentanomial = readonly [number, number, number, number, number];

/** An Elo difference with its 95% confidence interval (Elo points; infinite at a 0% or 100% score). */
export interface EloEstimate {
	/** Mean score per game, 0 to 1. */
	readonly score: number;
	readonly elo: number;
	/** Half the width of the 95% interval: `(upper - lower) / 2`. */
	readonly error: number;
	readonly lower: number;
	readonly upper: number;
}

/**
 * z of a two-sided 95% interval: the 0.975 quantile of the standard normal, Φ⁻¹(0.975)
 * (as `scipy.stats.norm.ppf(0.975)` gives it; simple-statistics' `probit` is only good to 3 digits).
 */
export const Z95 = 1.959963984540054;

/** The Elo difference that gives an expected score (0 to 1). */
export function scoreToElo(score: number): number {
	if (score <= 0) return -Infinity;
	if (score >= 1) return Infinity;
	return 400 * Math.log10(score / (1 - score));
}

/** The expected score (0 to 1) of an Elo difference. */
export function eloToScore(elo: number): number {
	return 1 / (1 + 10 ** (-elo / 400));
}

/** Number of games in a W/D/L. */
export function gameCount(wdl: Wdl): number {
	return wdl.wins + wdl.draws + wdl.losses;
}

/** Mean score per game (0 to 1); NaN with no game. */
export function scoreOf(wdl: Wdl): number {
	return (wdl.wins + wdl.draws / 2) / gameCount(wdl);
}

/** Share of draws (0 to 1); NaN with no game. */
export function drawRatio(wdl: Wdl): number {
	return wdl.draws / gameCount(wdl);
}

/**
 * The Elo difference and its 95% interval from a distribution of scores: `values[i]` points
 * (0 to 1, per unit) taken `counts[i]` times. The mean score `s` has standard error
 * `sqrt(var / n)`, and the interval is `elo(s ± Z95 * se)`.
 * @returns null when no unit was played
 */
export function eloFromCounts(values: readonly number[], counts: readonly number[]): EloEstimate | null {
	const n = counts.reduce((a, b) => a + b, 0);
	if (n === 0) return null;
	let score = 0;
	for (let i = 0; i < values.length; i++) score += (values[i] * counts[i]) / n;
	let variance = 0;
	for (let i = 0; i < values.length; i++) variance += (counts[i] / n) * (values[i] - score) ** 2;
	const se = Math.sqrt(variance / n);
	const lower = scoreToElo(score - Z95 * se);
	const upper = scoreToElo(score + Z95 * se);
	return { score, elo: scoreToElo(score), error: (upper - lower) / 2, lower, upper };
}

/** Elo from W/D/L, per game (cutechess-cli). @returns null with no game */
export function eloFromWdl(wdl: Wdl): EloEstimate | null {
	return eloFromCounts([1, 0.5, 0], [wdl.wins, wdl.draws, wdl.losses]);
}

/** Elo from pentanomial pair counts, per pair (fastchess). @returns null with no pair */
export function eloFromPentanomial(pairs: Pentanomial): EloEstimate | null {
	return eloFromCounts([0, 0.25, 0.5, 0.75, 1], pairs);
}

/**
 * Likelihood of superiority: the probability that the side is the stronger, from wins and
 * losses alone (draws say nothing of it): `(1 + erf((W - L) / sqrt(2 (W + L)))) / 2`
 * (cutechess-cli, `Elo::LOS`; the normal approximation of the binomial sign test).
 * 0.5 when there is no decisive game. simple-statistics' `errorFunction` is good to about 1e-7,
 * far below what a percentage with one decimal shows.
 */
export function los(wdl: Wdl): number {
	const decisive = wdl.wins + wdl.losses;
	if (decisive === 0) return 0.5;
	return (1 + errorFunction((wdl.wins - wdl.losses) / Math.sqrt(2 * decisive))) / 2;
}
