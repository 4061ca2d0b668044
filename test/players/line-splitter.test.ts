import { describe, expect, it } from 'vitest';
import { printable } from '../../source/players/printable.js';
import { LineSplitter } from '../../source/players/line-splitter.js';

describe('splitting output into lines', () => {
	it('joins lines across chunks and drops \\n and \\r\\n', () => {
		const splitter = new LineSplitter();
		expect(splitter.push('info de')).toEqual([]);
		expect(splitter.push('pth 1\r\nbestmo')).toEqual(['info depth 1']);
		expect(splitter.push('ve g2\n\nx')).toEqual(['bestmove g2', '']);
		expect(splitter.flush()).toEqual(['x']);
		expect(splitter.flush()).toEqual([]);
	});

	it('cuts an overlong line and skips the rest of it, however many chunks it spans', () => {
		const splitter = new LineSplitter(8);
		expect(splitter.push('0123456789')).toEqual(['01234567']);
		expect(splitter.push('x'.repeat(100_000))).toEqual([]);
		expect(splitter.push('tail\nnext\n')).toEqual(['next']);
		expect(splitter.push('abcdefgh\n')).toEqual(['abcdefgh']);
		expect(splitter.push('abcdefghi\nok\n')).toEqual(['abcdefgh', 'ok']);
	});

	it('cleans each line', () => {
		expect(new LineSplitter().push('\u001b[1m(0,0) > (0,1)\u001b[0m\n')).toEqual(['(0,0) > (0,1)']);
	});
});

describe('cleaning engine text', () => {
	it('leaves ordinary text alone, tabs included', () => {
		const line = 'info depth 7 score cp 35 pv g2 a7c5\tf6 (0,0) > (1,1) é';
		expect(printable(line)).toBe(line);
	});

	it('removes ANSI and OSC escape sequences', () => {
		expect(printable('\u001b]0;window title\u0007\u001b[31;1mred\u001b[0m \u001b[2J\u001b[Hscreen')).toBe(
			'red screen',
		);
		expect(printable('\u001b]8;;http://example.com\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
		expect(printable('\u009b31mC1 CSI')).toBe('C1 CSI');
	});

	it('shows any other control character as U+FFFD', () => {
		expect(printable('\u0000bell\u0007 back\bspace\r del\u007f c1\u0085')).toBe(
			'\ufffdbell\ufffd back\ufffdspace\ufffd del\ufffd c1\ufffd',
		);
	});
});
