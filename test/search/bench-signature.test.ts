import { describe, expect, it } from 'vitest';
import { BENCH_POSITIONS, benchPosition } from '../../source/cli/bench-positions.js';
import { Searcher } from '../../source/search/search.js';

/**
 * The bench signature at depth 7 (`blobterm bench search --depth 7`): every bench position
 * searched to 7 plies on one thread with an empty table. It changes only when the search's
 * behaviour does; a commit that changes it says so. The full signature (`blobterm bench
 * search`) is pinned in `npm run test:long`.
 */
export const SIGNATURE_DEPTH_7 = 56137;

/** Nodes of the three 7x7 bench positions searched to depth 9 under Ataxx rules. */
export const ATAXX_SIGNATURE_DEPTH_9 = 134421;

describe('the bench signature', () => {
	it(`at depth 7 is ${SIGNATURE_DEPTH_7} nodes`, () => {
		let nodes = 0;
		for (const entry of BENCH_POSITIONS) nodes += new Searcher().search(benchPosition(entry), { depth: 7 }).nodes;
		expect(nodes).toBe(SIGNATURE_DEPTH_7);
	});

	// Under Ataxx rules the search has settings of its own (futility margins, negamax.ts) and the
	// evaluation its own weights (weights-ataxx.json): the 7x7 bench positions to depth 9 pin them.
	it(`under Ataxx rules, the 7x7 positions to depth 9 take ${ATAXX_SIGNATURE_DEPTH_9} nodes`, () => {
		let nodes = 0;
		for (const entry of BENCH_POSITIONS.filter((e) => e.name.startsWith('7x7')))
			nodes += new Searcher().search(benchPosition(entry), { depth: 9, variant: 'ataxx' }).nodes;
		expect(nodes).toBe(ATAXX_SIGNATURE_DEPTH_9);
	});

	// The jump penalty orders moves under Ataxx rules only: off, the Ataxx pin is the one of before
	// it (151456); under Blob War rules the switch changes nothing.
	it('jumppenalty=off gives the Ataxx nodes of before it, and Blob War rules ignore the switch', () => {
		const sevens = BENCH_POSITIONS.filter((e) => e.name.startsWith('7x7'));
		const nodes = (jumpPenalty: boolean, variant: 'ataxx' | 'blobwar', depth: number) =>
			sevens.reduce(
				(sum, entry) =>
					sum + new Searcher({ jumpPenalty }).search(benchPosition(entry), { depth, variant }).nodes,
				0,
			);
		expect(nodes(false, 'ataxx', 9)).toBe(151456);
		expect(nodes(false, 'blobwar', 7)).toBe(nodes(true, 'blobwar', 7));
	});
});
