/**
 * The lab's parallel alpha-beta algorithms by name, with their parameters, and the policy object
 * each one gives the shared-tree processors (`processor.ts`); CABP has its own (`cabp.ts`).
 */

import { LazyTable } from './lazy-table.js';
import { type SplitNetwork } from './neural-network.js';
import { type NodeStore } from './node-store.js';
import { type ProcessorOptions } from './processor.js';
import {
	DtsScheme,
	EpvsScheme,
	NeuralScheme,
	PvSplitScheme,
	ScanScheme,
	type SplitPolicy,
	type SplitTieRule,
	YbwcScheme,
} from './split-schemes.js';
import { createDequeBuffer, WorkStealing } from './work-stealing.js';

/** The algorithms, in the order of the reports. */
export const ALGORITHMS = ['pvsplit', 'epvs', 'ybwc', 'dts', 'neural', 'cabp', 'stealing', 'lazy'] as const;

/** An algorithm's name. */
export type AlgorithmName = (typeof ALGORITHMS)[number];

/** Names for tables and charts. */
export const ALGORITHM_TITLES: Record<AlgorithmName, string> = {
	pvsplit: 'PVSplit',
	epvs: 'EPVS',
	ybwc: 'YBWC (scheme A)',
	dts: 'DTS (scheme B)',
	neural: 'neural (scheme C)',
	cabp: 'CABP',
	stealing: 'work stealing',
	lazy: 'Lazy SMP',
};

/** True for a known algorithm name. */
export function isAlgorithm(name: string): name is AlgorithmName {
	return (ALGORITHMS as readonly string[]).includes(name);
}

/** The algorithms' parameters. */
export interface AlgorithmParams {
	/** YBWC: children searched at a Y-CUT node before it is split (the thesis's m_A). */
	readonly ybwcCutMin: number;
	/** DTS: children searched at a D-CUT node before it becomes D-ALL (m_B). */
	readonly dtsCutLimit: number;
	/** Neural: children beyond the network's wait at N-PV and N-ALL nodes (m_C,a), and more at N-CUT ones (m_C,c). */
	readonly neuralMinAll: number;
	readonly neuralMinCut: number;
	/** Neural: half-width m of the N-CUT range [50 - m, 50 + m]. */
	readonly neuralCutWidth: number;
	/** Neural: the trained network (required by `neural`). */
	readonly network: SplitNetwork | null;
	/** Work stealing: nodes with fewer plies to go are not shared. */
	readonly grain: number;
	/** CABP: the degree of parallel pruning k. */
	readonly k: number;
	/** CABP: nodes with fewer plies to go are searched by one processor alone (1: leaves only, as published). */
	readonly cabpGrain: number;
	/** Lazy SMP: log2 of the table's slots. */
	readonly tableBits: number;
	/** Simulator: ticks per node examined while looking for a split point (the thesis: 1). */
	readonly examineTicks: number;
	/**
	 * Simulator: a search for a split point (the global schemes: PVSplit to the network) examines
	 * every node of PABSim's node heaps, 2 p d nodes for p processors and depth d in use or free
	 * (Manohararajah, 2001, section 6.4.2), in place of the nodes in use: a cost that grows with the
	 * processors whatever the tree. False, the default, examines the nodes in use.
	 */
	readonly examineHeaps: boolean;
	/**
	 * Simulator: ticks of every lock's entry delay (paid by the step that takes it) and of its
	 * release delay (the lock stays held that long after the step), as PABSim's lock delays; 0, the
	 * default, charges none.
	 */
	readonly lockTicks: number;
	/** Simulator: the same delays for the global split lock alone, in ticks (null: `lockTicks`). */
	readonly splitLockTicks: number | null;
	/**
	 * Simulator: ticks more on entering the global split lock for every other processor waiting for
	 * it then (`runProcessors`); 0, the default, charges none.
	 */
	readonly splitLockWaiterTicks: number;
	/**
	 * Simulator: the memory delays of the thesis's Tables 6.1 and 6.2 on every read and write of a
	 * record or of the split lock (`memory-model.ts`); false, the default, charges none.
	 */
	readonly memoryDelays: boolean;
	/**
	 * Scheme C: the children the root waits for before it is shared, 0 for none (null, the default:
	 * the first line's wait plus `neuralMinAll`, at least 1; `NeuralScheme`). The thesis leaves it
	 * open.
	 */
	readonly neuralRootWait: number | null;
	/**
	 * Scheme C: added to the network's wait for each child of a principal-variation node before it
	 * is rounded to whole children (0, the default: none; -1 to 1). The wait of such a node's second
	 * child lies 0.049 above a rounding step on (32, 66, 66), and the thesis's network need not put
	 * it on the same side (docs/parallel.md).
	 */
	readonly neuralPvWaitOffset: number;
	/**
	 * The global schemes (PVSplit to the network): which of the valid nodes equal on the thesis's
	 * three guidelines an idle processor joins (`SplitTieRule`; `first`, the default, the lowest
	 * record). The thesis leaves it open.
	 */
	readonly splitTies: SplitTieRule;
}

