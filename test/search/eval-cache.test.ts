import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { parseFen } from '../../source/game/fen.js';
import { EVAL_MISS, EvalCache } from '../../source/search/eval-cache.js';
import { CLASSIC_WEIGHTS } from '../../source/search/eval-weights.js';
import { Searcher } from '../../source/search/search.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../../source/search/search-options.js';
import { type SearchLimits, type SearchResult } from '../../source/search/types.js';
import { grid } from '../helpers.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;

describe('EvalCache', () => {
	it('returns a stored score for its key only, keeps the last store of a slot, and forgets on clear', () => {
		const cache = new EvalCache(4);
		expect(cache.probe(5, 77)).toBe(EVAL_MISS);
		cache.store(5, 77, -123);
		expect(cache.probe(5, 77)).toBe(-123);
		// Another high word in the same slot (low bits 5): a miss, then it replaces the first.
		expect(cache.probe(5, 78)).toBe(EVAL_MISS);
		expect(cache.probe(5 + 16, 77)).toBe(-123); // same slot and high word: 32 + 4 bits checked
		cache.store(5 + 16, 78, 40);
		expect(cache.probe(5, 77)).toBe(EVAL_MISS);
		expect(cache.probe(21, 78)).toBe(40);
		cache.store(6, 0, 0);
		expect(cache.probe(6, 0)).toBe(0);
		cache.clear();
		expect(cache.probe(21, 78)).toBe(EVAL_MISS);
		// An empty slot does not answer for a key whose high word is 0.
		expect(cache.probe(6, 0)).toBe(EVAL_MISS);
	});
});

/** What a search found: its move, score, nodes and principal variation. */
const summary = (r: SearchResult) => ({
	move: r.move,
	score: r.score,
	depth: r.depth,
	seldepth: r.seldepth,
	nodes: r.nodes,
	pv: [...r.pv],
});

describe('the evaluation cache in the search', () => {
	const cases: Array<[string, () => ReturnType<typeof board>, SearchLimits]> = [
		['7x7 Ataxx start', () => parseFen('x5o/7/7/7/7/7/o5x x 0 1').position, { depth: 8, variant: 'ataxx' }],
		['8x8 default board', () => board('default'), { depth: 7 }],
		['gruyere5', () => board('gruyere5'), { depth: 9 }],
		['16x16', () => board('16x16'), { depth: 5 }],
		// With the cache the leaves are made and scored one by one; without it in one call
		// (`EvalKernel.leaf`), which leaves the ends of the game and the limits to the search.
		[
			'Ataxx, 4 half-moves from the clock limit',
			() => parseFen('x5o/7/7/7/7/7/o5x x 96 49').position,
			{ depth: 7, variant: 'ataxx' },
		],
		[
			'Ataxx, a side wiped out within the horizon',
			() => parseFen('7/7/2xxx2/2xox2/2xxx2/7/6o x 0 1').position,
			{
				depth: 6,
				variant: 'ataxx',
			},
		],
		['Blob War, 3 half-moves from the limit', () => board('default'), { depth: 6, halfMovesLeft: 3 }],
		['Blob War, 4 empty cells left', () => grid(['BBRRB', 'RB.BR', 'BRBR.', 'RR.BB', 'BBR.B']), { depth: 6 }],
	];
	it.each(cases)('%s: the same move, score, nodes and PV with it and without it', (_, position, limits) => {
		const withCache = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, evalCache: true }).search(position(), limits);
		const without = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, evalCache: false }).search(position(), limits);
		expect(summary(withCache)).toEqual(summary(without));
		expect(withCache.nodes).toBeGreaterThan(100);
	});

	it('one half-move from the Ataxx clock limit, scores a jump as the draw it is, with it and without it', () => {
		// Every child is a leaf; a jump takes the clock to 100 (a draw), a clone resets it.
		const position = () => parseFen('x5o/7/7/7/7/7/o5x x 99 49').position;
		const limits = { depth: 1, variant: 'ataxx' } as const;
		const withCache = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, evalCache: true }).search(position(), limits);
		const without = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, evalCache: false }).search(position(), limits);
		expect(summary(without)).toEqual(summary(withCache));
		expect(without.score).toBe(0);
	});

	it('is not used by default on any board (16x16 included), only where the option forces it', () => {
		const caches = (position: ReturnType<typeof board>, options: Partial<SearchOptions>, limits: SearchLimits) => {
			const searcher = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, ...options });
			searcher.search(position, limits);
			return searcher.tree.cachingEvals;
		};
		const ataxx = () => parseFen('x5o/7/7/7/7/7/o5x x 0 1').position;
		expect(caches(ataxx(), {}, { depth: 3, variant: 'ataxx' })).toBe(false);
		expect(caches(board('default'), {}, { depth: 3 })).toBe(false);
		expect(caches(board('gruyere5'), {}, { depth: 3 })).toBe(false);
		expect(caches(board('16x16'), {}, { depth: 2 })).toBe(false);
		expect(caches(board('16x16'), { evalCache: true }, { depth: 2 })).toBe(true);
		expect(caches(ataxx(), { evalCache: true }, { depth: 3, variant: 'ataxx' })).toBe(true);
		expect(caches(board('16x16'), { evalCache: false }, { depth: 2 })).toBe(false);
		// The blob difference alone has nothing to cache.
		expect(caches(board('16x16'), { evalCache: true, positional: false }, { depth: 2 })).toBe(false);
	});

	it('forgets the scores of other weights: a searcher that changes weights searches as one without the cache', () => {
		const pos = board('gruyere5');
		// No transposition table: its entries would answer the second search from the first.
		const options = { ...DEFAULT_SEARCH_OPTIONS, tt: false, ttMoveOrdering: false };
		const run = (evalCache: boolean) => {
			const searcher = new Searcher({ ...options, evalCache });
			const shipped = summary(searcher.search(pos, { depth: 6 }));
			searcher.options = { ...options, evalCache, weights: CLASSIC_WEIGHTS };
			return [shipped, summary(searcher.search(pos, { depth: 6 }))];
		};
		const [shipped, classic] = run(true);
		expect([shipped, classic]).toEqual(run(false));
		expect(classic.score).not.toBe(shipped.score);
	});

	it('forgets them too when the weights changed in a search without the cache', () => {
		const pos = board('gruyere5');
		const options = { ...DEFAULT_SEARCH_OPTIONS, tt: false, ttMoveOrdering: false };
		const classic = { ...options, weights: CLASSIC_WEIGHTS };
		// Shipped weights with the cache (or not), classic ones without it, then classic ones with it (or not).
		const run = (evalCache: boolean) => {
			const searcher = new Searcher({ ...options, evalCache });
			searcher.search(pos, { depth: 6 });
			searcher.options = { ...classic, evalCache: false };
			searcher.search(pos, { depth: 6 });
			searcher.options = { ...classic, evalCache };
			return summary(searcher.search(pos, { depth: 6 }));
		};
		expect(run(true)).toEqual(run(false));
	});
});
