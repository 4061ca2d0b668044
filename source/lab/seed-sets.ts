/**
 * The two sets of root seeds of the thesis's experiments (Manohararajah, "Parallel Alpha-Beta
 * Search on Shared Memory Multiprocessors", 2001, appendix A).
 *
 * - tg_1 (100 seeds, the parallel experiments and the classification tables): a linear
 *   congruential sequence from r_0 = 12345678. The appendix writes it r_n = (16807 r_(n-1)) mod
 *   (2^31 - 1), but every value of its Table A.1 is that plus one (1335380035, not 1335380034,
 *   then 380653449 from it, ...): the table is what the experiments used, so the set is
 *   r_n = ((16807 r_(n-1)) mod (2^31 - 1)) + 1, which reproduces all 100 printed values.
 * - tg_2 (200 seeds, the training data of the neural network): nine digits of pi at a time,
 *   314159265, 358979323, ...
 */

import { RANDOM_LIMIT, SEED_MULTIPLIER } from './park-miller.js';

/** tg_1: the 100 seeds of Table A.1. */
export const TG1_SEEDS: readonly number[] = (() => {
	const seeds: number[] = [];
	let r = 12345678;
	for (let n = 1; n <= 100; n++) {
		r = ((SEED_MULTIPLIER * r) % RANDOM_LIMIT) + 1;
		seeds.push(r);
	}
	return seeds;
})();

/** The first `count` decimal digits of pi ("31415..."), by Machin's formula in BigInt (cold code, run once). */
export function piDigits(count: number): string {
	const guard = 10n;
	const scale = 10n ** (BigInt(count) + guard);
	// arctan(1/x) * scale by its series.
	const arctanInverse = (x: bigint): bigint => {
		let sum = 0n;
		let term = scale / x;
		const x2 = x * x;
		for (let k = 0n; term !== 0n; k++) {
			sum += (k % 2n === 0n ? 1n : -1n) * (term / (2n * k + 1n));
			term /= x2;
		}
		return sum;
	};
	const pi = 4n * (4n * arctanInverse(5n) - arctanInverse(239n));
	return (pi / 10n ** guard).toString().slice(0, count);
}

/** tg_2: the 200 seeds of Tables A.2 and A.3 (nine digits of pi each; leading zeros allowed). */
export const TG2_SEEDS: readonly number[] = (() => {
	const digits = piDigits(200 * 9);
	return Array.from({ length: 200 }, (_, i) => Number(digits.slice(9 * i, 9 * i + 9)));
})();

/** The seed sets by name. */
export const SEED_SETS = { tg1: TG1_SEEDS, tg2: TG2_SEEDS } as const;

/** A seed set's name. */
export type SeedSetName = keyof typeof SEED_SETS;

/** The seed sets' names, tg_1's first. */
export const SEED_SET_NAMES: readonly SeedSetName[] = ['tg1', 'tg2'];
