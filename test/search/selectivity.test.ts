import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { formatMove } from '../../source/game/notation.js';
import { decodeDecisive, formatScore } from '../../source/search/score.js';
import { Searcher } from '../../source/search/search.js';
import { EXACT_SEARCH, type SearchOptions } from '../../source/search/search-options.js';
import { grid } from '../helpers.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;

/** Every selective technique on. */
const ALL_ON: Partial<SearchOptions> = {
	selective: true,
	nullMove: true,
	reverseFutility: true,
	futility: true,
	lateMoveReductions: true,
	lateMovePruning: true,
	internalIterativeReduction: true,
};

const SWITCHES: Array<keyof SearchOptions> = [
	'nullMove',
	'reverseFutility',
	'futility',
	'lateMoveReductions',
	'lateMovePruning',
	'internalIterativeReduction',
];

describe('selective search', () => {
	it('each technique prunes (fewer nodes than the exact search at the same depth); selective=off stops all', () => {
		// gruyere5 (5x7 with holes): with the learned evaluation, futility pruning finds nothing to
		// prune at depth 6 from the openings of 7x7 and 8x8 (their static scores stay within its margins).
		const pos = board('gruyere5');
		const exact = new Searcher(EXACT_SEARCH).search(pos, { depth: 6 }).nodes;
		for (const key of SWITCHES.filter((k) => k !== 'internalIterativeReduction')) {
			const nodes = new Searcher({ ...EXACT_SEARCH, selective: true, [key]: true }).search(pos, {
				depth: 6,
			}).nodes;
			expect(nodes, key).toBeLessThan(exact);
		}
		// Internal iterative reduction acts from 5 plies to go at nodes without a table move: at depth
		// 6 every such node has the move of the iteration before; at depth 7 it takes 29% off.
		const exact7 = new Searcher(EXACT_SEARCH).search(pos, { depth: 7 }).nodes;
		const iir = { ...EXACT_SEARCH, selective: true, internalIterativeReduction: true };
		expect(exact7).toBe(45387);
		expect(new Searcher(iir).search(pos, { depth: 7 }).nodes).toBe(32165);
		// It asks whether the table knows a move, not whether the move orders the search: with the
		// table's move left out of the ordering (ttmove=off), depth 6 is still untouched.
		const noTableMove = { ...EXACT_SEARCH, ttMoveOrdering: false };
		const unordered6 = new Searcher(noTableMove).search(pos, { depth: 6 }).nodes;
		expect(
			new Searcher({ ...noTableMove, selective: true, internalIterativeReduction: true }).search(pos, {
				depth: 6,
			}).nodes,
		).toBe(unordered6);
		expect(new Searcher({ ...ALL_ON, selective: false }).search(pos, { depth: 6 }).nodes).toBe(exact);
	});

	it('forced wins are still found, and the fastest taken', () => {
		// Jumping to (1,1) captures all eight Red blobs: Red cannot move and the board fills for Blue.
		const capture = grid(['RRR..', 'R.R..', 'RRR..', '.B...', '.....']);
		for (const depth of [1, 3, 6]) {
			const result = new Searcher(ALL_ON).search(capture, { depth });
			expect(formatMove(capture, result.move)).toBe('(3,1) > (1,1)');
			expect(formatScore(result.score)).toBe('win in 1 (+25)');
		}
		// A win in 3 that no shallower search sees (test/search/search.test.ts): the same move and score.
		const pos = grid(['BBRRR', '.BB.R', 'BRBRR', 'B.BXX']);
		const result = new Searcher(ALL_ON).search(pos, { depth: 7 });
		expect(decodeDecisive(result.score)).toEqual({ plies: 3, margin: 10 });
		expect(formatMove(pos, result.move)).toBe('(1,2) > (1,3)');
		// The fill rule: walling in the last free cell of Red's only blob.
		const walled = grid(['RX....', 'XXXB..', 'XXX...']);
		const fill = new Searcher(ALL_ON).search(walled, { depth: 5 });
		expect(formatMove(walled, fill.move)).toBe('(1,3) > (0,2)');
		expect(decodeDecisive(fill.score)).toEqual({ plies: 1, margin: 9 });
	});

	it('stopped by its flag or a node limit, it still answers a legal move', () => {
		for (const name of ['default', 'ataxx', 'gruyere5']) {
			const pos = board(name);
			const legal = pseudolegalMoves(pos, 'pairs').map((m) => formatMove(pos, m));
			const searcher = new Searcher(ALL_ON);
			Atomics.store(searcher.stopFlag, 0, 1);
			const stopped = searcher.search(pos, { depth: 30 });
			expect(stopped.stopped).toBe(true);
			expect(legal).toContain(formatMove(pos, stopped.move));
			const limited = new Searcher(ALL_ON).search(pos, { depth: 30, nodes: 3000, variant: 'ataxx' });
			expect(legal).toContain(formatMove(pos, limited.move));
			expect(limited.pv[0]).toBe(limited.move);
		}
	});
});
