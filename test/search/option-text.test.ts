import { describe, expect, it } from 'vitest';
import { applySearchOption, describeSearchOptions, parseSearchOptions } from '../../source/search/option-text.js';
import { SHIPPED_WEIGHTS } from '../../source/search/eval-weights.js';
import {
	DEFAULT_SEARCH_OPTIONS,
	evalCacheFor,
	nullMoveFor,
	SKELETON_SEARCH_OPTIONS,
} from '../../source/search/search-options.js';

describe('search options as text', () => {
	it('reads presets first, then the other items in order', () => {
		expect(parseSearchOptions(['killers=off', 'preset=skeleton', 'algorithm=MTDF', 'hash=16'])).toEqual({
			...SKELETON_SEARCH_OPTIONS,
			killers: false,
			algorithm: 'mtdf',
			hashMb: 16,
		});
		expect(parseSearchOptions(['tt=off', 'positional=on', 'history=0', 'captures=yes'])).toEqual({
			tt: false,
			positional: true,
			history: false,
			captureOrdering: true,
		});
	});

	it("sets the null move on, off, or back to the rule set's default", () => {
		expect(parseSearchOptions(['nullmove=on'])).toEqual({ nullMove: true });
		expect(parseSearchOptions(['nullmove=off', 'nullmove=AUTO'])).toEqual({ nullMove: null });
		expect(DEFAULT_SEARCH_OPTIONS.nullMove).toBeNull();
		expect(nullMoveFor(DEFAULT_SEARCH_OPTIONS, 'ataxx')).toBe(false);
		expect(nullMoveFor(DEFAULT_SEARCH_OPTIONS, 'blobwar')).toBe(true);
		expect(nullMoveFor({ nullMove: true }, 'ataxx')).toBe(true);
		expect(nullMoveFor({ nullMove: false }, 'blobwar')).toBe(false);
		expect(describeSearchOptions({ nullMove: true })).toContain('nullmove=on');
		expect(describeSearchOptions({ nullMove: null })).not.toContain('nullmove');
	});

	it('sets the evaluation cache on, off, or back to the default (off)', () => {
		expect(parseSearchOptions(['evalcache=on'])).toEqual({ evalCache: true });
		expect(parseSearchOptions(['evalcache=off', 'evalcache=Auto'])).toEqual({ evalCache: null });
		expect(DEFAULT_SEARCH_OPTIONS.evalCache).toBeNull();
		expect(evalCacheFor(DEFAULT_SEARCH_OPTIONS)).toBe(false);
		expect(evalCacheFor({ evalCache: true })).toBe(true);
		expect(evalCacheFor({ evalCache: false })).toBe(false);
		expect(describeSearchOptions({ evalCache: true })).toContain('evalcache=on');
		expect(describeSearchOptions({ evalCache: null })).not.toContain('evalcache');
	});

	it('picks the evaluation, and reads weight files', () => {
		expect(parseSearchOptions(['eval=classic'])).toEqual({ evaluation: 'classic' });
		const options = parseSearchOptions(['weights=source/search/weights-ataxx.json']);
		expect(options.evaluation).toBe('tuned');
		expect(options.weights?.source).toBe('source/search/weights-ataxx.json');
		expect(Array.from(options.weights?.opening ?? [])).toEqual(Array.from(SHIPPED_WEIGHTS.ataxx.opening));
		expect(Array.from(options.weights?.endgame ?? [])).toEqual(Array.from(SHIPPED_WEIGHTS.ataxx.endgame));
	});

	it.each([
		['eval', 'best', 'eval must be one of classic, tuned, got "best"'],
		['weights', 'no/such.json', 'weights: cannot read weights file no/such.json: no such file'],
		['weights', 'package.json', 'weights: package.json: not a blobterm weights file'],
		['weights', 'boards/4x4.bwb', 'weights: boards/4x4.bwb: not JSON'],
		['preset', 'fast', 'preset must be one of default, skeleton, plain, got "fast"'],
		['algorithm', 'negascout', 'algorithm must be one of pvs, mtdf, alphabeta, got "negascout"'],
		['hash', '0', 'hash must be a whole number of MB from 1 to 4096, got "0"'],
		['hash', '1.5', 'hash must be a whole number of MB from 1 to 4096, got "1.5"'],
		['killers', 'sometimes', 'killers must be on or off, got "sometimes"'],
		['killers', 'auto', 'killers must be on or off, got "auto"'],
		['nullmove', 'sometimes', 'nullmove must be on, off or auto, got "sometimes"'],
		['evalcache', 'sometimes', 'evalcache must be on, off or auto, got "sometimes"'],
		[
			'depth',
			'3',
			'unknown search option "depth" ' +
				'(options: preset, algorithm, hash, eval, weights, exposure, aspiration, tt, ttmove, ' +
				'captures, jumppenalty, killers, countermove, history, positional, evalcache, selective, nullmove, ' +
				'rfp, futility, lmr, lmp, lmpcaptures, iir)',
		],
	])('%s=%s is refused', (key, value, message) => {
		expect(() => applySearchOption({}, key, value)).toThrow(message);
	});

	it('describes what differs from the full engine', () => {
		expect(describeSearchOptions({})).toBe(`algorithm=pvs,hash=${DEFAULT_SEARCH_OPTIONS.hashMb}`);
		expect(describeSearchOptions({ evaluation: 'classic', hashMb: 16 })).toBe(
			'algorithm=pvs,eval=classic,exposure=25,hash=16',
		);
		expect(describeSearchOptions(SKELETON_SEARCH_OPTIONS)).toBe(
			'algorithm=alphabeta,aspiration=off,tt=off,ttmove=off,jumppenalty=off,killers=off,history=off,' +
				'positional=off,evalcache=off,selective=off,nullmove=off,rfp=off,futility=off,lmr=off,lmp=off,' +
				'lmpcaptures=off,iir=off',
		);
	});
});
