/**
 * Perft written apart from `source/game`, to check its counts: a board is a plain array of cell
 * characters (`B`, `R`, `.`, `X`), moves are found by looking at every cell at distance 1 or 2 of
 * every blob, and every child is a fresh copy of the array. Slow and obvious on purpose; it shares
 * no code with the bitboards, the compiled kernel or the reference generator.
 *
 * Blob War rules: Blue moves first; a clone goes to an empty cell at Chebyshev distance 1, a jump
 * to one at distance exactly 2 (the jump empties its source); every opponent blob among the 8
 * neighbours of the destination changes colour. A side with no move ends the game (the fill rule
 * gives the empty cells to the other side; there is no pass), so such a position has no children.
 * Clones are counted once per destination (Ataxx's convention) or once per (from, to) pair.
 */

/** A position: `rows * cols` cells in row order, and the side to move (`B` or `R`). */
export interface CellBoard {
	readonly rows: number;
	readonly cols: number;
	readonly cells: readonly string[];
	readonly side: 'B' | 'R';
}

/** A move as cell indices; `clone` says whether the source keeps its blob. */
interface CellMove {
	readonly from: number;
	readonly to: number;
	readonly clone: boolean;
}

/**
 * Reads the grid of a `.bwb` board file (`ROWS COLUMNS`, then one line per row), Blue to move.
 * @throws Error on anything else (the shipped boards have no history section)
 */
export function readCellBoard(text: string): CellBoard {
	const lines = text
		.split('\n')
		.map((line) => line.trimEnd())
		.filter((line) => line !== '');
	const [rows, cols] = lines[0].split(/\s+/).map(Number);
	const grid = lines.slice(1);
	if (grid.length !== rows || grid.some((line) => line.length !== cols || /[^BR.X]/.test(line)))
		throw new Error(`not a plain ${rows} x ${cols} board`);
	return { rows, cols, cells: grid.join('').split(''), side: 'B' };
}

/** Every move of the side to move; clones once per destination, or once per (from, to) pair. */
function movesOf(board: CellBoard, pairs: boolean): CellMove[] {
	const { rows, cols, cells, side } = board;
	const moves: CellMove[] = [];
	const cloneTargets = new Set<number>();
	for (let from = 0; from < cells.length; from++) {
		if (cells[from] !== side) continue;
		const r = Math.floor(from / cols);
		const c = from % cols;
		for (let dr = -2; dr <= 2; dr++) {
			for (let dc = -2; dc <= 2; dc++) {
				const r2 = r + dr;
				const c2 = c + dc;
				if ((dr === 0 && dc === 0) || r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols) continue;
				const to = r2 * cols + c2;
				if (cells[to] !== '.') continue;
				const clone = Math.max(Math.abs(dr), Math.abs(dc)) === 1;
				if (clone && !pairs) {
					if (cloneTargets.has(to)) continue;
					cloneTargets.add(to);
				}
				moves.push({ from, to, clone });
			}
		}
	}
	return moves;
}

/** The position after a move: the destination and its captured neighbours change hands. */
function play(board: CellBoard, move: CellMove): CellBoard {
	const { rows, cols, side } = board;
	const cells = [...board.cells];
	const other = side === 'B' ? 'R' : 'B';
	cells[move.to] = side;
	if (!move.clone) cells[move.from] = '.';
	const r = Math.floor(move.to / cols);
	const c = move.to % cols;
	for (let dr = -1; dr <= 1; dr++) {
		for (let dc = -1; dc <= 1; dc++) {
			const r2 = r + dr;
			const c2 = c + dc;
			if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols) continue;
			if (cells[r2 * cols + c2] === other) cells[r2 * cols + c2] = side;
		}
	}
	return { rows, cols, cells, side: other };
}

/**
 * perft(depth): the number of positions reached by all legal move sequences of `depth` plies
 * under Blob War rules.
 * @param pairs count clones once per (from, to) pair instead of once per destination
 */
export function cellPerft(board: CellBoard, depth: number, pairs = false): number {
	if (depth === 0) return 1;
	const moves = movesOf(board, pairs);
	if (depth === 1) return moves.length;
	let total = 0;
	for (const move of moves) total += cellPerft(play(board, move), depth - 1, pairs);
	return total;
}
