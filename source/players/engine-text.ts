/**
 * Making what an engine program says safe to show and to store: an engine's output reaches the
 * terminal (the engine panel, forfeit reasons, match output), records, PGN files and logs, and
 * must not move the cursor, change colours, set the window title or ring the bell there.
 */

import stripAnsi from 'strip-ansi';

/** Any control character left once escape sequences are gone (C0 but tab, DEL, C1). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/** Fast test: does the text hold anything `cleanEngineText` would change? */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;

/**
 * One line of engine output, safe to print and store: ANSI escape sequences (CSI, OSC, DCS, ...)
 * removed (`strip-ansi`), every other control character replaced by U+FFFD (so that something
 * odd still shows). A line without control characters is returned as it is, at the cost of one
 * regular-expression test.
 */
export function cleanEngineText(line: string): string {
	if (!ANY_CONTROL.test(line)) return line;
	return stripAnsi(line).replace(CONTROL, '\ufffd');
}
