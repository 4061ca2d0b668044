import { readFileSync } from 'node:fs';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { gameEnd } from '../../source/game/game-over.js';
import { playMove } from '../../source/game/make-move.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { featureMasks, PHASE_ONE, TERM_COUNT, TERMS } from '../../source/search/eval-features.js';
import { evalKernel } from '../../source/search/eval-kernel.js';
import { CLASSIC_WEIGHTS } from '../../source/search/eval-weights.js';
import {
	expectedScore,
	fitK,
	fitWeights,
	meanSquaredError,
	type RealWeights,
	resampleTaper,
	rowEvaluation,
} from '../../source/tuning/texel.js';
import { type TrainingSet } from '../../source/tuning/training-positions.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;

/**
 * Positions of seeded random games on boards with holes, edges and corners, with results from a
 * known logistic model: the expected score σ(e) of the true weights itself, or a win (1) drawn
 * with that probability, else a loss (0).
 */
function syntheticSet(
	count: number,
	truth: { opening: number[]; endgame: number[]; middle?: number[][] },
	k: number,
	seed: number,
	results: 'expected' | 'drawn',
) {
	const rng = xoroshiro128plus(seed);
	const random = () => uniformInt(rng, 0, 0x3fffffff) / 0x40000000;
	const boards = ['default', 'gruyere5', 'ataxx', 'gruyere4'].map(board);
	const features = new Float64Array(count * TERM_COUNT);
	const phase = new Float64Array(count);
	const result = new Float64Array(count);
	const game = new Int32Array(count);
	const row = new Float64Array(TERM_COUNT);
	let n = 0;
	for (let g = 0; n < count; g++) {
		let pos = boards[g % boards.length];
		for (let ply = 0; ply < 200 && n < count && gameEnd(pos) === null; ply++) {
			const moves = pseudolegalMoves(pos);
			pos = playMove(pos, moves[uniformInt(rng, 0, moves.length - 1)]);
			if (gameEnd(pos) !== null || random() < 0.5) continue;
			evalKernel(pos.geometry, CLASSIC_WEIGHTS).features(pos.bb, 0, pos.side, row, 0);
			features.set(row, n * TERM_COUNT);
			phase[n] = featureMasks(pos.geometry).phase[pos.count[0] + pos.count[1]] / PHASE_ONE;
			game[n] = g;
			n++;
		}
	}
	const set: TrainingSet = { count, features, phase, result, game };
	for (let i = 0; i < count; i++) {
		const p = expectedScore(rowEvaluation(set, i, truth.opening, truth.endgame, truth.middle), k);
		result[i] = results === 'expected' ? p : random() < p ? 1 : 0;
	}
	return set;
}

/** The largest difference, over the set's rows, between the evaluations of two weight sets (centiblobs). */
function largestMiss(set: TrainingSet, a: RealWeights, b: RealWeights): number {
	let miss = 0;
	for (let i = 0; i < set.count; i++)
		miss = Math.max(
			miss,
			Math.abs(
				rowEvaluation(set, i, a.opening, a.endgame, a.middle) -
					rowEvaluation(set, i, b.opening, b.endgame, b.middle),
			),
		);
	return miss;
}

/** Known weights: material, safety and mobility with different openings and endgames. */
function knownWeights() {
	const opening = new Array<number>(TERM_COUNT).fill(0);
	const endgame = new Array<number>(TERM_COUNT).fill(0);
	const set = (name: string, o: number, e: number) => {
		opening[TERMS.indexOf(name)] = o;
		endgame[TERMS.indexOf(name)] = e;
	};
	set('blobs.mine', 60, 120);
	set('blobs.theirs', -80, -110);
	set('safe.mine', 40, 10);
	set('unsafe.theirs', 50, 30);
	set('clone.mine', 20, 0);
	set('corner.theirs', -30, -30);
	set('tempo', 40, 10);
	return { opening, endgame };
}

/** A fit takes 3 to 8 s alone, and several times that on a loaded 2-core machine. */
const FIT = { timeout: 180_000 };

