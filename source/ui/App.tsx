/**
 * The game screen. `App` publishes the session (`GameProvider`); `GameScreen`, the container,
 * owns the screen state, turns keys into commands through the pure reducer and carries out their
 * effects on the session; the components only render.
 */

import { basename } from 'node:path';
import { Box, Text, useApp } from 'ink';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { sideName } from '../game/position.js';
import { readGameFile, saveGame, toSavedGame } from '../match/saved-game.js';
import { type GameSession, type SessionState } from '../match/game-session.js';
import { type BoardMarks, moveMarks, NO_MARKS, targetsOf } from './board-marks.js';
import { Board } from './components/Board.js';
import { EnginePanel } from './components/EnginePanel.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { MoveList } from './components/MoveList.js';
import { MovePrompt } from './components/MovePrompt.js';
import { StatusLine } from './components/StatusLine.js';
import { TooSmall } from './components/TooSmall.js';
import { completeFileName } from './file-completion.js';
import { GameProvider, useGameView } from './game-context.js';
import { useKeys } from './hooks/use-keys.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { computeLayout, hiddenPanelNote, panelPlan } from './layout.js';
import { plural } from './format.js';
import { type Effect, initialScreen, reduceKey, type ScreenContext, type ScreenState } from './screen-reducer.js';

/** Props of the app. */
export interface AppProps {
	readonly session: GameSession;
	/** The board's file name, for the title. */
	readonly boardName: string;
	/** Called when the user quits (q) or interrupts (Ctrl-C), after Ink has been asked to exit. */
	readonly onQuit?: (how: 'quit' | 'interrupt') => void;
}

/** The whole interface for a session of games. */
export function App({ session, boardName, onQuit }: AppProps) {
	const [name, setName] = useState(boardName);
	return (
		<GameProvider session={session} boardName={name}>
			<GameScreen onQuit={onQuit} onLoaded={setName} />
		</GameProvider>
	);
}

/** The title line: `blobterm · 4x4.bwb · Blue: human · Red: builtin (1 s)`. */
export function titleLine(boardName: string, state: Pick<SessionState, 'players' | 'timeMs'>): string {
	const describe = (side: 0 | 1) => {
		const player = state.players[side];
		return player.kind === 'human' ? player.name : `${player.name} (${state.timeMs[side] / 1000} s)`;
	};
	return `blobterm · ${boardName} · Blue: ${describe(0)} · Red: ${describe(1)}`;
}

/** Why no person can move now. */
function waitReason(state: SessionState): string {
	if (state.result)
		return state.canTakeBack
			? 'the game is over (u takes back, n starts a new game)'
			: 'the game is over (n starts a new game)';
	if (state.thinking)
		return `${sideName(state.thinking.side)} (${state.players[state.thinking.side].name}) is thinking`;
	return 'the game is being set up';
}

/** The name the save prompt offers: the last file saved or loaded, else `BOARD-game.json`. */
function saveName(boardName: string, lastPath: string): string {
	if (lastPath.endsWith('.json')) return lastPath;
	return `${basename(boardName).replace(/\.(bwb|json)$/, '')}-game.json`;
}

