/**
 * The principal variation: the line the search expects, kept in a triangular table (row `ply`
 * holds the line from `ply` on), so that each node copies its best child's line after its move
 * without allocating (Marsland, "A review of game-tree pruning", ICCA Journal 9(1), 1986).
 */

import { type Move } from '../game/move.js';
import { MAX_PLY } from './score.js';

/** The triangular PV table of one search thread. */
export class PrincipalVariation {
	private readonly table = new Int32Array(MAX_PLY * MAX_PLY);
	private readonly length = new Int32Array(MAX_PLY + 1);

	/** Empties the line at `ply` (a node starts with no line). */
	clear(ply: number): void {
		this.length[ply] = 0;
	}

	/** The line at `ply` is `move` alone (a table hit or a shared move: the rest is not known here). */
	setMove(ply: number, move: Move): void {
		this.table[ply * MAX_PLY] = move;
		this.length[ply] = 1;
	}

	/** The line at `ply` is `move` followed by the line of the child. */
	update(ply: number, move: Move): void {
		const table = this.table;
		const row = ply * MAX_PLY;
		const childRow = (ply + 1) * MAX_PLY;
		table[row] = move;
		const childLength = this.length[ply + 1];
		for (let i = 0; i < childLength; i++) table[row + 1 + i] = table[childRow + i];
		this.length[ply] = childLength + 1;
	}

	/** A copy of the line at `ply`. */
	line(ply: number): Move[] {
		return Array.from(this.table.subarray(ply * MAX_PLY, ply * MAX_PLY + this.length[ply]));
	}
}
