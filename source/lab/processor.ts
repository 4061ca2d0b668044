/**
 * A processor of the shared-tree search: the state machine of the thesis's PABSim (Manohararajah,
 * "Parallel Alpha-Beta Search on Shared Memory Multiprocessors", 2001, section 6.4.3, Figure 6.5),
 * a partial implementation of Dynamic Tree Splitting (Hyatt, "The Dynamic Tree-Splitting Parallel
 * Search Algorithm", 1997), in negamax form with fail-hard values. The same code runs on real
 * threads (the store in a `SharedArrayBuffer`, locks spinning) and in the simulator (one step at a
 * time, each step's cost in ticks returned):
 *
 * - expand: generate the node's children (3 ticks; a finished game is also evaluated);
 * - search: under the node's lock, stop if the window is shut or no child is left, else take the
 *   next child and create it (1 tick); a leaf is evaluated on the spot (8 ticks) and returned;
 * - update: under the parent's lock, count the child finished and raise the score (1 tick, plus
 *   one per node below told the new bound when other processors work there);
 * - return: the last processor at a node hands its value up and carries on at the parent; any
 *   other processor leaves for the split state (1 tick);
 * - split: find a node with work (the split policy) and join it, or wait and look again.
 *
 * Lazy SMP runs the same machine with every processor on its own copy of the root and a shared
 * transposition table, helpers visiting the first two plies' later children in their own order.
 */

import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, type LazyTable } from './lazy-table.js';
import { type SplitNetwork } from './neural-network.js';
import {
	C_CACHED,
	C_CACHED_GEN,
	C_RESULT,
	C_ROOT,
	C_SEARCHEND,
	C_SPLIT_LOCK,
	type NodeStore,
	R_COUNT,
	R_DONE,
	R_FINI,
	R_GEN,
	R_NEXT,
	R_NTYPE,
	R_NWAIT,
	R_PARENT,
	R_PLY,
	R_PV,
	R_SCORE,
	R_THREADS,
	R_YTYPE,
	Y_ALL,
	Y_CUT,
	Y_PV,
} from './node-store.js';
import { type SplitPolicy } from './split-schemes.js';
import { TICKS } from './ticks.js';
import { TreeTooLargeError } from './tree-too-large.js';

export const S_EXPAND = 0;
export const S_SEARCH = 1;
export const S_LEAF = 2;
export const S_UPDATE = 3;
export const S_RETURN = 4;
export const S_SPLIT = 5;
export const S_EXIT = 6;

/** What a step needs locked (for the simulator's contention): a record, or these. */
export const LOCK_NONE = -1;
export const LOCK_SPLIT = -2;

/** Options of a processor. */
export interface ProcessorOptions {
	/** The split policy (idle processors); null for Lazy SMP. */
	readonly policy: SplitPolicy | null;
	/** Lazy SMP's shared table (null: no table; a single processor needs none). */
	readonly table?: LazyTable | null;
	/** The network whose types and waits the records carry (scheme C). */
	readonly network?: SplitNetwork | null;
	/**
	 * Added to the network's wait for each child of a principal-variation node before rounding
	 * (`AlgorithmParams.neuralPvWaitOffset`; default 0).
	 */
	readonly pvWaitOffset?: number;
	/** Ticks per node examined while looking for a split point (default `TICKS.split`, the thesis's 1). */
	readonly examineTicks?: number;
	/**
	 * Nodes a global policy's search for a split point examines whatever it reads (PABSim's heaps:
	 * `AlgorithmParams.examineHeaps`); 0 or absent: the nodes it reads (`SplitPolicy.examined`).
	 */
	readonly heapNodes?: number;
}

