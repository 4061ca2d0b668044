/**
 * The moves so far with their numbers, one line per full move (`12. (0,0) > (1,1)  (6,6) > (5,5)`),
 * the last `maxLines` lines, and how many moves taken back redo can replay. When engines report
 * their searches, one half-move a line with the mover's score and depth.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { sideName } from '../../game/position.js';
import { type PlayedMove } from '../../match/game.js';
import { reportText } from '../../match/move-report.js';
import { useGameView } from '../game-context.js';

/** The move list lines of a game: numbered full moves (a game that starts with Red to move opens with `1. ...`). */
export function moveListLines(texts: readonly string[], redFirst: boolean): string[] {
	const lines: string[] = [];
	const offset = redFirst ? 1 : 0;
	for (let i = -offset; i < texts.length; i += 2) {
		const first = i >= 0 ? texts[i] : '...';
		const second = texts[i + 1] ?? '';
		lines.push(`${String(Math.floor((i + offset) / 2) + 1).padStart(3)}. ${first.padEnd(14)} ${second}`.trimEnd());
	}
	return lines;
}

/**
 * The move list lines of a game whose engines report: one half-move a line, numbered as in plain
 * mode, with the mover's score and depth (`12. Red (3,4) > (2,5)  +1.25/12`).
 */
export function reportedMoveLines(moves: readonly PlayedMove[]): string[] {
	return moves.map((m, i) => {
		const report = reportText(m.report);
		return `${String(i + 1).padStart(3)}. ${sideName(m.side).padEnd(4)} ${m.text}${report ? `  ${report}` : ''}`;
	});
}

/** The move list panel: a header and at most `maxLines` lines under it. */
export function MoveList({ maxLines }: { maxLines: number }) {
	const { state } = useGameView();
	const redo = state.redo.length;
	const room = Math.max(1, maxLines - (redo > 0 ? 1 : 0));
	const lines = state.moves.some((m) => m.report?.score !== undefined)
		? reportedMoveLines(state.moves)
		: moveListLines(
				state.moves.map((m) => m.text),
				state.positions[0].side === 1,
			);
	const shown = lines.slice(-room);
	const hidden = lines.length - shown.length;
	return (
		<Box flexDirection="column">
			<Text bold wrap="truncate-end">{`Moves${hidden > 0 ? ` (${hidden} earlier lines not shown)` : ''}`}</Text>
			{shown.length === 0 ? (
				<Text dimColor>{'  none yet'}</Text>
			) : (
				shown.map((line, i) => (
					<Text key={i} wrap="truncate-end">
						{line}
					</Text>
				))
			)}
			{redo > 0 && maxLines > 1 ? (
				<Text dimColor wrap="truncate-end">{`  ${redo} taken back: r replays`}</Text>
			) : null}
		</Box>
	);
}
