// The threaded case runs compiled code (its workers import dist/; npm test builds it first).
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConcurrentSkewHeap, skewHeapWords } from '../../dist/lab/concurrent-skew-heap.js';
import { runs } from '../long-tests.js';

/** A heap of `capacity` elements ordered by `keys` (ties by element). */
function heapOf(capacity: number, keys: ArrayLike<number>, shared = false) {
	const bytes = skewHeapWords(capacity) * 4;
	const words = new Int32Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
	const heap = new ConcurrentSkewHeap(
		words,
		0,
		shared,
		(a, b) => keys[a] < keys[b] || (keys[a] === keys[b] && a < b),
	);
	heap.clear();
	return { heap, words };
}

describe('concurrent skew heap', () => {
	it('takes elements out in order, whatever the insertions, removals and put-backs in between', () => {
		// -1: remove the first; -2: take the first and put it back with a key 7 higher; else insert.
		const op = fc.oneof(fc.constant(-1), fc.constant(-2), fc.integer({ min: 0, max: 63 }));
		const keys = fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 64, maxLength: 64 });
		fc.assert(
			fc.property(keys, fc.array(op, { maxLength: 200 }), (drawn, ops) => {
				const key = [...drawn]; // put-backs change it: the drawn value stays as drawn, for shrinking
				const { heap } = heapOf(64, key);
				const model = new Set<number>();
				const first = () => [...model].sort((a, b) => key[a] - key[b] || a - b)[0] ?? -1;
				for (const x of ops) {
					if (x === -2) {
						const expected = first();
						let visited = -1;
						const taken = heap.take((y) => {
							visited = y;
							key[y] += 7;
							return true;
						});
						expect(taken).toBe(expected);
						expect(visited).toBe(expected);
					} else if (x < 0 || model.has(x)) {
						const expected = first();
						expect(heap.deleteMin()).toBe(expected);
						model.delete(expected);
					} else {
						heap.insert(x);
						model.add(x);
					}
					expect(heap.looksEmpty()).toBe(model.size === 0);
				}
			}),
			{ numRuns: runs(300, 3000) },
		);
	});

	it('loses and repeats nothing when four threads insert and remove at once, and stays in heap order', async () => {
		const capacity = 40_000;
		const keys = new Int32Array(new SharedArrayBuffer(capacity * 4));
		for (let x = 0; x < capacity; x++) keys[x] = (x * 7919) % 10_007;
		const { heap, words } = heapOf(capacity, keys, true);
		const start = new SharedArrayBuffer(4);
		const threads = 4;
		const share = capacity / threads;
		const workers = Array.from(
			{ length: threads },
			(_, t) =>
				new Worker(new URL('../fixtures/skew-heap-worker.mjs', import.meta.url), {
					workerData: { words: words.buffer, keys, from: t * share, to: (t + 1) * share, start },
				}),
		);
		const answers = workers.map(
			(worker) =>
				new Promise<number[]>((resolve, reject) => {
					worker.once('message', resolve);
					worker.once('error', reject);
				}),
		);
		// All start together, so that their operations overlap.
		await new Promise((resolve) => setTimeout(resolve, 50));
		Atomics.store(new Int32Array(start), 0, 1);
		Atomics.notify(new Int32Array(start), 0);
		const taken = (await Promise.all(answers)).flat();
		await Promise.all(workers.map((worker) => worker.terminate()));
		// Every insertion of an element not a multiple of 3 was followed by a removal, and the heap,
		// holding at least that thread's element, never looked empty to it.
		expect(taken.length).toBe(capacity - Math.ceil(capacity / 3));
		const rest: number[] = [];
		for (let x = heap.deleteMin(); x >= 0; x = heap.deleteMin()) rest.push(x);
		expect(new Set([...taken, ...rest]).size).toBe(capacity);
		expect(taken.length + rest.length).toBe(capacity);
		const sorted = [...rest].sort((a, b) => keys[a] - keys[b] || a - b);
		expect(rest).toEqual(sorted);
	});
});