/** One processor. */
export class Processor {
	state = S_SPLIT;
	/** The current record. */
	node = -1;
	/** The value handed up by a child (from the child's view). */
	value = 0;
	/** The record of the child whose value is handed up (-1 for a leaf). */
	child = -1;
	/** Nodes this processor created (leaves included). */
	nodes = 0;
	/** Ticks spent in the split state: looking for work, waiting to look again or for the split lock. */
	splitTicks = 0;
	/** Ticks of every other state: the search itself. */
	workTicks = 0;
	/** Steps that found no work. */
	idleSteps = 0;
	/** Set by a split step that found nothing: the simulator waits `TICKS.recheck` before the next. */
	waiting = false;
	private readonly words: number;
	private readonly depth: number;

	constructor(
		readonly index: number,
		readonly store: NodeStore,
		readonly options: ProcessorOptions,
	) {
		this.words = store.recordWords;
		this.depth = store.domain.depth;
	}

	/** Starts a search: processor 0 at the root, the others idle (Lazy SMP: each at its own root). */
	start(root: number): void {
		this.nodes = 0;
		this.splitTicks = 0;
		this.workTicks = 0;
		this.idleSteps = 0;
		this.waiting = false;
		this.child = -1;
		if (root >= 0) {
			this.node = root;
			this.state = S_EXPAND;
			this.nodes = 1;
		} else {
			this.node = -1;
			this.state = S_SPLIT;
		}
	}

	/** The lock the next step holds (a record, `LOCK_SPLIT` or `LOCK_NONE`). */
	lockNeeded(): number {
		switch (this.state) {
			case S_SEARCH:
			case S_UPDATE:
			case S_RETURN:
				return this.node;
			case S_SPLIT:
				return this.options.policy?.global ? LOCK_SPLIT : LOCK_NONE;
			default:
				return LOCK_NONE;
		}
	}

	/** Runs one step; returns its cost in ticks. */
	step(): number {
		if (this.state === S_SPLIT) return this.split();
		const cost = this.work();
		this.workTicks += cost;
		return cost;
	}

	private work(): number {
		switch (this.state) {
			case S_EXPAND:
				return this.expand();
			case S_SEARCH:
				return this.search();
			case S_LEAF:
				this.state = S_UPDATE;
				return TICKS.evaluate + TICKS.ret;
			case S_UPDATE:
				return this.update();
			case S_RETURN:
				return this.ret();
			default:
				return 0;
		}
	}

	/** Runs steps until the search ends (a thread's whole part in a search). */
	run(onIdle: () => void): void {
		while (this.state !== S_EXIT) {
			this.step();
			if (this.waiting) onIdle();
		}
	}

	private expand(): number {
		const store = this.store;
		const m = store.mem;
		const r = this.node;
		const at = r * this.words;
		const table = this.options.table;
		const ply = m[at + R_PLY];
		this.state = S_SEARCH;
		const delay = this.touch(r);
		if (table) {
			const s = at + store.stateAt;
			const domain = store.domain;
			if (table.probe(domain.keyLo(m, s), domain.keyHi(m, s), this.depth - ply)) {
				store.window(r);
				const v = table.value;
				const bound = table.bound;
				if (
					bound === BOUND_EXACT ||
					(bound === BOUND_LOWER && v >= store.beta) ||
					(bound === BOUND_UPPER && v <= store.alpha)
				) {
					m[at + R_SCORE] = v;
					Atomics.store(m, at + R_COUNT, 0);
					return TICKS.search + delay;
				}
			}
		}
		const count = store.domain.expand(m, at + store.stateAt, at + store.childrenAt, ply);
		if (count === 0) {
			m[at + R_SCORE] = store.domain.evaluate(m, at + store.stateAt, ply);
			Atomics.store(m, at + R_COUNT, 0);
			return TICKS.expand + TICKS.evaluate + delay;
		}
		Atomics.store(m, at + R_COUNT, count);
		return TICKS.expand + delay;
	}

