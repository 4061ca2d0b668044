/**
 * Plain minimax (negamax without pruning), the reference value the searches are tested against.
 * It uses the public rules only: legal moves, playMove, the end-of-game rule.
 */

import { gameEnd, type Variant } from '../../source/game/game-over.js';
import { playMove } from '../../source/game/make-move.js';
import { PASS } from '../../source/game/move.js';
import { pseudolegalMoves, sideHasMove } from '../../source/game/movegen.js';
import { cellDistance } from '../../source/game/geometry.js';
import { cellAt, type Position } from '../../source/game/position.js';
import { SCALE, terminalScore } from '../../source/search/score.js';

/**
 * Exposure, counted cell by cell: the other side's blobs next to an empty cell minus the side
 * to move's (the engine's positional term, `search/evaluate.ts`).
 */
export function exposure(pos: Position): number {
	const g = pos.geometry;
	let total = 0;
	for (let cell = 0; cell < g.cells; cell++) {
		const ch = cellAt(pos, cell);
		if (ch !== 'B' && ch !== 'R') continue;
		let open = false;
		for (let other = 0; other < g.cells && !open; other++)
			open = cellDistance(g, cell, other) === 1 && cellAt(pos, other) === '.';
		if (open) total += (ch === 'B') === (pos.side === 0) ? -1 : 1;
	}
	return total;
}

/**
 * The negamax value of `pos` searched `depth` plies, with the engine's conventions: finished
 * games score exactly (`terminalScore`, with the fill rule), other leaves by blob difference
 * plus `exposureWeight` times the exposure, or by `exposureWeight(leaf)` when it is a function.
 * @param halfMovesLeft the half-move limit from `pos`
 */
export function minimax(
	pos: Position,
	depth: number,
	halfMovesLeft = Infinity,
	variant: Variant = 'blobwar',
	ply = 0,
	exposureWeight: number | ((leaf: Position) => number) = 0,
): number {
	const end = gameEnd(pos, variant, halfMovesLeft - ply);
	if (end) {
		const mine = pos.side === 0 ? end.blue : end.red;
		const theirs = pos.side === 0 ? end.red : end.blue;
		return terminalScore(mine, theirs, ply);
	}
	if (depth === 0) {
		if (typeof exposureWeight === 'function') return exposureWeight(pos);
		return SCALE * (pos.count[pos.side] - pos.count[pos.side ^ 1]) + exposureWeight * exposure(pos);
	}
	const moves = pseudolegalMoves(pos);
	if (moves.length === 0 && variant === 'ataxx' && sideHasMove(pos, (pos.side ^ 1) as 0 | 1)) moves.push(PASS);
	let best = -Infinity;
	for (const move of moves)
		best = Math.max(
			best,
			-minimax(playMove(pos, move), depth - 1, halfMovesLeft, variant, ply + 1, exposureWeight),
		);
	return best || 0; // a draw is 0, never -0
}

/**
 * True if a position of the tree searched to `depth` stands at two different plies among the
 * nodes that still have plies to go (0 .. depth - 1). A transposition table then legitimately
 * gives the later one the value of a deeper search (entries are used at any depth at least the
 * one needed), which is not the fixed-depth minimax value; the exactness tests leave those out.
 */
export function transposesAcrossDepths(
	pos: Position,
	depth: number,
	halfMovesLeft = Infinity,
	variant: Variant = 'blobwar',
): boolean {
	const plyOf = new Map<string, number>();
	const walk = (p: Position, ply: number): boolean => {
		if (ply >= depth || gameEnd(p, variant, halfMovesLeft - ply)) return false;
		const key = `${p.keyLo},${p.keyHi}`;
		const seen = plyOf.get(key);
		if (seen !== undefined && seen !== ply) return true;
		plyOf.set(key, ply);
		const moves = pseudolegalMoves(p);
		if (moves.length === 0 && variant === 'ataxx') moves.push(PASS);
		return moves.some((move) => walk(playMove(p, move), ply + 1));
	};
	return walk(pos, 0);
}
