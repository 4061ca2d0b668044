/**
 * The game's state and actions, published to the presenters through React context
 * (the container/presenter split of gemini-cli).
 */

import React, { createContext, useContext, useSyncExternalStore } from 'react';
import { type Game, type GameState } from '../match/game.js';

/** What the presenters read. */
export interface GameView {
	readonly game: Game;
	readonly state: GameState;
	/** Title line: board name and players. */
	readonly title: string;
}

const GameContext = createContext<GameView | null>(null);

/** Provides a game's live state to the components below. */
export function GameProvider({ game, title, children }: { game: Game; title: string; children: React.ReactNode }) {
	const state = useSyncExternalStore(
		(listener) => game.subscribe(listener),
		() => game.state,
	);
	return <GameContext.Provider value={{ game, state, title }}>{children}</GameContext.Provider>;
}

/** The game view of the nearest `GameProvider`. @throws Error outside one */
export function useGameView(): GameView {
	const view = useContext(GameContext);
	if (!view) throw new Error('useGameView outside GameProvider');
	return view;
}
