import { describe, expect, it } from 'vitest';
import { BENCH_POSITIONS, benchPosition } from '../../source/cli/bench-positions.js';
import { Searcher } from '../../source/search/search.js';

/** The full bench signature (`blobterm bench search`): each bench position to its own depth. */
export const SIGNATURE = 759525;

describe('the full bench signature', () => {
	it(`is ${SIGNATURE} nodes`, { timeout: 600_000 }, () => {
		let nodes = 0;
		for (const entry of BENCH_POSITIONS)
			nodes += new Searcher().search(benchPosition(entry), { depth: entry.depth }).nodes;
		expect(nodes).toBe(SIGNATURE);
	});
});
