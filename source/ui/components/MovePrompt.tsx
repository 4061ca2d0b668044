/**
 * The move prompt of the person to move, and the reason the last move was refused.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { sideName, type Side } from '../../game/position.js';

/** The prompt line (with the text typed so far) and an error line. */
export function MovePrompt({ side, input, error }: { side: Side | null; input: string; error: string | null }) {
	return (
		<Box flexDirection="column">
			{side === null ? null : (
				<Text>
					<Text bold>Your move ({sideName(side)}): </Text>
					{input}
					<Text inverse> </Text>
				</Text>
			)}
			{error ? <Text color="yellow">{error}</Text> : null}
		</Box>
	);
}
