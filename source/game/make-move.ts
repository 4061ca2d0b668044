/**
 * Making a move: copy-make from a source position into a destination position, without
 * allocating (the search keeps one destination per ply).
 *
 * The move is assumed legal (`movegen.ts` states the rule); making an illegal move gives a
 * position that breaks the invariants.
 */

import { cellDistance } from './geometry.js';
import { moveFrom, moveTo, PASS, type Move } from './move.js';
import { clonePosition, copyPosition, type Position } from './position.js';
import {
	ZOBRIST_FLIP_HI,
	ZOBRIST_FLIP_LO,
	ZOBRIST_HI,
	ZOBRIST_LO,
	ZOBRIST_SIDE_HI,
	ZOBRIST_SIDE_LO,
} from './zobrist.js';

/**
 * Plays `move` on `src` and writes the resulting position into `dst` (which may be `src`).
 * Clone: a new blob on `to`; jump: the blob leaves `from`; then every opponent blob among the
 * 8 neighbours of `to` changes colour; then the other side is to move. The Ataxx clock is reset
 * by a clone and counts up on a jump or a pass.
 * @param move a legal move of `src.side`, or `PASS`
 */
export function makeMove(src: Position, move: Move, dst: Position): void {
	if (dst !== src) copyPosition(src, dst);
	const g = dst.geometry;
	const W = g.words;
	const me = dst.side;
	const them = me ^ 1;
	const bb = dst.bb;
	if (move !== PASS) {
		const from = moveFrom(move);
		const to = moveTo(move);
		const mine = me * W;
		const theirs = them * W;
		bb[mine + g.cellWord[to]] |= g.cellBit[to];
		dst.keyLo ^= ZOBRIST_LO[me * 256 + to];
		dst.keyHi ^= ZOBRIST_HI[me * 256 + to];
		if (from !== to && cellDistance(g, from, to) === 2) {
			bb[mine + g.cellWord[from]] &= ~g.cellBit[from];
			dst.keyLo ^= ZOBRIST_LO[me * 256 + from];
			dst.keyHi ^= ZOBRIST_HI[me * 256 + from];
			dst.clock++;
		} else {
			dst.count[me]++;
			dst.clock = 0;
		}
		let captured = 0;
		for (let w = 0; w < W; w++) {
			let cap = bb[theirs + w] & g.neighbours[to * W + w];
			if (cap === 0) continue;
			bb[theirs + w] ^= cap;
			bb[mine + w] |= cap;
			while (cap !== 0) {
				const b = 31 - Math.clz32(cap & -cap);
				cap &= cap - 1;
				const cell = g.bitCell[w * 32 + b];
				dst.keyLo ^= ZOBRIST_FLIP_LO[cell];
				dst.keyHi ^= ZOBRIST_FLIP_HI[cell];
				captured++;
			}
		}
		dst.count[me] += captured;
		dst.count[them] -= captured;
	} else {
		dst.clock++;
	}
	dst.side = them as 0 | 1;
	dst.keyLo ^= ZOBRIST_SIDE_LO;
	dst.keyHi ^= ZOBRIST_SIDE_HI;
}

/** Plays a move and returns the new position, leaving `pos` as it was. */
export function playMove(pos: Position, move: Move): Position {
	const next = clonePosition(pos);
	makeMove(pos, move, next);
	return next;
}
