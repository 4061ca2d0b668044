/**
 * Concurrent Alpha-Beta Pruning (Cung and Roucairol, "Parcours parallèle d'arbres minimax",
 * INRIA research report 1549, 1991, chapter 3): fine-grained, each processor handles one node at a
 * time taken from two queues.
 *
 * - The critical queue holds the critical (minimal) tree of Knuth and Moore, always searched by
 *   alpha-beta whatever the order: the root is of type 1; the first child of a type-1 node is of
 *   type 1, the others of type 2; the first child of a type-2 node is of type 3, its other children
 *   are non-critical; every child of a type-3 node is of type 2. It is served first, in order
 *   (first in, first out).
 * - The non-critical queue holds the other children of type-2 nodes (and everything below them),
 *   as one list per parent, leftmost lists first, at most `k` children of one list in progress at
 *   a time (the degree of parallel pruning).
 * - A score tree (one record per expanded node) keeps each node's best value and its children
 *   left; a finished child raises its parent's value, and a node whose children are all done
 *   passes its value up in turn. A non-critical node whose window (from the score tree above it)
 *   is shut is pruned with all its brothers not yet taken.
 * - Each queue has its own lock (their MUTEX_C and MUTEX_NC, sections 3.4, 4.3 and 4.4): a
 *   processor taking a critical node and one taking a non-critical node do not wait for each
 *   other. The non-critical queue is their first implementation's (one structure behind its
 *   lock; here a binary heap of lists); their second, a concurrent skew heap that several
 *   processors use at once (Mans and Roucairol, INRIA research report 1311, 1990), is not built.
 *
 * Values are negamax, fail-hard: a finished node returns its score clamped to its window.
 * Nodes count every node taken and not pruned (root and leaves included).
 */

import {
	C_NC_QUEUE_LOCK,
	C_CRITICAL_QUEUE_LOCK,
	C_RESULT,
	C_SEARCHEND,
	type NodeStore,
	R_COUNT,
	R_CTYPE,
	R_GEN,
	R_HEAP,
	R_INDEX,
	R_LEFT,
	R_NC_BUSY,
	R_NC_CURSOR,
	R_NC_CUT,
	R_PARENT,
	R_PLY,
	R_SCORE,
} from './node-store.js';
import { LOCK_NONE, S_EXIT } from './processor.js';
import { TICKS } from './ticks.js';
import { TreeTooLargeError } from './tree-too-large.js';

const T_NONCRITICAL = 0;

// Queue buffer layout: each queue's counters on a cache line of their own (16 words), so that
// the two queues' takes do not share one (false sharing between threads).
const Q_HEAD = 0;
const Q_TAIL = 1;
const Q_HEAP_SIZE = 16;
const Q_HEADER = 32;
const LIST_WORDS = 4;

/** The simulator's lock numbers (`SimulatedProcessor.lockNeeded`) of the critical and non-critical queues. */
export const LOCK_CRITICAL_QUEUE = -3;
export const LOCK_NONCRITICAL_QUEUE = -4;

