/**
 * Zobrist keys (Zobrist, "A new hashing method with application for game playing", 1970) as
 * two 32-bit halves, so that no BigInt is needed.
 *
 * Keys are fixed (a seeded generator), so every thread and every process computes the same key
 * for the same position. A position's key is the XOR of the key of each blob (colour, cell) and,
 * when Red is to move, of the side key.
 */

/** Largest number of cells (16 x 16). */
const MAX_CELLS = 256;

/** Mulberry32, a small 32-bit PRNG (Tommy Ettinger, public domain). */
function mulberry32(seed: number): () => number {
	let a = seed | 0;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return (t ^ (t >>> 14)) | 0;
	};
}

const next = mulberry32(0x5eed_b10b);

/** Low halves of the blob keys, at `[colour * 256 + cell]` (colour 0 Blue, 1 Red). */
export const ZOBRIST_LO = new Int32Array(2 * MAX_CELLS);
/** High halves of the blob keys, same index as `ZOBRIST_LO`. */
export const ZOBRIST_HI = new Int32Array(2 * MAX_CELLS);
/** XOR of the Blue and Red keys of a cell: what a capture changes, at `[cell]`. */
export const ZOBRIST_FLIP_LO = new Int32Array(MAX_CELLS);
export const ZOBRIST_FLIP_HI = new Int32Array(MAX_CELLS);
for (let i = 0; i < 2 * MAX_CELLS; i++) {
	ZOBRIST_LO[i] = next();
	ZOBRIST_HI[i] = next();
}
for (let cell = 0; cell < MAX_CELLS; cell++) {
	ZOBRIST_FLIP_LO[cell] = ZOBRIST_LO[cell] ^ ZOBRIST_LO[MAX_CELLS + cell];
	ZOBRIST_FLIP_HI[cell] = ZOBRIST_HI[cell] ^ ZOBRIST_HI[MAX_CELLS + cell];
}
/** Key halves XORed in when Red is to move. */
export const ZOBRIST_SIDE_LO = next();
export const ZOBRIST_SIDE_HI = next();
