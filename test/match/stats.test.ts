import { describe, expect, it } from 'vitest';
import {
	drawRatio,
	eloFromPentanomial,
	eloFromWdl,
	eloToScore,
	los,
	scoreToElo,
	Z95,
} from '../../source/match/stats.js';
import { checkSprtOptions, llrLogistic, sprtState } from '../../source/match/sprt.js';

// Expected values computed independently with Python 3.11 and SciPy 1.17 (scipy.stats.norm,
// scipy.optimize.brentq), following fishtest's LLRcalc.py and fastchess's elo_*.cpp.

describe('Elo and score', () => {
	it('map into each other by the logistic model', () => {
		expect(scoreToElo(0.5)).toBe(0);
		expect(scoreToElo(2 / 3)).toBeCloseTo(120.41199826559247, 10);
		expect(eloToScore(120.41199826559247)).toBeCloseTo(2 / 3, 12);
		expect(scoreToElo(1)).toBe(Infinity);
		expect(scoreToElo(0)).toBe(-Infinity);
		expect(Z95).toBeCloseTo(1.959963984540054, 12);
	});

	it('per game from W/D/L, with the 95% interval', () => {
		const e = eloFromWdl({ wins: 30, draws: 20, losses: 10 })!;
		expect(e.score).toBeCloseTo(0.6666666666666666, 12);
		expect(e.elo).toBeCloseTo(120.41199826559247, 9);
		expect(e.error).toBeCloseTo(75.25988693832561, 9);
		expect(e.lower).toBeCloseTo(50.641956990924, 9);
		expect(e.upper).toBeCloseTo(201.16173086757522, 9);
		expect(eloFromWdl({ wins: 0, draws: 0, losses: 0 })).toBeNull();
	});

	it('per pair from pentanomial counts', () => {
		const e = eloFromPentanomial([2, 5, 10, 8, 5])!;
		expect(e.score).toBeCloseTo(0.575, 12);
		expect(e.elo).toBeCloseTo(52.51156585572754, 9);
		expect(e.error).toBeCloseTo(72.98158909718522, 9);
		expect(e.lower).toBeCloseTo(-18.138863833158332, 9);
	});

	it('a perfect score has an infinite Elo', () => {
		const e = eloFromWdl({ wins: 4, draws: 0, losses: 0 })!;
		expect(e.elo).toBe(Infinity);
	});
});

describe('LOS and draw ratio', () => {
	it("LOS from wins and losses (simple-statistics' erf is good to about 1e-7)", () => {
		expect(los({ wins: 30, draws: 20, losses: 10 })).toBeCloseTo(0.9992172988709987, 6);
		expect(los({ wins: 7, draws: 100, losses: 9 })).toBeCloseTo(0.3085375387259869, 6);
		expect(los({ wins: 0, draws: 5, losses: 0 })).toBe(0.5);
	});

	it('draw ratio', () => {
		expect(drawRatio({ wins: 30, draws: 20, losses: 10 })).toBeCloseTo(1 / 3, 12);
	});
});

describe('SPRT', () => {
	it('the log-likelihood ratio of the logistic GSPRT', () => {
		expect(llrLogistic(0, 5, [2, 5, 10, 8, 5])).toBeCloseTo(0.18071500019524797, 9);
		expect(llrLogistic(-5, 5, [0, 0, 0, 0, 3])).toBeCloseTo(0.08640442248194592, 9);
		expect(llrLogistic(0, 10, [10, 20, 30])).toBeCloseTo(0.8291213438037803, 9);
		expect(llrLogistic(0, 10, [100, 200, 400, 300, 150])).toBeCloseTo(7.340448908707953, 9);
		expect(llrLogistic(0, 10, [0, 0, 0, 0, 0])).toBe(0);
	});

	it('decides once the LLR leaves the bounds', () => {
		const options = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
		const going = sprtState(options, [2, 5, 10, 8, 5]);
		expect(going.lower).toBeCloseTo(-2.9444389791664403, 12);
		expect(going.upper).toBeCloseTo(2.9444389791664403, 12);
		expect(going.decision).toBeNull();
		expect(sprtState(options, [100, 200, 400, 300, 150]).decision).toBe('H1');
		expect(sprtState(options, [150, 300, 400, 200, 100]).decision).toBe('H0');
	});

	it('refuses parameters that make no test', () => {
		expect(() => checkSprtOptions({ elo0: 5, elo1: 0, alpha: 0.05, beta: 0.05 })).toThrow(
			'SPRT: elo0 must be less than elo1, got 5 and 0',
		);
		expect(() => checkSprtOptions({ elo0: 0, elo1: 5, alpha: 0, beta: 0.05 })).toThrow(
			'SPRT: alpha must be between 0 and 1, got 0',
		);
		expect(() => checkSprtOptions({ elo0: 0, elo1: 5, alpha: 0.6, beta: 0.5 })).toThrow(
			'SPRT: alpha + beta must be less than 1, got 1.1',
		);
	});
});
