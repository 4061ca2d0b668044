import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { parseFen } from '../../source/game/fen.js';
import { perft, perftDivide } from '../../source/game/perft.js';
import { referencePerft } from '../../source/game/perft-reference.js';
import { LONG_TESTS } from '../long-tests.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;
const start = () => board('ataxx');

describe('perft of the 7x7 start (docs/rules.md)', () => {
	const byDestination = [16, 256, 6460, 155888, 4752668];
	const byPair = [16, 256, 6652, 165656, 5313188];
	it('clones by destination, bulk and with every leaf made', () => {
		expect(byDestination.map((_, i) => perft(start(), i + 1))).toEqual(byDestination);
		expect(byDestination.map((_, i) => perft(start(), i + 1, { made: true }))).toEqual(byDestination);
	});

	it('clones by (from, to) pair, as the old client listed them', () => {
		expect(byPair.map((_, i) => perft(start(), i + 1, { listing: 'pairs' }))).toEqual(byPair);
		expect(byPair.map((_, i) => perft(start(), i + 1, { listing: 'pairs', made: true }))).toEqual(byPair);
	});

	it('the reference implementation agrees to depth 4', () => {
		expect([1, 2, 3, 4].map((d) => referencePerft(start(), d))).toEqual(byDestination.slice(0, 4));
		expect([1, 2, 3, 4].map((d) => referencePerft(start(), d, { listing: 'pairs' }))).toEqual(byPair.slice(0, 4));
	});

	it.runIf(LONG_TESTS)('deep: depth 6, bulk, both listings (npm run test:long)', () => {
		expect(perft(start(), 6)).toBe(141865520);
		expect(perft(start(), 6, { listing: 'pairs' })).toBe(167553060);
	});

	it('divide sums to perft', () => {
		const split = perftDivide(start(), 4);
		expect(split.length).toBe(16);
		expect(split.reduce((sum, [, n]) => sum + n, 0)).toBe(155888);
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
		expect(counts.map((_, i) => perft(position, i + 1, { variant: 'ataxx', made: true }))).toEqual(counts);
		expect(counts.slice(0, 4).map((_, i) => referencePerft(position, i + 1, { variant: 'ataxx' }))).toEqual(
			counts.slice(0, 4),
		);
	});

	it('the half-move clock ends the game at 100', () => {
		const { position } = parseFen('x5o/7/7/7/7/7/o5x x 99 1');
		// Blue's 16 moves: 6 clones (by destination) reset the clock, Red then has 16 moves each;
		// after one of the 10 jumps the clock reaches 100 and the game is over.
		expect(perft(position, 2, { variant: 'ataxx' })).toBe(6 * 16);
		expect(referencePerft(position, 2, { variant: 'ataxx' })).toBe(6 * 16);
	});
});

describe('the compiled generator on every shipped board', () => {
	it.each([
		'handout',
		'4x4',
		'5x5',
		'6x6',
		'battlefield3',
		'battlefield4',
		'battlefield5',
		'gruyere3',
		'gruyere4',
		'gruyere5',
		'default',
		'16x16',
	])('%s: perft to depth 3 equals the reference, both listings, both rule variants', (name) => {
		const pos = board(name);
		for (const listing of ['by-destination', 'pairs'] as const) {
			for (const variant of ['blobwar', 'ataxx'] as const) {
				const expected = [1, 2, 3].map((d) => referencePerft(pos, d, { listing, variant }));
				expect([1, 2, 3].map((d) => perft(pos, d, { listing, variant }))).toEqual(expected);
				expect([1, 2, 3].map((d) => perft(pos, d, { listing, variant, made: true }))).toEqual(expected);
			}
		}
	});
});
