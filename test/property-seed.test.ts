import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('property tests', () => {
	it('draw the same cases on every run (a fixed seed), so that a failure can be replayed', () => {
		const draw = () => fc.sample(fc.tuple(fc.integer(), fc.string()), 5);
		expect(draw()).toEqual(draw());
	});
});
