import { describe, expect, it } from 'vitest';
import { voteResult } from '../../source/search/parallel/vote.js';
import { MATE, PLY_STEP } from '../../source/search/score.js';
import { type SearchResult } from '../../source/search/types.js';

const result = (move: number, score: number, depth: number): SearchResult => ({
	move,
	score,
	depth,
	seldepth: depth,
	nodes: 1000,
	timeMs: 10,
	pv: [move],
	stopped: true,
});

describe('the Lazy SMP vote', () => {
	it('a move that two threads agree on beats thread 0 alone', () => {
		const chosen = voteResult([result(1, 50, 8), result(2, 40, 9), result(2, 45, 8)]);
		expect(chosen.move).toBe(2);
		// The deeper of the threads that played it gives the result.
		expect(chosen.depth).toBe(9);
	});

	it('deeper and better scores weigh more', () => {
		// Votes: move 1: (0 + 14) * 6 = 84; move 2: (300 + 14) * 7 = 2198.
		expect(voteResult([result(1, 0, 6), result(2, 300, 7)]).move).toBe(2);
		expect(voteResult([result(1, 100, 9), result(2, 90, 5)]).move).toBe(1);
	});

	it('a proven win is played, the fastest one first; threads without a completed depth do not vote', () => {
		const win = MATE - 9 * PLY_STEP;
		expect(voteResult([result(1, 500, 12), result(2, win, 9), result(3, 400, 12)]).move).toBe(2);
		expect(voteResult([result(1, win, 12), result(2, win + 2 * PLY_STEP, 9)]).move).toBe(2);
		expect(voteResult([result(1, 20, 5), result(2, 900, 0)]).move).toBe(1);
		expect(voteResult([result(4, 0, 0)]).move).toBe(4);
	});
});
