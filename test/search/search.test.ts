import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { formatMove } from '../../source/game/notation.js';
import { type Position } from '../../source/game/position.js';
import { decodeDecisive, formatScore, terminalScore } from '../../source/search/score.js';
import { Searcher } from '../../source/search/search.js';
import { grid } from '../helpers.js';
import { playMove } from '../../source/game/make-move.js';
import { minimax } from './minimax.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;
const legalTexts = (pos: Position) => pseudolegalMoves(pos, 'pairs').map((m) => formatMove(pos, m));

describe('scores', () => {
	it('finished games: faster wins and slower losses first, then margins', () => {
		expect(terminalScore(10, 5, 1)).toBeGreaterThan(terminalScore(10, 5, 3));
		expect(terminalScore(10, 5, 3)).toBeGreaterThan(terminalScore(10, 2, 5));
		expect(terminalScore(10, 2, 3)).toBeGreaterThan(terminalScore(10, 5, 3));
		expect(terminalScore(5, 10, 5)).toBeGreaterThan(terminalScore(5, 10, 3));
		expect(terminalScore(7, 7, 2)).toBe(0);
		expect(decodeDecisive(terminalScore(30, 4, 7))).toEqual({ plies: 7, margin: 26 });
		expect(decodeDecisive(terminalScore(4, 30, 6))).toEqual({ plies: 6, margin: -26 });
		expect(formatScore(terminalScore(25, 0, 1))).toBe('win in 1 (+25)');
		expect(formatScore(-300)).toBe('-3');
		expect(formatScore(125)).toBe('+1.25');
	});
});

describe('the search', () => {
	it('finds the winning capture', () => {
		// Jumping to (1,1) captures all eight Red blobs: Red cannot move and the board fills for Blue.
		const pos = grid(['RRR..', 'R.R..', 'RRR..', '.B...', '.....']);
		for (const depth of [1, 3, 5]) {
			const result = new Searcher().search(pos, { depth });
			expect(formatMove(pos, result.move)).toBe('(3,1) > (1,1)');
			expect(formatScore(result.score)).toBe('win in 1 (+25)');
		}
	});

	it('sees the fill rule coming: walls the last free cell of a Red blob in', () => {
		// Red's only blob at (0,0) is walled in by holes but for (0,2). Cloning there leaves Red
		// no move: the 8 empty cells fill for Blue, 10-1.
		const pos = grid(['RX....', 'XXXB..', 'XXX...']);
		const result = new Searcher().search(pos, { depth: 3 });
		expect(formatMove(pos, result.move)).toBe('(1,3) > (0,2)');
		expect(decodeDecisive(result.score)).toEqual({ plies: 1, margin: 9 });
	});

	it('knows the half-move limit: with one half-move left it takes the most blobs now', () => {
		// The jump to (1,2) captures three Red blobs, the best any move does.
		const pos = grid(['B....', '...R.', '..RR.', '..RR.', '.....']);
		const result = new Searcher().search(pos, { depth: 4, halfMovesLeft: 1 });
		expect(formatMove(pos, result.move)).toBe('(0,0) > (1,2)');
		expect(formatScore(result.score)).toBe('win in 1 (+2)');
	});

	it('finds a forced win in 3 that no shallower search sees, and takes the fastest win', () => {
		const pos = grid(['BBRRR', '.BB.R', 'BRBRR', 'B.BXX']);
		// No move wins at once: every reply keeps the game going.
		for (const m of pseudolegalMoves(pos))
			expect(decodeDecisive(-minimax(playMove(pos, m), 0, Infinity, 'blobwar', 1))).toBeNull();
		const result = new Searcher().search(pos, { depth: 7 });
		expect(decodeDecisive(result.score)).toEqual({ plies: 3, margin: 10 });
		expect(result.score).toBe(minimax(pos, 3));
		expect(formatMove(pos, result.move)).toBe('(1,2) > (1,3)');
		// Proven at depth 3: the search stops there instead of going on to 7.
		expect(result.depth).toBe(3);
		// Every line the engine may meet after its move still wins by the third ply.
		const after = playMove(pos, result.move);
		for (const reply of pseudolegalMoves(after)) {
			const next = playMove(after, reply);
			expect(decodeDecisive(minimax(next, 1, Infinity, 'blobwar', 2))?.plies).toBe(3);
		}
	});

	it('answers a legal move under a 10 ms limit', () => {
		for (const name of ['default', 'ataxx', 'gruyere5', 'handout']) {
			const pos = board(name);
			const result = new Searcher().search(pos, { timeMs: 10 });
			expect(legalTexts(pos)).toContain(formatMove(pos, result.move));
			expect(result.depth).toBeGreaterThanOrEqual(1);
		}
	});

	it('stopped through its flag, it still answers a legal move', () => {
		const pos = board('default');
		const searcher = new Searcher();
		Atomics.store(searcher.stopFlag, 0, 1);
		const result = searcher.search(pos, { depth: 20 });
		expect(result.stopped).toBe(true);
		expect(legalTexts(pos)).toContain(formatMove(pos, result.move));
	});

	it('one thread and a depth limit give the same move, score and node count every run', () => {
		const pos = board('default');
		const a = new Searcher().search(pos, { depth: 5 });
		const b = new Searcher().search(pos, { depth: 5 });
		expect([a.move, a.score, a.nodes, a.pv]).toEqual([b.move, b.score, b.nodes, b.pv]);
		expect(a.depth).toBe(5);
	});

	it('reports each completed depth with a PV that starts with the best move', () => {
		const pos = board('ataxx');
		const depths: number[] = [];
		const result = new Searcher().search(
			pos,
			{ depth: 4 },
			{
				onInfo: (info) => {
					depths.push(info.depth);
					expect(info.pv.length).toBe(info.depth);
					expect(info.nodes).toBeGreaterThan(0);
				},
			},
		);
		expect(depths).toEqual([1, 2, 3, 4]);
		expect(result.pv[0]).toBe(result.move);
	});

	it('gives no move when the game is over', () => {
		const result = new Searcher().search(grid(['BR', 'RB']), { depth: 3 });
		expect(result.move).toBe(-1);
	});
});
