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
 * - The critical queue has its lock (their MUTEX_C, sections 3.4 and 4.3). The non-critical
 *   queue is their second implementation's (section 4.4): a concurrent skew heap of lists
 *   (`concurrent-skew-heap.ts`; Mans and Roucairol, INRIA research report 1311, 1990) that several
 *   processors go through at once, each holding one or two nodes' locks at a time, in place of
 *   their first one's list behind one lock (MUTEX_NC). A take hands out the first list's next
 *   child with the heap's root lock held, and leaves the list in the heap (at its new place) while
 *   it has children left and fewer than `k` in progress; a pruned list stays in the heap, at its
 *   front, until a take finds it and drops it (its record is given back then if its value has gone
 *   up meanwhile).
 *
 * Values are negamax, fail-hard: a finished node returns its score clamped to its window.
 * Nodes count every node taken and not pruned (root and leaves included).
 *
 * The grain (not in the report, where every inner node goes through the queues): a node taken
 * with fewer than `grain` plies to go is searched through by its processor alone, by sequential
 * alpha-beta in its window (`subtree-search.ts`), without records or queues below it. With the
 * default grain of 1 only the leaves are (each evaluated where it is taken), as published.
 */

import { ConcurrentSkewHeap, skewHeapWords } from './concurrent-skew-heap.js';
import {
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
import { sequentialTicks } from './sequential-search.js';
import { SubtreeSearch } from './subtree-search.js';
import { TICKS } from './ticks.js';
import { INF, type TreeDomain } from './tree-domain.js';
import { TreeTooLargeError } from './tree-too-large.js';

const T_NONCRITICAL = 0;

// Queue buffer layout: the critical queue's counters on a cache line of their own (16 words), then
// its lists, then the non-critical heap (its root on a line of its own).
const Q_HEAD = 0;
const Q_TAIL = 1;
const Q_HEADER = 16;
const LIST_WORDS = 4;

// A record's R_HEAP word: bits that say whether its list is in the non-critical heap, and whether
// its value has gone up (then whoever takes it out of the heap gives the record back).
const IN_HEAP = 1;
const DEAD = 2;

function heapStart(capacity: number): number {
	return Math.ceil((Q_HEADER + capacity * LIST_WORDS) / 16) * 16;
}

// After the heap, each record's path from the root: the indices of its ancestors' children that
// lead to it, `depth` words a record (its ply of them in use).
function pathsStart(capacity: number): number {
	return heapStart(capacity) + skewHeapWords(capacity);
}

/**
 * The simulator's lock numbers (`SimulatedProcessor.lockNeeded`) of the critical queue and of the
 * non-critical heap's root (held for the take's tick: the heap's steps below the root are not
 * charged).
 */
export const LOCK_CRITICAL_QUEUE = -3;
export const LOCK_NONCRITICAL_QUEUE = -4;

/** A buffer for CABP's queues over a store of `capacity` records, for a tree of `depth` plies. */
export function createQueueBuffer(capacity: number, depth: number, shared: boolean): SharedArrayBuffer | ArrayBuffer {
	const bytes = (pathsStart(capacity) + capacity * depth) * 4;
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
	private readonly heap: ConcurrentSkewHeap;
	private readonly pathsAt: number;
	private readonly depth: number;
	/** The processor a non-critical take serves, and the state of a record the take dropped (-1: none). */
	private taking: CabpProcessor | null = null;
	private takeState = -1;
	/** The window of a subtree below the grain as it starts ([alpha, beta]). */
	private readonly window = new Int32Array(2);

	/**
	 * @param store the score tree's records (shared between threads, or one simulator's)
	 * @param queueBuffer the queues (`createQueueBuffer`)
	 * @param k the degree of parallel pruning: children of one non-critical list in progress at once
	 * @param grain nodes with fewer plies to go are searched by one processor alone (1: leaves only)
	 */
	constructor(
		readonly store: NodeStore,
		queueBuffer: SharedArrayBuffer | ArrayBuffer,
		readonly k: number,
		readonly grain = 1,
	) {
		this.queues = new Int32Array(queueBuffer);
		this.words = store.recordWords;
		this.depth = store.domain.depth;
		this.pathsAt = pathsStart(store.capacity);
		this.heap = new ConcurrentSkewHeap(this.queues, heapStart(store.capacity), store.locking, (a, b) =>
			this.before(a, b),
		);
	}

	/** True once the root's value is known. */
	ended(): boolean {
		return this.store.control[C_SEARCHEND] !== 0;
	}

	/** Starts a search (one thread): the root expanded, its children in the critical queue. */
	begin(): { readonly nodes: number; readonly ticks: number } {
		const store = this.store;
		this.queues.fill(0);
		this.heap.clear();
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
		if (type !== T_NONCRITICAL) {
			store.lockControl(C_CRITICAL_QUEUE_LOCK);
			this.pushCritical(r, 0, type === 2 ? 1 : count, type);
			store.unlockControl(C_CRITICAL_QUEUE_LOCK);
		}
		if (type === 2 || type === T_NONCRITICAL) {
			m[at + R_NC_CURSOR] = type === 2 ? 1 : 0;
			if (type === T_NONCRITICAL || count > 1) {
				Atomics.or(m, at + R_HEAP, IN_HEAP);
				this.heap.insert(r);
			}
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
	 * Takes the next node to handle (the critical queue's first, else the non-critical heap's):
	 * sets `takenParent`, `takenIndex`, `takenType`; false if both queues are empty.
	 */
	take(into: CabpProcessor): boolean {
		return this.takeCritical(into) || this.takeNonCritical(into);
	}

	private takeCritical(into: CabpProcessor): boolean {
		const store = this.store;
		const q = this.queues;
		// Look before taking the lock: most takes find the critical queue empty.
		if (Atomics.load(q, Q_HEAD) >= Atomics.load(q, Q_TAIL)) return false;
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
		return false;
	}

	private takeNonCritical(into: CabpProcessor): boolean {
		this.taking = into;
		for (;;) {
			const r = this.heap.take(this.visitTaken);
			if (r < 0) return false;
			if (this.takeState < 0) return true;
			// Pruned while in the heap: dropped (and its record given back if its value went up).
			if ((this.takeState & DEAD) !== 0) this.store.release(r);
		}
	}

	/**
	 * Record `r` has come out of the non-critical heap (whose root's lock is held): hands out its
	 * next child to `taking`, or drops it if it was pruned. True if it goes back into the heap.
	 */
	private readonly visitTaken = (r: number): boolean => {
		const store = this.store;
		const m = store.mem;
		const at = r * this.words;
		store.lock(r);
		if (m[at + R_NC_CUT] !== 0) {
			this.takeState = Atomics.and(m, at + R_HEAP, ~IN_HEAP);
			store.unlock(r);
			return false;
		}
		this.takeState = -1;
		const into = this.taking!;
		const i = m[at + R_NC_CURSOR];
		into.takenParent = r;
		into.takenIndex = i;
		into.takenType = T_NONCRITICAL;
		m[at + R_NC_CURSOR] = i + 1;
		const busy = ++m[at + R_NC_BUSY];
		// It stays in the heap while it has children left and fewer than k in progress.
		const again = i + 1 < m[at + R_COUNT] && busy < this.k;
		if (!again) Atomics.and(m, at + R_HEAP, ~IN_HEAP);
		store.unlock(r);
		return again;
	};

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
			// The node's window is shut exactly when its parent's is: prune it and its brothers. The
			// window only ever narrows, so it is read without the lock, which only the pruning takes.
			store.window(parent);
			const score = m[pat + R_SCORE];
			const shut = (score > store.alpha ? score : store.alpha) >= store.beta;
			if (shut) {
				// If its list is in the heap, it stays there (at the front) until a take drops it.
				store.lock(parent);
				const cursor = m[pat + R_NC_CURSOR];
				const pruned = m[pat + R_COUNT] - cursor;
				m[pat + R_NC_CURSOR] = m[pat + R_COUNT];
				m[pat + R_NC_CUT] = 1;
				m[pat + R_LEFT] -= pruned;
				store.unlock(parent);
			}
			if (shut) return TICKS.search + this.childDone(parent, i, type, 0, true);
		}
		proc.nodes++;
		ticks += TICKS.search;
		if (ply + 1 === store.domain.depth) {
			const value = store.domain.leafValue(m, pat + store.stateAt, pat + store.childrenAt, i, ply);
			return ticks + TICKS.evaluate + TICKS.ret + this.childDone(parent, i, type, value, false);
		}
		if (store.domain.depth - ply - 1 < this.grain) {
			// Below the grain: the whole subtree here, in the child's window (from the score tree above),
			// a piece a step (`subtreeStep`), the window narrowed before each. Its value
			// goes up in a step of its own (`report`), once its ticks have passed: in the simulator, no
			// other processor sees it before then.
			const window = this.window;
			window[0] = -INF;
			window[1] = INF;
			this.narrowWindow(parent, window);
			const sub = proc.subtree(store.domain);
			const more = sub.begin(
				m,
				pat + store.stateAt,
				pat + store.childrenAt,
				m[pat + R_COUNT],
				i,
				ply,
				window[0],
				window[1],
			);
			this.subtreeDone(proc, more);
			return ticks + sequentialTicks(sub.inner, sub.leaves);
		}
		const r = store.alloc();
		if (r < 0) throw new TreeTooLargeError("CABP's score tree", store.capacity);
		store.init(r, parent, i, ply + 1, false);
		// Its path: its parent's, then its index.
		const q = this.queues;
		const from = this.pathsAt + parent * this.depth;
		const to = this.pathsAt + r * this.depth;
		for (let j = 0; j < ply; j++) q[to + j] = q[from + j];
		q[to + ply] = i;
		const at = r * this.words;
		store.domain.child(m, pat + store.stateAt, pat + store.childrenAt, i, at + store.stateAt, ply);
		return ticks + this.expand(r, type);
	}

	/**
	 * Narrows `window` ([alpha, beta], in place) to the window the score tree now gives a child of
	 * record `parent` (a subtree searched alone: its start, and before each of its steps).
	 */
	narrowWindow(parent: number, window: Int32Array): void {
		const store = this.store;
		store.window(parent);
		const score = store.mem[parent * this.words + R_SCORE];
		const alpha = -store.beta;
		const beta = -(score > store.alpha ? score : store.alpha);
		if (alpha > window[0]) window[0] = alpha;
		if (beta < window[1]) window[1] = beta;
	}

	/** The next step of the subtree `proc` searches alone (`SubtreeSearch.step`); returns the ticks. */
	subtreeStep(proc: CabpProcessor): number {
		const sub = proc.subtree(this.store.domain);
		const ticks = sequentialTicks(sub.inner, sub.leaves);
		const nodes = sub.inner + sub.leaves;
		const more = sub.step();
		proc.nodes += sub.inner + sub.leaves - nodes;
		this.subtreeDone(proc, more);
		return sequentialTicks(sub.inner, sub.leaves) - ticks;
	}

	/** After a step of `proc`'s subtree: more steps, or its value to pass up (`report`). */
	private subtreeDone(proc: CabpProcessor, more: boolean): void {
		proc.inSubtree = more;
		if (!more) {
			proc.reportValue = proc.subtree(this.store.domain).value;
			proc.reporting = true;
		}
	}

	/** Passes up the value of the subtree `proc` searched alone (`handle`, below the grain); returns the ticks. */
	report(proc: CabpProcessor): number {
		proc.reporting = false;
		return this.childDone(proc.takenParent, proc.takenIndex, proc.takenType, proc.reportValue, false);
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
		let insert = false;
		if (type === T_NONCRITICAL) {
			// One fewer in progress: the list goes back into the heap if it has children left.
			m[pat + R_NC_BUSY]--;
			insert =
				(m[pat + R_HEAP] & IN_HEAP) === 0 && m[pat + R_NC_CUT] === 0 && m[pat + R_NC_CURSOR] < m[pat + R_COUNT];
			if (insert) Atomics.or(m, pat + R_HEAP, IN_HEAP);
		}
		const done = m[pat + R_LEFT] === 0;
		store.unlock(parent);
		if (insert) this.heap.insert(parent);
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
		// A pruned list may still be in the non-critical heap: then the take that drops it gives the
		// record back (the heap links records).
		if ((Atomics.or(m, at + R_HEAP, DEAD) & IN_HEAP) === 0) store.release(r);
		if (parent < 0) {
			store.control[C_RESULT] = value;
			Atomics.store(store.control, C_SEARCHEND, 1);
			return TICKS.ret;
		}
		return TICKS.ret + this.childDone(parent, index, type, value, false);
	}

	// The non-critical heap's order: leftmost next child first.

	/**
	 * True if record a's next non-critical child is left of record b's (a pruned record first of
	 * all: its next take drops it): the two paths from the root, each record's followed by its next
	 * child, compared index by index; where one path is the start of the other, the deeper record
	 * comes first. Reads other threads' records without locks: a record in the heap keeps its path,
	 * and its place in the order until it is pruned.
	 */
	private before(a: number, b: number): boolean {
		const m = this.store.mem;
		const q = this.queues;
		const words = this.words;
		if (m[a * words + R_NC_CUT] !== 0) return true;
		if (m[b * words + R_NC_CUT] !== 0) return false;
		const pa = m[a * words + R_PLY];
		const pb = m[b * words + R_PLY];
		const x = this.pathsAt + a * this.depth;
		const y = this.pathsAt + b * this.depth;
		const n = pa < pb ? pa : pb;
		for (let j = 0; j < n; j++) {
			const xi = q[x + j];
			const yi = q[y + j];
			if (xi !== yi) return xi < yi;
		}
		if (pa === pb) return m[a * words + R_NC_CURSOR] < m[b * words + R_NC_CURSOR];
		if (pa < pb) return m[a * words + R_NC_CURSOR] < q[y + pa];
		return q[x + pb] <= m[b * words + R_NC_CURSOR];
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
const P_SUBTREE = 2;
const P_REPORT = 3;

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
	/** True while a subtree below the grain is being searched (`Cabp.subtreeStep`). */
	inSubtree = false;
	/** True once that subtree is done and its value `reportValue` is to go up (`Cabp.report`). */
	reporting = false;
	reportValue = 0;
	/** Its searcher of the subtrees below the grain (made on first use). */
	private subtreeSearch: SubtreeSearch | null = null;

	constructor(
		readonly index: number,
		readonly cabp: Cabp,
	) {}

	/**
	 * This processor's searcher of subtrees of `domain` below the grain, which narrows its window
	 * from the score tree before each of its steps.
	 */
	subtree(domain: TreeDomain): SubtreeSearch {
		if (this.subtreeSearch === null) {
			this.subtreeSearch = new SubtreeSearch(domain);
			this.subtreeSearch.narrow = (window) => this.cabp.narrowWindow(this.takenParent, window);
		}
		return this.subtreeSearch;
	}

	/** Starts a search (the root was expanded by `Cabp.begin`). */
	start(): void {
		this.state = P_TAKE;
		this.waiting = false;
		this.inSubtree = false;
		this.reporting = false;
		this.nodes = 0;
		this.splitTicks = 0;
		this.workTicks = 0;
	}

	/**
	 * The lock of the queue a take serves: the critical queue's while it holds a node, else the
	 * non-critical heap's root lock (looking at the critical queue first is not charged); none while
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
		const ticks =
			this.state === P_SUBTREE
				? this.cabp.subtreeStep(this)
				: this.state === P_REPORT
					? this.cabp.report(this)
					: this.cabp.handle(this.takenParent, this.takenIndex, this.takenType, this);
		this.workTicks += ticks;
		this.state = this.cabp.ended() ? S_EXIT : this.inSubtree ? P_SUBTREE : this.reporting ? P_REPORT : P_TAKE;
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
