/**
 * The shared tree of the lab's parallel searches: one record per inner node being searched, in an
 * `Int32Array` (over a `SharedArrayBuffer` when threads share it), as the thesis's PABSim keeps
 * its `NodeT` records (Manohararajah, "Parallel Alpha-Beta Search on Shared Memory
 * Multiprocessors", 2001, section 6.4.1). Leaves have no record.
 *
 * ```
 *  record  0 lock         spin lock (threads); fields that several threads change, change under it
 *          1 generation   bumped when the record is taken or given back (stale references fail)
 *          2 in use       1 from allocation until given back
 *          3 parent       parent record, -1 at the root
 *          4 index        this node's index among its parent's children
 *          5 ply          distance from the root
 *          6 threads      processors that will come back to this node (DTS's thread count)
 *          7 next         next child to hand out
 *          8 count        children (-1 before expansion; 0 when the game is over)
 *          9 finished     children searched (mvsfini)
 *         10 score        best negamax value of the finished children (-INF at first)
 *         11 pv           1 on the search's first line
 *         12 ybwc type    strong YBWC's type (PV, CUT, ALL) from the parent's and the index
 *         13 net type     the neural network's type value (0..100)
 *         14 net wait     the network's children to search first
 *         15 first child  active children (records), linked through 16 and 17
 *         16 next sibling
 *         17 prev sibling
 *         18 done         1 once its last processor returned its value
 *         19 owner        work stealing: processor whose deque holds it
 *         20..27          CABP: critical type, children left, non-critical cursor, in progress, cut,
 *                         non-critical heap state
 *         28..            the node's state (`TreeDomain.stateWords`), then its child entries
 * ```
 * A node's window is not stored: it is read from its ancestors' scores when needed (alpha: the
 * best of the scores two, four, ... plies up; beta: the least of the negated scores one, three,
 * ... plies up), so a better score anywhere above reaches every node below at once, as PABSim's
 * TRANSLB and TRANSUB push it (the simulator still charges their ticks).
 */

import { type MemoryModel } from './memory-model.js';
import { spinLock, spinUnlock } from './spin-lock.js';
import { INF, type TreeDomain } from './tree-domain.js';

export const R_LOCK = 0;
export const R_GEN = 1;
export const R_INUSE = 2;
export const R_PARENT = 3;
export const R_INDEX = 4;
export const R_PLY = 5;
export const R_THREADS = 6;
export const R_NEXT = 7;
export const R_COUNT = 8;
export const R_FINI = 9;
export const R_SCORE = 10;
export const R_PV = 11;
export const R_YTYPE = 12;
export const R_NTYPE = 13;
export const R_NWAIT = 14;
export const R_FIRST = 15;
export const R_NEXT_SIB = 16;
export const R_PREV_SIB = 17;
export const R_DONE = 18;
export const R_OWNER = 19;
export const R_CTYPE = 20;
export const R_LEFT = 21;
export const R_NC_CURSOR = 22;
export const R_NC_BUSY = 23;
export const R_NC_CUT = 24;
export const R_HEAP = 25;
export const HEADER = 28;

/**
 * Control words. Each lock sits on a cache line of its own (16 words, 64 bytes apart), with the
 * words it guards: threads spinning on one lock, or writing its words, then do not slow down those
 * taking another (false sharing; CABP takes the critical queue's lock for every critical node and
 * the free list's for every node it expands).
 */
export const C_SEARCHEND = 0;
export const C_RESULT = 1;
export const C_ROOT = 2;
export const C_SPLIT_LOCK = 16;
export const C_CACHED = 17;
export const C_CACHED_GEN = 18;
export const C_FREE_LOCK = 32;
export const C_FREE_TOP = 33;
/** CABP's critical queue (Cung and Roucairol's MUTEX_C; its non-critical heap has a lock per node). */
export const C_CRITICAL_QUEUE_LOCK = 48;
export const CONTROL_WORDS = 64;

/** Node types of strong YBWC (scheme A). */
export const Y_PV = 0;
export const Y_CUT = 1;
export const Y_ALL = 2;

/** The buffers of a shared tree. */
export interface StoreBuffers {
	readonly mem: SharedArrayBuffer | ArrayBuffer;
	readonly control: SharedArrayBuffer | ArrayBuffer;
	readonly free: SharedArrayBuffer | ArrayBuffer;
	readonly capacity: number;
	readonly recordWords: number;
}