/** Defaults: DTS's own limit of 3 (Hyatt, 1997), strong YBWC waiting for 2 children at CUT nodes. */
export const DEFAULT_PARAMS: AlgorithmParams = {
	ybwcCutMin: 2,
	dtsCutLimit: 3,
	neuralMinAll: -1,
	neuralMinCut: 3,
	neuralCutWidth: 10,
	network: null,
	grain: 2,
	k: 2,
	cabpGrain: 1,
	tableBits: 18,
	examineTicks: 1,
	examineHeaps: false,
	lockTicks: 0,
	splitLockTicks: null,
	splitLockWaiterTicks: 0,
	memoryDelays: false,
	neuralRootWait: null,
	neuralPvWaitOffset: 0,
	splitTies: 'first',
};

/** Shared buffers an algorithm needs besides the store (deques, a table). */
export interface AlgorithmBuffers {
	readonly deques?: SharedArrayBuffer | ArrayBuffer;
	readonly table?: SharedArrayBuffer | ArrayBuffer;
}

/** Allocates an algorithm's extra buffers for `processors` processors. */
export function createAlgorithmBuffers(
	name: AlgorithmName,
	params: AlgorithmParams,
	processors: number,
	shared: boolean,
): AlgorithmBuffers {
	if (name === 'stealing') return { deques: createDequeBuffer(processors, shared) };
	if (name === 'lazy' && processors > 1) return { table: LazyTable.createBuffer(params.tableBits, shared) };
	return {};
}

/**
 * The options of a shared-tree processor for an algorithm (not CABP).
 * @throws Error for `neural` without a network
 */
export function processorOptions(
	name: AlgorithmName,
	params: AlgorithmParams,
	store: NodeStore,
	processors: number,
	buffers: AlgorithmBuffers,
): ProcessorOptions {
	const b = store.domain.maxChildren;
	let policy: SplitPolicy | null;
	switch (name) {
		case 'pvsplit':
			policy = new PvSplitScheme(b);
			break;
		case 'epvs':
			policy = new EpvsScheme(b);
			break;
		case 'ybwc':
			policy = new YbwcScheme(b, params.ybwcCutMin);
			break;
		case 'dts':
			policy = new DtsScheme(b, params.dtsCutLimit);
			break;
		case 'neural':
			if (!params.network) throw new Error('the neural scheme needs a trained network');
			policy = new NeuralScheme(
				b,
				params.neuralMinAll,
				params.neuralMinCut,
				params.neuralCutWidth,
				params.network.firstLineWait(),
				params.neuralRootWait,
			);
			break;
		case 'stealing':
			policy = new WorkStealing(buffers.deques!, processors, params.grain, store.domain.depth, store.locking);
			break;
		case 'lazy':
			return { policy: null, table: buffers.table ? new LazyTable(buffers.table) : null };
		case 'cabp':
			throw new Error('CABP has no shared-tree processor');
	}
	if (policy instanceof ScanScheme) policy.ties = params.splitTies;
	return {
		policy,
		network: name === 'neural' ? params.network : null,
		pvWaitOffset: params.neuralPvWaitOffset,
		examineTicks: params.examineTicks,
		heapNodes: params.examineHeaps ? heapNodes(processors, store.domain.depth) : 0,
	};
}

/**
 * The nodes of PABSim's heaps for `processors` processors searching to `depth` plies: the global
 * heap's p d 2 (Manohararajah, 2001, section 6.4.2; the local heaps are filled from it).
 */
export function heapNodes(processors: number, depth: number): number {
	return 2 * processors * depth;
}
