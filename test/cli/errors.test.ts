import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportError, UsageError } from '../../source/cli/errors.js';
import { BoardFileError } from '../../source/game/board-file.js';
import { FenError } from '../../source/game/fen.js';
import { quote, UserError } from '../../source/game/user-error.js';
import { SavedGameError } from '../../source/match/saved-game.js';
import { FileReadError, FileWriteError } from '../../source/match/user-files.js';
import { MatchOptionsError } from '../../source/match/match.js';
import { MatchRecordError } from '../../source/match/match-record.js';
import { SprtOptionsError } from '../../source/match/sprt.js';
import { PlayerSpecError } from '../../source/players/player-spec.js';
import { SearchOptionError } from '../../source/search/option-text.js';

let written: string;
let savedDebug: string | undefined;
beforeEach(() => {
	written = '';
	savedDebug = process.env.BLOBTERM_DEBUG;
	delete process.env.BLOBTERM_DEBUG;
	vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
		written += String(chunk);
		return true;
	});
});
afterEach(() => {
	vi.restoreAllMocks();
	if (savedDebug === undefined) delete process.env.BLOBTERM_DEBUG;
	else process.env.BLOBTERM_DEBUG = savedDebug;
	process.exitCode = 0;
});

describe('user errors', () => {
	it('every error class a user can cause is a UserError with its own name', () => {
		const errors = [
			new UsageError('u'),
			new BoardFileError('f', 1, 1, 'd'),
			new FenError('x', 'd'),
			new FileReadError('r'),
			new FileWriteError('w'),
			new PlayerSpecError('p'),
			new SavedGameError('g'),
			new SearchOptionError('s'),
			new SprtOptionsError('s'),
			new MatchRecordError('r'),
			new MatchOptionsError('m'),
		];
		for (const error of errors) {
			expect(error).toBeInstanceOf(UserError);
			expect(error.name).toBe(error.constructor.name);
		}
	});

	it('are reported as their message alone, exit code 2', () => {
		for (const error of [new SearchOptionError('hash must be 1 to 4096'), new MatchOptionsError('no board')]) {
			written = '';
			reportError('blobterm', error);
			expect(written).toBe(`blobterm: ${error.message}\n`);
			expect(process.exitCode).toBe(2);
		}
	});

	it('a message of several lines shows its first', () => {
		reportError('blobterm', new MatchRecordError('first\nsecond'));
		expect(written).toBe('blobterm: first\n');
	});
});

describe('unexpected errors', () => {
	it('are one line with a hint, exit code 1, no stack trace', () => {
		const error = new TypeError("Cannot read properties of undefined (reading 'x')\n    at f (a.js:1:1)");
		reportError('blob-engine', error);
		expect(written).toBe(
			"blob-engine: Cannot read properties of undefined (reading 'x') " +
				'(internal error; please report it, with the output of BLOBTERM_DEBUG=1 and the same command)\n',
		);
		expect(process.exitCode).toBe(1);
	});

	it('show their stack trace with BLOBTERM_DEBUG=1', () => {
		process.env.BLOBTERM_DEBUG = '1';
		const error = new Error('boom');
		reportError('blobterm', error);
		expect(written).toContain('blobterm: boom (internal error;');
		expect(written).toContain(error.stack!);
		expect(process.exitCode).toBe(1);
	});

	it('a thrown non-error is reported too', () => {
		reportError('blobterm', 'text');
		expect(written).toMatch(/^blobterm: text \(internal error; /);
	});
});

describe('quoting user input', () => {
	it('keeps short input whole, escaped', () => {
		expect(quote('a "b"\n')).toBe('"a \\"b\\"\\n"');
	});

	it('cuts long input to a few dozen characters and gives the length', () => {
		expect(quote('x'.repeat(100_000_000))).toBe(`"${'x'.repeat(40)}..." (100000000 characters)`);
	});
});
