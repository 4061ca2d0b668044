/**
 * Perft: the number of leaf positions reached by all legal move sequences of a given length
 * (docs/rules.md, "Perft"), counted by the compiled kernel of the board shape (`shape-kernel.ts`).
 *
 * Conventions: clones counted once per destination (Ataxx's, the default) or once per
 * (from, to) pair (as the old client listed them); jumps once per pair. A finished game has no
 * children. Under Ataxx rules a side with no move (while the game goes on) has one child: the
 * pass. Bulk counting counts the moves at depth 1 without making them; `made` makes every leaf.
 * `perft-reference.ts` is the plain version these counts are tested against.
 */

import { type Variant } from './game-over.js';
import { generateLegalMoves } from './legal-moves.js';
import { makeMove } from './make-move.js';
import { type Move } from './move.js';
import { MAX_MOVES, type MoveListing } from './movegen.js';
import { emptyPosition, type Position } from './position.js';
import { shapeKernel } from './shape-kernel.js';

/** Options of a perft count. */
export interface PerftOptions {
	/** Clones by destination (default) or by (from, to) pair. */
	readonly listing?: MoveListing;
	/** Blob War (default) or Ataxx rules. */
	readonly variant?: Variant;
	/** Make every leaf instead of counting the last ply's moves (default false: bulk). */
	readonly made?: boolean;
}

/**
 * perft(depth) from a position.
 * @param depth plies, >= 0
 */
export function perft(pos: Position, depth: number, options: PerftOptions = {}): number {
	const kernel = shapeKernel(pos.geometry);
	const pairs = options.listing === 'pairs';
	const made = options.made ?? false;
	if (options.variant === 'ataxx') return kernel.perftAtaxx(pos.bb, pos.side, pos.clock, depth, pairs, made);
	return kernel.perft(pos.bb, pos.side, depth, pairs, made);
}

/**
 * perft split by root move: `[move, count]` for each legal root move (or the pass), in
 * generation order; their sum is perft(depth).
 * @param depth plies, >= 1
 */
export function perftDivide(pos: Position, depth: number, options: PerftOptions = {}): Array<[Move, number]> {
	const moves = new Int32Array(MAX_MOVES);
	const n = generateLegalMoves(pos, moves, options.listing ?? 'by-destination', { variant: options.variant });
	const child = emptyPosition(pos.geometry);
	const out: Array<[Move, number]> = [];
	for (let i = 0; i < n; i++) {
		makeMove(pos, moves[i], child);
		out.push([moves[i], perft(child, depth - 1, options)]);
	}
	return out;
}
