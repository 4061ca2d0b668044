import { describe, expect, it } from 'vitest';
import { geometryOf } from '../../source/game/geometry.js';
import { kernelName, kernelSource, shapeKernel } from '../../source/game/shape-kernel.js';

describe('the compiled move generator', () => {
	it('is named after its board shape, holes told apart by a hash', () => {
		expect(kernelName(geometryOf(4, 4))).toBe('blobterm-kernel-4x4.js');
		expect(kernelName(geometryOf(7, 7))).toBe('blobterm-kernel-7x7.js');
		const a = kernelName(geometryOf(8, 8, [18, 21, 42, 45]));
		const b = kernelName(geometryOf(8, 8, [18, 21, 42, 46]));
		expect(a).toMatch(/^blobterm-kernel-8x8-holes-[0-9a-f]{8}\.js$/);
		expect(b).not.toBe(a);
	});

	it('ends with a sourceURL, so that stack traces name it', () => {
		const g = geometryOf(4, 4);
		expect(kernelSource(g).split('\n').at(-1)).toBe('//# sourceURL=blobterm-kernel-4x4.js');
		let stack = '';
		try {
			// A call with no move list to write into fails inside the compiled code.
			shapeKernel(g).generate(new Int32Array(2).fill(1), 0, 0, null as unknown as Int32Array, 0, false);
		} catch (error) {
			stack = (error as Error).stack ?? '';
		}
		expect(stack).toMatch(/at (Object\.)?generate \(blobterm-kernel-4x4\.js:\d+:\d+\)/);
	});

	it('writes the same source as before for a 4x4 board (snapshot: a change to it is reviewed)', async () => {
		await expect(`${kernelSource(geometryOf(4, 4))}\n`).toMatchFileSnapshot('__snapshots__/kernel-4x4.js');
	});
});
