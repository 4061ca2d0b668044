import { describe, expect, it } from 'vitest';
import { SearchPools } from '../../dist/players/search-pools.js';
import { parseFen } from '../../dist/game/fen.js';

describe('search pools of a match', () => {
	it('give a pool back to the next taker of its settings, a new one to others; close ends them', async () => {
		const pools = new SearchPools();
		const first = pools.take({ threads: 1, search: { hashMb: 1 } });
		const other = pools.take({ threads: 1, search: { hashMb: 2 } });
		expect(other).not.toBe(first);
		await pools.give(first);
		expect(pools.take({ threads: 1, search: { hashMb: 2 } })).not.toBe(first);
		const again = pools.take({ threads: 1, search: { hashMb: 1 } });
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
		const pool = late.take({ threads: 1, search: { hashMb: 1 } });
		await late.close();
		await late.give(pool);
		await expect(pool.search(position, { depth: 1, variant: 'ataxx' })).rejects.toThrow();
	});
});
