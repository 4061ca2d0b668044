/**
 * A simulated shared-memory multiprocessor in the spirit of the thesis's PABSim (Manohararajah,
 * "Parallel Alpha-Beta Search on Shared Memory Multiprocessors", 2001, chapter 6): P processors
 * (1 to 64) step through the search's states (`processor.ts`, `cabp.ts`), each step costing the
 * thesis's ticks (`ticks.ts`). Processors run in time order, ties by processor number (as PABSim's
 * fibers run round robin); a step holds the lock of the node it works on (or the global split
 * lock, or a CABP queue's lock) for its duration, and a processor that finds it held waits until
 * it is free. The time of a search is the tick at which the root's value is known.
 *
 * Lock delays (`lockTicks`, 0 by default): every step that takes a lock pays that many ticks more
 * on entry, and the lock stays held that many ticks after the step ends (the release), for every
 * processor, the one that released it included; `splitLockTicks` sets the split lock's apart.
 * `splitLockWaiterTicks` (0 by default) adds that many ticks to the split lock's entry for every
 * other processor waiting for it at that moment: a spin lock under PABSim's cache coherence
 * (section 6.2) hands over the more slowly the more processors spin on it, each of them taking a
 * miss when it is released.
 *
 * Memory delays (`memoryDelays`, off by default): the caches and directory of the thesis's
 * section 6.2, each record one block, with the delays of its Tables 6.1 and 6.2
 * (`memory-model.ts`), added to the step that reads or writes. Off, a processor's reads and
 * writes cost nothing beyond the state's ticks. Not modelled: CABP's queues, work stealing's deques,
 * Lazy SMP's table and node allocation's heaps.
 */

import { type AlgorithmName, type AlgorithmParams, createAlgorithmBuffers, processorOptions } from './algorithms.js';
import { Cabp, cabpCapacity, CabpProcessor, createQueueBuffer } from './cabp.js';
import { MemoryModel } from './memory-model.js';
import { createStoreBuffers, NodeStore } from './node-store.js';
import { LOCK_NONE, LOCK_SPLIT, Processor, type ProcessorOptions, S_EXIT } from './processor.js';
import { TICKS } from './ticks.js';
import { type TreeDomain } from './tree-domain.js';

/** The outcome of one simulated search. */
export interface SimulationResult {
	/** The root's negamax value. */
	readonly value: number;
	/** Ticks until the root's value is known (t_p). */
	readonly ticks: number;
	/** Nodes created by all processors, root and leaves included (n_p). */
	readonly nodes: number;
	/** Ticks spent in the split state (looking for work, waiting included) by all processors. */
	readonly splitTicks: number;
	/** Ticks of all processors not spent searching (P t_p less the ticks of the search's states). */
	readonly idleTicks: number;
}

/** Adds simulation results. */
export function addResults(a: SimulationResult, b: SimulationResult): SimulationResult {
	return {
		value: b.value,
		ticks: a.ticks + b.ticks,
		nodes: a.nodes + b.nodes,
		splitTicks: a.splitTicks + b.splitTicks,
		idleTicks: a.idleTicks + b.idleTicks,
	};
}

/** Zero results. */
export const NO_RESULT: SimulationResult = { value: 0, ticks: 0, nodes: 0, splitTicks: 0, idleTicks: 0 };

/** A min-heap of event keys (time * 128 + processor). */
class EventQueue {
	private keys = new Float64Array(256);
	private size = 0;

	push(time: number, p: number): void {
		if (this.size === this.keys.length) {
			const bigger = new Float64Array(this.size * 2);
			bigger.set(this.keys);
			this.keys = bigger;
		}
		const k = time * 128 + p;
		const keys = this.keys;
		let i = this.size++;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			if (keys[parent] <= k) break;
			keys[i] = keys[parent];
			i = parent;
		}
		keys[i] = k;
	}

	/** Removes and returns the smallest key; -1 if empty. */
	pop(): number {
		if (this.size === 0) return -1;
		const keys = this.keys;
		const top = keys[0];
		const last = keys[--this.size];
		let i = 0;
		for (;;) {
			let c = 2 * i + 1;
			if (c >= this.size) break;
			if (c + 1 < this.size && keys[c + 1] < keys[c]) c++;
			if (keys[c] >= last) break;
			keys[i] = keys[c];
			i = c;
		}
		keys[i] = last;
		return top;
	}

	clear(): void {
		this.size = 0;
	}
}

