/**
 * Helpers on 32-bit bitboard words.
 *
 * A bitboard here is an `Int32Array` of `Geometry.words` words (see `geometry.ts` for the
 * layout). These helpers work on single words; they never allocate.
 */

/**
 * Number of set bits in a 32-bit word (SWAR popcount, Hacker's Delight, section 5-1).
 * @param x any 32-bit integer (the sign bit counts as a bit)
 * @returns 0..32
 */
export function popcount32(x: number): number {
	x -= (x >>> 1) & 0x55555555;
	x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
	x = (x + (x >>> 4)) & 0x0f0f0f0f;
	return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Index (0..31) of the lowest set bit of a non-zero word.
 * @param x a non-zero 32-bit integer; for 0 the answer is -1
 */
export function lowestBit(x: number): number {
	return 31 - Math.clz32(x & -x);
}

/**
 * Number of set bits over `count` words of `words` starting at `offset`.
 */
export function popcountWords(words: Int32Array, offset: number, count: number): number {
	let n = 0;
	for (let w = 0; w < count; w++) n += popcount32(words[offset + w]);
	return n;
}
