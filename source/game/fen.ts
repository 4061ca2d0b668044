/**
 * Ataxx FEN (docs/uai.md): `x5o/7/7/7/7/7/o5x x 0 1`.
 *
 * Ranks from the top (rank 7 on a 7x7 board, board row 0) down, separated by `/`: `x` a Blue
 * blob (moves first), `o` a Red blob, `-` a hole, a number a run of empty cells. Then the side to
 * move (`x` or `o`), the half-move clock and the full-move number (both optional on input).
 * Any board up to 16 x 16 is accepted; UAI itself is used on 7x7.
 */

import { geometryOf, MAX_SIDE } from './geometry.js';
import { BLUE, cellAt, positionFromGrid, type Position, RED } from './position.js';
import { quote, UserError } from './user-error.js';

/** FEN of the 7x7 Ataxx start position. */
export const ATAXX_START_FEN = 'x5o/7/7/7/7/7/o5x x 0 1';

/** A FEN that cannot be read. */
export class FenError extends UserError {
	constructor(
		readonly fen: string,
		detail: string,
	) {
		super(`bad FEN ${quote(fen)}: ${detail}`);
	}
}

/** A position read from FEN, with its full-move number. */
export interface FenPosition {
	readonly position: Position;
	readonly fullMoves: number;
}

/**
 * Reads an Ataxx FEN.
 * @throws FenError naming what is wrong
 */
export function parseFen(fen: string): FenPosition {
	const fields = fen.trim().split(/\s+/);
	if (fields.length < 1 || fields[0] === '' || fields.length > 4)
		throw new FenError(fen, 'expected "RANKS SIDE [CLOCK [FULLMOVES]]"');
	const ranks = fields[0].split('/');
	if (ranks.length > MAX_SIDE) throw new FenError(fen, `more than ${MAX_SIDE} ranks`);
	const grid: string[] = [];
	for (const [i, rank] of ranks.entries()) {
		let row = '';
		for (let k = 0; k < rank.length; k++) {
			const ch = rank[k];
			if (ch >= '0' && ch <= '9') {
				let digits = ch;
				while (k + 1 < rank.length && rank[k + 1] >= '0' && rank[k + 1] <= '9') digits += rank[++k];
				const run = Number(digits);
				if (run < 1 || run > MAX_SIDE)
					throw new FenError(fen, `rank ${i + 1} from the top: bad run of empty cells ${quote(digits)}`);
				row += '.'.repeat(run);
			} else if (ch === 'x' || ch === 'X' || ch === 'b' || ch === 'B') row += 'B';
			else if (ch === 'o' || ch === 'O' || ch === 'w' || ch === 'W') row += 'R';
			else if (ch === '-') row += 'X';
			else
				throw new FenError(
					fen,
					`rank ${i + 1} from the top: unexpected ${JSON.stringify(ch)} (expected x, o, -, or a digit)`,
				);
		}
		grid.push(row);
	}
	const cols = grid[0].length;
	if (cols < 1 || cols > MAX_SIDE) throw new FenError(fen, `ranks of ${cols} cells (expected 1 to ${MAX_SIDE})`);
	for (const [i, row] of grid.entries()) {
		if (row.length !== cols)
			throw new FenError(fen, `rank ${i + 1} from the top has ${row.length} cells, the first has ${cols}`);
	}
	const sideField = fields[1] ?? 'x';
	let side: 0 | 1;
	if (sideField === 'x' || sideField === 'b') side = BLUE;
	else if (sideField === 'o' || sideField === 'w') side = RED;
	else throw new FenError(fen, `side to move ${quote(sideField)} (expected x or o)`);
	const clock = fields[2] === undefined ? 0 : Number(fields[2]);
	if (!Number.isInteger(clock) || clock < 0)
		throw new FenError(fen, `half-move clock ${quote(fields[2])} (expected an integer >= 0)`);
	const fullMoves = fields[3] === undefined ? 1 : Number(fields[3]);
	if (!Number.isInteger(fullMoves) || fullMoves < 1)
		throw new FenError(fen, `full-move number ${quote(fields[3])} (expected an integer >= 1)`);
	const holes: number[] = [];
	grid.forEach((row, r) => {
		for (let c = 0; c < cols; c++) if (row[c] === 'X') holes.push(r * cols + c);
	});
	const position = positionFromGrid(geometryOf(grid.length, cols, holes), grid, side);
	position.clock = clock;
	return { position, fullMoves };
}

/** The FEN of a position. */
export function formatFen(pos: Position, fullMoves = 1): string {
	const g = pos.geometry;
	const ranks: string[] = [];
	for (let r = 0; r < g.rows; r++) {
		let rank = '';
		let run = 0;
		for (let c = 0; c < g.cols; c++) {
			const ch = cellAt(pos, r * g.cols + c);
			if (ch === '.') {
				run++;
				continue;
			}
			if (run > 0) rank += String(run);
			run = 0;
			rank += ch === 'B' ? 'x' : ch === 'R' ? 'o' : '-';
		}
		if (run > 0) rank += String(run);
		ranks.push(rank);
	}
	return `${ranks.join('/')} ${pos.side === BLUE ? 'x' : 'o'} ${pos.clock} ${fullMoves}`;
}