/** What the simulator needs to know of a processor. */
export interface SimulatedProcessor {
	state: number;
	waiting: boolean;
	/** Ticks in the split state: looking for work, waiting to look again, and waiting for the split lock. */
	splitTicks: number;
	lockNeeded(): number;
	step(): number;
}

/** State value of a finished processor (shared by both programs). */
export const SIM_EXIT = S_EXIT;

/**
 * Runs processors until all have exited; returns the time the search ended (when `ended()`
 * first holds after a step).
 * @param locks per-record busy-until times (resized by the caller), index = record
 * @param extraLocks busy-until times of the global locks, index = -2 - lock
 * @param lockTicks ticks of a lock's entry delay, paid by the step that takes it (split-state time
 *   for the split lock, idle time for the others), and of its release delay, during which the
 *   lock stays held after the step; 0: locks cost nothing but their waits
 * @param splitLockTicks the same delays for the global split lock alone (ticks)
 * @param splitLockWaiterTicks ticks more on the split lock's entry per other processor waiting for it
 * @param queue the event queue (reused between runs)
 * @param overrun if given, index p receives the ticks of processor p's last step past the end of the
 *   search (work a real machine would have stopped)
 */
export function runProcessors(
	processors: readonly SimulatedProcessor[],
	ended: () => boolean,
	locks: Float64Array,
	extraLocks: Float64Array,
	lockTicks = 0,
	splitLockTicks = lockTicks,
	splitLockWaiterTicks = 0,
	queue = new EventQueue(),
	overrun?: Float64Array,
): number {
	queue.clear();
	// `overrun` holds each processor's last step's end until the search's end is known.
	overrun?.fill(0);
	locks.fill(0);
	extraLocks.fill(0);
	for (let p = 0; p < processors.length; p++) queue.push(0, p);
	let endTime = -1;
	// Processors waiting for the split lock now (each counted once until it takes the lock).
	const waitingForSplit = new Uint8Array(processors.length);
	let splitWaiters = 0;
	for (;;) {
		const key = queue.pop();
		if (key < 0) break;
		const t = Math.floor(key / 128);
		const p = key - t * 128;
		const proc = processors[p];
		if (proc.state === S_EXIT) continue;
		const lock = proc.lockNeeded();
		const busy = lock >= 0 ? locks[lock] : lock === LOCK_NONE ? 0 : extraLocks[-2 - lock];
		if (busy > t) {
			// Waiting for the split lock is time in the split state, as in PABSim's SPLIT routine.
			if (lock === LOCK_SPLIT) {
				proc.splitTicks += busy - t;
				if (waitingForSplit[p] === 0) {
					waitingForSplit[p] = 1;
					splitWaiters++;
				}
			}
			queue.push(busy, p);
			continue;
		}
		if (lock === LOCK_SPLIT && waitingForSplit[p] === 1) {
			waitingForSplit[p] = 0;
			splitWaiters--;
		}
		const cost = proc.step();
		const release = lock === LOCK_NONE ? 0 : lock === LOCK_SPLIT ? splitLockTicks : lockTicks;
		const entry = lock === LOCK_SPLIT ? release + splitLockWaiterTicks * splitWaiters : release;
		if (lock === LOCK_SPLIT) proc.splitTicks += entry;
		const end = t + entry + cost;
		if (lock >= 0) locks[lock] = end + release;
		else if (lock !== LOCK_NONE) extraLocks[-2 - lock] = end + release;
		if (endTime < 0 && ended()) endTime = end;
		if (overrun && cost > 0) overrun[p] = end;
		if (proc.state !== S_EXIT) queue.push(proc.waiting ? end + TICKS.recheck : end, p);
	}
	if (overrun) for (let p = 0; p < processors.length; p++) overrun[p] = Math.max(0, overrun[p] - endTime);
	return endTime;
}

/** Records a simulated shared tree may need for `processors` processors. */
export function simulatedCapacity(domain: TreeDomain, processors: number): number {
	return processors * (domain.depth + 2) * 2 + 16;
}

/**
 * Simulates the shared-tree search (every algorithm but CABP) of one tree on `processors`
 * processors.
 * @param makeOptions the options of each processor (its split policy; Lazy SMP's table)
 * @param lockTicks ticks of each lock's entry and of its release delay (`runProcessors`)
 * @param splitLockTicks the same for the split lock alone
 * @param splitLockWaiterTicks ticks more on the split lock's entry per processor waiting for it
 * @param memoryDelays true: reads and writes of records and of the split lock cost the thesis's
 *   memory delays (`MemoryModel`)
 */
