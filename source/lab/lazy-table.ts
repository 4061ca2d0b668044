/**
 * The transposition table of the lab's Lazy SMP: one always-replace slot per key, four 32-bit
 * words in an `Int32Array` that threads share, checked without locks by the XOR of Hyatt and
 * Mann ("A lock-less transposition table implementation for parallel search chess engines",
 * 2002): a torn read fails the check and reads as a miss.
 *
 * ```
 *  slot  0 key low
 *        1 key high ^ value ^ meta
 *        2 value (negamax, from the node's mover)
 *        3 meta = bound | plies to go << 2
 * ```
 */

/** Bounds of a stored value. */
export const BOUND_EXACT = 0;
export const BOUND_LOWER = 1;
export const BOUND_UPPER = 2;

/** A table over `buffer` (4 words a slot, a power of two of slots). */
export class LazyTable {
	readonly slots: Int32Array;
	private readonly mask: number;
	/** The last hit's value and bound. */
	value = 0;
	bound = BOUND_EXACT;
	/** Probes and hits, for the report. */
	probes = 0;
	hits = 0;

	constructor(readonly buffer: SharedArrayBuffer | ArrayBuffer) {
		this.slots = new Int32Array(buffer);
		this.mask = this.slots.length / 4 - 1;
	}

	/** A buffer for 2^bits slots. */
	static createBuffer(bits: number, shared: boolean): SharedArrayBuffer | ArrayBuffer {
		const bytes = 16 << bits;
		return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
	}

	private index(keyLo: number, keyHi: number): number {
		return ((Math.imul(keyLo ^ Math.imul(keyHi, 0x9e3779b1), 0x85ebca6b) >>> 7) & this.mask) * 4;
	}

	/** True if the table holds the node with `depth` plies to go; sets `value` and `bound`. */
	probe(keyLo: number, keyHi: number, depth: number): boolean {
		this.probes++;
		const s = this.slots;
		const i = this.index(keyLo, keyHi);
		const value = s[i + 2];
		const meta = s[i + 3];
		if (s[i] !== keyLo || (s[i + 1] ^ value ^ meta) !== keyHi || meta >> 2 !== depth) return false;
		this.value = value;
		this.bound = meta & 3;
		this.hits++;
		return true;
	}

	/** Stores a value. */
	store(keyLo: number, keyHi: number, depth: number, value: number, bound: number): void {
		const s = this.slots;
		const i = this.index(keyLo, keyHi);
		const meta = bound | (depth << 2);
		s[i] = keyLo;
		s[i + 1] = keyHi ^ value ^ meta;
		s[i + 2] = value;
		s[i + 3] = meta;
	}
}
