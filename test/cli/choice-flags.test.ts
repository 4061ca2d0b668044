import { describe, expect, it } from 'vitest';
import { readChoice, readChoiceFlag } from '../../source/cli/choice-flags.js';
import { UsageError } from '../../source/cli/errors.js';
import { VARIANTS } from '../../source/game/game-over.js';
import { SPLIT_TIE_RULES } from '../../source/lab/split-schemes.js';

/** The message of the UsageError `f` throws. */
function refusal(f: () => unknown): string {
	try {
		f();
	} catch (error) {
		expect(error).toBeInstanceOf(UsageError);
		return (error as Error).message;
	}
	throw new Error('no UsageError');
}

describe('choice flags', () => {
	it('returns the choice the text names', () => {
		expect(readChoice('--rules', 'ataxx', VARIANTS)).toBe('ataxx');
		expect(readChoice('--split-ties', 'right', SPLIT_TIE_RULES)).toBe('right');
		expect(readChoiceFlag('--rules', 'blobwar', VARIANTS)).toBe('blobwar');
		expect(readChoiceFlag('--rules', undefined, VARIANTS)).toBeUndefined();
	});

	it('refuses any other text in one line that lists the choices as a sentence does', () => {
		expect(refusal(() => readChoice('--rules', 'chess', VARIANTS))).toBe(
			'--rules must be blobwar or ataxx, got "chess"',
		);
		expect(refusal(() => readChoice('--split-ties', 'middle', SPLIT_TIE_RULES))).toBe(
			'--split-ties must be first, last, left or right, got "middle"',
		);
		expect(refusal(() => readChoice('--mode', 'b', ['a']))).toBe('--mode must be a, got "b"');
		// Case matters.
		expect(refusal(() => readChoiceFlag('--rules', 'Ataxx', VARIANTS))).toBe(
			'--rules must be blobwar or ataxx, got "Ataxx"',
		);
	});
});
