import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geometryOf } from '../../source/game/geometry.js';
import { type Position, positionFromGrid, type Side } from '../../source/game/position.js';
import { evalKernel } from '../../source/search/eval-kernel.js';
import { SHIPPED_WEIGHTS } from '../../source/search/eval-weights.js';
import { Searcher } from '../../source/search/search.js';
import { type Algorithm, EXACT_SEARCH, PLAIN_SEARCH_OPTIONS } from '../../source/search/search-options.js';
import { runs } from '../long-tests.js';
import { minimax, transposesAcrossDepths } from './minimax.js';

/** A small random board (3x3 to 5x5) with a few holes and blobs, either side to move. */
const smallPosition = fc
	.record({
		rows: fc.integer({ min: 3, max: 5 }),
		cols: fc.integer({ min: 3, max: 5 }),
		cells: fc.array(fc.constantFrom('.', '.', '.', '.', 'X', 'B', 'B', 'R', 'R'), { minLength: 25, maxLength: 25 }),
		side: fc.constantFrom<Side>(0, 1),
	})
	.map(({ rows, cols, cells, side }) => {
		const grid: string[] = [];
		const holes: number[] = [];
		for (let r = 0; r < rows; r++) {
			grid.push(cells.slice(r * cols, (r + 1) * cols).join(''));
			for (let c = 0; c < cols; c++) if (cells[r * cols + c] === 'X') holes.push(r * cols + c);
		}
		return positionFromGrid(geometryOf(rows, cols, holes), grid, side);
	});

const algorithms: Algorithm[] = ['alphabeta', 'pvs', 'mtdf'];

describe('every search returns exactly the plain minimax value at a fixed depth', () => {
	it('the counterexample that showed why: a position at plies 1 and 3, where the table gives a deeper value', () => {
		const pos = positionFromGrid(geometryOf(4, 5, [2, 5]), ['.BXB.', 'XBRB.', 'B.R.R', 'BBBB.'], 1);
		expect(transposesAcrossDepths(pos, 4)).toBe(true);
		expect(
			new Searcher({ ...EXACT_SEARCH, tt: false, evaluation: 'classic', exposureWeight: 25 }).search(pos, {
				depth: 4,
			}).score,
		).toBe(minimax(pos, 4, Infinity, 'blobwar', 0, 25));
		expect(transposesAcrossDepths(pos, 3)).toBe(false);
		expect(
			new Searcher({ ...EXACT_SEARCH, tt: true, hashMb: 1, evaluation: 'classic', exposureWeight: 25 }).search(
				pos,
				{
					depth: 3,
				},
			).score,
		).toBe(minimax(pos, 3, Infinity, 'blobwar', 0, 25));
	});

	for (const algorithm of algorithms) {
		for (const tt of [false, true]) {
			it(`${algorithm}, ${tt ? 'with' : 'without'} the transposition table, all move ordering on`, () => {
				fc.assert(
					fc.property(
						smallPosition,
						fc.integer({ min: 1, max: 4 }),
						fc.constantFrom(Infinity, 1, 2, 3),
						(pos, depth, halfMovesLeft) => {
							if (tt) fc.pre(!transposesAcrossDepths(pos, depth, halfMovesLeft));
							const expected = minimax(pos, depth, halfMovesLeft);
							const searcher = new Searcher({
								...EXACT_SEARCH,
								algorithm,
								tt,
								hashMb: 1,
								aspiration: algorithm === 'pvs',
								killers: true,
								history: true,
								captureOrdering: true,
								ttMoveOrdering: true,
								positional: false,
							});
							const result = searcher.search(pos, { depth, halfMovesLeft });
							if (result.depth === 0) return; // game over at the root: no search
							expect(result.score).toBe(expected);
						},
					),
					{ numRuns: runs(24, 120) },
				);
			});
		}
	}

	it('with the positional term: every algorithm, against minimax with an exposure counted cell by cell', () => {
		fc.assert(
			fc.property(
				smallPosition,
				fc.integer({ min: 1, max: 4 }),
				fc.constantFrom(...algorithms),
				fc.boolean(),
				(pos, depth, algorithm, tt) => {
					if (tt) fc.pre(!transposesAcrossDepths(pos, depth));
					const result = new Searcher({
						...EXACT_SEARCH,
						algorithm,
						tt,
						hashMb: 1,
						positional: true,
						evaluation: 'classic',
						exposureWeight: 25,
					}).search(pos, { depth });
					if (result.depth > 0) expect(result.score).toBe(minimax(pos, depth, Infinity, 'blobwar', 0, 25));
				},
			),
			{ numRuns: runs(30, 150) },
		);
	});

	it('with the learned evaluation: every algorithm, against minimax with the evaluation at its leaves', () => {
		const leaf = (pos: Position) =>
			evalKernel(pos.geometry, SHIPPED_WEIGHTS.blobwar).score(
				pos.bb,
				0,
				pos.side,
				pos.count[pos.side],
				pos.count[pos.side ^ 1],
			);
		fc.assert(
			fc.property(
				smallPosition,
				fc.integer({ min: 1, max: 4 }),
				fc.constantFrom(...algorithms),
				fc.boolean(),
				(pos, depth, algorithm, tt) => {
					if (tt) fc.pre(!transposesAcrossDepths(pos, depth));
					const result = new Searcher({
						...EXACT_SEARCH,
						algorithm,
						tt,
						hashMb: 1,
						evaluation: 'tuned',
					}).search(pos, {
						depth,
					});
					if (result.depth > 0) expect(result.score).toBe(minimax(pos, depth, Infinity, 'blobwar', 0, leaf));
				},
			),
			{ numRuns: runs(30, 150), seed: 21 },
		);
	});

	it('plain alpha-beta with no enhancement at all', () => {
		fc.assert(
			fc.property(smallPosition, fc.integer({ min: 1, max: 4 }), (pos, depth) => {
				const result = new Searcher(PLAIN_SEARCH_OPTIONS).search(pos, { depth });
				if (result.depth > 0) expect(result.score).toBe(minimax(pos, depth));
			}),
			{ numRuns: runs(20, 100) },
		);
	});

	it('under Ataxx rules (passes) too', () => {
		fc.assert(
			fc.property(
				smallPosition,
				fc.integer({ min: 1, max: 4 }),
				fc.constantFrom(...algorithms),
				(pos, depth, algorithm) => {
					fc.pre(!transposesAcrossDepths(pos, depth, Infinity, 'ataxx'));
					const result = new Searcher({ ...EXACT_SEARCH, algorithm, hashMb: 1, positional: false }).search(
						pos,
						{
							depth,
							variant: 'ataxx',
						},
					);
					if (result.depth > 0) expect(result.score).toBe(minimax(pos, depth, Infinity, 'ataxx'));
				},
			),
			{ numRuns: runs(24, 120) },
		);
	});
});
