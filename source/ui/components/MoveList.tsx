/**
 * The moves so far, one line per full move (`12. (0,0) > (1,1)  (6,6) > (5,5)`), the last
 * `maxLines` lines.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { useGameView } from '../game-context.js';

/** The move list panel. */
export function MoveList({ maxLines }: { maxLines: number }) {
	const { state } = useGameView();
	const lines: string[] = [];
	const moves = state.moves;
	// A game may start with Red to move: its first line then holds only Red's move.
	const offset = state.positions[0].side === 1 ? 1 : 0;
	for (let i = -offset; i < moves.length; i += 2) {
		const first = i >= 0 ? moves[i].text : '...';
		const second = moves[i + 1]?.text ?? '';
		lines.push(`${String(Math.floor((i + offset) / 2) + 1).padStart(3)}. ${first.padEnd(14)} ${second}`.trimEnd());
	}
	const shown = lines.slice(-Math.max(1, maxLines));
	return (
		<Box flexDirection="column">
			<Text bold>Moves</Text>
			{shown.length === 0 ? <Text dimColor>  none yet</Text> : shown.map((line, i) => <Text key={i}>{line}</Text>)}
		</Box>
	);
}