	private search(): number {
		const store = this.store;
		const m = store.mem;
		const r = this.node;
		const at = r * this.words;
		if (this.options.policy === null && store.control[C_SEARCHEND] !== 0) {
			this.state = S_EXIT;
			return 0;
		}
		store.lock(r);
		store.window(r);
		const delay = this.touch(r);
		const score = m[at + R_SCORE];
		const i = m[at + R_NEXT];
		if ((score > store.alpha ? score : store.alpha) >= store.beta || i >= m[at + R_COUNT]) {
			store.unlock(r);
			this.state = S_RETURN;
			return TICKS.search + delay;
		}
		const ply = m[at + R_PLY];
		const index = this.childIndex(r, i, ply);
		m[at + R_NEXT] = i + 1;
		this.nodes++;
		if (ply + 1 === this.depth) {
			store.unlock(r);
			this.value = store.domain.leafValue(m, at + store.stateAt, at + store.childrenAt, index, ply);
			this.child = -1;
			this.state = S_LEAF;
			return TICKS.search + delay;
		}
		const c = store.alloc();
		if (c < 0) {
			store.unlock(r);
			throw new TreeTooLargeError('the shared tree', store.capacity);
		}
		const pv = m[at + R_PV] === 1 && index === 0;
		store.init(c, r, index, ply + 1, pv);
		const cat = c * this.words;
		const yType = m[at + R_YTYPE];
		m[cat + R_YTYPE] =
			yType === Y_PV ? (index === 0 ? Y_PV : Y_CUT) : yType === Y_CUT && index === 0 ? Y_ALL : Y_CUT;
		const network = this.options.network;
		if (network) {
			const parentPv = m[at + R_PV] === 1;
			m[cat + R_NTYPE] = pv ? 0 : Math.round(network.predictType(parentPv, m[at + R_NTYPE], index));
			const offset = parentPv ? (this.options.pvWaitOffset ?? 0) : 0;
			m[cat + R_NWAIT] = Math.round(network.predictWait(parentPv, m[at + R_NTYPE], index) + offset);
		}
		store.domain.child(m, at + store.stateAt, at + store.childrenAt, index, cat + store.stateAt, ply);
		store.link(r, c);
		store.unlock(r);
		store.memory?.made(this.index, c);
		this.node = c;
		this.state = S_EXPAND;
		return TICKS.search + delay;
	}

	/** The child visited i-th: in order, except for Lazy SMP's helpers near the root. */
	private childIndex(r: number, i: number, ply: number): number {
		if (this.options.policy !== null || this.index === 0 || ply > 1 || i === 0) return i;
		const count = this.store.mem[r * this.words + R_COUNT];
		if (count <= 2) return i;
		// Helpers start the later children at their own offset.
		return 1 + ((i - 1 + this.index * 3 + ply) % (count - 1));
	}

	private update(): number {
		const store = this.store;
		const m = store.mem;
		const r = this.node;
		const at = r * this.words;
		store.lock(r);
		const delay = this.touch(r);
		const fini = m[at + R_FINI] + 1;
		m[at + R_FINI] = fini;
		const v = -this.value;
		let informed = 0;
		if (v > m[at + R_SCORE]) {
			Atomics.store(m, at + R_SCORE, v);
			if (!store.locking && m[at + R_THREADS] > 1) informed = store.subtreeSize(r);
		}
		if (this.child >= 0) {
			store.unlink(r, this.child);
			store.release(this.child);
			this.child = -1;
		}
		store.unlock(r);
		if (fini === 1 && this.options.policy?.onFirstChild) this.options.policy.onFirstChild(store, this.index, r);
		this.state = S_SEARCH;
		return TICKS.update + informed + delay;
	}

