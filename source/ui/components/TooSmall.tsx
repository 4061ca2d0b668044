/**
 * What the screen shows instead of the board when the terminal is too small for it, wrapped to
 * the terminal's width and cut to leave its last line free.
 */

import { Box, Text } from 'ink';
import React from 'react';

/** The message. */
export function TooSmall({
	columns,
	rows,
	needColumns,
	needRows,
	board,
}: {
	columns: number;
	rows: number;
	needColumns: number;
	needRows: number;
	board: string;
}) {
	return (
		<Box width={columns} height={Math.max(1, rows - 1)} overflow="hidden">
			<Text>
				{`Terminal too small: ${columns} x ${rows}. ` +
					`The ${board} board needs ${needColumns} x ${needRows}. Enlarge it, or q to quit.`}
			</Text>
		</Box>
	);
}
