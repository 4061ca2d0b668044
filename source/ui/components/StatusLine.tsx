/**
 * Whose turn it is, the blob counts and the half-move count.
 */

import { Text } from 'ink';
import React from 'react';
import { sideName } from '../../game/position.js';
import { useGameView } from '../game-context.js';

/** The status line. */
export function StatusLine() {
	const { state } = useGameView();
	const pos = state.position;
	const turn = state.result ? 'game over' : `${sideName(pos.side)} to move`;
	return (
		<Text>
			<Text bold>{turn}</Text>
			{' · '}
			<Text color="blueBright">Blue {pos.count[0]}</Text>
			{' · '}
			<Text color="redBright">Red {pos.count[1]}</Text>
			{` · half-move ${state.moves.length} of ${state.halfMoveLimit}`}
		</Text>
	);
}
