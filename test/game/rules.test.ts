import { describe, expect, it } from 'vitest';
import { gameEnd } from '../../source/game/game-over.js';
import { playMove } from '../../source/game/make-move.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { formatMove } from '../../source/game/notation.js';
import { BLUE, computeKey, positionToGrid, RED } from '../../source/game/position.js';
import { checkMove } from '../../source/game/legality.js';
import { grid, move } from '../helpers.js';

describe('moves', () => {
	it('clone: the source keeps its blob and a new one appears', () => {
		const p = grid(['B..', '...', '..R']);
		const q = playMove(p, move(p, '0 0 1 1'));
		// (1,1) touches (2,2): the Red blob is captured.
		expect(positionToGrid(q)).toEqual(['B..', '.B.', '..B']);
		expect(q.count[BLUE]).toBe(3);
		expect(q.count[RED]).toBe(0);
	});

	it('clone without capture', () => {
		const p = grid(['B...', '....', '...R']);
		const q = playMove(p, move(p, '(0,0) > (0,1)'));
		expect(positionToGrid(q)).toEqual(['BB..', '....', '...R']);
		expect([q.count[BLUE], q.count[RED]]).toEqual([2, 1]);
		expect(q.side).toBe(RED);
	});

	it('jump: the source cell becomes empty', () => {
		const p = grid(['B....', '.....', '....R']);
		const q = playMove(p, move(p, '0 0 2 1'));
		expect(positionToGrid(q)).toEqual(['.....', '.....', '.B..R']);
		expect([q.count[BLUE], q.count[RED]]).toEqual([1, 1]);
	});

	it('captures every opponent blob among the 8 neighbours of the destination, and only those', () => {
		const p = grid(['RRR.R', 'R.R.R', 'RRR.R', '.....', 'B....']);
		const q = playMove(p, move(p, '4 0 3 1'));
		// (3,1) touches (2,0), (2,1), (2,2): captured. (1,*) and column 4 are out of reach.
		expect(positionToGrid(q)).toEqual(['RRR.R', 'R.R.R', 'BBB.R', '.B...', 'B....']);
		expect([q.count[BLUE], q.count[RED]]).toEqual([5, 8]);
		// jump to (3,2): of its neighbours, (2,1) and (2,2) are Red; (2,3) is empty.
		const r = playMove(p, move(p, '4 0 3 2'));
		expect(positionToGrid(r)).toEqual(['RRR.R', 'R.R.R', 'RBB.R', '..B..', '.....']);
		expect([r.count[BLUE], r.count[RED]]).toEqual([3, 9]);
	});

	it('clones are merged by destination, pairs list each source', () => {
		const p = grid(['B.B', '...', '...']);
		const merged = pseudolegalMoves(p).map((m) => formatMove(p, m));
		const pairs = pseudolegalMoves(p, 'pairs').map((m) => formatMove(p, m));
		// clone targets: (0,1), (1,0), (1,1), (1,2): 4 merged, 6 pairs;
		// jumps: (0,0) to (1,2), (2,0), (2,1), (2,2) and (0,2) to (1,0), (2,0), (2,1), (2,2).
		expect(merged.length).toBe(4 + 8);
		expect(pairs.length).toBe(6 + 8);
		expect(pairs.filter((t) => t.endsWith('> (0,1)'))).toEqual(['(0,0) > (0,1)', '(0,2) > (0,1)']);
		expect(merged.filter((t) => t.endsWith('> (0,1)'))).toEqual(['(0,0) > (0,1)']);
		// Both clones to (0,1) give the same position.
		const a = playMove(p, move(p, '0 0 0 1'));
		const b = playMove(p, move(p, '0 2 0 1'));
		expect(positionToGrid(a)).toEqual(positionToGrid(b));
		expect([a.keyLo, a.keyHi]).toEqual([b.keyLo, b.keyHi]);
	});
});

describe('holes', () => {
	it('are never a destination, but can be jumped over', () => {
		const p = grid(['BX.', 'XX.', '...']);
		const targets = pseudolegalMoves(p).map((m) => formatMove(p, m));
		expect(targets).toEqual(
			['(0,0) > (0,2)', '(0,0) > (2,0)', '(0,0) > (2,1)', '(0,0) > (2,2)', '(0,0) > (1,2)'].sort(byKind(targets)),
		);
		const check = checkMove(p, { r1: 0, c1: 0, r2: 0, c2: 1 });
		expect(check).toEqual({ ok: false, reason: '(0,0) > (0,1): (0,1) is a hole' });
	});

	it('a board with only holes around a blob gives no move', () => {
		// Every cell within distance 2 of (0,0) is a hole; (3,*) is 3 rows away.
		const p = grid(['BXX', 'XXX', 'XXX', '..R']);
		expect(pseudolegalMoves(p)).toEqual([]);
	});
});

