/**
 * Making text from outside safe to show and to store on one line: what an engine program says
 * reaches the terminal (the engine panel, forfeit reasons, match output), records, PGN files and
 * logs, and must not move the cursor, change colours, set the window title or ring the bell
 * there; a file name with a newline must not break a line of a record or a PGN tag.
 */

import stripAnsi from 'strip-ansi';

/** Any control character left once escape sequences are gone (C0 but tab, DEL, C1). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/** Fast test: does the text hold anything `printable` would change? */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;

/**
 * Text safe to print and store on one line (a line of engine output, a file name): ANSI escape
 * sequences (CSI, OSC, DCS, ...) removed (`strip-ansi`), every other control character, a
 * newline included, replaced by U+FFFD (so that something odd still shows). Text without
 * control characters is returned as it is, at the cost of one regular-expression test.
 */
export function printable(text: string): string {
	if (!ANY_CONTROL.test(text)) return text;
	return stripAnsi(text).replace(CONTROL, '\ufffd');
}
