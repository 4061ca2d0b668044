/**
 * Parallel reduction with work stealing (the course slides "Alpha-beta parallèle", parallel
 * reduction of a node's children after its first one, scheduled by work stealing as in Cilk:
 * Leiserson, "Multithreaded programming in Cilk", 2007): each processor keeps a deque of the nodes
 * it owns whose first child is searched and whose other children may be shared (nodes with fewer
 * than `grain` plies to go stay sequential). A processor out of work takes the newest node of its
 * own deque; failing that it steals the oldest (highest) node of a random victim's deque, joins it
 * and keeps it in its own deque so that others may steal it from there in turn.
 *
 * ```
 *  deque of processor p, at p * dequeWords:  0 lock  1 top (oldest)  2 bottom (next free)
 *                                            3.. entries: record, generation
 * ```
 */

import { type NodeStore, R_GEN, R_PLY } from './node-store.js';
import { type SplitPolicy } from './split-schemes.js';

/** Entries a deque holds. */
const DEQUE_ENTRIES = 64;
/** Words of one processor's deque. */
export const DEQUE_WORDS = 3 + 2 * DEQUE_ENTRIES;

/** A buffer for `processors` deques. */
export function createDequeBuffer(processors: number, shared: boolean): SharedArrayBuffer | ArrayBuffer {
	const bytes = processors * DEQUE_WORDS * 4;
	return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/** Work stealing as a split policy. */
export class WorkStealing implements SplitPolicy {
	readonly global = false;
	examined = 0;
	/** Its deques are not records: the memory model charges nothing for them. */
	readonly memoryTicks = 0;
	private readonly deques: Int32Array;
	private random: Int32Array;

	/**
	 * @param buffer the deques (`createDequeBuffer`), shared by the processors
	 * @param grain smallest plies to go of a node that is shared
	 */
	constructor(
		buffer: SharedArrayBuffer | ArrayBuffer,
		readonly processors: number,
		readonly grain: number,
		readonly depth: number,
		private readonly locking: boolean,
	) {
		this.deques = new Int32Array(buffer);
		this.random = new Int32Array(processors);
		for (let p = 0; p < processors; p++) this.random[p] = 0x2545f491 ^ Math.imul(p + 1, 0x9e3779b1);
	}

	/** Empties every deque (a new search). */
	reset(): void {
		this.deques.fill(0);
		for (let p = 0; p < this.processors; p++) this.random[p] = 0x2545f491 ^ Math.imul(p + 1, 0x9e3779b1);
	}

	private lock(p: number): void {
		if (!this.locking) return;
		const at = p * DEQUE_WORDS;
		while (Atomics.compareExchange(this.deques, at, 0, 1) !== 0);
	}

	private unlock(p: number): void {
		if (this.locking) Atomics.store(this.deques, p * DEQUE_WORDS, 0);
	}

	onFirstChild(store: NodeStore, p: number, r: number): void {
		if (this.depth - store.mem[store.at(r) + R_PLY] < this.grain) return;
		this.push(store, p, r);
	}

	private push(store: NodeStore, p: number, r: number): void {
		const d = this.deques;
		const at = p * DEQUE_WORDS;
		this.lock(p);
		if (d[at + 2] >= DEQUE_ENTRIES) this.compact(store, p);
		if (d[at + 2] < DEQUE_ENTRIES) {
			const e = at + 3 + 2 * d[at + 2];
			d[e] = r;
			d[e + 1] = store.mem[store.at(r) + R_GEN];
			d[at + 2]++;
		}
		this.unlock(p);
	}

	/** Drops the entries that can give no more work (under the deque's lock). */
	private compact(store: NodeStore, p: number): void {
		const d = this.deques;
		const at = p * DEQUE_WORDS;
		let n = 0;
		for (let i = d[at + 1]; i < d[at + 2]; i++) {
			const e = at + 3 + 2 * i;
			if (this.valid(store, d[e], d[e + 1])) {
				d[at + 3 + 2 * n] = d[e];
				d[at + 3 + 2 * n + 1] = d[e + 1];
				n++;
			}
		}
		d[at + 1] = 0;
		d[at + 2] = n;
	}

	private valid(store: NodeStore, r: number, gen: number): boolean {
		return store.mem[store.at(r) + R_GEN] === gen && store.open(r);
	}

	find(store: NodeStore, p: number): number {
		const d = this.deques;
		let examined = 0;
		// The newest node of its own deque first.
		const own = p * DEQUE_WORDS;
		this.lock(p);
		while (d[own + 2] > d[own + 1]) {
			const e = own + 3 + 2 * (d[own + 2] - 1);
			examined++;
			if (this.valid(store, d[e], d[e + 1])) {
				const r = d[e];
				this.unlock(p);
				this.examined = examined;
				return r;
			}
			d[own + 2]--;
		}
		d[own + 1] = 0;
		d[own + 2] = 0;
		this.unlock(p);
		if (this.processors === 1) {
			this.examined = examined;
			return -1;
		}
		// Steal the oldest node of a random victim.
		let x = this.random[p];
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		this.random[p] = x;
		const victim = (((x >>> 0) % (this.processors - 1)) + p + 1) % this.processors;
		const at = victim * DEQUE_WORDS;
		let stolen = -1;
		this.lock(victim);
		while (d[at + 1] < d[at + 2]) {
			const e = at + 3 + 2 * d[at + 1];
			examined++;
			d[at + 1]++;
			if (this.valid(store, d[e], d[e + 1])) {
				stolen = d[e];
				break;
			}
		}
		this.unlock(victim);
		this.examined = examined;
		if (stolen >= 0) this.push(store, p, stolen);
		return stolen;
	}
}
