import { describe, expect, it } from 'vitest';
import { playMove } from '../../source/game/make-move.js';
import { moveOf } from '../../source/game/move.js';
import { canPick, cellView, markedBoardLines, moveMarks, NO_MARKS, targetsOf } from '../../source/ui/board-marks.js';
import { grid, move } from '../helpers.js';

describe('board marks', () => {
	it('lists the targets of a picked blob, clones and jumps apart, holes and blobs excluded', () => {
		const pos = grid(['B.X..', '.R...', '.....']);
		const targets = targetsOf(pos, 0);
		expect([...targets.entries()].sort((a, b) => a[0] - b[0])).toEqual([
			[1, 'clone'],
			[5, 'clone'],
			[7, 'jump'],
			[10, 'jump'],
			[11, 'jump'],
			[12, 'jump'],
		]);
		expect(canPick(pos, 0)).toBe(true);
		// Red's blob, an empty cell and a hole cannot be picked by Blue.
		expect(canPick(pos, 6)).toBe(false);
		expect(canPick(pos, 1)).toBe(false);
		expect(canPick(pos, 2)).toBe(false);
		expect(targetsOf(grid(['BR', 'RR']), 0).size).toBe(0);
	});

	it('marks the last move: from, to and the captured blobs', () => {
		const before = grid(['B..R', '..RR', '....', 'B..R']);
		const clone = move(before, '0 0 1 1');
		const after = playMove(before, clone);
		expect(moveMarks(before, clone, after)).toEqual({ from: 0, to: 5, kind: 'clone', captured: [6] });
		const jump = moveOf(12, 4);
		const afterJump = playMove(before, jump);
		expect(moveMarks(before, jump, afterJump)).toEqual({ from: 12, to: 4, kind: 'jump', captured: [] });
	});

	it('draws every mark as text', () => {
		const before = grid(['B..R', '..R.', '....', 'B..R']);
		const m = move(before, '0 0 1 1');
		const after = playMove(before, m);
		const last = moveMarks(before, m, after);
		expect(markedBoardLines(after, { ...NO_MARKS, last })).toEqual([
			'    0  1  2  3',
			' 0 -B- .  .  R',
			' 1  . (B){B} .',
			' 2  .  .  .  .',
			' 3  B  .  .  R',
		]);
		// Red picks (0,3): clone targets +, jump targets *; the cursor's brackets win over the others.
		const marks = { cursor: 11, picked: 3, targets: targetsOf(after, 3), last };
		expect(markedBoardLines(after, marks)).toEqual([
			'    0  1  2  3',
			' 0 -B- *  + <R>',
			' 1  . (B){B} +',
			' 2  .  *  * [*]',
			' 3  B  .  .  R',
		]);
		expect(cellView(after, 11, marks)).toMatchObject({ text: '[*]', target: 'jump', bracket: 'cursor' });
		expect(cellView(grid(['BX']), 1, NO_MARKS).text).toBe(' # ');
	});
});
