import { describe, expect, it } from 'vitest';
import { SearchPools } from '../../dist/players/search-pools.js';
import { parseFen } from '../../dist/game/fen.js';
import { BuiltinPlayer } from '../../dist/players/builtin-player.js';
import { Searcher } from '../../dist/search/search.js';
import { SHIPPED_WEIGHTS } from '../../dist/search/eval-weights.js';
import { formatMove } from '../../dist/game/notation.js';

describe('search pools of a match', () => {
	it('give a pool back to the next taker of its settings, a new one to others; close ends them', async () => {
		const pools = new SearchPools();
		const first = await pools.take({ threads: 1, search: { hashMb: 1 } });
		const other = await pools.take({ threads: 1, search: { hashMb: 2 } });
		expect(other).not.toBe(first);
		await pools.give(first);
		expect(await pools.take({ threads: 1, search: { hashMb: 2 } })).not.toBe(first);
		const again = await pools.take({ threads: 1, search: { hashMb: 1 } });
		expect(again).toBe(first);
		// Taken again, it still searches.
		const { position } = parseFen('x3o/5/5/5/o3x x 0 1');
		const result = await again.search(position, { depth: 2, variant: 'ataxx' });
		expect(result.depth).toBe(2);
		await pools.give(again);
		await pools.give(other);
		await pools.close();
		await expect(again.search(position, { depth: 1, variant: 'ataxx' })).rejects.toThrow();
		// Given back after the close: ended at once.
		const late = new SearchPools();
		const pool = await late.take({ threads: 1, search: { hashMb: 1 } });
		await late.close();
		await late.give(pool);
		await expect(pool.search(position, { depth: 1, variant: 'ataxx' })).rejects.toThrow();
	});

	it('share one pool between players that differ only by their weights, each playing with its own', async () => {
		const { position } = parseFen('x5o/7/7/7/7/7/o5x x 0 1');
		const shipped = SHIPPED_WEIGHTS.ataxx;
		// Weights that like losing blobs: a 3-ply search with them picks another move.
		const loser = {
			source: 'loser',
			opening: Array.from(shipped.opening, (w) => -w),
			endgame: Array.from(shipped.endgame, (w) => -w),
		};
		const expected = (weights: typeof shipped) =>
			formatMove(
				position,
				new Searcher({ hashMb: 1, weights }).search(position, { depth: 3, variant: 'ataxx' }).move,
			);
		expect(expected(loser)).not.toBe(expected(shipped));

		const pools = new SearchPools();
		const taken: unknown[] = [];
		const take = pools.take.bind(pools);
		pools.take = async (options) => {
			const pool = await take(options);
			taken.push(pool);
			return pool;
		};
		const play = async (weights: typeof shipped | null) => {
			const player = new BuiltinPlayer({ depth: 3, useTime: false, search: { hashMb: 1, weights }, pools });
			const answer = await player.play({
				position,
				history: [position],
				moves: [],
				timeMs: 60_000,
				halfMovesLeft: 100,
				variant: 'ataxx',
				signal: new AbortController().signal,
			});
			await player.close();
			return answer.kind === 'move' ? answer.text : answer.reason;
		};
		expect(await play(loser)).toBe(expected(loser));
		expect(await play(shipped)).toBe(expected(shipped));
		expect(await play(loser)).toBe(expected(loser));
		// No weights: the shipped ones, not the last player's.
		expect(await play(null)).toBe(expected(shipped));
		expect(taken).toHaveLength(4);
		expect(new Set(taken).size).toBe(1);
		await pools.close();
	});
});