	private ret(): number {
		const store = this.store;
		const m = store.mem;
		const r = this.node;
		const at = r * this.words;
		store.lock(r);
		const delay = this.touch(r);
		if (m[at + R_THREADS] > 1) {
			m[at + R_THREADS]--;
			store.unlock(r);
			this.node = -1;
			this.state = S_SPLIT;
			return TICKS.ret + delay;
		}
		store.window(r);
		const alpha = store.alpha;
		const beta = store.beta;
		const score = m[at + R_SCORE];
		const value = score < alpha ? alpha : score > beta ? beta : score;
		Atomics.store(m, at + R_DONE, 1);
		store.unlock(r);
		const table = this.options.table;
		if (table && alpha < beta) {
			const s = at + store.stateAt;
			const bound = score <= alpha ? BOUND_UPPER : score >= beta ? BOUND_LOWER : BOUND_EXACT;
			table.store(store.domain.keyLo(m, s), store.domain.keyHi(m, s), this.depth - m[at + R_PLY], value, bound);
		}
		const parent = m[at + R_PARENT];
		if (parent < 0) {
			// A root: the search's (Lazy SMP: only processor 0's root ends the search).
			if (this.options.policy !== null || this.index === 0) {
				store.control[C_RESULT] = value;
				Atomics.store(store.control, C_SEARCHEND, 1);
			}
			this.state = S_EXIT;
			return TICKS.ret + delay;
		}
		this.value = value;
		this.child = r;
		this.node = parent;
		this.state = S_UPDATE;
		return TICKS.ret + delay;
	}

	private split(): number {
		const store = this.store;
		const control = store.control;
		const policy = this.options.policy;
		this.waiting = false;
		if (Atomics.load(control, C_SEARCHEND) !== 0 || policy === null) {
			this.state = S_EXIT;
			return 0;
		}
		let cost = TICKS.split;
		let joined = false;
		const memory = store.memory;
		if (policy.global) {
			store.lockControl(C_SPLIT_LOCK);
			// The split lock and the cached split point: one block after the records.
			if (memory !== null) cost += memory.write(this.index, store.capacity);
			const cached = control[C_CACHED];
			if (cached >= 0 && m(store, cached, R_GEN) === control[C_CACHED_GEN]) {
				if (memory !== null) cost += memory.read(this.index, cached);
				joined = this.join(cached);
			}
			if (!joined) {
				const r = policy.find(store, this.index);
				cost += this.findTicks(policy);
				if (r >= 0) {
					control[C_CACHED] = r;
					control[C_CACHED_GEN] = m(store, r, R_GEN);
					joined = this.join(r);
				}
			}
			store.unlockControl(C_SPLIT_LOCK);
		} else {
			const r = policy.find(store, this.index);
			cost += this.findTicks(policy);
			if (r >= 0) joined = this.join(r);
		}
		if (joined && memory !== null) cost += memory.write(this.index, this.node);
		this.splitTicks += cost;
		if (!joined) {
			// The simulator makes it wait TICKS.recheck before it looks again: idle time too.
			this.splitTicks += TICKS.recheck;
			this.idleSteps++;
			this.waiting = true;
		}
		return cost;
	}

	/**
	 * The ticks of `policy`'s last `find`: each node examined (every node of the heaps with
	 * `heapNodes`), and the memory delays of its reads.
	 */
	private findTicks(policy: SplitPolicy): number {
		const heaps = this.options.heapNodes ?? 0;
		const examined = heaps > 0 && policy.global ? heaps : policy.examined;
		return examined * (this.options.examineTicks ?? TICKS.split) + policy.memoryTicks;
	}

	/** The memory delay of this processor's write of record `r` (lock, counts, score), 0 without the model. */
	private touch(r: number): number {
		const memory = this.store.memory;
		return memory === null ? 0 : memory.write(this.index, r);
	}

	/** Joins record `r` if it still has work: one more thread there. */
	private join(r: number): boolean {
		const store = this.store;
		store.lock(r);
		const ok = store.open(r);
		if (ok) store.mem[r * this.words + R_THREADS]++;
		store.unlock(r);
		if (ok) {
			this.node = r;
			this.state = S_SEARCH;
		}
		return ok;
	}
}

function m(store: NodeStore, r: number, field: number): number {
	return store.mem[r * store.recordWords + field];
}

/** The root record of a store after `reset`. */
export function rootOf(store: NodeStore): number {
	return store.control[C_ROOT];
}
