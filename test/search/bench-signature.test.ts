import { describe, expect, it } from 'vitest';
import { BENCH_POSITIONS, benchPosition } from '../../source/cli/bench-positions.js';
import { Searcher } from '../../source/search/search.js';
import { type SearchOptions } from '../../source/search/search-options.js';
import { ATAXX_SIGNATURE_DEPTH_9, SIGNATURE_DEPTH_7 } from './bench-signatures.js';

/**
 * Nodes of the bench positions searched to `depth` on one thread, each with a fresh searcher:
 * every position under Blob War rules, the three 7x7 ones under Ataxx rules.
 */
function benchNodes(options: Partial<SearchOptions>, variant: 'ataxx' | 'blobwar', depth: number): number {
	return BENCH_POSITIONS.filter((e) => variant === 'blobwar' || e.name.startsWith('7x7')).reduce(
		(sum, entry) => sum + new Searcher(options).search(benchPosition(entry), { depth, variant }).nodes,
		0,
	);
}

describe('the bench signature', () => {
	it(`at depth 7 is ${SIGNATURE_DEPTH_7} nodes`, () => {
		expect(benchNodes({}, 'blobwar', 7)).toBe(SIGNATURE_DEPTH_7);
	});

	// Under Ataxx rules the search has settings of its own (futility margins and no null move,
	// negamax.ts and search-options.ts) and the evaluation its own weights (weights-ataxx.json):
	// the 7x7 bench positions to depth 9 pin them.
	it(`under Ataxx rules, the 7x7 positions to depth 9 take ${ATAXX_SIGNATURE_DEPTH_9} nodes`, () => {
		expect(benchNodes({}, 'ataxx', 9)).toBe(ATAXX_SIGNATURE_DEPTH_9);
	});

	// Late-move pruning of the moves capturing one blob, on by default under both rules (under
	// Ataxx rules since its first test, under Blob War rules since its second): off, the nodes of
	// before it, 127430 under Ataxx rules and 46598 under Blob War rules.
	it('lmpcaptures=off gives the nodes of before it under both rules', () => {
		expect(benchNodes({ lateMovePruningCaptures: false }, 'ataxx', 9)).toBe(127429);
		expect(benchNodes({ lateMovePruningCaptures: false }, 'blobwar', 7)).toBe(46595);
	});

	// The null move, off under Ataxx rules by default, is still the switch's to turn on: with it,
	// 93634 nodes (98478 before late-move pruning of the moves capturing one blob, 89907 before the
	// `territory` term), and under Blob War rules `nullmove=on` is the default's tree.
	it('nullmove=on changes the tree under Ataxx rules and nothing under Blob War rules', () => {
		expect(benchNodes({ nullMove: true }, 'ataxx', 9)).toBe(93633);
		expect(benchNodes({ nullMove: false }, 'ataxx', 9)).toBe(ATAXX_SIGNATURE_DEPTH_9);
		expect(benchNodes({ nullMove: true }, 'blobwar', 7)).toBe(SIGNATURE_DEPTH_7);
		expect(benchNodes({ nullMove: false }, 'blobwar', 7)).not.toBe(SIGNATURE_DEPTH_7);
	});

	// Off, the jump penalty gives 101368 nodes under Ataxx rules with the null move on and late-move
	// pruning of the moves capturing nothing only, as they then were (7x7 positions, depth 9; 91375
	// before the `territory` term, 83380 before the aspiration windows were on, 121726 before the
	// Ataxx weights had nine taper points, 120738 before they had five, 151456 before every move was
	// sorted there) and 46899 under Blob War rules with late-move pruning of the moves capturing
	// nothing only (every position, depth 7; 49131 before the aspiration windows, 56137 before
	// every move was sorted there and 16 x 16 was refitted).
	it('jumppenalty=off gives the nodes of before it under both rules', () => {
		expect(benchNodes({ jumpPenalty: false, nullMove: true, lateMovePruningCaptures: false }, 'ataxx', 9)).toBe(
			101367,
		);
		expect(benchNodes({ jumpPenalty: false, nullMove: true, lateMovePruningCaptures: false }, 'blobwar', 7)).toBe(
			46896,
		);
	});
});