export function simulateSharedTree(
	domain: TreeDomain,
	processors: number,
	makeOptions: (store: NodeStore) => ProcessorOptions,
	lazy: boolean,
	lockTicks = 0,
	splitLockTicks = lockTicks,
	splitLockWaiterTicks = 0,
	memoryDelays = false,
): SimulationResult {
	const capacity = simulatedCapacity(domain, processors);
	const store = new NodeStore(createStoreBuffers(domain, capacity, false), domain, false);
	// The records' blocks, then the split lock's.
	if (memoryDelays) store.memory = new MemoryModel(capacity + 1);
	const root = store.reset();
	const options = makeOptions(store);
	const procs: Processor[] = [];
	for (let p = 0; p < processors; p++) {
		const proc = new Processor(p, store, options);
		let start = p === 0 ? root : -1;
		if (lazy && p > 0) {
			start = store.alloc();
			store.init(start, -1, 0, 0, true);
			store.memory?.made(p, start);
			domain.writeRoot(store.mem, store.at(start) + store.stateAt);
		}
		proc.start(start);
		procs.push(proc);
	}
	const locks = new Float64Array(capacity);
	const extra = new Float64Array(4);
	const ticks = runProcessors(
		procs,
		() => store.control[0] !== 0,
		locks,
		extra,
		lockTicks,
		splitLockTicks,
		splitLockWaiterTicks,
	);
	let nodes = 0;
	let splitTicks = 0;
	let workTicks = 0;
	for (const proc of procs) {
		nodes += proc.nodes;
		splitTicks += proc.splitTicks;
		workTicks += proc.workTicks;
	}
	return { value: store.control[1], ticks, nodes, splitTicks, idleTicks: processors * ticks - workTicks };
}

/**
 * Simulates CABP on one tree.
 * @param k the degree of parallel pruning
 * @param lockTicks ticks of each lock's entry and of its release delay (`runProcessors`)
 * @param grain nodes with fewer plies to go are searched by one processor alone (`Cabp`)
 */
export function simulateCabp(
	domain: TreeDomain,
	processors: number,
	k: number,
	lockTicks = 0,
	grain = 1,
): SimulationResult {
	const capacity = cabpCapacity(domain.maxChildren, domain.depth, processors);
	const store = new NodeStore(createStoreBuffers(domain, capacity, false), domain, false);
	const cabp = new Cabp(store, createQueueBuffer(capacity, domain.depth, false), k, grain);
	const begun = cabp.begin();
	const procs: CabpProcessor[] = [];
	for (let p = 0; p < processors; p++) {
		const proc = new CabpProcessor(p, cabp);
		proc.start();
		procs.push(proc);
	}
	const locks = new Float64Array(capacity);
	const extra = new Float64Array(4);
	// A subtree below the grain is one long step: what runs past the end is not counted as work.
	const overrun = new Float64Array(processors);
	const end = cabp.ended()
		? 0
		: runProcessors(procs, () => cabp.ended(), locks, extra, lockTicks, lockTicks, 0, undefined, overrun);
	let nodes = begun.nodes;
	let splitTicks = 0;
	let workTicks = begun.ticks;
	for (let p = 0; p < processors; p++) {
		nodes += procs[p].nodes;
		splitTicks += procs[p].splitTicks;
		workTicks += procs[p].workTicks - overrun[p];
	}
	const ticks = begun.ticks + end;
	return { value: store.control[1], ticks, nodes, splitTicks, idleTicks: processors * ticks - workTicks };
}

/** Simulates `algorithm` on one tree with `processors` processors. */
export function simulateAlgorithm(
	algorithm: AlgorithmName,
	params: AlgorithmParams,
	domain: TreeDomain,
	processors: number,
): SimulationResult {
	if (algorithm === 'cabp') return simulateCabp(domain, processors, params.k, params.lockTicks, params.cabpGrain);
	const buffers = createAlgorithmBuffers(algorithm, params, processors, false);
	return simulateSharedTree(
		domain,
		processors,
		(store) => processorOptions(algorithm, params, store, processors, buffers),
		algorithm === 'lazy',
		params.lockTicks,
		params.splitLockTicks ?? params.lockTicks,
		params.splitLockWaiterTicks,
		params.memoryDelays,
	);
}
