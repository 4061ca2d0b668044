/**
 * The grid with row and column numbers: Blue `B`, Red `R`, empty `.`, hole `#`, in colour where
 * the terminal has it (the letters carry the same information without it).
 */

import { Box, Text } from 'ink';
import React from 'react';
import { type CellChar, cellAt } from '../../game/position.js';
import { CELL_GLYPH } from '../board-text.js';
import { useGameView } from '../game-context.js';

function Cell({ ch }: { ch: CellChar }) {
	const glyph = ` ${CELL_GLYPH[ch]} `;
	switch (ch) {
		case 'B':
			return <Text color="blueBright" bold>{glyph}</Text>;
		case 'R':
			return <Text color="redBright" bold>{glyph}</Text>;
		case 'X':
			return <Text color="gray">{glyph}</Text>;
		default:
			return <Text dimColor>{glyph}</Text>;
	}
}

/** The current position's grid. */
export function Board() {
	const { state } = useGameView();
	const pos = state.position;
	const g = pos.geometry;
	const header = `   ${Array.from({ length: g.cols }, (_, c) => String(c).padStart(2).padEnd(3)).join('')}`;
	return (
		<Box flexDirection="column">
			<Text dimColor>{header.trimEnd()}</Text>
			{Array.from({ length: g.rows }, (_, r) => (
				<Text key={r}>
					<Text dimColor>{String(r).padStart(2)} </Text>
					{Array.from({ length: g.cols }, (_, c) => (
						<Cell key={c} ch={cellAt(pos, r * g.cols + c)} />
					))}
				</Text>
			))}
		</Box>
	);
}
