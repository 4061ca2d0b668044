/**
 * The game screen. `App` publishes the game (`GameProvider`); `GameScreen`, the container,
 * owns the screen state, turns keys into commands through the pure reducer and carries out their
 * effects on the game; the components only render.
 */

import { basename } from 'node:path';
import { Box, Text, useApp } from 'ink';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { sideName } from '../game/position.js';
import { readGameFile, saveGame, toSavedGame } from '../match/saved-game.js';
import { exportPosition } from '../match/export-position.js';
import { type Game, type GameState } from '../match/game.js';
import { IoLog } from '../match/io-log.js';
import { type Analysis } from '../players/analysis.js';
import { AnalysisPanel } from './components/AnalysisPanel.js';
import { IoPane } from './components/IoPane.js';
import { useAnalysis } from './hooks/use-analysis.js';
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
import { useIoLines } from './hooks/use-io-lines.js';

/** Props of the app. */
export interface AppProps {
	readonly game: Game;
	/** The board's file name, for the title. */
	readonly boardName: string;
	/** Called when the user quits (q) or interrupts (Ctrl-C), after Ink has been asked to exit. */
	readonly onQuit?: (how: 'quit' | 'interrupt') => void;
	/** The engines' I/O, for the I/O pane (`i`). */
	readonly io?: IoLog;
	/** Engines for analysis mode (`a`). */
	readonly analyses?: readonly Analysis[];
}

const NO_ANALYSES: readonly Analysis[] = [];

/** The whole interface for the game at the board: one game after another, with take-backs. */
export function App({ game, boardName, onQuit, io, analyses = NO_ANALYSES }: AppProps) {
	const [name, setName] = useState(boardName);
	const [ioLog] = useState(() => io ?? new IoLog());
	return (
		<GameProvider game={game} boardName={name}>
			<GameScreen onQuit={onQuit} onLoaded={setName} io={ioLog} analyses={analyses} />
		</GameProvider>
	);
}

/**
 * The title line: `blobterm · 4x4.bwb · Blue: human · Red: builtin (1 s)`; without the engines'
 * times when that is longer than `width` columns (the status line shows the times used).
 */
export function titleLine(boardName: string, state: Pick<GameState, 'players' | 'timeMs'>, width = Infinity): string {
	const line = (times: boolean) => {
		const describe = (side: 0 | 1) => {
			const player = state.players[side];
			return player.kind === 'human' || !times ? player.name : `${player.name} (${state.timeMs[side] / 1000} s)`;
		};
		return `blobterm · ${boardName} · Blue: ${describe(0)} · Red: ${describe(1)}`;
	};
	const full = line(true);
	return full.length <= width ? full : line(false);
}

/** Why no person can move now. */
function waitReason(state: GameState): string {
	if (state.paused) return 'the game is paused (p goes on)';
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
	io,
	analyses,
}: {
	onQuit?: (how: 'quit' | 'interrupt') => void;
	onLoaded: (name: string) => void;
	io: IoLog;
	analyses: readonly Analysis[];
}) {
	const { game, state, boardName } = useGameView();
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
					game.abort();
					onQuit?.(effect.kind);
					exit();
					return;
				case 'play': {
					const refused = game.submit(effect.move);
					if (refused) fail(refused);
					return;
				}
				case 'undo':
					if (!game.undo()) fail('nothing to take back');
					else if (game.state.paused) info('took back a half-move: paused (p goes on, r replays)');
					return;
				case 'redo':
					if (!game.redo()) fail('nothing to replay');
					else if (game.state.paused) info('replayed a half-move: paused (p goes on)');
					return;
				case 'pause':
					info(game.togglePause() ? 'paused: p goes on, u and r step through the moves' : 'going on');
					return;
				case 'analysis':
					if (effect.on && analyses.length === 0) {
						patchScreen({
							analysing: false,
							message: { text: 'no engine to analyse with', kind: 'error' },
						});
					}
					return;
				case 'export': {
					const shown = game.state.position;
					exportPosition(effect.path, shown).then(
						(fen) => info(`wrote ${effect.path} · FEN ${fen}`),
						(error: Error) => fail(error.message),
					);
					return;
				}
				case 'hurry':
					if (game.state.thinking && game.state.players[game.state.thinking.side].kind !== 'human')
						game.hurry();
					else fail('no engine is thinking');
					return;
				case 'new':
					game.newGame();
					info(
						game.state.paused
							? 'new game, paused: p starts it, r replays the old one'
							: 'new game: r replays the old one',
					);
					return;
				case 'swap':
					game.swapSides();
					info(
						`sides swapped: Blue is ${game.state.players[0].name}, ` +
							`Red is ${game.state.players[1].name}`,
					);
					return;
				case 'save': {
					const record = toSavedGame(game.state);
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
							game.load(loaded);
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
		[game, exit, onQuit, onLoaded, patchScreen, analyses],
	);

	const onKey = useCallback(
		(key: string) => {
			const current = game.state;
			const ctx: ScreenContext = {
				position: current.position,
				humanToMove: game.humanToMove() !== null,
				waitReason: waitReason(current),
				saveName: saveName(boardName, lastPath.current),
				loadName: lastPath.current,
				exportName: `${basename(boardName).replace(/\.(bwb|json)$/, '')}-${current.moves.length}.bwb`,
				ioLines: io.all().length,
			};
			const { state: next, effects } = reduceKey(screenRef.current, key, ctx);
			if (next !== screenRef.current) setScreen(next);
			for (const effect of effects) carryOut(effect);
		},
		[game, boardName, setScreen, carryOut, io],
	);
	useKeys(onKey);
	const ioLines = useIoLines(io, screen.io);
	const analysed =
		screen.analysing && analyses.length > 0 && state.result === null
			? {
					position: state.position,
					variant: state.variant,
					halfMovesLeft: state.halfMoveLimit - state.moves.length,
					multiPv: screen.multiPv,
				}
			: null;
	const snapshots = useAnalysis(analyses, analysed);

	const title = titleLine(boardName, state, columns);
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
	const analysisLines = analysed ? 1 + screen.multiPv : 0;
	const panel =
		layout.panel === 'none' ? null : screen.io ? (
			<Box flexDirection="column" width={layout.panelWidth}>
				<IoPane lines={ioLines} height={layout.panelLines} scroll={screen.ioScroll} />
			</Box>
		) : (
			<Box flexDirection="column" width={layout.panelWidth} gap={1}>
				{analysed && snapshots.length > 0 ? (
					<AnalysisPanel snapshots={snapshots} multiPv={screen.multiPv} width={layout.panelWidth} />
				) : null}
				<MoveList maxLines={Math.max(1, plan.moveLines - (analysisLines > 0 ? analysisLines + 1 : 0))} />
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
					<HelpOverlay maxLines={layout.mainLines} width={columns} person={state.canTakeBack} />
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
function boardMarks(state: GameState, screen: ScreenState, humanToMove: boolean): BoardMarks {
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
