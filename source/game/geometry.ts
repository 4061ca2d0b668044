/**
 * Board geometry: the shape of an m x n board with holes, and the bitboard layout on it.
 *
 * Layout: a board of `rows` x `cols` cells (each 1..16) is stored in 32-bit words holding whole
 * rows: `rowsPerWord = floor(32 / cols)` rows per word, `words = ceil(rows / rowsPerWord)` words.
 * Cell (r, c) has index `r * cols + c`, lives in word `floor(r / rowsPerWord)` at bit
 * `(r % rowsPerWord) * cols + c`. A 7x7 or 8x8 board takes 2 words, 16x16 takes 8.
 * Bits outside the board are always 0.
 */

import { popcountWords } from './bitboard.js';

/** Largest number of rows or columns a board may have. */
export const MAX_SIDE = 16;

/** The shape of a board and precomputed masks. Immutable; shared by all positions on it. */
export interface Geometry {
	/** Number of rows (m), 1..16. */
	readonly rows: number;
	/** Number of columns (n), 1..16. */
	readonly cols: number;
	/** rows * cols. */
	readonly cells: number;
	/** Whole rows stored in one 32-bit word. */
	readonly rowsPerWord: number;
	/** Words per bitboard. */
	readonly words: number;
	/** Mask of the cells that are not holes (`words` words). */
	readonly playable: Int32Array;
	/** Number of cells that are not holes. */
	readonly playableCount: number;
	/** `isHole[cell]` is 1 for a hole. */
	readonly isHole: Uint8Array;
	/** Word index of each cell. */
	readonly cellWord: Uint8Array;
	/** Single-bit mask of each cell within its word. */
	readonly cellBit: Int32Array;
	/** Row and column of each cell. */
	readonly cellRow: Uint8Array;
	readonly cellCol: Uint8Array;
	/** Cell index of bit `b` of word `w` at `[w * 32 + b]`, or -1 outside the board. */
	readonly bitCell: Int16Array;
	/**
	 * Playable cells at Chebyshev distance 1 of each cell: `words` words per cell, at
	 * `[cell * words .. cell * words + words)`.
	 */
	readonly neighbours: Int32Array;
	/** Playable cells at Chebyshev distance exactly 2 of each cell, same shape as `neighbours`. */
	readonly jumps: Int32Array;
	/** A string that identifies the shape and its holes, e.g. `7x7:` or `5x6:7,10,...`. */
	readonly id: string;
}

const cache = new Map<string, Geometry>();

/**
 * The geometry of a `rows` x `cols` board with the given hole cells. Cached by shape.
 * @param holes cell indices (r * cols + c) of the holes
 * @throws RangeError if a side is outside 1..16 or a hole index is off the board
 */
export function geometryOf(rows: number, cols: number, holes: Iterable<number> = []): Geometry {
	if (
		!Number.isInteger(rows) ||
		!Number.isInteger(cols) ||
		rows < 1 ||
		cols < 1 ||
		rows > MAX_SIDE ||
		cols > MAX_SIDE
	) {
		throw new RangeError(`board size ${rows} x ${cols} is outside 1 x 1 .. ${MAX_SIDE} x ${MAX_SIDE}`);
	}
	const cells = rows * cols;
	const holeList = [...new Set(holes)].sort((a, b) => a - b);
	for (const h of holeList) {
		if (!Number.isInteger(h) || h < 0 || h >= cells)
			throw new RangeError(`hole ${h} is off a ${rows} x ${cols} board`);
	}
	const id = `${rows}x${cols}:${holeList.join(',')}`;
	const cached = cache.get(id);
	if (cached) return cached;

	const rowsPerWord = Math.floor(32 / cols);
	const words = Math.ceil(rows / rowsPerWord);
	const isHole = new Uint8Array(cells);
	for (const h of holeList) isHole[h] = 1;
	const cellWord = new Uint8Array(cells);
	const cellBit = new Int32Array(cells);
	const cellRow = new Uint8Array(cells);
	const cellCol = new Uint8Array(cells);
	const bitCell = new Int16Array(words * 32).fill(-1);
	const playable = new Int32Array(words);
	for (let r = 0; r < rows; r++) {
		for (let c = 0; c < cols; c++) {
			const cell = r * cols + c;
			const w = Math.floor(r / rowsPerWord);
			const b = (r % rowsPerWord) * cols + c;
			cellWord[cell] = w;
			cellBit[cell] = 1 << b;
			cellRow[cell] = r;
			cellCol[cell] = c;
			bitCell[w * 32 + b] = cell;
			if (!isHole[cell]) playable[w] |= 1 << b;
		}
	}
	const neighbours = new Int32Array(cells * words);
	const jumps = new Int32Array(cells * words);
	for (let cell = 0; cell < cells; cell++) {
		const r0 = cellRow[cell];
		const c0 = cellCol[cell];
		for (let dr = -2; dr <= 2; dr++) {
			for (let dc = -2; dc <= 2; dc++) {
				const r = r0 + dr;
				const c = c0 + dc;
				if (r < 0 || c < 0 || r >= rows || c >= cols) continue;
				const other = r * cols + c;
				if (isHole[other]) continue;
				const distance = Math.max(Math.abs(dr), Math.abs(dc));
				if (distance === 1) neighbours[cell * words + cellWord[other]] |= cellBit[other];
				else if (distance === 2) jumps[cell * words + cellWord[other]] |= cellBit[other];
			}
		}
	}
	const geometry: Geometry = {
		rows,
		cols,
		cells,
		rowsPerWord,
		words,
		playable,
		playableCount: popcountWords(playable, 0, words),
		isHole,
		cellWord,
		cellBit,
		cellRow,
		cellCol,
		bitCell,
		neighbours,
		jumps,
		id,
	};
	cache.set(id, geometry);
	return geometry;
}

/** Chebyshev distance between two cells of a geometry. */
export function cellDistance(g: Geometry, a: number, b: number): number {
	return Math.max(Math.abs(g.cellRow[a] - g.cellRow[b]), Math.abs(g.cellCol[a] - g.cellCol[b]));
}
