/**
 * A cache of static evaluations by Zobrist key, one per search thread (the evaluation cache of
 * chess engines: Crafty, Stockfish until 2013): a direct-mapped table of `2^bits` entries, each
 * the key's high word and the score, indexed by the key's low bits. One search evaluates the same
 * position many times: a re-search of a move (PVS, late-move reductions) reaches the leaves it
 * reached before, transpositions reach them by another order of moves, and a node's static
 * evaluation for the pruning tests is its leaf score of the iteration before. A hit returns what
 * the evaluation would (a score depends only on the blobs and the side to move, which the key
 * covers), so the tree and its node count do not change; a wrong hit needs two positions to agree
 * on 32 + `bits` bits of their keys.
 */

/** Entries of a cache: 2^16 (512 KiB). */
export const EVAL_CACHE_BITS = 16;

/** What `probe` returns for a position not in the cache (no score is this low). */
export const EVAL_MISS = -0x80000000;

/** A per-thread evaluation cache (not shared between threads: a miss costs less than a race check). */
export class EvalCache {
	/** Entry i: `slots[2i]` the key's high word, `slots[2i + 1]` the score (`EVAL_MISS`: empty). */
	private readonly slots: Int32Array;
	private readonly mask: number;

	/** @param bits log2 of the number of entries (8 bytes each) */
	constructor(bits = EVAL_CACHE_BITS) {
		this.slots = new Int32Array(2 << bits);
		this.mask = (1 << bits) - 1;
		this.clear();
	}

	/** The score stored for the key (`keyLo`, `keyHi`), or `EVAL_MISS`. */
	probe(keyLo: number, keyHi: number): number {
		const i = (keyLo & this.mask) << 1;
		return this.slots[i] === keyHi ? this.slots[i + 1] : EVAL_MISS;
	}

	/** Stores `score` for the key, replacing the entry's position. */
	store(keyLo: number, keyHi: number, score: number): void {
		const i = (keyLo & this.mask) << 1;
		this.slots[i] = keyHi;
		this.slots[i + 1] = score;
	}

	/** Forgets every entry (for another board shape or evaluation). */
	clear(): void {
		for (let i = 1; i < this.slots.length; i += 2) this.slots[i] = EVAL_MISS;
	}
}
