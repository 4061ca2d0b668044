/**
 * The game's state and operations, published to the presenters through React context
 * (the container/presenter split of gemini-cli).
 */

import React, { createContext, useContext, useSyncExternalStore } from 'react';
import { type Game, type GameState } from '../match/game.js';

/** What the presenters read. */
export interface GameView {
	readonly game: Game;
	readonly state: GameState;
	/** The board's file name (the loaded file's after a load). */
	readonly boardName: string;
}

const GameContext = createContext<GameView | null>(null);

/** Provides a game's live state to the components below. */
export function GameProvider({
	game,
	boardName,
	children,
}: {
	game: Game;
	boardName: string;
	children: React.ReactNode;
}) {
	const state = useSyncExternalStore(
		(listener) => game.subscribe(listener),
		() => game.state,
	);
	return <GameContext.Provider value={{ game, state, boardName }}>{children}</GameContext.Provider>;
}

/** The game view of the nearest `GameProvider`. @throws Error outside one */
export function useGameView(): GameView {
	const view = useContext(GameContext);
	if (!view) throw new Error('useGameView outside GameProvider');
	return view;
}
