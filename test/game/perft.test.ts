import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { parseFen } from '../../source/game/fen.js';
import { perft, perftDivide } from '../../source/game/perft.js';

const start = () => parseBoardFile(readFileSync('boards/ataxx.bwb', 'utf8')).position;

describe('perft of the 7x7 start (RULES.md section 6)', () => {
	it('clones by destination', () => {
		expect([1, 2, 3, 4, 5].map((d) => perft(start(), d))).toEqual([16, 256, 6460, 155888, 4752668]);
	});

	it('clones by (from, to) pair, as the old client listed them', () => {
		expect([1, 2, 3, 4, 5].map((d) => perft(start(), d, { listing: 'pairs' }))).toEqual([16, 256, 6652, 165656, 5313188]);
	});

	it('divide sums to perft', () => {
		const split = perftDivide(start(), 3);
		expect(split.length).toBe(16);
		expect(split.reduce((sum, [, n]) => sum + n, 0)).toBe(6460);
	});
});

describe('Ataxx rules against libataxx perft suite', () => {
	it.each([
		['x5o/7/7/7/7/7/o5x x 0 1', [16, 256, 6460, 155888, 4752668]],
		['x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1', [14, 196, 4184, 86528, 2266352]],
		['7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1', [1, 75, 249, 14270, 452980]],
	])('%s', (fen, counts) => {
		const { position } = parseFen(fen);
		expect(counts.map((_, i) => perft(position, i + 1, { variant: 'ataxx' }))).toEqual(counts);
	});
});