/** Words of a record for a domain. */
export function recordWords(domain: TreeDomain): number {
	return HEADER + domain.stateWords + domain.maxChildren * domain.childWords;
}

/** Allocates the buffers for `capacity` records (shared between threads when `shared`). */
export function createStoreBuffers(domain: TreeDomain, capacity: number, shared: boolean): StoreBuffers {
	const words = recordWords(domain);
	const make = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
	return {
		mem: make(capacity * words * 4),
		control: make(CONTROL_WORDS * 4),
		free: make(capacity * 4),
		capacity,
		recordWords: words,
	};
}

/** One thread's (or the simulator's) view of a shared tree. */
export class NodeStore {
	readonly mem: Int32Array;
	readonly control: Int32Array;
	readonly free: Int32Array;
	readonly capacity: number;
	readonly recordWords: number;
	/** Offset of the state in a record, and of the child entries. */
	readonly stateAt = HEADER;
	readonly childrenAt: number;
	/** The window of the last `window` call. */
	alpha = -INF;
	beta = INF;
	/**
	 * The simulator's memory delays (`memory-model.ts`; its blocks: the records, then the global
	 * split lock's), or null: reads and writes cost nothing (the default, and on threads).
	 */
	memory: MemoryModel | null = null;

	/**
	 * @param locking true when threads share the store (locks spin); false in the simulator, whose
	 * steps run one at a time
	 */
	constructor(
		buffers: StoreBuffers,
		readonly domain: TreeDomain,
		readonly locking: boolean,
	) {
		this.mem = new Int32Array(buffers.mem);
		this.control = new Int32Array(buffers.control);
		this.free = new Int32Array(buffers.free);
		this.capacity = buffers.capacity;
		this.recordWords = buffers.recordWords;
		this.childrenAt = HEADER + domain.stateWords;
	}

	/** Empties the store and creates the root record (one thread does this before a search). */
	reset(): number {
		const { mem, free, capacity, recordWords } = this;
		for (let i = 0; i < capacity; i++) {
			const at = i * recordWords;
			mem[at + R_LOCK] = 0;
			mem[at + R_INUSE] = 0;
			free[i] = capacity - 1 - i;
		}
		this.control.fill(0);
		this.control[C_FREE_TOP] = capacity;
		this.control[C_CACHED] = -1;
		const root = this.alloc();
		this.init(root, -1, 0, 0, true);
		this.domain.writeRoot(mem, root * recordWords + HEADER);
		this.control[C_ROOT] = root;
		if (this.memory !== null) {
			this.memory.reset();
			this.memory.made(0, root);
		}
		return root;
	}

	/** Base offset of record `r`. */
	at(r: number): number {
		return r * this.recordWords;
	}

	/** Takes a free record; -1 if none is left. */
	alloc(): number {
		const control = this.control;
		if (this.locking) spinLock(control, C_FREE_LOCK);
		const top = control[C_FREE_TOP];
		const r = top > 0 ? this.free[top - 1] : -1;
		if (top > 0) control[C_FREE_TOP] = top - 1;
		if (this.locking) spinUnlock(control, C_FREE_LOCK);
		if (r >= 0) this.mem[r * this.recordWords + R_GEN]++;
		return r;
	}

	/** Gives record `r` back. */
	release(r: number): void {
		const at = r * this.recordWords;
		this.mem[at + R_GEN]++;
		if (this.locking) Atomics.store(this.mem, at + R_INUSE, 0);
		else this.mem[at + R_INUSE] = 0;
		const control = this.control;
		if (this.locking) spinLock(control, C_FREE_LOCK);
		this.free[control[C_FREE_TOP]++] = r;
		if (this.locking) spinUnlock(control, C_FREE_LOCK);
	}

	/** Records in use. */
	inUse(): number {
		return this.capacity - this.control[C_FREE_TOP];
	}

