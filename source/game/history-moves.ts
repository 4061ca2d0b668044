/**
 * The moves between consecutive positions of a game, for histories that store positions only
 * (the old graphical client's board files keep whole boards, not moves).
 */

import { playMove } from './make-move.js';
import { pseudolegalMoves } from './movegen.js';
import { type Move } from './move.js';
import { type Position, samePosition } from './position.js';

/**
 * The legal move that leads from `before` to `after`. Two clones from different sources to the
 * same cell give the same position: the first source in cell order is named.
 * @returns the move (clones keep their source), or null if no legal move does it
 */
export function moveBetween(before: Position, after: Position): Move | null {
	if (before.geometry !== after.geometry) return null;
	for (const move of pseudolegalMoves(before, 'pairs')) {
		if (samePosition(playMove(before, move), after)) return move;
	}
	return null;
}

/**
 * The moves along a list of positions, oldest first.
 * @returns `positions.length - 1` moves, or null if some step is not a legal move
 */
export function movesAlong(positions: readonly Position[]): Move[] | null {
	const moves: Move[] = [];
	for (let i = 1; i < positions.length; i++) {
		const move = moveBetween(positions[i - 1], positions[i]);
		if (move === null) return null;
		moves.push(move);
	}
	return moves;
}
