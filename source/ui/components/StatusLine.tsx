/**
 * Whose turn it is, the blob counts, the half-move count and the time each side has used
 * (the moves' times, plus the running time of the side to move).
 */

import { Text } from 'ink';
import React from 'react';
import { sideName } from '../../game/position.js';
import { formatClock } from '../format.js';
import { useGameView } from '../game-context.js';
import { useClock } from '../hooks/use-clock.js';

/** Time used by each side in ms, `[blue, red]`: its moves' times, plus `runningMs` for the side thinking now. */
export function timeUsed(
	moves: readonly { side: 0 | 1; timeMs: number }[],
	thinking: { side: 0 | 1 } | null,
	runningMs: number,
): [number, number] {
	const used: [number, number] = [0, 0];
	for (const move of moves) used[move.side] += move.timeMs;
	if (thinking) used[thinking.side] += Math.max(0, runningMs);
	return used;
}

/**
 * The status line. When the long form does not fit in `columns`, the half-move count and times
 * are written short (`12/120 · 8.3 s | 4.1 s`).
 */
export function StatusLine({ columns = 80 }: { columns?: number }) {
	const { state } = useGameView();
	const now = useClock(state.thinking !== null);
	const pos = state.position;
	const turn = state.result ? 'game over' : `${sideName(pos.side)} to move`;
	const used = timeUsed(state.moves, state.thinking, state.thinking ? now - state.thinking.since : 0);
	const head = `${turn} · Blue ${pos.count[0]} · Red ${pos.count[1]}`;
	const long =
		` · half-move ${state.moves.length} of ${state.halfMoveLimit} · ` +
		`time Blue ${formatClock(used[0])} Red ${formatClock(used[1])}`;
	const short = ` · ${state.moves.length}/${state.halfMoveLimit} · ${formatClock(used[0])} | ${formatClock(used[1])}`;
	return (
		<Text wrap="truncate-end">
			<Text bold>{turn}</Text>
			{' · '}
			<Text color="blueBright">Blue {pos.count[0]}</Text>
			{' · '}
			<Text color="redBright">Red {pos.count[1]}</Text>
			{head.length + long.length <= columns ? long : short}
		</Text>
	);
}
