/**
 * The result of a finished game: winner or draw, final counts and why it ended.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { describeResult } from '../../match/result.js';
import { useGameView } from '../game-context.js';

/** The banner, or nothing while the game goes on. */
export function ResultBanner() {
	const { state } = useGameView();
	if (!state.result) return null;
	return (
		<Box borderStyle="double" paddingX={1} flexDirection="column">
			<Text bold>{`Result: ${describeResult(state.result)}`}</Text>
			<Text dimColor>press q to quit</Text>
		</Box>
	);
}
