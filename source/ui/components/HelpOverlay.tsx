/**
 * The help overlay (`?`): every key of the key table, and what the board's marks mean. It takes
 * the place of the board; any key closes it.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { KEY_BINDINGS } from '../key-bindings.js';

/** What the board's marks mean, one line each. */
export const LEGEND: readonly string[] = [
	'B Blue  R Red  . empty  # hole',
	'[ ] cursor   < > picked blob',
	'+ clone target (blob stays)',
	'* jump target (blob moves)',
	'( ) - - last move: to, from',
	'{ } captured by last move',
];

/**
 * The help entries, label and text: every key binding, with the pairs that read as one merged
 * (the four cursor keys, `]` and `[`, PageUp and PageDown). Without a person at the board, the keys
 * to pick and type moves are left out.
 */
export function helpEntries(person = true): Array<readonly [string, string]> {
	const entries: Array<readonly [string, string]> = [];
	for (const b of KEY_BINDINGS) {
		if (!person && b.person) continue;
		if (b.command === 'board.down' || b.command === 'board.left' || b.command === 'board.right') continue;
		if (b.command === 'analysis.fewer' || b.command === 'io.forward') continue;
		if (b.command === 'board.up') entries.push(['arrows h j k l', 'move the cursor']);
		else if (b.command === 'analysis.more') entries.push(['] [', 'more, fewer lines of analysis']);
		else if (b.command === 'io.back') entries.push(['PageUp PageDown', 'scroll the I/O pane']);
		else entries.push([b.label, b.help]);
	}
	return entries;
}

/** The help lines: one line per entry, then the legend (the marks of a pick only for a person). */
export function helpLines(person = true): { keys: string[]; legend: string[] } {
	const entries = helpEntries(person);
	const width = Math.max(...entries.map(([label]) => label.length));
	return {
		keys: entries.map(([label, help]) => `${label.padEnd(width)}  ${help}`),
		legend: ['Marks', ...(person ? LEGEND : LEGEND.filter((l) => !/cursor|target|picked/.test(l)))],
	};
}

/**
 * The overlay in at most `maxLines` lines and `width` columns: the keys in as many columns as they
 * need (as fit), then the legend below or beside them where there is room.
 */
export function HelpOverlay({ maxLines, width, person = true }: { maxLines: number; width: number; person?: boolean }) {
	const { keys, legend } = helpLines(person);
	const title = 'Keys (any key closes this help)';
	const room = Math.max(1, maxLines - 1);
	const keyWidth = Math.max(...keys.map((l) => l.length));
	const legendWidth = Math.max(...legend.map((l) => l.length));
	const columns = Math.ceil(keys.length / room);
	const perColumn = Math.ceil(keys.length / columns);
	const columnWidth = Math.min(keyWidth, Math.floor((width - 3 * (columns - 1)) / columns));
	const lastColumn = keys.length - (columns - 1) * perColumn;
	const legendUnder = lastColumn + 1 + legend.length <= room;
	const legendBelow = !legendUnder && perColumn + 1 + legend.length <= room;
	const legendBeside = !legendUnder && !legendBelow && columns * (columnWidth + 3) + legendWidth <= width;
	const cut = columns * perColumn < keys.length || columnWidth < 20;
	const legendLines = legend.map((line, i) => (
		<Text key={`legend${i}`} wrap="truncate-end">
			{line}
		</Text>
	));
	return (
		<Box flexDirection="column">
			<Text bold>{title}</Text>
			<Box flexDirection="row" gap={3}>
				{Array.from({ length: columns }, (_, c) => (
					<Box key={c} flexDirection="column" width={columnWidth}>
						{keys.slice(c * perColumn, (c + 1) * perColumn).map((line, i) => (
							<Text key={i} wrap="truncate-end">
								{line}
							</Text>
						))}
						{legendUnder && c === columns - 1 ? (
							<>
								<Text> </Text>
								{legendLines}
							</>
						) : null}
					</Box>
				))}
				{legendBeside ? <Box flexDirection="column">{legendLines}</Box> : null}
			</Box>
			{legendBelow ? (
				<Box flexDirection="column">
					<Text> </Text>
					{legendLines}
				</Box>
			) : null}
			{cut ? <Text dimColor>enlarge the terminal to read every key</Text> : null}
		</Box>
	);
}
