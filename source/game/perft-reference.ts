/**
 * Perft: the number of leaf positions reached by all legal move sequences of a given length
 * (docs/rules.md, "Perft"). A tool to check move generation against published counts.
 *
 * Conventions: clones counted once per destination (Ataxx's, the default) or once per
 * (from, to) pair (as the old client listed them); jumps once per pair. A finished game has no
 * children. Under Ataxx rules a side with no move (while the game goes on) has one child: the pass.
 * This is the simple reference implementation (the per-cell generator of `movegen-reference.ts`,
 * copy-make of `make-move.ts`); `perft.ts` counts with the compiled kernel and tests compare them.
 */

import { gameEnd, type Variant } from './game-over.js';
import { makeMove } from './make-move.js';
import { PASS } from './move.js';
import { MAX_MOVES, type MoveListing } from './movegen.js';
import { referenceGenerateMoves } from './movegen-reference.js';
import { emptyPosition, type Position } from './position.js';

/** Options of a perft count. */
export interface ReferencePerftOptions {
	/** Clones by destination (default) or by (from, to) pair. */
	readonly listing?: MoveListing;
	/** Blob War (default) or Ataxx rules. */
	readonly variant?: Variant;
}

/**
 * perft(depth) from a position.
 * @param depth plies, >= 0
 */
export function referencePerft(pos: Position, depth: number, options: ReferencePerftOptions = {}): number {
	const listing = options.listing ?? 'by-destination';
	const variant = options.variant ?? 'blobwar';
	const stack: Position[] = [];
	const lists: Int32Array[] = [];
	for (let i = 0; i <= depth; i++) {
		stack.push(emptyPosition(pos.geometry));
		lists.push(new Int32Array(MAX_MOVES));
	}
	const walk = (p: Position, d: number): number => {
		if (d === 0) return 1;
		const moves = lists[d];
		let n: number;
		if (variant === 'ataxx') {
			if (gameEnd(p, 'ataxx') !== null) return 0;
			n = referenceGenerateMoves(p, moves, listing);
			if (n === 0) moves[n++] = PASS;
		} else {
			n = referenceGenerateMoves(p, moves, listing);
		}
		if (d === 1) return n;
		const child = stack[d];
		let total = 0;
		for (let i = 0; i < n; i++) {
			makeMove(p, moves[i], child);
			total += walk(child, d - 1);
		}
		return total;
	};
	return walk(pos, depth);
}