/** A buffer for CABP's queues over a store of `capacity` records. */
export function createQueueBuffer(capacity: number, shared: boolean): SharedArrayBuffer | ArrayBuffer {
	const bytes = (Q_HEADER + capacity * LIST_WORDS + capacity) * 4;
	return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/** Records CABP may need for a tree (the critical tree's inner nodes, with room for the rest). */
export function cabpCapacity(branching: number, depth: number, processors: number): number {
	let inner = 0;
	for (let ply = 0; ply < depth; ply++)
		inner += branching ** Math.ceil(ply / 2) + branching ** Math.floor(ply / 2) - 1;
	return Math.min(1 << 20, Math.ceil(inner * 1.5) + processors * depth * branching + 64);
}

/** The shared part of a CABP search: the store, the queues and the degree k. */
export class Cabp {
	readonly queues: Int32Array;
	private readonly words: number;
	private readonly listsAt = Q_HEADER;
	private readonly heapAt: number;

	constructor(
		readonly store: NodeStore,
		queueBuffer: SharedArrayBuffer | ArrayBuffer,
		readonly k: number,
	) {
		this.queues = new Int32Array(queueBuffer);
		this.words = store.recordWords;
		this.heapAt = Q_HEADER + store.capacity * LIST_WORDS;
	}

	/** True once the root's value is known. */
	ended(): boolean {
		return this.store.control[C_SEARCHEND] !== 0;
	}

	/** Starts a search (one thread): the root expanded, its children in the critical queue. */
	begin(): { readonly nodes: number; readonly ticks: number } {
		const store = this.store;
		this.queues.fill(0);
		const root = store.reset();
		const ticks = this.expand(root, 1);
		return { nodes: 1, ticks };
	}

	/**
	 * Expands record `r` of critical type `type` and queues its children. If the game is over
	 * there, the record's value is final: it is passed up (returns its ticks).
	 */
	expand(r: number, type: number): number {
		const store = this.store;
		const m = store.mem;
		const at = r * this.words;
		const ply = m[at + R_PLY];
		const count = store.domain.expand(m, at + store.stateAt, at + store.childrenAt, ply);
		m[at + R_COUNT] = count;
		m[at + R_CTYPE] = type;
		if (count === 0) {
			const value = store.domain.evaluate(m, at + store.stateAt, ply);
			m[at + R_SCORE] = value;
			m[at + R_LEFT] = 0;
			return TICKS.expand + TICKS.evaluate + this.finish(r);
		}
		m[at + R_LEFT] = count;
		// Each queue behind its own lock, as Cung and Roucairol's MUTEX_C and MUTEX_NC.
		if (type !== T_NONCRITICAL) {
			store.lockControl(C_CRITICAL_QUEUE_LOCK);
			this.pushCritical(r, 0, type === 2 ? 1 : count, type);
			store.unlockControl(C_CRITICAL_QUEUE_LOCK);
		}
		if (type === 2 || type === T_NONCRITICAL) {
			store.lockControl(C_NC_QUEUE_LOCK);
			m[at + R_NC_CURSOR] = type === 2 ? 1 : 0;
			if (type === T_NONCRITICAL || count > 1) this.heapInsert(r);
			store.unlockControl(C_NC_QUEUE_LOCK);
		}
		return TICKS.expand + TICKS.search;
	}

	/** Critical list: children [from, to) of r, of the types the parent's type `rule` gives. */
	private pushCritical(r: number, from: number, to: number, rule: number): void {
		const q = this.queues;
		const e = this.listsAt + (q[Q_TAIL] % this.store.capacity) * LIST_WORDS;
		q[e] = r;
		q[e + 1] = from;
		q[e + 2] = to;
		q[e + 3] = rule;
		q[Q_TAIL]++;
	}

	/**
	 * Takes the next node to handle (under the lock of the queue it comes from): sets
	 * `takenParent`, `takenIndex`, `takenType`; false if both queues are empty.
	 */
	take(into: CabpProcessor): boolean {
		const store = this.store;
		const q = this.queues;
		store.lockControl(C_CRITICAL_QUEUE_LOCK);
		if (q[Q_HEAD] < q[Q_TAIL]) {
			const e = this.listsAt + (q[Q_HEAD] % store.capacity) * LIST_WORDS;
			const i = q[e + 1];
			into.takenParent = q[e];
			into.takenIndex = i;
			const rule = q[e + 3];
			into.takenType = rule === 1 ? (i === 0 ? 1 : 2) : rule === 2 ? 3 : 2;
			q[e + 1] = i + 1;
			if (i + 1 >= q[e + 2]) q[Q_HEAD]++;
			store.unlockControl(C_CRITICAL_QUEUE_LOCK);
			return true;
		}
		store.unlockControl(C_CRITICAL_QUEUE_LOCK);
		store.lockControl(C_NC_QUEUE_LOCK);
		let ok = false;
		if (q[Q_HEAP_SIZE] > 0) {
			const r = q[this.heapAt];
			const m = store.mem;
			const at = r * this.words;
			const i = m[at + R_NC_CURSOR];
			into.takenParent = r;
			into.takenIndex = i;
			into.takenType = T_NONCRITICAL;
			m[at + R_NC_CURSOR] = i + 1;
			m[at + R_NC_BUSY]++;
			if (i + 1 >= m[at + R_COUNT] || m[at + R_NC_BUSY] >= this.k) this.heapRemove(r);
			else this.siftDown(0);
			ok = true;
		}
		store.unlockControl(C_NC_QUEUE_LOCK);
		return ok;
	}

	/**
	 * Handles the node taken (child `i` of record `parent`, of critical type `type`): prunes it,
	 * evaluates it, or expands it. Returns its ticks; `counted` tells whether it was a node.
	 */
	handle(parent: number, i: number, type: number, proc: CabpProcessor): number {
		const store = this.store;
		const m = store.mem;
		const pat = parent * this.words;
		const ply = m[pat + R_PLY];
		let ticks = 0;
		if (type === T_NONCRITICAL) {
			// The node's window is shut exactly when its parent's is: prune it and its brothers.
			store.lock(parent);
			store.window(parent);
			const score = m[pat + R_SCORE];
			const shut = (score > store.alpha ? score : store.alpha) >= store.beta;
			if (shut) {
				store.lockControl(C_NC_QUEUE_LOCK);
				const cursor = m[pat + R_NC_CURSOR];
				const pruned = m[pat + R_COUNT] - cursor;
				m[pat + R_NC_CURSOR] = m[pat + R_COUNT];
				m[pat + R_NC_CUT] = 1;
				if (m[pat + R_HEAP] >= 0) this.heapRemove(parent);
				store.unlockControl(C_NC_QUEUE_LOCK);
				m[pat + R_LEFT] -= pruned;
			}
			store.unlock(parent);
			if (shut) return TICKS.search + this.childDone(parent, i, type, 0, true);
		}
		proc.nodes++;
		ticks += TICKS.search;
		if (ply + 1 === store.domain.depth) {
			const value = store.domain.leafValue(m, pat + store.stateAt, pat + store.childrenAt, i, ply);
			return ticks + TICKS.evaluate + TICKS.ret + this.childDone(parent, i, type, value, false);
		}
		const r = store.alloc();
		if (r < 0) throw new TreeTooLargeError("CABP's score tree", store.capacity);
		store.init(r, parent, i, ply + 1, false);
		const at = r * this.words;
		store.domain.child(m, pat + store.stateAt, pat + store.childrenAt, i, at + store.stateAt, ply);
		return ticks + this.expand(r, type);
	}

	/**
	 * A child of `parent` is done (`pruned`: without a value): raise the parent's score, count it,
	 * and pass finished nodes' values up. Returns the ticks (one per node updated).
	 */
	private childDone(parent: number, i: number, type: number, value: number, pruned: boolean): number {
		const store = this.store;
		const m = store.mem;
		const pat = parent * this.words;
		store.lock(parent);
		if (!pruned && -value > m[pat + R_SCORE]) Atomics.store(m, pat + R_SCORE, -value);
		if (!pruned || type === T_NONCRITICAL) m[pat + R_LEFT]--;
		if (type === T_NONCRITICAL) {
			m[pat + R_NC_BUSY]--;
			if (m[pat + R_HEAP] < 0 && m[pat + R_NC_CUT] === 0 && m[pat + R_NC_CURSOR] < m[pat + R_COUNT]) {
				store.lockControl(C_NC_QUEUE_LOCK);
				if (m[pat + R_HEAP] < 0) this.heapInsert(parent);
				store.unlockControl(C_NC_QUEUE_LOCK);
			}
		}
		const done = m[pat + R_LEFT] === 0;
		store.unlock(parent);
		void i;
		return TICKS.update + (done ? this.finish(parent) : 0);
	}

	/** Record `r` has all its children: its value goes up (or ends the search at the root). */
	private finish(r: number): number {
		const store = this.store;
		const m = store.mem;
		const at = r * this.words;
		store.window(r);
		const score = m[at + R_SCORE];
		const value = score < store.alpha ? store.alpha : score > store.beta ? store.beta : score;
		const parent = m[at + R_PARENT];
		const index = m[at + R_INDEX];
		const type = m[at + R_CTYPE];
		store.release(r);
		if (parent < 0) {
			store.control[C_RESULT] = value;
			Atomics.store(store.control, C_SEARCHEND, 1);
			return TICKS.ret;
		}
		return TICKS.ret + this.childDone(parent, index, type, value, false);
	}

	// The non-critical queue: a binary heap of records, leftmost next child first.

	/** True if record a's next non-critical child is left of record b's. */
	private before(a: number, b: number): boolean {
		const m = this.store.mem;
		const words = this.words;
		// Paths from the root: walk both up to the same ply, then together.
		let x = a;
		let y = b;
		let xi = m[x * words + R_NC_CURSOR];
		let yi = m[y * words + R_NC_CURSOR];
		let xp = m[x * words + R_PLY];
		let yp = m[y * words + R_PLY];
		while (xp > yp) {
			xi = m[x * words + R_INDEX];
			x = m[x * words + R_PARENT];
			xp--;
		}
		while (yp > xp) {
			yi = m[y * words + R_INDEX];
			y = m[y * words + R_PARENT];
			yp--;
		}
		while (x !== y) {
			xi = m[x * words + R_INDEX];
			yi = m[y * words + R_INDEX];
			x = m[x * words + R_PARENT];
			y = m[y * words + R_PARENT];
		}
		return xi < yi || (xi === yi && m[a * words + R_PLY] > m[b * words + R_PLY]);
	}

	private heapSet(pos: number, r: number): void {
		this.queues[this.heapAt + pos] = r;
		this.store.mem[r * this.words + R_HEAP] = pos;
	}

	private heapInsert(r: number): void {
		const q = this.queues;
		let i = q[Q_HEAP_SIZE]++;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			const pr = q[this.heapAt + parent];
			if (!this.before(r, pr)) break;
			this.heapSet(i, pr);
			i = parent;
		}
		this.heapSet(i, r);
	}

	private heapRemove(r: number): void {
		const q = this.queues;
		const m = this.store.mem;
		const pos = m[r * this.words + R_HEAP];
		m[r * this.words + R_HEAP] = -1;
		const last = q[this.heapAt + --q[Q_HEAP_SIZE]];
		if (last === r) return;
		this.heapSet(pos, last);
		let i = pos;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			const pr = q[this.heapAt + parent];
			if (!this.before(last, pr)) break;
			this.heapSet(i, pr);
			this.heapSet(parent, last);
			i = parent;
		}
		this.siftDown(i);
	}

	private siftDown(from: number): void {
		const q = this.queues;
		const size = q[Q_HEAP_SIZE];
		let i = from;
		for (;;) {
			let c = 2 * i + 1;
			if (c >= size) break;
			if (c + 1 < size && this.before(q[this.heapAt + c + 1], q[this.heapAt + c])) c++;
			const r = q[this.heapAt + i];
			const cr = q[this.heapAt + c];
			if (!this.before(cr, r)) break;
			this.heapSet(i, cr);
			this.heapSet(c, r);
			i = c;
		}
	}

	/** True if the critical queue holds a node to take (the next take serves it). */
	criticalWaiting(): boolean {
		return this.queues[Q_HEAD] < this.queues[Q_TAIL];
	}

	/** Generation guard for debugging. */
	generation(r: number): number {
		return this.store.mem[r * this.words + R_GEN];
	}
}

