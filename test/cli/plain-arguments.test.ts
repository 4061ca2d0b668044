import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../dist/cli/command-line.js';
import { isFlagToken, plainArguments } from '../../dist/cli/plain-arguments.js';
import { SEARCH_FLAGS, THREAD_FLAGS } from '../../dist/cli/search-flags.js';

// Flags of every kind meow reads: switches with and without a default, strings with and without
// one, a flag that may be given several times, and the engine's own.
const FLAGS = {
	depth: { type: 'string' },
	verbose: { type: 'boolean', default: false },
	uai: { type: 'boolean' },
	colour: { type: 'string', default: 'auto' },
	tag: { type: 'string', isMultiple: true },
	...THREAD_FLAGS,
	...SEARCH_FLAGS,
} as const;

describe('arguments without a flag, read without meow', () => {
	it('give what parseCommandLine (meow) gives: the positional arguments and every default', () => {
		for (const argv of [
			[],
			['boards/ataxx.bwb', '1.5'],
			['boards/gruyere5.bwb', '-0.2', '40'],
			['-', '-1e-1', '-.5'],
			['a b', 'c,d', '-3,-1,0'],
		]) {
			const plain = plainArguments(FLAGS, argv);
			const meow = parseCommandLine({ command: 'blob-engine', help: 'help', flags: FLAGS, argv });
			expect(plain).toEqual({ input: meow.input, flags: meow.flags });
		}
	});

	it('give what meow gives for any arguments without a flag (property)', () => {
		// Tokens of the shapes arguments take: paths, numbers of either sign, lists, and any text.
		const token = fc.oneof(
			fc.string({ maxLength: 8 }),
			fc.double({ noNaN: true }).map(String),
			fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 1, maxLength: 3 }).map((xs) => xs.join(',')),
			fc.constantFrom('-', 'boards/ataxx.bwb', '-0.5', '-.5', '-1e-1', '1.', 'x y'),
		);
		fc.assert(
			fc.property(
				fc.array(
					token.filter((t) => t !== '--' && !isFlagToken(t)),
					{ maxLength: 4 },
				),
				(argv) => {
					const meow = parseCommandLine({ command: 'blob-engine', help: 'help', flags: FLAGS, argv });
					expect(plainArguments(FLAGS, argv)).toEqual({ input: meow.input, flags: meow.flags });
				},
			),
			{ numRuns: 300 },
		);
	});

	it('leave arguments with a flag, or --, to parseCommandLine', () => {
		for (const argv of [
			['--depth', '6', 'boards/ataxx.bwb'],
			['boards/ataxx.bwb', '1', '--verbose'],
			['-h'],
			['--hash=8', 'b.bwb', '1'],
			['--', '-x'],
		])
			expect(plainArguments(FLAGS, argv)).toBeNull();
	});
});
