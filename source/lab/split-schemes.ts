/**
 * Where an idle processor joins the search: the split-point selection schemes of the shared tree
 * (`node-store.ts`). PABSim leaves this choice to the user (Manohararajah, "Parallel Alpha-Beta
 * Search on Shared Memory Multiprocessors", 2001, section 6.5); each scheme here examines every
 * node being searched (one simulated tick each) and picks the best valid one:
 *
 * - PVSplit (Marsland and Campbell, "Parallel search of strongly ordered game trees", 1982): only
 *   nodes of the first line, once their first child is searched;
 * - EPVS (Hyatt, 1997): PVSplit, and when no first-line node has work left, nodes two plies below
 *   the deepest first-line split point, once their first child is searched;
 * - YBWC, the thesis's scheme A: strong YBWC's types (`node-classification.ts`); one child searched,
 *   `m` at a Y-CUT node;
 * - DTS, scheme B: DTS's types from the window, a D-CUT node becoming D-ALL after `m` children;
 *   D-PV nodes after one child, D-ALL nodes with a confidence (children searched) of at least 1;
 * - the neural network, scheme C: the network's wait w plus `mA` children at N-PV and N-ALL nodes,
 *   plus `mC` more at N-CUT nodes (w + mA may be 0 or less: split before any child is searched);
 *   the root, which has no parent to give the network its inputs, is an N-PV node like the rest of
 *   the first line: it waits the first line's w (`SplitNetwork.firstLineWait`) plus `mA`, and at
 *   least its first child.
 *
 * Among valid nodes, the highest wins, then the one with more children searched (counting at most
 * a quarter of the branching), then the one with more children left (the thesis's guidelines).
 * Which of nodes equal on all three wins the thesis leaves open (`SplitTieRule`).
 */

import {
	C_CACHED,
	type NodeStore,
	R_COUNT,
	R_DONE,
	R_FINI,
	R_INDEX,
	R_INUSE,
	R_NEXT,
	R_NTYPE,
	R_NWAIT,
	R_PARENT,
	R_PLY,
	R_PV,
	R_YTYPE,
	Y_CUT,
} from './node-store.js';
import { INF } from './tree-domain.js';

/** How idle processors find work. */
export interface SplitPolicy {
	/** True if it uses PABSim's global split lock and cached split point. */
	readonly global: boolean;
	/** Nodes (or deque entries) examined by the last `find`: its cost in ticks. */
	examined: number;
	/**
	 * The memory delays of the last `find`'s reads (`NodeStore.memory`): the scans' records read by
	 * processor `p`; 0 without the model or for a policy that reads no record.
	 */
	memoryTicks: number;
	/** A record for processor `p` to join, or -1. */
	find(store: NodeStore, p: number): number;
	/** Called when record `r`'s first child is finished by processor `p` (work stealing pushes it). */
	onFirstChild?(store: NodeStore, p: number, r: number): void;
}

const PV = 0;
const CUT = 1;
const ALL = 2;

/**
 * Which of the valid nodes equal on the thesis's three guidelines a scan picks (the thesis leaves
 * it open; PABSim's scan of its node heaps picks by where a node sits in them): `first` and `last`
 * in the store's record order (`first`, the default, the lowest record), `left` and `right` by
 * the nodes' places in the tree (the one whose line leaves the root by the lower, or the higher,
 * child index where the two lines part).
 */
export type SplitTieRule = 'first' | 'last' | 'left' | 'right';

/** The tie rules, the default first. */
export const SPLIT_TIE_RULES: readonly SplitTieRule[] = ['first', 'last', 'left', 'right'];

/**
 * True if record `a` lies left of record `b` in the tree (two different nodes of one ply): where
 * their lines from the root part, `a`'s has the lower child index. False if the lines do not meet
 * within the tree's depth (on real threads, records another thread frees during a scan).
 */
export function leftOf(store: NodeStore, a: number, b: number): boolean {
	const m = store.mem;
	const words = store.recordWords;
	let x = a;
	let y = b;
	for (let up = 0; up <= store.domain.depth && x >= 0 && y >= 0; up++) {
		const px = m[x * words + R_PARENT];
		const py = m[y * words + R_PARENT];
		if (px === py) return m[x * words + R_INDEX] < m[y * words + R_INDEX];
		x = px;
		y = py;
	}
	return false;
}

