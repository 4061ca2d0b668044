import { describe, expect, it } from 'vitest';
import { ATAXX_START_FEN, FenError, formatFen, parseFen } from '../../source/game/fen.js';
import { playMove } from '../../source/game/make-move.js';
import { positionToGrid, RED } from '../../source/game/position.js';
import { move } from '../helpers.js';

describe('Ataxx FEN', () => {
	it('reads the start position: x is Blue on rank 7, file a (board row 0, column 0)', () => {
		const { position, fullMoves } = parseFen(ATAXX_START_FEN);
		expect(positionToGrid(position)).toEqual([
			'B.....R',
			'.......',
			'.......',
			'.......',
			'.......',
			'.......',
			'R.....B',
		]);
		expect(position.side).toBe(0);
		expect(fullMoves).toBe(1);
	});

	it('reads holes, the side to move and the clock, and writes back the same FEN', () => {
		for (const fen of [
			'x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1',
			'7/7/7/7/ooooooo/ooooooo/xxxxxxx o 17 9',
			'x-x-x-o/7/7/3x3/7/7/o5x o 3 12',
		]) {
			const { position, fullMoves } = parseFen(fen);
			expect(formatFen(position, fullMoves)).toBe(fen);
		}
		const holes = parseFen('x5o/7/2-1-2/7/2-1-2/7/o5x o 42 7').position;
		expect(positionToGrid(holes)[2]).toBe('..X.X..');
		expect(holes.side).toBe(RED);
		expect(holes.clock).toBe(42);
	});

	it('follows the position through moves', () => {
		const start = parseFen(ATAXX_START_FEN).position;
		const after = playMove(start, move(start, '0 0 1 1'));
		expect(formatFen(after)).toBe('x5o/1x5/7/7/7/7/o5x o 0 1');
		const jump = playMove(after, move(after, '0 6 2 4'));
		expect(formatFen(jump)).toBe('x6/1x5/4o2/7/7/7/o5x x 1 1');
	});

	it.each([
		['', 'bad FEN "": expected "RANKS SIDE [CLOCK [FULLMOVES]]"'],
		[
			'x5o/7/7/7/7/7/o5q x 0 1',
			'bad FEN "x5o/7/7/7/7/7/o5q x 0 1": rank 7 from the top: unexpected "q" (expected x, o, -, or a digit)',
		],
		['x5o/6 x', 'bad FEN "x5o/6 x": rank 2 from the top has 6 cells, the first has 7'],
		['x5o/7 z', 'bad FEN "x5o/7 z": side to move "z" (expected x or o)'],
		['x5o/7 x -1', 'bad FEN "x5o/7 x -1": half-move clock "-1" (expected an integer >= 0)'],
		['x5o/7 x 0 0', 'bad FEN "x5o/7 x 0 0": full-move number "0" (expected an integer >= 1)'],
		['x20 x', 'bad FEN "x20 x": rank 1 from the top: bad run of empty cells "20"'],
	])('%j is refused', (fen, message) => {
		expect(() => parseFen(fen)).toThrow(new FenError(fen, message.slice(message.indexOf(': ') + 2)));
		expect(() => parseFen(fen)).toThrow(message);
	});
});