	/** Fills a new record's header (its state is written by the caller). */
	init(r: number, parent: number, index: number, ply: number, pv: boolean): void {
		const m = this.mem;
		const at = r * this.recordWords;
		m[at + R_PARENT] = parent;
		m[at + R_INDEX] = index;
		m[at + R_PLY] = ply;
		m[at + R_THREADS] = 1;
		m[at + R_NEXT] = 0;
		m[at + R_COUNT] = -1;
		m[at + R_FINI] = 0;
		m[at + R_SCORE] = -INF;
		m[at + R_PV] = pv ? 1 : 0;
		m[at + R_YTYPE] = Y_PV;
		m[at + R_NTYPE] = 0;
		m[at + R_NWAIT] = 0;
		m[at + R_FIRST] = -1;
		m[at + R_NEXT_SIB] = -1;
		m[at + R_PREV_SIB] = -1;
		m[at + R_DONE] = 0;
		m[at + R_OWNER] = -1;
		m[at + R_CTYPE] = 0;
		m[at + R_LEFT] = 0;
		m[at + R_NC_CURSOR] = 0;
		m[at + R_NC_BUSY] = 0;
		m[at + R_NC_CUT] = 0;
		m[at + R_HEAP] = 0;
		if (this.locking) Atomics.store(m, at + R_INUSE, 1);
		else m[at + R_INUSE] = 1;
	}

	/** Takes record `r`'s lock (threads only). */
	lock(r: number): void {
		if (this.locking) spinLock(this.mem, r * this.recordWords + R_LOCK);
	}

	/** Releases record `r`'s lock. */
	unlock(r: number): void {
		if (this.locking) spinUnlock(this.mem, r * this.recordWords + R_LOCK);
	}

	/** Takes a control-block lock (threads only). */
	lockControl(word: number): void {
		if (this.locking) spinLock(this.control, word);
	}

	/** Releases a control-block lock. */
	unlockControl(word: number): void {
		if (this.locking) spinUnlock(this.control, word);
	}

	/**
	 * Sets `alpha` and `beta` to the window of record `r` from its ancestors' scores (negamax:
	 * beta from the odd ancestors' negated scores, alpha from the even ones).
	 */
	window(r: number): void {
		const m = this.mem;
		const words = this.recordWords;
		let alpha = -INF;
		let beta = INF;
		let odd = true;
		for (let a = m[r * words + R_PARENT]; a >= 0; a = m[a * words + R_PARENT]) {
			const score = m[a * words + R_SCORE];
			if (odd) {
				if (-score < beta) beta = -score;
			} else if (score > alpha) alpha = score;
			odd = !odd;
		}
		this.alpha = alpha;
		this.beta = beta;
	}

	/** True if record `r` can still use more children: moves left and its window open. */
	open(r: number): boolean {
		const m = this.mem;
		const at = r * this.recordWords;
		if (m[at + R_DONE] !== 0 || m[at + R_INUSE] === 0) return false;
		const count = m[at + R_COUNT];
		if (count < 0 || m[at + R_NEXT] >= count) return false;
		this.window(r);
		const score = m[at + R_SCORE];
		return (score > this.alpha ? score : this.alpha) < this.beta;
	}

	/** Links `child` into `parent`'s active children (under the parent's lock). */
	link(parent: number, child: number): void {
		const m = this.mem;
		const words = this.recordWords;
		const first = m[parent * words + R_FIRST];
		m[child * words + R_NEXT_SIB] = first;
		m[child * words + R_PREV_SIB] = -1;
		if (first >= 0) m[first * words + R_PREV_SIB] = child;
		m[parent * words + R_FIRST] = child;
	}

	/** Unlinks `child` from `parent`'s active children (under the parent's lock). */
	unlink(parent: number, child: number): void {
		const m = this.mem;
		const words = this.recordWords;
		const next = m[child * words + R_NEXT_SIB];
		const prev = m[child * words + R_PREV_SIB];
		if (prev >= 0) m[prev * words + R_NEXT_SIB] = next;
		else m[parent * words + R_FIRST] = next;
		if (next >= 0) m[next * words + R_PREV_SIB] = prev;
	}

	/** Active records below `r` (the simulator's count of nodes told a new bound). */
	subtreeSize(r: number): number {
		const m = this.mem;
		const words = this.recordWords;
		let total = 0;
		for (let c = m[r * words + R_FIRST]; c >= 0; c = m[c * words + R_NEXT_SIB]) total += 1 + this.subtreeSize(c);
		return total;
	}
}
