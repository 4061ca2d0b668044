import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveLists, pickNextMove } from '../../source/search/move-lists.js';
import { vectorsAvailable } from '../../source/search/wasm-encoder.js';
import { runs } from '../long-tests.js';

describe('the move lists and their selection step', () => {
	it('compiles the step to WebAssembly where the runtime has vectors, on views of its memory', () => {
		const lists = moveLists(1000);
		expect(lists.compiled).toBe(vectorsAvailable());
		expect(lists.moves.length).toBe(1000);
		expect(lists.keys.length).toBe(1000);
		expect(moveLists(10, false).compiled).toBe(false);
	});

	it.each([true, false])(
		'picks the same moves as pickNextMove and leaves the lists in its order (compiled: %s)',
		(compiled) => {
			// Lists of 1 to 300 moves anywhere in the lists (the last entry included), keys from small
			// ranges (ties: the first of the largest must win) or any int, each step in turn to the end.
			if (compiled && !vectorsAvailable()) return;
			const capacity = 512;
			const lists = moveLists(capacity, compiled);
			fc.assert(
				fc.property(
					fc
						.constantFrom(1, 3, 0x7fffffff)
						.chain((range) =>
							fc.array(fc.integer({ min: -range, max: range }), { minLength: 1, maxLength: 300 }),
						),
					fc.nat(),
					(list, offset) => {
						const base = offset % (capacity - list.length + 1);
						const end = base + list.length;
						const moves = Int32Array.from(list, (_, k) => 1000 + k);
						const keys = Int32Array.from(list);
						lists.moves.set(moves, base);
						lists.keys.set(keys, base);
						for (let i = base; i < end; i++)
							expect(lists.pick(i, end)).toBe(pickNextMove(moves, keys, i - base, list.length));
						expect(Array.from(lists.moves.subarray(base, end))).toEqual(Array.from(moves));
						expect(Array.from(lists.keys.subarray(base, end))).toEqual(Array.from(keys));
					},
				),
				{ numRuns: runs(200, 2000), seed: 23 },
			);
		},
	);

	it('picks the first of equal largest keys in each lane and across lanes', () => {
		// 13 keys: the largest (7) at 6, 9 and 12: lanes 1, 0 and 3 of the vector loop's chunks.
		const lists = moveLists(16);
		lists.keys.set([1, 2, 3, 4, 5, 6, 7, 0, 0, 7, 0, 0, 7]);
		lists.moves.set([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
		expect(lists.pick(0, 13)).toBe(16);
		expect(lists.keys[0]).toBe(7);
		expect(lists.moves[6]).toBe(10);
		expect(lists.pick(1, 13)).toBe(19);
		expect(lists.pick(2, 13)).toBe(22);
	});

	it('refuses a capacity that is not a positive integer', () => {
		expect(() => moveLists(0)).toThrow(RangeError);
		expect(() => moveLists(2.5)).toThrow('bad move list capacity 2.5');
	});
});
