import { describe, expect, it } from 'vitest';
import { playMove } from '../../source/game/make-move.js';
import { moveBetween, movesAlong } from '../../source/game/history-moves.js';
import { formatMove } from '../../source/game/notation.js';
import { grid, move } from '../helpers.js';

describe('moves along a history of positions (board files keep boards, not moves)', () => {
	const start = grid(['B..R', '....', '....', 'B..R']);

	it('finds the move between two positions; a clone reached from two blobs names the first in cell order', () => {
		const clone = playMove(start, move(start, '3 0 2 1'));
		// (2,1) is next to (3,0) alone; on the second board (0,1) is next to (0,0) and (0,2): (0,0) is named.
		expect(formatMove(start, moveBetween(start, clone)!)).toBe('(3,0) > (2,1)');
		const two = grid(['B.BR', '....', '....', '...R']);
		const both = playMove(two, move(two, '0 2 0 1'));
		expect(formatMove(two, moveBetween(two, both)!)).toBe('(0,0) > (0,1)');
		const jump = playMove(start, move(start, '0 0 2 2'));
		expect(formatMove(start, moveBetween(start, jump)!)).toBe('(0,0) > (2,2)');
	});

	it('says when no move leads there', () => {
		expect(moveBetween(start, start)).toBeNull();
		const a = playMove(start, move(start, '0 0 1 1'));
		const b = playMove(a, move(a, '0 3 1 2'));
		expect(moveBetween(start, b)).toBeNull();
		expect(movesAlong([start, a, b])).toEqual([move(start, '0 0 1 1'), move(a, '0 3 1 2')]);
		expect(movesAlong([start, b])).toBeNull();
	});
});
