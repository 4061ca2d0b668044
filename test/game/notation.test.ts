import { describe, expect, it } from 'vitest';
import { formatMove, lastMoveLine, parseMoveText } from '../../source/game/notation.js';
import { cloneTo, moveOf } from '../../source/game/move.js';
import { grid } from '../helpers.js';

describe('move text', () => {
	it.each([
		['(0,1) > (1,2)', { r1: 0, c1: 1, r2: 1, c2: 2 }],
		['0 1 1 2', { r1: 0, c1: 1, r2: 1, c2: 2 }],
		['(0,1) -> (1,2)', { r1: 0, c1: 1, r2: 1, c2: 2 }],
		['((0,1)>(1,2))', { r1: 0, c1: 1, r2: 1, c2: 2 }],
		['  move: 10 11 12 13\r', { r1: 10, c1: 11, r2: 12, c2: 13 }],
	])('reads %j', (text, coords) => {
		expect(parseMoveText(text)).toEqual(coords);
	});

	it.each(['', 'hello', '0 1 1', '0 1 1 2 3', '(a,b) > (c,d)'])('refuses %j', (text) => {
		expect(parseMoveText(text)).toBeNull();
	});

	it('takes the last move line of an engine output', () => {
		expect(lastMoveLine('thinking...\n(0,0) > (1,1)\ndepth 2\n(0,0) > (0,2)\nbye\n')).toEqual({
			line: '(0,0) > (0,2)',
			coords: { r1: 0, c1: 0, r2: 0, c2: 2 },
		});
		expect(lastMoveLine('no move here\n')).toBeNull();
	});

	it('writes the canonical form, with a source for clones named by destination', () => {
		const p = grid(['.B.', 'B..', '...']);
		expect(formatMove(p, moveOf(3, 4))).toBe('(1,0) > (1,1)');
		// Merged clone to (1,1): the first Blue blob next to it in cell order is (0,1).
		expect(formatMove(p, cloneTo(4))).toBe('(0,1) > (1,1)');
		expect(formatMove(p, moveOf(1, 7))).toBe('(0,1) > (2,1)');
	});
});