describe('Texel tuning', () => {
	const truth = knownWeights();
	const k = 1.2;
	const zero = { opening: new Array<number>(TERM_COUNT).fill(0), endgame: new Array<number>(TERM_COUNT).fill(0) };

	it(
		'recovers known weights within 0.5 centiblob from results that are the expected scores of the model',
		FIT,
		() => {
			const set = syntheticSet(12_000, truth, k, 2014, 'expected');
			const fitted = fitWeights(set, k, zero, 40);
			for (const phase of ['opening', 'endgame'] as const)
				for (let t = 0; t < TERM_COUNT; t++)
					expect(Math.abs(fitted[phase][t] - truth[phase][t]), `${TERMS[t]} ${phase}`).toBeLessThan(0.5);
		},
	);

	it(
		'recovers known weights of three taper points (a middle unlike the ends), every evaluation within 2',
		FIT,
		() => {
			// At phase 1/2 the truth is not the mean of its ends: two points could not fit it.
			const middle = truth.opening.map((w, t) => (w + truth.endgame[t]) / 2);
			middle[TERMS.indexOf('blobs.mine')] = 150;
			middle[TERMS.indexOf('safe.mine')] = -20;
			middle[TERMS.indexOf('tempo')] = 90;
			const three = { ...truth, middle: [middle] };
			const set = syntheticSet(12_000, three, k, 2016, 'expected');
			const start = resampleTaper(zero, 3);
			expect(start.middle).toEqual([new Array<number>(TERM_COUNT).fill(0)]);
			const fitted = fitWeights(set, k, start, 100);
			// The opening's weights are told by the positions before phase 1/2 alone, where few blobs
			// are safe: within 3 centiblobs there; the other points' within 0.5.
			for (const [name, want, got, within] of [
				['opening', three.opening, fitted.opening, 3],
				['phase 0.5', middle, fitted.middle?.[0] ?? [], 0.5],
				['endgame', three.endgame, fitted.endgame, 0.5],
			] as const)
				for (let t = 0; t < TERM_COUNT; t++)
					expect(Math.abs(got[t] - want[t]), `${TERMS[t]} ${name}`).toBeLessThan(within);
			expect(largestMiss(set, fitted, three)).toBeLessThan(2);
			// Two points fitted to the same results miss them.
			const two = fitWeights(set, k, zero, 40);
			expect(meanSquaredError(set, two, k)).toBeGreaterThan(10 * meanSquaredError(set, fitted, k) + 1e-6);
		},
	);

	it(
		'converges on terms of very different scales (Marquardt scaling): five taper points from zero in 10 iterations',
		FIT,
		() => {
			// Counts of blobs (tens) beside counts of corners (0 to 4), and points whose phases few
			// positions reach: undamped alike, the small columns barely moved in 10 iterations.
			const five = resampleTaper(truth, 5);
			const middle = five.middle?.map((list) => [...list]) ?? [];
			middle[1][TERMS.indexOf('blobs.mine')] = 150;
			middle[0][TERMS.indexOf('corner.theirs')] = -90;
			middle[2][TERMS.indexOf('tempo')] = 120;
			const model = { ...truth, middle };
			const set = syntheticSet(12_000, model, k, 2018, 'expected');
			const fitted = fitWeights(set, k, resampleTaper(zero, 5), 10);
			expect(largestMiss(set, fitted, model)).toBeLessThan(1);
		},
	);

	it('resamples two taper points to five without changing any evaluation', () => {
		const set = syntheticSet(2_000, truth, k, 2017, 'expected');
		const five = resampleTaper(truth, 5);
		expect(five.middle).toHaveLength(3);
		const t = TERMS.indexOf('blobs.mine');
		// blobs.mine goes from 60 to 120: 75, 90 and 105 at phases 1/4, 1/2 and 3/4.
		expect(five.middle?.map((list) => list[t])).toEqual([75, 90, 105]);
		for (let i = 0; i < set.count; i++)
			expect(rowEvaluation(set, i, five.opening, five.endgame, five.middle)).toBeCloseTo(
				rowEvaluation(set, i, truth.opening, truth.endgame),
				9,
			);
	});

	it('keeps signs: a bound the truth obeys changes nothing, one it breaks holds the weight at 0', FIT, () => {
		const set = syntheticSet(12_000, truth, k, 2014, 'expected');
		const t = (name: string) => TERMS.indexOf(name);
		const signs = new Map<number, 1 | -1>([
			[t('blobs.mine'), 1],
			[t('corner.theirs'), -1],
			[t('safe.mine'), -1], // the truth has +40 and +10
		]);
		// Starts of the wrong sign are clamped to the bound: blobs.mine from -50.
		const start = { opening: [...zero.opening], endgame: [...zero.endgame] };
		start.opening[t('blobs.mine')] = -50;
		const fitted = fitWeights(set, k, start, 40, undefined, undefined, 0, [], signs);
		for (const phase of ['opening', 'endgame'] as const) {
			expect(fitted[phase][t('safe.mine')]).toBe(0);
			expect(fitted[phase][t('blobs.mine')]).toBeGreaterThan(0);
			expect(fitted[phase][t('corner.theirs')]).toBeLessThanOrEqual(0);
		}
		const free = fitWeights(set, k, zero, 40);
		expect(meanSquaredError(set, fitted, k)).toBeGreaterThan(meanSquaredError(set, free, k));
	});

	describe('from won and lost games drawn from the model', () => {
		// 48,000 positions: with 24,000, 27 terms (since `territory`) left the opening's material
		// 32% off (40.8 against 60), the evaluation itself within 4% of its spread.
		const set = syntheticSet(48_000, truth, k, 2015, 'drawn');

		it('recovers the scaling constant K within 10%', FIT, () => {
			expect(Math.abs(fitK(set, truth) - k)).toBeLessThan(0.1 * k);
		});

		it('recovers the evaluation: within 10% of its spread, the large weights within 20%', FIT, () => {
			const fitted = fitWeights(set, k, zero, 40);
			// As good as the truth on its own data: the fit converged.
			expect(meanSquaredError(set, fitted, k)).toBeLessThanOrEqual(meanSquaredError(set, truth, k));
			let spread = 0;
			let miss = 0;
			for (let i = 0; i < set.count; i++) {
				const want = rowEvaluation(set, i, truth.opening, truth.endgame);
				spread += want * want;
				miss += (rowEvaluation(set, i, fitted.opening, fitted.endgame) - want) ** 2;
			}
			expect(Math.sqrt(miss / spread)).toBeLessThan(0.1);
			for (const name of ['blobs.mine', 'blobs.theirs'])
				for (const phase of ['opening', 'endgame'] as const) {
					const t = TERMS.indexOf(name);
					expect(Math.abs(fitted[phase][t] - truth[phase][t])).toBeLessThan(0.2 * Math.abs(truth[phase][t]));
				}
		});
	});
});