const P_TAKE = 0;
const P_HANDLE = 1;

/** A CABP processor: take a node, handle it, repeat. */
export class CabpProcessor {
	state = P_TAKE;
	waiting = false;
	nodes = 0;
	/** Ticks spent finding no node in the queues (and waiting to look again). */
	splitTicks = 0;
	/** Ticks of taking and handling nodes. */
	workTicks = 0;
	takenParent = -1;
	takenIndex = 0;
	takenType = 0;

	constructor(
		readonly index: number,
		readonly cabp: Cabp,
	) {}

	/** Starts a search (the root was expanded by `Cabp.begin`). */
	start(): void {
		this.state = P_TAKE;
		this.waiting = false;
		this.nodes = 0;
		this.splitTicks = 0;
		this.workTicks = 0;
	}

	/**
	 * The lock of the queue a take serves: the critical queue's while it holds a node, else the
	 * non-critical queue's (looking at the critical queue first is not charged); none while
	 * handling a node (its updates of the score tree hold each record's lock for an instant, which
	 * the simulator does not charge).
	 */
	lockNeeded(): number {
		if (this.state !== P_TAKE) return LOCK_NONE;
		return this.cabp.criticalWaiting() ? LOCK_CRITICAL_QUEUE : LOCK_NONCRITICAL_QUEUE;
	}

	step(): number {
		this.waiting = false;
		if (this.state === S_EXIT) return 0;
		if (this.cabp.ended()) {
			this.state = S_EXIT;
			return 0;
		}
		if (this.state === P_TAKE) {
			if (this.cabp.take(this)) {
				this.state = P_HANDLE;
				this.workTicks += TICKS.split;
				return TICKS.split;
			}
			this.waiting = true;
			this.splitTicks += TICKS.split + TICKS.recheck;
			return TICKS.split;
		}
		const ticks = this.cabp.handle(this.takenParent, this.takenIndex, this.takenType, this);
		this.workTicks += ticks;
		this.state = this.cabp.ended() ? S_EXIT : P_TAKE;
		return ticks;
	}

	/** A thread's whole part in a search. */
	run(onIdle: () => void): void {
		while (this.state !== S_EXIT) {
			this.step();
			if (this.waiting) onIdle();
		}
	}
}
