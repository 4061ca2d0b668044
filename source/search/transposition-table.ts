/**
 * The transposition table: positions already searched, keyed by Zobrist key (Dumas, "Guerre des blobs", 2014,
 * section Tables de transposition), in a `SharedArrayBuffer` so that search threads share it.
 *
 * An entry is four Int32 words (16 bytes); four entries make a bucket of 64 bytes (one cache
 * line), chosen by the low bits of the key's low half:
 *
 * ```
 *  word 0  check    keyLo ^ keyHi ^ data ^ score   (Hyatt and Mann's lockless XOR over the whole
 *                   entry: an entry torn by two writers fails it)
 *  word 1  keyHi    (also compared alone, to reject most other positions at once)
 *  word 2  data     bits  0-16  move (17 bits: cell moves < 0x10000, pass 0x10000, none 0x1ffff)
 *                   bits 17-23  depth (plies, 0..127)
 *                   bits 24-25  bound (0 empty, 1 upper, 2 lower, 3 exact)
 *                   bits 26-31  age (search generation, 6 bits)
 *  word 3  score    relative to the node for finished games (see score.ts scoreToTable)
 * ```
 * Reads verify the key (other threads may be writing) and copy the fields into an entry the
 * caller owns (`TableEntry`); every write goes through `store()`. Replacement (after
 * Stockfish's): an entry of the same position is overwritten unless it holds a deeper result of
 * this search; otherwise the entry of the bucket with the lowest `depth - 8 * age distance` goes.
 * Hyatt and Mann, "A lockless transposition table implementation for parallel search", ICGA
 * Journal 25(1), 2002.
 */

import { type Move, NO_MOVE } from '../game/move.js';

/** Bound of a stored score. */
export const BOUND_NONE = 0;
/** The score is an upper bound (the search failed low). */
export const BOUND_UPPER = 1;
/** The score is a lower bound (the search failed high). */
export const BOUND_LOWER = 2;
/** The score is exact. */
export const BOUND_EXACT = 3;

const ENTRY_WORDS = 4;
const BUCKET_ENTRIES = 4;
const BUCKET_WORDS = ENTRY_WORDS * BUCKET_ENTRIES;
const MOVE_MASK = 0x1ffff;
const AGE_MASK = 63;

/** Bytes per entry. */
export const ENTRY_BYTES = ENTRY_WORDS * 4;

/** What a probe found, copied out of the table: each search thread owns one (or one per use). */
export class TableEntry {
	/** The stored move (NO_MOVE if none). */
	move: Move = NO_MOVE;
	/** Plies searched below the position. */
	depth = 0;
	/** BOUND_UPPER, BOUND_LOWER or BOUND_EXACT. */
	bound = BOUND_NONE;
	/** As stored: convert with `scoreFromTable`. */
	score = 0;
}

/** A transposition table over shared memory. */
export class TranspositionTable {
	/** The shared memory (pass it to another thread to share the table). */
	readonly buffer: SharedArrayBuffer;
	/** Size in MB actually used (a power of two of buckets). */
	readonly sizeMb: number;
	private readonly slots: Int32Array;
	private readonly bucketMask: number;
	private age = 0;

	/**
	 * @param sizeMb requested size in MB (1..65536); rounded down to a power of two of buckets
	 * @param buffer an existing table's buffer, to share it with another thread
	 * @throws RangeError for a size outside 1..65536 MB
	 */
	constructor(sizeMb: number, buffer?: SharedArrayBuffer) {
		if (!(sizeMb >= 1 && sizeMb <= 65536)) throw new RangeError(`hash size ${sizeMb} MB is outside 1..65536`);
		const bytesWanted = sizeMb * 1024 * 1024;
		let buckets = 1;
		while (buckets * 2 * BUCKET_WORDS * 4 <= bytesWanted) buckets *= 2;
		this.buffer = buffer ?? new SharedArrayBuffer(buckets * BUCKET_WORDS * 4);
		this.slots = new Int32Array(this.buffer);
		this.bucketMask = this.slots.length / BUCKET_WORDS - 1;
		this.sizeMb = this.buffer.byteLength / (1024 * 1024);
	}

