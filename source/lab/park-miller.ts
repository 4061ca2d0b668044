/**
 * The random numbers of the synthetic tree generator (Manohararajah, "Parallel Alpha-Beta Search on
 * Shared Memory Multiprocessors", MASc thesis, University of Toronto, 2001, Figure 4.1): two
 * multiplicative linear congruential generators modulo the Mersenne prime 2^31 - 1, with the
 * multipliers 16807 (for seeding) and 48271 (for the stream), as in Knuth's "The Art of Computer
 * Programming", volume 2 (1998).
 *
 * Exact integers without BigInt: a state times a multiplier is below 2^47 and fits a float64, and
 * RANDOMRANGE's product `state * (upper - lower + 1)` (up to 2^62, beyond a float64's 53 bits) is
 * divided by the modulus from its low 31 bits (`Math.imul`) and its rounded high part
 * (`mulDivModulus`). BigInt would do it in one line, and was measured here 14 times slower for
 * bit operations; this runs in the innermost loop of the tree generator.
 */

/** The modulus, 2^31 - 1 (the thesis's `random_limit`). */
export const RANDOM_LIMIT = 2147483647;

/** Seeding multiplier (RANDOMSEED). */
export const SEED_MULTIPLIER = 16807;

/** Stream multiplier (RANDOM). */
export const STREAM_MULTIPLIER = 48271;

/**
 * floor(a * b / (2^31 - 1)), exactly, for integers 0 <= a < 2^31 and 0 <= b <= 2^31.
 * With P = a * b = x * 2^31 + y (0 <= y < 2^31) and 2^31 = m + 1: P = x * m + (x + y), so the
 * quotient is x plus 0, 1 or 2. y is the low 31 bits of P, exact from `Math.imul`; the float64
 * product is within 2^10 of P, so (a * b - y) / 2^31 rounds to x exactly.
 */
export function mulDivModulus(a: number, b: number): number {
	const y = Math.imul(a, b) & 0x7fffffff;
	const x = Math.round((a * b - y) / 2147483648);
	const s = x + y;
	return s < RANDOM_LIMIT ? x : s < 2 * RANDOM_LIMIT ? x + 1 : x + 2;
}

/** (k * state) mod (2^31 - 1) for a multiplier k < 2^16 and 0 <= state < 2^31, without a float remainder. */
function mulMod(k: number, state: number): number {
	const p = k * state; // < 2^47: exact
	const high = Math.floor(p / 2147483648);
	const r = p - high * 2147483648 + high; // 2^31 = 1 (mod m)
	return r >= RANDOM_LIMIT ? r - RANDOM_LIMIT : r;
}

/** RANDOMSEED: the stream's first state for a seed, (16807 * seed) mod (2^31 - 1). */
export function randomSeed(seed: number): number {
	return mulMod(SEED_MULTIPLIER, seed);
}

/** RANDOM: the state after `state`, (48271 * state) mod (2^31 - 1). */
export function randomNext(state: number): number {
	return mulMod(STREAM_MULTIPLIER, state);
}

/**
 * RANDOMRANGE's scaling: a number in [lower, upper] from the stream's new state `state`,
 * state * (upper - lower + 1) / (2^31 - 1) + lower, in integer arithmetic.
 */
export function scaleToRange(state: number, lower: number, upper: number): number {
	return mulDivModulus(state, upper - lower + 1) + lower;
}
