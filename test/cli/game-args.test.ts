import { describe, expect, it } from 'vitest';
import { parseGameArgs } from '../../source/cli/game-args.js';

const one = (spec: string, timeS = 1) => ({ spec, timeS });

describe("the old clients' command line", () => {
	it.each([
		[[], { board: null, blue: one('human'), red: one('human'), halfMoveLimit: null }],
		[['plateau.bwb'], { board: 'plateau.bwb', blue: one('human'), red: one('human'), halfMoveLimit: null }],
		[['blob_JGD', '-2.4'], { board: null, blue: one('human'), red: one('blob_JGD', 2.4), halfMoveLimit: null }],
		[
			['blob_JGD', '1', 'blob_JGD', '-2.4'],
			{ board: null, blue: one('blob_JGD', 1), red: one('blob_JGD', 2.4), halfMoveLimit: null },
		],
		[
			['plateau.bwb', 'blob_JGD', '-2.4'],
			{ board: 'plateau.bwb', blue: one('human'), red: one('blob_JGD', 2.4), halfMoveLimit: null },
		],
		[
			['plateau.bwb', 'a', '-1', 'b', '2', '150'],
			{ board: 'plateau.bwb', blue: one('b', 2), red: one('a', 1), halfMoveLimit: 150 },
		],
		[
			['board', 'builtin', '0.5'],
			{ board: 'board', blue: one('builtin', 0.5), red: one('human'), halfMoveLimit: null },
		],
		[['x.bwb', '80'], { board: 'x.bwb', blue: one('human'), red: one('human'), halfMoveLimit: 80 }],
		[['builtin', '1e-1'], { board: null, blue: one('builtin', 0.1), red: one('human'), halfMoveLimit: null }],
		[['builtin', '-1e-1'], { board: null, blue: one('human'), red: one('builtin', 0.1), halfMoveLimit: null }],
		[
			['x.bwb', 'builtin', '86400'],
			{ board: 'x.bwb', blue: one('builtin', 86400), red: one('human'), halfMoveLimit: null },
		],
	])('%j', (args, setup) => {
		expect(parseGameArgs(args)).toEqual(setup);
	});

	it('flags complete and override the positional form', () => {
		expect(parseGameArgs(['b.bwb'], { red: 'builtin', time: 0.3, maxMoves: 60 })).toEqual({
			board: 'b.bwb',
			blue: one('human', 0.3),
			red: one('builtin', 0.3),
			halfMoveLimit: 60,
		});
		expect(parseGameArgs(['e', '-2'], { blue: 'builtin' })).toEqual({
			board: null,
			blue: one('builtin'),
			red: one('e', 2),
			halfMoveLimit: null,
		});
	});

	it.each([
		[['a', '-1', 'b', '-2'], 'both players have a negative TIME: only the Red player takes a negative TIME'],
		[['b.bwb', 'a', '1', 'b', '-1', 'c', '2'], 'too many players: c (at most two)'],
		[['b.bwb', 'engine'], 'unexpected argument "engine" (a player must be followed by its TIME in seconds)'],
		[['b.bwb', '10', '20'], 'unexpected argument "10"'],
		[['b.bwb', '0'], 'MOVES (the half-move limit) must be a whole number of half-moves from 1 to 1000000, got "0"'],
		[
			['b.bwb', '2.5'],
			'MOVES (the half-move limit) must be a whole number of half-moves from 1 to 1000000, got "2.5"',
		],
		[
			['b.bwb', '1e7'],
			'MOVES (the half-move limit) must be a whole number of half-moves from 1 to 1000000, got "1e7"',
		],
		// The bad TIME is named, not the player before it.
		[
			['b.bwb', 'builtin', 'abc', 'builtin', '-0.1'],
			'the TIME of player builtin must be a number of seconds from 0.01 to 86400 (one day), negative for Red, ' +
				'got "abc"',
		],
		// One rule for a TIME of 0, whether positional or --time: refused.
		[
			['human', '0', 'builtin', '2'],
			'the TIME of player human must be a number of seconds from 0.01 to 86400 (one day), negative for Red, ' +
				'got "0"',
		],
		[
			['b.bwb', 'builtin', '99999999'],
			'the TIME of player builtin must be a number of seconds from 0.01 to 86400 (one day), negative for Red, ' +
				'got "99999999"',
		],
		[
			['b.bwb', 'builtin', '-1e300'],
			'the TIME of player builtin must be a number of seconds from 0.01 to 86400 (one day), negative for Red, ' +
				'got "-1e300"',
		],
	])('%j is refused', (args, message) => {
		expect(() => parseGameArgs(args)).toThrow(message);
	});
});
