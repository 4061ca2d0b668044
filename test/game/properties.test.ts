import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { popcount32 } from '../../source/game/bitboard.js';
import { gameEnd } from '../../source/game/game-over.js';
import { makeMove } from '../../source/game/make-move.js';
import { generatePseudolegalMoves, MAX_MOVES, sideHasMove } from '../../source/game/movegen.js';
import { referenceGenerateMoves, referenceSideHasMove } from '../../source/game/movegen-reference.js';
import { perft } from '../../source/game/perft.js';
import { referencePerft } from '../../source/game/perft-reference.js';
import { clonePosition, computeKey, emptyPosition, type Position } from '../../source/game/position.js';
import { arbitraryBoard } from '../helpers.js';
import { runs } from '../long-tests.js';

/**
 * A random board up to 16 x 16: holes, blobs of both sides, empty cells; either side to move (the
 * weights varied so that crowded, sparse and holey boards occur).
 */
const arbitraryPosition = arbitraryBoard([1, 8], [0, 3], [0, 4], [0, 4]).map(({ pos }) => pos);

/** A position and the positions after a random sequence of legal moves (at most 40). */
const arbitraryGame = fc
	.record({ start: arbitraryPosition, picks: fc.array(fc.nat(), { maxLength: 40 }) })
	.map(({ start, picks }) => {
		const positions: Position[] = [start];
		const moves = new Int32Array(MAX_MOVES);
		for (const pick of picks) {
			const pos = positions[positions.length - 1];
			const n = referenceGenerateMoves(pos, moves);
			if (n === 0) break;
			const next = emptyPosition(pos.geometry);
			makeMove(pos, moves[pick % n], next);
			positions.push(next);
		}
		return positions;
	});

const list = (f: (out: Int32Array) => number) => {
	const out = new Int32Array(MAX_MOVES);
	return Array.from(out.subarray(0, f(out)));
};

describe('properties on random boards and random games', () => {
	it('the compiled generator lists exactly what the reference generator lists, in the same order', () => {
		fc.assert(
			fc.property(arbitraryGame, (positions) => {
				for (const pos of positions) {
					for (const listing of ['by-destination', 'pairs'] as const) {
						expect(list((out) => generatePseudolegalMoves(pos, out, listing))).toEqual(
							list((out) => referenceGenerateMoves(pos, out, listing)),
						);
					}
					for (const side of [0, 1] as const)
						expect(sideHasMove(pos, side)).toBe(referenceSideHasMove(pos, side));
				}
			}),
			{ numRuns: runs(100, 300) },
		);
	});

	it('copy-make leaves the source bit for bit; keys, counts and holes stay consistent', () => {
		fc.assert(
			fc.property(arbitraryGame, (positions) => {
				for (const pos of positions) {
					const g = pos.geometry;
					const W = g.words;
					// Incremental key equals the key computed from scratch.
					expect([pos.keyLo, pos.keyHi]).toEqual(computeKey(pos));
					let blue = 0;
					let red = 0;
					for (let w = 0; w < W; w++) {
						blue += popcount32(pos.bb[w]);
						red += popcount32(pos.bb[W + w]);
						// No blob on a hole or off the board; no cell with two blobs.
						expect((pos.bb[w] | pos.bb[W + w]) & ~g.playable[w]).toBe(0);
						expect(pos.bb[w] & pos.bb[W + w]).toBe(0);
					}
					expect([pos.count[0], pos.count[1]]).toEqual([blue, red]);
					// Making every move into another position leaves the source as it was.
					const before = clonePosition(pos);
					const child = emptyPosition(g);
					for (const move of list((out) => generatePseudolegalMoves(pos, out, 'pairs'))) {
						makeMove(pos, move, child);
						expect(Array.from(pos.bb)).toEqual(Array.from(before.bb));
						expect([pos.side, pos.count[0], pos.count[1], pos.keyLo, pos.keyHi, pos.clock]).toEqual([
							before.side,
							before.count[0],
							before.count[1],
							before.keyLo,
							before.keyHi,
							before.clock,
						]);
						expect([child.keyLo, child.keyHi]).toEqual(computeKey(child));
					}
				}
			}),
			{ numRuns: runs(50, 150) },
		);
	});

	it('the game ends exactly when the rules say', () => {
		fc.assert(
			fc.property(arbitraryGame, fc.integer({ min: 0, max: 3 }), (positions, left) => {
				for (const pos of positions) {
					const g = pos.geometry;
					const blue = pos.count[0];
					const red = pos.count[1];
					const empty = g.playableCount - blue - red;
					const movers = referenceGenerateMoves(pos, new Int32Array(MAX_MOVES));
					let expected: { reason: string; blue: number; red: number } | null;
					if (empty === 0) expected = { reason: 'board-full', blue, red };
					else if (movers === 0)
						expected =
							pos.side === 0
								? { reason: 'no-move', blue, red: red + empty }
								: { reason: 'no-move', blue: blue + empty, red };
					else if (left === 0) expected = { reason: 'half-move-limit', blue, red };
					else expected = null;
					const end = gameEnd(pos, 'blobwar', left);
					expect(end && { reason: end.reason, blue: end.blue, red: end.red }).toEqual(expected);
					if (end) expect(end.winner).toBe(end.blue > end.red ? 0 : end.red > end.blue ? 1 : null);
				}
			}),
			{ numRuns: runs(70, 200) },
		);
	});

	it('compiled perft equals reference perft, both listings, both variants', () => {
		fc.assert(
			fc.property(
				arbitraryPosition,
				fc.constantFrom('by-destination' as const, 'pairs' as const),
				fc.constantFrom('blobwar' as const, 'ataxx' as const),
				(pos, listing, variant) => {
					const depth = pos.geometry.cells > 64 ? 2 : 3;
					const expected = referencePerft(pos, depth, { listing, variant });
					expect(perft(pos, depth, { listing, variant })).toBe(expected);
					expect(perft(pos, depth, { listing, variant, made: true })).toBe(expected);
				},
			),
			{ numRuns: runs(50, 150) },
		);
	});
});
