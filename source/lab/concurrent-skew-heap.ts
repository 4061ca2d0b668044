/**
 * A concurrent skew heap: a priority queue that several threads insert into and take the least
 * element from at once (Jones, "Concurrent operations on priority queues", Communications of the
 * ACM 32(1), 1989; the structure of CABP's second non-critical queue in Mans and Roucairol,
 * "Concurrency in priority queues for branch and bound algorithms", INRIA research report 1311,
 * 1990).
 *
 * A skew heap (Sleator and Tarjan, "Self-adjusting heaps", SIAM Journal on Computing 15(1), 1986)
 * is a binary tree in heap order with no balance condition: two heaps merge top-down along their
 * right spines, each node passed swapping its children, in O(log n) amortised. An insertion is a
 * merge with a one-node heap and a removal of the least merges the root's two subtrees; both work
 * from the root down, one node at a time. Each node (and the root pointer) has a spin lock, and an
 * operation holds the lock of the node whose child link it is about to change, taking the next
 * node's lock before giving that one back (hand over hand): the root is held for one step only,
 * and operations follow each other down the heap in a pipeline instead of queueing for the whole
 * structure. Locks are only ever taken downwards, so no two operations wait for each other in a
 * cycle.
 *
 * Elements are integers `0 .. capacity - 1` (CABP's records), each in the heap at most once; the
 * order is a callback, `before(a, b)` true when `a` comes out first. It may read state that other
 * threads change, as long as an element's place in the order does not change while it is in the
 * heap (or only moves it towards the front: it then comes out no later than in order).
 *
 * ```
 *  words at + 0        root element (-1: empty)
 *        at + 1        the root pointer's lock
 *        at + 16 + 4e  element e: left child, right child, lock (-1: no child)
 * ```
 */

import { spinLock, spinUnlock } from './spin-lock.js';

const NIL = -1;
const ROOT = 0;
const ROOT_LOCK = 1;
const NODES = 16;
const NODE_WORDS = 4;
const LEFT = 0;
const RIGHT = 1;
const LOCK = 2;

/** A take's visit that never puts the element back (`deleteMin`). */
const dropIt = (): boolean => false;

/** Words a heap of `capacity` elements takes (a multiple of 16: the next structure starts on a cache line). */
export function skewHeapWords(capacity: number): number {
	return NODES + Math.ceil((capacity * NODE_WORDS) / 16) * 16;
}

/** A concurrent skew heap in words `at ..` of a shared `Int32Array` (see the file's comment). */
export class ConcurrentSkewHeap {
	/**
	 * @param words the array holding the heap (shared between threads when `locking`)
	 * @param at first word, a multiple of 16 (the root on a cache line of its own)
	 * @param locking true when threads share the heap (locks spin); false in the simulator
	 * @param before the order: true when element `a` comes out before element `b`
	 */
	constructor(
		private readonly words: Int32Array,
		private readonly at: number,
		private readonly locking: boolean,
		private readonly before: (a: number, b: number) => boolean,
	) {}

	/** Empties the heap (one thread, no operation in progress). */
	clear(): void {
		this.words[this.at + ROOT] = NIL;
		this.words[this.at + ROOT_LOCK] = 0;
	}

	/** True if the heap looks empty (an unlocked read: another thread may be changing it). */
	looksEmpty(): boolean {
		return Atomics.load(this.words, this.at + ROOT) === NIL;
	}

	/** Inserts element `x` (not in the heap). */
	insert(x: number): void {
		const w = this.words;
		const nodes = this.at + NODES;
		const xAt = nodes + x * NODE_WORDS;
		w[xAt + RIGHT] = NIL;
		// The link being written (`slot`) belongs to the node whose lock is held (`held`).
		let held = this.at + ROOT_LOCK;
		let slot = this.at + ROOT;
		this.lock(held);
		for (;;) {
			const n = w[slot];
			if (n === NIL || this.before(x, n)) {
				// x takes n's place, n's heap its left child.
				w[xAt + LEFT] = n;
				w[slot] = x;
				this.unlock(held);
				return;
			}
			// Merge x into n's right subtree, which becomes its left: the top-down skew merge.
			const nAt = nodes + n * NODE_WORDS;
			this.lock(nAt + LOCK);
			const right = w[nAt + RIGHT];
			w[nAt + RIGHT] = w[nAt + LEFT];
			w[nAt + LEFT] = right;
			this.unlock(held);
			held = nAt + LOCK;
			slot = nAt + LEFT;
		}
	}

	/** Removes and returns the first element in the order; -1 if the heap is empty. */
	deleteMin(): number {
		return this.take(dropIt);
	}

	/**
	 * Takes the first element out and calls `visit` with it, the root's lock held (no other
	 * removal starts meanwhile); if `visit` returns true the element goes back in at once, at the
	 * place its order now gives it (it may have moved back), as one operation. Returns the
	 * element; -1 if the heap is empty (`visit` is not called).
	 */
	take(visit: (x: number) => boolean): number {
		const w = this.words;
		const nodes = this.at + NODES;
		let held = this.at + ROOT_LOCK;
		let slot = this.at + ROOT;
		this.lock(held);
		const min = w[slot];
		if (min === NIL) {
			this.unlock(held);
			return NIL;
		}
		// Operations that went by the root before us may still be at work in `min`: wait for them.
		const minAt = nodes + min * NODE_WORDS;
		this.lock(minAt + LOCK);
		let a = w[minAt + LEFT];
		let b = w[minAt + RIGHT];
		this.unlock(minAt + LOCK);
		// Merge the two subtrees, and `min` again if it goes back, into the root's link, top down.
		let x = visit(min) ? min : NIL;
		for (;;) {
			if (b !== NIL && (a === NIL || this.before(b, a))) {
				const t = a;
				a = b;
				b = t;
			}
			// a: the first of the two subtrees' roots (NIL if both are empty).
			if (x !== NIL && (a === NIL || this.before(x, a))) {
				// x takes the link alone; the two subtrees merge into its left one.
				const xAt = nodes + x * NODE_WORDS;
				this.lock(xAt + LOCK);
				w[xAt + RIGHT] = NIL;
				w[slot] = x;
				this.unlock(held);
				held = xAt + LOCK;
				slot = xAt + LEFT;
				x = NIL;
				continue;
			}
			if (x === NIL && b === NIL) {
				w[slot] = a;
				this.unlock(held);
				return min;
			}
			// a takes the link; its right subtree, b and x merge into its left one, its left goes right.
			const aAt = nodes + a * NODE_WORDS;
			this.lock(aAt + LOCK);
			w[slot] = a;
			const right = w[aAt + RIGHT];
			w[aAt + RIGHT] = w[aAt + LEFT];
			this.unlock(held);
			held = aAt + LOCK;
			slot = aAt + LEFT;
			a = right;
		}
	}

	private lock(index: number): void {
		if (this.locking) spinLock(this.words, index);
	}

	private unlock(index: number): void {
		if (this.locking) spinUnlock(this.words, index);
	}
}
