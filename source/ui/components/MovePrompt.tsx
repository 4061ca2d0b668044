/**
 * The line under the status line: the move prompt of the person to move (with the text typed so
 * far), who is thinking, the file-name prompt of save and load, or the result of a finished game;
 * and under it the message line (why a move was refused, what was saved).
 */

import { Box, Text } from 'ink';
import React from 'react';
import { sideName, type Side } from '../../game/position.js';
import { describeResult } from '../../match/result.js';
import { useGameView } from '../game-context.js';
import { type FilePrompt, type Message } from '../screen-reducer.js';

/** What the prompt line shows. */
export interface PromptProps {
	/** The person to move, or null. */
	readonly human: Side | null;
	readonly input: string;
	readonly picked: boolean;
	readonly file: FilePrompt | null;
	readonly message: Message | null;
}

function PromptLine({ human, input, picked, file }: Omit<PromptProps, 'message'>) {
	const { state } = useGameView();
	if (file) {
		const verb = file.mode === 'save' ? 'Save to' : 'Open';
		const hint = file.confirm
			? 'exists: Enter overwrites it, Esc cancels'
			: `Enter ${file.mode === 'save' ? 'saves' : 'opens'}, Esc cancels, Tab completes, Ctrl-U clears`;
		return (
			<Text wrap="truncate-start">
				<Text bold>{`${verb}: `}</Text>
				{file.text}
				<Text inverse> </Text>
				<Text dimColor>{`  ${hint}`}</Text>
			</Text>
		);
	}
	if (state.result) {
		const back =
			state.result.kind === 'aborted'
				? ''
				: state.canTakeBack
					? ' · u undo · n new game · q quit'
					: ' · n new game · q quit';
		return (
			<Text wrap="truncate-end">
				<Text bold>{`Result: ${describeResult(state.result)}`}</Text>
				<Text dimColor>{back}</Text>
			</Text>
		);
	}
	if (human !== null) {
		const hint =
			input !== ''
				? ''
				: picked
					? '  move the cursor to a target (+ clone, * jump), Enter plays'
					: '  arrows/hjkl + Enter, or type r1 c1 r2 c2 · ? help';
		return (
			<Text wrap="truncate-end">
				<Text bold>{`Your move (${sideName(human)}): `}</Text>
				{input}
				<Text inverse> </Text>
				<Text dimColor>{hint}</Text>
			</Text>
		);
	}
	if (state.thinking) {
		const player = state.players[state.thinking.side];
		const thinking = `${sideName(state.thinking.side)} (${player.name}) is thinking`;
		return <Text wrap="truncate-end">{`${thinking} · g moves now · ? help`}</Text>;
	}
	return <Text> </Text>;
}

/** The prompt line and the message line. */
export function MovePrompt(props: PromptProps) {
	const { message, ...prompt } = props;
	return (
		<Box flexDirection="column">
			<PromptLine {...prompt} />
			{message ? (
				<Text color={message.kind === 'error' ? 'yellow' : 'green'} wrap="truncate-end">
					{message.text}
				</Text>
			) : null}
		</Box>
	);
}
