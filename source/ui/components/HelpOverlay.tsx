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
	'( ) last move: to',
	'- - last move: from',
	'{ } captured by last move',
];

/** The help lines: a title, one line per key binding, then the legend. */
export function helpLines(): { keys: string[]; legend: string[] } {
	const width = Math.max(...KEY_BINDINGS.map((b) => b.label.length));
	return {
		keys: KEY_BINDINGS.map((b) => `${b.label.padEnd(width)}  ${b.help}`),
		legend: ['Marks', ...LEGEND],
	};
}

/**
 * The overlay in at most `maxLines` lines and `width` columns: keys and legend one under the
 * other, side by side when that is the only way they fit, else cut with a note.
 */
export function HelpOverlay({ maxLines, width }: { maxLines: number; width: number }) {
	const { keys, legend } = helpLines();
	const title = 'Keys (any key closes this help)';
	const keyWidth = Math.max(...keys.map((l) => l.length));
	const stacked = [...keys, '', ...legend];
	if (1 + stacked.length <= maxLines) {
		return (
			<Box flexDirection="column">
				<Text bold>{title}</Text>
				{stacked.map((line, i) => (
					<Text key={i} wrap="truncate-end">
						{line === '' ? ' ' : line}
					</Text>
				))}
			</Box>
		);
	}
	const legendWidth = Math.max(...legend.map((l) => l.length));
	if (1 + keys.length <= maxLines && width >= keyWidth + 3 + legendWidth) {
		return (
			<Box flexDirection="column">
				<Text bold>{title}</Text>
				<Box flexDirection="row" gap={3}>
					<Box flexDirection="column" width={keyWidth}>
						{keys.map((line, i) => (
							<Text key={i} wrap="truncate-end">
								{line}
							</Text>
						))}
					</Box>
					<Box flexDirection="column">
						{legend.map((line, i) => (
							<Text key={i} wrap="truncate-end">
								{line}
							</Text>
						))}
					</Box>
				</Box>
			</Box>
		);
	}
	const room = Math.max(0, maxLines - 2);
	return (
		<Box flexDirection="column">
			<Text bold>{title}</Text>
			{stacked.slice(0, room).map((line, i) => (
				<Text key={i} wrap="truncate-end">
					{line === '' ? ' ' : line}
				</Text>
			))}
			<Text dimColor wrap="truncate-end">{`... ${stacked.length - room} more lines: enlarge the terminal`}</Text>
		</Box>
	);
}
