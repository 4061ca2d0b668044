import { describe, expect, it } from 'vitest';
import { generateLegalMoves, legalMoves } from '../../source/game/legal-moves.js';
import { PASS } from '../../source/game/move.js';
import { MAX_MOVES, pseudolegalMoves } from '../../source/game/movegen.js';
import { formatMove } from '../../source/game/notation.js';
import { RED } from '../../source/game/position.js';
import { grid } from '../helpers.js';

const texts = (pos: Parameters<typeof formatMove>[0], moves: number[]) =>
	moves.map((m) => (m === PASS ? 'pass' : formatMove(pos, m)));

describe('legal and pseudolegal moves', () => {
	it('while the game goes on, the legal moves are the pseudolegal ones', () => {
		const pos = grid(['B..R', '....', '....', 'B..R']);
		expect(legalMoves(pos, 'pairs')).toEqual(pseudolegalMoves(pos, 'pairs'));
		expect(legalMoves(pos, 'by-destination', { halfMovesLeft: 1 })).toEqual(pseudolegalMoves(pos));
		expect(legalMoves(pos).length).toBe(16); // 6 clone destinations, 5 jumps from each of the two blobs
	});

	it('once the game is over there is no legal move, though the movement rule still finds some', () => {
		const pos = grid(['B..R', '....', '....', 'B..R']);
		// Blob War, half-move limit reached.
		expect(pseudolegalMoves(pos).length).toBeGreaterThan(0);
		expect(legalMoves(pos, 'by-destination', { halfMovesLeft: 0 })).toEqual([]);
		// Ataxx: Red has no blob left, so Blue's moves are not played.
		const won = grid(['B...', '....', '....', '....']);
		expect(pseudolegalMoves(won).length).toBe(8);
		expect(legalMoves(won, 'by-destination', { variant: 'ataxx' })).toEqual([]);
		expect(legalMoves(won).length).toBe(8); // Blob War goes on: the game ends when a side cannot move
		// Ataxx: the 100 half-move clock.
		const stale = grid(['B..R', '....', '....', 'B..R']);
		stale.clock = 100;
		expect(legalMoves(stale, 'by-destination', { variant: 'ataxx' })).toEqual([]);
		const out = new Int32Array(MAX_MOVES);
		expect(generateLegalMoves(stale, out, 'pairs', { variant: 'ataxx' })).toBe(0);
	});

	it('under Ataxx rules, a side that cannot move while the other can has one legal move: the pass', () => {
		// Red's blob at (0,3) is walled in by Blue's blobs; Blue can still move.
		const pos = grid(['BBBR', 'BBBB', 'BBBB', '...B'], RED);
		expect(pseudolegalMoves(pos)).toEqual([]);
		expect(texts(pos, legalMoves(pos, 'by-destination', { variant: 'ataxx' }))).toEqual(['pass']);
		// Under Blob War rules the game is over instead: Red cannot move.
		expect(legalMoves(pos)).toEqual([]);
	});
});
