import { describe, expect, it } from 'vitest';
import { BOUNDS, checkNumber, describeBounds, isNumberText } from '../../source/game/number-args.js';
import { MAX_THREADS } from '../../source/search/parallel/search-pool.js';
import { parseSearchOptions } from '../../source/search/option-text.js';
import { MAX_TIMER_MS } from '../../source/match/timer.js';

describe('numbers typed by a user', () => {
	it('one grammar: signs, decimal points and exponents; no Infinity, NaN, hex, separators or blanks', () => {
		for (const text of ['2', '-0.5', '+3', '.25', '1.', '1e3', '1.5E-2', '-1e-1', '0'])
			expect(isNumberText(text), text).toBe(true);
		for (const text of [
			'Infinity',
			'-Infinity',
			'NaN',
			'0x10',
			'1_000',
			' 2',
			'2 ',
			'',
			'.',
			'-',
			'e3',
			'1e',
			'1,5',
		])
			expect(isNumberText(text), text).toBe(false);
	});

	it('checks bounds and whole numbers, and says what was expected', () => {
		expect(checkNumber('86400', BOUNDS.moveSeconds)).toEqual({ ok: true, value: 86400 });
		expect(checkNumber('1e-2', BOUNDS.moveSeconds)).toEqual({ ok: true, value: 0.01 });
		for (const text of ['99999999', '1e300', '0', '0.001', 'Infinity', '-1'])
			expect(checkNumber(text, BOUNDS.moveSeconds), text).toEqual({
				ok: false,
				expected: 'a number of seconds from 0.01 to 86400 (one day)',
			});
		expect(checkNumber('1e6', BOUNDS.games)).toEqual({ ok: true, value: 1_000_000 });
		expect(checkNumber('1e12', BOUNDS.games)).toEqual({
			ok: false,
			expected: 'a whole number of games from 1 to 1000000',
		});
		expect(checkNumber('2.5', BOUNDS.depth).ok).toBe(false);
		expect(checkNumber('-0', BOUNDS.halfMovesLeft)).toEqual({ ok: true, value: 0 });
		expect(describeBounds(BOUNDS.seed)).toBe('an integer from -2147483648 to 2147483647');
	});

	it('keeps the bounds equal to the search own limits', () => {
		expect(BOUNDS.threads.max).toBe(MAX_THREADS);
		expect(parseSearchOptions([`hash=${BOUNDS.hashMb.max}`]).hashMb).toBe(BOUNDS.hashMb.max);
		expect(() => parseSearchOptions([`hash=${BOUNDS.hashMb.max + 1}`])).toThrow();
	});

	it('every time and grace together stay within what a Node timer keeps', () => {
		expect(BOUNDS.moveSeconds.max * 1000 + 2 * BOUNDS.graceMs.max).toBeLessThan(MAX_TIMER_MS);
	});
});
