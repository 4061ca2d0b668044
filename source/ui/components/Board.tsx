/**
 * The grid with row and column numbers and its marks (cursor, picked blob, clone and jump
 * targets, last move, captured blobs). Every mark is in the text (see `board-marks.ts`); colour,
 * where the terminal has it, only repeats it.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { type Position } from '../../game/position.js';
import { type BoardMarks, cellView, type CellView, columnHeader } from '../board-marks.js';

function colourOf(view: CellView): string | undefined {
	if (view.target === 'clone') return 'green';
	if (view.target === 'jump') return 'yellow';
	if (view.content === 'B') return 'blueBright';
	if (view.content === 'R') return 'redBright';
	if (view.content === 'X') return 'gray';
	return undefined;
}

function Cell({ view }: { view: CellView }) {
	const colour = colourOf(view);
	const dim = view.content === '.' && view.target === null && view.bracket === null;
	const strong = view.bracket !== null && view.bracket !== 'cursor';
	return (
		<Text
			color={colour}
			dimColor={dim}
			bold={view.content === 'B' || view.content === 'R' || strong}
			inverse={view.bracket === 'cursor'}
			underline={view.bracket === 'picked'}
		>
			{view.text}
		</Text>
	);
}

/** A position's grid with marks. */
export function Board({ position, marks }: { position: Position; marks: BoardMarks }) {
	const g = position.geometry;
	return (
		<Box flexDirection="column">
			<Text dimColor>{columnHeader(g.cols)}</Text>
			{Array.from({ length: g.rows }, (_, r) => (
				<Text key={r}>
					<Text dimColor>{String(r).padStart(2)} </Text>
					{Array.from({ length: g.cols }, (_, c) => (
						<Cell key={c} view={cellView(position, r * g.cols + c, marks)} />
					))}
				</Text>
			))}
		</Box>
	);
}