	/** Number of entries. */
	get entries(): number {
		return this.slots.length / ENTRY_WORDS;
	}

	/** Starts a new search generation (entries of older searches are replaced first). */
	newSearch(): void {
		this.age = (this.age + 1) & AGE_MASK;
	}

	/** Sets the generation (threads sharing a table use the same one). */
	setAge(age: number): void {
		this.age = age & AGE_MASK;
	}

	/** The current generation. */
	get generation(): number {
		return this.age;
	}

	/** Empties the table. */
	clear(): void {
		this.slots.fill(0);
	}

	/**
	 * Looks a position up; on success copies the entry into `entry`.
	 * @returns true if the position is in the table (`entry` is left as it was otherwise)
	 */
	probe(keyLo: number, keyHi: number, entry: TableEntry): boolean {
		const slots = this.slots;
		const base = (keyLo & this.bucketMask) * BUCKET_WORDS;
		for (let i = base; i < base + BUCKET_WORDS; i += ENTRY_WORDS) {
			const hi = slots[i + 1];
			if (hi !== keyHi) continue;
			const data = slots[i + 2];
			const score = slots[i + 3];
			if ((slots[i] ^ hi ^ data ^ score) !== keyLo) continue;
			const bound = (data >>> 24) & 3;
			if (bound === BOUND_NONE) continue;
			const move = data & MOVE_MASK;
			entry.move = move === MOVE_MASK ? NO_MOVE : move;
			entry.depth = (data >>> 17) & 127;
			entry.bound = bound;
			entry.score = score;
			return true;
		}
		return false;
	}

	/**
	 * Stores a search result.
	 * @param depth plies searched below the position (0..127)
	 * @param score as returned by `scoreToTable`
	 */
	store(keyLo: number, keyHi: number, move: Move, depth: number, bound: number, score: number): void {
		const slots = this.slots;
		const base = (keyLo & this.bucketMask) * BUCKET_WORDS;
		let target = -1;
		let worst = Infinity;
		for (let i = base; i < base + BUCKET_WORDS; i += ENTRY_WORDS) {
			const data = slots[i + 2];
			const entryBound = (data >>> 24) & 3;
			if (
				entryBound !== BOUND_NONE &&
				slots[i + 1] === keyHi &&
				(slots[i] ^ keyHi ^ data ^ slots[i + 3]) === keyLo
			) {
				// The same position: keep a deeper result of this search, and keep its move if none is given.
				const entryDepth = (data >>> 17) & 127;
				const entryAge = (data >>> 26) & AGE_MASK;
				if (entryAge === this.age && entryDepth > depth + 2 && bound !== BOUND_EXACT) return;
				if (move === NO_MOVE) {
					const kept = data & MOVE_MASK;
					move = kept === MOVE_MASK ? NO_MOVE : kept;
				}
				target = i;
				break;
			}
			const priority =
				entryBound === BOUND_NONE
					? -Infinity
					: ((data >>> 17) & 127) - 8 * ((this.age - ((data >>> 26) & AGE_MASK)) & AGE_MASK);
			if (priority < worst) {
				worst = priority;
				target = i;
			}
		}
		const data =
			((move === NO_MOVE ? MOVE_MASK : move) & MOVE_MASK) |
			((depth & 127) << 17) |
			((bound & 3) << 24) |
			(this.age << 26);
		slots[target + 1] = keyHi;
		slots[target + 2] = data;
		slots[target + 3] = score;
		slots[target] = keyLo ^ keyHi ^ data ^ score;
	}

	/** Per mille of the first 1000 entries that hold a result of the current search (UCI's hashfull). */
	hashfull(): number {
		const slots = this.slots;
		const sample = Math.min(1000, this.entries);
		let used = 0;
		for (let e = 0; e < sample; e++) {
			const data = slots[e * ENTRY_WORDS + 2];
			if (((data >>> 24) & 3) !== BOUND_NONE && ((data >>> 26) & AGE_MASK) === this.age) used++;
		}
		return Math.round((used * 1000) / sample);
	}
}
