/**
 * Opening books for matches and training games: every position a board's start reaches after a
 * fixed number of half-moves, each once, as FENs (the format `blobterm match --openings` reads).
 *
 * Self-play at a fixed depth is deterministic, so the variety of a match or of a training set
 * comes from its openings alone: two-ply openings for measurements (as Ataxx testers use them),
 * a seeded sample of deeper ones for training games.
 */

import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { formatFen } from '../game/fen.js';
import { gameEnd, type Variant } from '../game/game-over.js';
import { playMove } from '../game/make-move.js';
import { pseudolegalMoves } from '../game/movegen.js';
import { PASS } from '../game/move.js';
import { type Position } from '../game/position.js';

/**
 * The distinct positions `plies` half-moves after `start` (clones by destination, every jump),
 * leaving out those where the game is over, as FENs in the order a depth-first walk meets them
 * (moves in generation order). A side with no move passes under Ataxx rules; under Blob War
 * rules such a line ends the game and is left out.
 * @param plies half-moves, 0..6 (the count grows about sixteenfold per ply on 7x7)
 * @throws RangeError for plies outside 0..6
 */
export function openingFens(start: Position, plies: number, variant: Variant = 'blobwar'): string[] {
	if (!Number.isInteger(plies) || plies < 0 || plies > 6)
		throw new RangeError(`plies must be a whole number from 0 to 6, got ${plies}`);
	const seen = new Set<string>();
	const out: string[] = [];
	const walk = (pos: Position, left: number) => {
		if (gameEnd(pos, variant) !== null) return;
		if (left === 0) {
			const fen = formatFen(pos);
			if (!seen.has(fen)) {
				seen.add(fen);
				out.push(fen);
			}
			return;
		}
		const moves = pseudolegalMoves(pos);
		if (moves.length === 0) {
			if (variant === 'ataxx') walk(playMove(pos, PASS), left - 1);
			return;
		}
		for (const move of moves) walk(playMove(pos, move), left - 1);
	};
	walk(start, plies);
	return out;
}

/**
 * `count` items of `items` drawn without replacement by a seeded generator (xoroshiro128+, a
 * partial Fisher-Yates shuffle), in the order drawn; all of them, shuffled, if `count` is larger.
 */
export function sample<T>(items: readonly T[], count: number, seed: number): T[] {
	const rng = xoroshiro128plus(seed | 0);
	const pool = [...items];
	const n = Math.min(count, pool.length);
	for (let i = 0; i < n; i++) {
		const j = uniformInt(rng, i, pool.length - 1);
		[pool[i], pool[j]] = [pool[j], pool[i]];
	}
	return pool.slice(0, n);
}
