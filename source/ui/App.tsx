/**
 * The game screen: picks the layout; the container (`GameScreen`) owns the prompt's text and
 * turns keys into commands, the components only render.
 */

import { Box, Text, useApp, useInput } from 'ink';
import React, { useState } from 'react';
import { type Game } from '../match/game.js';
import { Board } from './components/Board.js';
import { EnginePanel } from './components/EnginePanel.js';
import { MoveList } from './components/MoveList.js';
import { MovePrompt } from './components/MovePrompt.js';
import { ResultBanner } from './components/ResultBanner.js';
import { StatusLine } from './components/StatusLine.js';
import { GameProvider, useGameView } from './game-context.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { typeInto } from './prompt-input.js';

/** Props of the app. */
export interface AppProps {
	readonly game: Game;
	/** Title line (board and players). */
	readonly title: string;
	/** Called when the user quits (after Ink has been asked to exit). */
	readonly onQuit?: () => void;
}

/** The whole interface for one game. */
export function App({ game, title, onQuit }: AppProps) {
	return (
		<GameProvider game={game} title={title}>
			<GameScreen onQuit={onQuit} />
		</GameProvider>
	);
}

function GameScreen({ onQuit }: { onQuit?: () => void }) {
	const { game, state, title } = useGameView();
	const { exit } = useApp();
	const { columns, rows } = useTerminalSize();
	const [input, setInput] = useState('');
	const [error, setError] = useState<string | null>(null);
	const human = state.result === null && state.thinking !== null && game.players[state.thinking.side].kind === 'human' ? state.thinking.side : null;

	useInput((text, key) => {
		if ((key.ctrl && text === 'c') || (text === 'q' && !key.ctrl && !key.meta)) {
			game.abort();
			onQuit?.();
			exit();
			return;
		}
		if (human === null) return;
		if (key.backspace || key.delete) {
			setInput((s) => s.slice(0, -1));
			return;
		}
		if (key.escape) {
			setInput('');
			setError(null);
			return;
		}
		if (key.ctrl || key.meta) return;
		const typed = typeInto(input, key.return ? '\r' : text);
		setInput(typed.buffer);
		for (const line of typed.submitted) setError(game.submit(line));
	});

	const g = state.position.geometry;
	const boardWidth = 3 + 3 * g.cols;
	const sideWidth = Math.max(20, columns - boardWidth - 4);
	const moveLines = Math.max(1, Math.min(12, rows - g.rows - 12));
	return (
		<Box flexDirection="column">
			<Text bold>{title}</Text>
			<Box flexDirection="row" gap={3}>
				<Board />
				<Box flexDirection="column" width={sideWidth} gap={1}>
					<MoveList maxLines={moveLines} />
					<EnginePanel width={sideWidth} />
				</Box>
			</Box>
			<StatusLine />
			<MovePrompt side={human} input={input} error={error} />
			<ResultBanner />
		</Box>
	);
}
