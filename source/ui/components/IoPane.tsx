/**
 * The engine I/O pane: the last lines sent to (`>`) and read from (`<`, stderr `!`) each engine,
 * with their times, scrolled back by `scroll` lines from the end.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { formatIoLine, type IoLine } from '../../match/io-log.js';

/** The pane's text lines: a header, then at most `height - 1` I/O lines ending `scroll` lines before the last. */
export function ioPaneLines(lines: readonly IoLine[], height: number, scroll: number): string[] {
	const room = Math.max(1, height - 1);
	const end = Math.max(0, lines.length - scroll);
	const shown = lines.slice(Math.max(0, end - room), end);
	const header =
		`Engine I/O (> sent, < read, ! stderr, # process)` +
		(lines.length > room ? ` · lines ${end - shown.length + 1}-${end} of ${lines.length} · PageUp PageDown` : '');
	return [header, ...(shown.length === 0 ? ['  nothing yet'] : shown.map(formatIoLine))];
}

/** The pane, `height` lines at most. */
export function IoPane({ lines, height, scroll }: { lines: readonly IoLine[]; height: number; scroll: number }) {
	return (
		<Box flexDirection="column">
			{ioPaneLines(lines, height, scroll).map((line, i) => (
				<Text key={i} bold={i === 0} wrap="truncate-end">
					{line}
				</Text>
			))}
		</Box>
	);
}