function GameScreen({
	onQuit,
	onLoaded,
}: {
	onQuit?: (how: 'quit' | 'interrupt') => void;
	onLoaded: (name: string) => void;
}) {
	const { session, state, boardName } = useGameView();
	const { exit } = useApp();
	const { columns, rows } = useTerminalSize();
	const g = state.position.geometry;
	const [screen, setScreenState] = useState<ScreenState>(() => initialScreen(g.rows, g.cols));
	const screenRef = useRef(screen);
	const lastPath = useRef('');
	const setScreen = useCallback((next: ScreenState) => {
		screenRef.current = next;
		setScreenState(next);
	}, []);
	const patchScreen = useCallback(
		(patch: Partial<ScreenState>) => setScreen({ ...screenRef.current, ...patch }),
		[setScreen],
	);

	// A new position drops the picked blob; a new board puts the cursor back in the middle.
	useEffect(() => {
		if (screenRef.current.picked >= 0) patchScreen({ picked: -1 });
	}, [state.position, patchScreen]);
	useEffect(() => {
		setScreen({ ...initialScreen(g.rows, g.cols), message: screenRef.current.message });
	}, [g, setScreen]);

	const human =
		state.result === null && state.thinking !== null && state.players[state.thinking.side].kind === 'human'
			? state.thinking.side
			: null;

	const carryOut = useCallback(
		(effect: Effect) => {
			const info = (text: string) => patchScreen({ message: { text, kind: 'info' } });
			const fail = (text: string) => patchScreen({ message: { text, kind: 'error' } });
			switch (effect.kind) {
				case 'quit':
				case 'interrupt':
					session.quit();
					onQuit?.(effect.kind);
					exit();
					return;
				case 'play': {
					const refused = session.submit(effect.move);
					if (refused) fail(refused);
					return;
				}
				case 'undo':
					if (!session.undo())
						fail(
							session.state.canTakeBack
								? 'nothing to take back'
								: 'undo is for games with a person playing',
						);
					return;
				case 'redo':
					if (!session.redo())
						fail(
							session.state.canTakeBack ? 'nothing to replay' : 'redo is for games with a person playing',
						);
					return;
				case 'hurry':
					if (session.state.thinking && session.state.players[session.state.thinking.side].kind !== 'human')
						session.hurry();
					else fail('no engine is thinking');
					return;
				case 'new':
					session.newGame();
					info('new game: r replays the old one');
					return;
				case 'swap':
					session.swapSides();
					info(
						`sides swapped: Blue is ${session.state.players[0].name}, ` +
							`Red is ${session.state.players[1].name}`,
					);
					return;
				case 'save': {
					const record = toSavedGame(session.state);
					saveGame(effect.path, record, effect.overwrite).then(
						(written) => {
							if (!written) {
								const file = screenRef.current.file;
								patchScreen({
									file: file ? { ...file, confirm: true } : null,
									message: {
										text: `${effect.path} exists: Enter overwrites it, Esc cancels`,
										kind: 'error',
									},
								});
								return;
							}
							lastPath.current = effect.path;
							patchScreen({
								file: null,
								message: {
									text: `saved ${plural(record.moves.length, 'move')} to ${effect.path}`,
									kind: 'info',
								},
							});
						},
						// The prompt stays open, so that the name can be put right.
						(error: Error) => fail(error.message),
					);
					return;
				}
				case 'complete':
					completeFileName(effect.text).then((completion) => {
						const file = screenRef.current.file;
						if (!file || file.text !== effect.text) return; // closed or typed on meanwhile
						patchScreen({
							file: { ...file, text: completion.text, confirm: false },
							message: completion.none
								? { text: `no file name starts with ${effect.text || 'that'}`, kind: 'error' }
								: completion.choices.length > 0
									? { text: completion.choices.join('  '), kind: 'info' }
									: null,
						});
					}, fail);
					return;
				case 'load':
					readGameFile(effect.path).then(
						(loaded) => {
							session.load(loaded);
							lastPath.current = effect.path;
							onLoaded(basename(effect.path));
							patchScreen({
								file: null,
								message: {
									text: `loaded ${effect.path}: ${plural(loaded.moves.length, 'move')}`,
									kind: 'info',
								},
							});
						},
						(error: Error) =>
							patchScreen({ message: { text: error.message.split('\n')[0], kind: 'error' } }),
					);
					return;
			}
		},
		[session, exit, onQuit, onLoaded, patchScreen],
	);

	const onKey = useCallback(
		(key: string) => {
			const current = session.state;
			const ctx: ScreenContext = {
				position: current.position,
				humanToMove: session.humanToMove() !== null,
				waitReason: waitReason(current),
				saveName: saveName(boardName, lastPath.current),
				loadName: lastPath.current,
			};
			const { state: next, effects } = reduceKey(screenRef.current, key, ctx);
			if (next !== screenRef.current) setScreen(next);
			for (const effect of effects) carryOut(effect);
		},
		[session, boardName, setScreen, carryOut],
	);
	useKeys(onKey);

	const title = titleLine(boardName, state);
	const layout = computeLayout(columns, rows, g.rows, g.cols);
	if (!layout.fits) {
		return (
			<TooSmall
				columns={columns}
				rows={rows}
				needColumns={layout.needColumns}
				needRows={layout.needRows}
				board={`${g.rows} x ${g.cols}`}
			/>
		);
	}
	const marks = boardMarks(state, screen, human !== null);
	const engines = state.players.filter((p) => p.kind !== 'human').length;
	const plan = panelPlan(layout.panelLines, engines, layout.panelWidth);
	const panel =
		layout.panel === 'none' ? null : (
			<Box flexDirection="column" width={layout.panelWidth} gap={1}>
				<MoveList maxLines={plan.moveLines} />
				{plan.engines === 'full' || plan.engines === 'compact' ? (
					<EnginePanel compact={plan.engines === 'compact'} width={layout.panelWidth} />
				) : plan.engines === 'hidden' ? (
					<Text dimColor wrap="truncate-end">
						engines hidden: a taller terminal shows them
					</Text>
				) : null}
			</Box>
		);
	// With no side panel, a line under the board (if there is room) says what is hidden.
	const note =
		layout.panelNeeds && layout.mainLines > g.rows + 1 ? (
			<Text dimColor wrap="truncate-end">
				{hiddenPanelNote(layout.panelNeeds, engines)}
			</Text>
		) : null;
	return (
		<Box flexDirection="column" width={columns}>
			<Text bold wrap="truncate-end">
				{title}
			</Text>
			{screen.help ? (
				<Box height={layout.mainLines} flexDirection="column">
					<HelpOverlay maxLines={layout.mainLines} width={columns} />
				</Box>
			) : (
				<Box flexDirection={layout.panel === 'below' ? 'column' : 'row'} gap={layout.panel === 'below' ? 1 : 3}>
					<Board position={state.position} marks={marks} />
					{panel}
				</Box>
			)}
			{screen.help ? null : note}
			<StatusLine columns={columns} />
			<MovePrompt
				human={human}
				input={screen.prompt}
				picked={screen.picked >= 0}
				file={screen.file}
				message={screen.message}
			/>
		</Box>
	);
}

/** The marks on the board: the cursor while a person plays, the picked blob and its targets, the last move. */
function boardMarks(state: SessionState, screen: ScreenState, humanToMove: boolean): BoardMarks {
	const n = state.moves.length;
	const last = n > 0 ? moveMarks(state.positions[n - 1], state.moves[n - 1].move, state.positions[n]) : null;
	const picked = humanToMove ? screen.picked : -1;
	return {
		...NO_MARKS,
		cursor: state.canTakeBack ? screen.cursor : -1,
		picked,
		targets: picked >= 0 ? targetsOf(state.position, picked) : NO_MARKS.targets,
		last,
	};
}
