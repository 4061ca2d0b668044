/**
 * The session's state and actions, published to the presenters through React context
 * (the container/presenter split of gemini-cli).
 */

import React, { createContext, useContext, useSyncExternalStore } from 'react';
import { type GameSession, type SessionState } from '../match/game-session.js';

/** What the presenters read. */
export interface GameView {
	readonly session: GameSession;
	readonly state: SessionState;
	/** The board's file name (the loaded file's after a load). */
	readonly boardName: string;
}

const GameContext = createContext<GameView | null>(null);

/** Provides a session's live state to the components below. */
export function GameProvider({
	session,
	boardName,
	children,
}: {
	session: GameSession;
	boardName: string;
	children: React.ReactNode;
}) {
	const state = useSyncExternalStore(
		(listener) => session.subscribe(listener),
		() => session.state,
	);
	return <GameContext.Provider value={{ session, state, boardName }}>{children}</GameContext.Provider>;
}

/** The game view of the nearest `GameProvider`. @throws Error outside one */
export function useGameView(): GameView {
	const view = useContext(GameContext);
	if (!view) throw new Error('useGameView outside GameProvider');
	return view;
}
