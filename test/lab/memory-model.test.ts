import { describe, expect, it } from 'vitest';
import { MemoryModel } from '../../source/lab/memory-model.js';

describe('the memory model (the thesis Tables 6.1 and 6.2)', () => {
	it('a block made by a processor costs it nothing; others pay by its state in their cache and at home', () => {
		const memory = new MemoryModel(4);
		memory.made(0, 2);
		expect([memory.read(0, 2), memory.write(0, 2)]).toEqual([0, 0]); // M at its maker
		expect(memory.read(1, 2)).toBe(3); // I, dirty at processor 0's home, remote
		expect(memory.read(1, 2)).toBe(0); // S now
		expect(memory.read(0, 2)).toBe(0); // the former holder keeps a shared copy
		expect(memory.read(2, 2)).toBe(2); // I, clean, remote
		expect(memory.write(1, 2)).toBe(2); // S, clean, remote
		expect(memory.read(0, 2)).toBe(2); // I, dirty, local (its home is processor 0's memory)
		expect(memory.write(3, 2)).toBe(3); // I, clean, remote
		expect(memory.write(0, 2)).toBe(2); // I, dirty, local
		expect(memory.write(3, 2)).toBe(4); // I, dirty, remote
		expect(memory.write(3, 2)).toBe(0); // M
		expect(memory.read(2, 2)).toBe(3); // I, dirty, remote
		expect(memory.write(0, 2)).toBe(1); // I, clean, local
		expect(memory.read(0, 3)).toBe(1); // never made: clean at processor 0's home, local
		expect(memory.ticks).toBe(3 + 2 + 2 + 2 + 3 + 2 + 4 + 3 + 1 + 1);
	});

	it('tracks processors 32 to 63 apart from 0 to 31', () => {
		const memory = new MemoryModel(1);
		memory.made(40, 0);
		expect([memory.read(40, 0), memory.read(8, 0), memory.read(8, 0), memory.read(40, 0)]).toEqual([0, 3, 0, 0]);
		expect([memory.cached(63, 0), memory.cached(31, 0)]).toEqual([false, false]);
		expect(memory.write(63, 0)).toBe(3);
		expect([memory.cached(63, 0), memory.cached(40, 0), memory.cached(8, 0)]).toEqual([true, false, false]);
	});

	it('reset forgets every copy, and a model needs a block', () => {
		const memory = new MemoryModel(2);
		memory.made(5, 1);
		memory.reset();
		expect([memory.ticks, memory.cached(5, 1), memory.read(5, 1)]).toEqual([0, false, 2]);
		expect(() => new MemoryModel(0)).toThrow('blocks must be a positive integer, got 0');
	});
});