/** A scheme that scans the nodes in use and scores the valid ones. */
export abstract class ScanScheme implements SplitPolicy {
	readonly global = true;
	examined = 0;
	memoryTicks = 0;
	/** Which of nodes equal on the three guidelines wins (`SplitTieRule`). */
	ties: SplitTieRule = 'first';
	/** Branching factor for the "quarter of the branching" cap (set per tree). */
	constructor(protected readonly branching: number) {}

	/** The second guideline's measure for a valid node, or -1 if the node is not valid. */
	protected abstract measure(store: NodeStore, r: number): number;

	/** Called once before a scan. */
	protected beginScan(_store: NodeStore): void {}

	find(store: NodeStore, p: number): number {
		this.beginScan(store);
		const memory = store.memory;
		let memoryTicks = 0;
		const m = store.mem;
		const words = store.recordWords;
		const cap = Math.max(1, Math.floor(this.branching / 4));
		let best = -1;
		let bestPly = INF;
		let bestMeasure = -1;
		let bestLeft = -1;
		let examined = 0;
		for (let r = 0; r < store.capacity; r++) {
			const at = r * words;
			if (m[at + R_INUSE] === 0 || m[at + R_DONE] !== 0) continue;
			examined++;
			if (memory !== null) memoryTicks += memory.read(p, r);
			if (!store.open(r)) continue;
			const measured = this.measure(store, r);
			if (measured < 0) continue;
			const ply = m[at + R_PLY];
			const g2 = Math.min(measured, cap);
			const left = m[at + R_COUNT] - m[at + R_NEXT];
			if (
				ply < bestPly ||
				(ply === bestPly &&
					(g2 > bestMeasure ||
						(g2 === bestMeasure &&
							(left > bestLeft || (left === bestLeft && this.winsTie(store, r, best))))))
			) {
				best = r;
				bestPly = ply;
				bestMeasure = g2;
				bestLeft = left;
			}
		}
		this.examined = examined;
		this.memoryTicks = memoryTicks;
		return best;
	}

	/** True if valid node `r`, met after `best` in the scan and equal to it on the guidelines, replaces it. */
	private winsTie(store: NodeStore, r: number, best: number): boolean {
		switch (this.ties) {
			case 'first':
				return false;
			case 'last':
				return true;
			case 'left':
				return leftOf(store, r, best);
			case 'right':
				return leftOf(store, best, r);
		}
	}
}

/** PVSplit: first-line nodes whose first child is searched. */
export class PvSplitScheme extends ScanScheme {
	protected measure(store: NodeStore, r: number): number {
		const at = store.at(r);
		return store.mem[at + R_PV] === 1 && store.mem[at + R_FINI] >= 1 ? store.mem[at + R_FINI] : -1;
	}
}

/** EPVS: PVSplit, then nodes two plies below the deepest first-line split point. */
export class EpvsScheme extends PvSplitScheme {
	override find(store: NodeStore, p: number): number {
		const r = super.find(store, p);
		if (r >= 0) return r;
		const examinedPv = this.examined;
		const m = store.mem;
		const words = store.recordWords;
		let site = -1;
		for (let i = 0; i < store.capacity; i++) {
			const at = i * words;
			if (m[at + R_INUSE] === 1 && m[at + R_DONE] === 0 && m[at + R_PV] === 1 && m[at + R_FINI] >= 1)
				if (site < 0 || m[at + R_PLY] > m[site * words + R_PLY]) site = i;
		}
		if (site < 0) return -1;
		const ply = m[site * words + R_PLY] + 2;
		let best = -1;
		let bestLeft = -1;
		for (let i = 0; i < store.capacity; i++) {
			const at = i * words;
			if (m[at + R_INUSE] === 0 || m[at + R_DONE] !== 0 || m[at + R_PLY] !== ply || m[at + R_FINI] < 1) continue;
			if (!store.open(i)) continue;
			const left = m[at + R_COUNT] - m[at + R_NEXT];
			if (left > bestLeft) {
				best = i;
				bestLeft = left;
			}
		}
		// Counted as a second pass over the first's nodes; its reads cost no memory delay
		// (`memoryTicks` stays the first pass's): the first pass read every one of them.
		this.examined += examinedPv;
		return best;
	}
}

/** YBWC (scheme A): one child searched, `minCut` at Y-CUT nodes. */
export class YbwcScheme extends ScanScheme {
	constructor(
		branching: number,
		readonly minCut: number,
	) {
		super(branching);
	}