/** Keeps the generator's order for the expected list (clones, then jumps). */
function byKind(actual: string[]) {
	return (a: string, b: string) => actual.indexOf(a) - actual.indexOf(b);
}

describe('illegal moves are explained', () => {
	const p = grid(['B.R..', '.....', '.....', '.....', '.....']);
	it.each([
		['0 1 1 1', '(0,1) > (1,1): (0,1) is empty, not a Blue blob'],
		['0 2 1 2', '(0,2) > (1,2): (0,2) is a Red blob, not a Blue blob'],
		['0 0 0 2', '(0,0) > (0,2): (0,2) is not empty'],
		['0 0 3 0', '(0,0) > (3,0): (3,0) is 3 cells away; a clone goes 1 cell, a jump 2'],
		['0 0 9 0', '(0,0) > (9,0): (9,0) is off the 5 x 5 board'],
		['7 0 1 0', '(7,0) > (1,0): (7,0) is off the 5 x 5 board'],
	])('%s', (text, reason) => {
		const [r1, c1, r2, c2] = text.split(' ').map(Number);
		expect(checkMove(p, { r1, c1, r2, c2 })).toEqual({ ok: false, reason });
	});
});

describe('end of game', () => {
	it('is over when the board is full, and the side with more blobs wins', () => {
		const p = grid(['BBR', 'BRX', 'BRB']);
		expect(gameEnd(p)).toEqual({ reason: 'board-full', blue: 5, red: 3, winner: BLUE });
	});

	it('fill rule: a side that cannot move leaves every empty cell to the other side', () => {
		// Red to move, its only blob is walled in by holes: the 8 empty cells go to Blue.
		const p = grid(['RXX...', 'XXX...', 'XXXB..'], RED);
		expect(gameEnd(p)).toEqual({ reason: 'no-move', blue: 1 + 8, red: 1, winner: BLUE });
		// The same position with Blue to move: Blue can move, the game goes on.
		expect(gameEnd(grid(['RXX...', 'XXX...', 'XXXB..'], BLUE))).toBeNull();
	});

	it('fill rule: a side with no blob at all cannot move', () => {
		const p = grid(['BB.', '...', '...'], RED);
		expect(gameEnd(p)).toEqual({ reason: 'no-move', blue: 9, red: 0, winner: BLUE });
	});

	it('fill rule can turn the result: the side that cannot move may lose although ahead', () => {
		// Blue to move with 4 blobs walled in by two columns of holes; the 5 empty cells go to Red.
		const p = grid(['BBXX...', 'BBXX..R'], BLUE);
		expect(gameEnd(p)).toEqual({ reason: 'no-move', blue: 4, red: 1 + 5, winner: RED });
	});

	it('half-move limit: the game ends when no half-move is left', () => {
		const p = grid(['B...', '....', '...R']);
		expect(gameEnd(p, 'blobwar', 1)).toBeNull();
		expect(gameEnd(p, 'blobwar', 0)).toEqual({ reason: 'half-move-limit', blue: 1, red: 1, winner: null });
		const q = playMove(p, move(p, '0 0 1 1'));
		expect(gameEnd(q, 'blobwar', 0)).toEqual({ reason: 'half-move-limit', blue: 2, red: 1, winner: BLUE });
	});

	it('a full board with equal counts is a draw', () => {
		expect(gameEnd(grid(['BR', 'RB']))).toEqual({ reason: 'board-full', blue: 2, red: 2, winner: null });
	});

	it('the fill rule comes before the limit', () => {
		const p = grid(['BX.', 'XX.', '..R'], BLUE);
		// Blue's only blob is walled in (no cell at distance 1 or 2 is free? (0,2) is at distance 2).
		expect(gameEnd(p, 'blobwar', 0)?.reason).toBe('half-move-limit');
		const walled = grid(['BXX.', 'XXX.', 'XXX.', '...R'], BLUE);
		expect(gameEnd(walled, 'blobwar', 0)).toEqual({ reason: 'no-move', blue: 1, red: 1 + 6, winner: RED });
	});
});

describe('Zobrist key', () => {
	it('is updated incrementally through clones, jumps and captures', () => {
		let p = grid(['B.....R', '.......', '..X.X..', '.......', 'R.....B']);
		for (let i = 0; i < 30; i++) {
			const moves = pseudolegalMoves(p);
			if (moves.length === 0) break;
			p = playMove(p, moves[(i * 7) % moves.length]);
			expect([p.keyLo, p.keyHi]).toEqual(computeKey(p));
		}
	});
});