	protected measure(store: NodeStore, r: number): number {
		const at = store.at(r);
		const fini = store.mem[at + R_FINI];
		if (fini < 1) return -1;
		if (store.mem[at + R_YTYPE] === Y_CUT && fini < this.minCut) return -1;
		return fini;
	}
}

/** DTS (scheme B): types from the window, with the two overrides and a confidence. */
export class DtsScheme extends ScanScheme {
	private stamp = 0;
	private stamps = new Int32Array(0);
	private types = new Int8Array(0);
	private forced = new Int8Array(0);

	constructor(
		branching: number,
		readonly cutLimit: number,
	) {
		super(branching);
	}

	protected override beginScan(store: NodeStore): void {
		if (this.stamps.length !== store.capacity) {
			this.stamps = new Int32Array(store.capacity);
			this.types = new Int8Array(store.capacity);
			this.forced = new Int8Array(store.capacity);
		}
		this.stamp++;
	}

	/** The node's type before the first override (memoised per scan); sets `forced`. */
	private typeOf(store: NodeStore, r: number): number {
		if (this.stamps[r] === this.stamp) return this.types[r];
		const m = store.mem;
		const parent = m[store.at(r) + R_PARENT];
		let type: number;
		let forced = 0;
		if (parent < 0) type = PV;
		else {
			store.window(r);
			const raw = store.alpha === -INF && store.beta === INF ? PV : store.alpha === -INF ? CUT : ALL;
			const parentType = this.typeOf(store, parent);
			const parentNow = parentType === CUT && m[store.at(parent) + R_FINI] > this.cutLimit ? ALL : parentType;
			if (this.forced[parent] === 1) {
				type = parentType === ALL ? CUT : ALL;
				forced = 1;
			} else {
				type = raw;
				if (raw === ALL && parentNow === ALL) forced = 1;
			}
		}
		this.stamps[r] = this.stamp;
		this.types[r] = type;
		this.forced[r] = forced;
		return type;
	}

	protected measure(store: NodeStore, r: number): number {
		const type = this.typeOf(store, r);
		const fini = store.mem[store.at(r) + R_FINI];
		if (type === PV) return fini >= 1 ? fini : -1;
		const confidence = type === CUT ? fini - this.cutLimit : fini;
		return confidence >= 1 ? confidence : -1;
	}
}

/** The neural network (scheme C): its wait plus `minAll`, plus `minCut` more at N-CUT nodes. */
export class NeuralScheme extends ScanScheme {
	/** Children the root waits for: by default the first line's wait plus `minAll`, at least 1. */
	readonly rootWait: number;

	/**
	 * @param cutWidth m of the N-CUT range [50 - m, 50 + m]
	 * @param firstLineWait the network's wait for the first line (`SplitNetwork.firstLineWait`), the root's w
	 * @param rootWait the children the root waits for instead (0: shared before any is searched;
	 *   null: `firstLineWait + minAll`, at least 1)
	 * @throws RangeError if `rootWait` is negative
	 */
	constructor(
		branching: number,
		readonly minAll: number,
		readonly minCut: number,
		readonly cutWidth: number,
		firstLineWait: number,
		rootWait: number | null = null,
	) {
		super(branching);
		if (rootWait !== null && !(rootWait >= 0))
			throw new RangeError(`the root waits for 0 children or more, not ${rootWait}`);
		this.rootWait = rootWait ?? Math.max(1, firstLineWait + minAll);
	}

	protected measure(store: NodeStore, r: number): number {
		const m = store.mem;
		const at = store.at(r);
		const fini = m[at + R_FINI];
		const isCut = m[at + R_PV] === 0 && Math.abs(m[at + R_NTYPE] - 50) <= this.cutWidth;
		const wait = m[at + R_NWAIT] + this.minAll + (isCut ? this.minCut : 0);
		// The root has no parent to give the network its inputs: it waits as the first line does (and
		// at least for its first child: shared at once, it multiplies the search overhead).
		if (m[at + R_PLY] === 0) return fini >= this.rootWait ? fini + 1 : -1;
		return fini >= wait ? fini + 1 : -1;
	}
}

/** Forgets the cached split point (a new search). */
export function clearCachedSplitPoint(store: NodeStore): void {
	store.control[C_CACHED] = -1;
}
