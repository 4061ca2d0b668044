/**
 * A Blob War position: the blobs of each side on a board geometry, the side to move, blob
 * counts, an incremental Zobrist key and the Ataxx half-move clock.
 *
 * Positions are plain objects over typed arrays so that the search can copy-make them into a
 * preallocated stack without allocating. Code outside the search treats them as immutable.
 */

import { popcountWords } from './bitboard.js';
import { type Geometry, geometryOf } from './geometry.js';
import { ZOBRIST_HI, ZOBRIST_LO, ZOBRIST_SIDE_HI, ZOBRIST_SIDE_LO } from './zobrist.js';

/** Blue moves first; `x` in Ataxx FEN. */
export const BLUE = 0;
/** Red moves second; `o` in Ataxx FEN. */
export const RED = 1;
/** A side: 0 Blue, 1 Red. */
export type Side = 0 | 1;

/** What a cell holds, as in a board file: `B` Blue, `R` Red, `.` empty, `X` hole. */
export type CellChar = 'B' | 'R' | '.' | 'X';

/** A position. See the module comment. */
export interface Position {
	readonly geometry: Geometry;
	/** Blobs: Blue's `words` words at [0, words), Red's at [words, 2 * words). */
	readonly bb: Int32Array;
	/** Side to move. */
	side: Side;
	/** Blob counts: `count[BLUE]`, `count[RED]`. */
	readonly count: Int32Array;
	/** Zobrist key, low and high 32 bits. */
	keyLo: number;
	keyHi: number;
	/** Half-moves since the last clone (Ataxx's 50-move-like clock); Blob War ignores it. */
	clock: number;
}

/** An empty position (no blobs, Blue to move) on a geometry. */
export function emptyPosition(geometry: Geometry): Position {
	return {
		geometry,
		bb: new Int32Array(2 * geometry.words),
		side: BLUE,
		count: new Int32Array(2),
		keyLo: 0,
		keyHi: 0,
		clock: 0,
	};
}

/** Copies `src` into `dst` (same geometry) without allocating. */
export function copyPosition(src: Position, dst: Position): void {
	dst.bb.set(src.bb);
	dst.side = src.side;
	dst.count[0] = src.count[0];
	dst.count[1] = src.count[1];
	dst.keyLo = src.keyLo;
	dst.keyHi = src.keyHi;
	dst.clock = src.clock;
}

/** A fresh copy of a position. */
export function clonePosition(src: Position): Position {
	const dst = emptyPosition(src.geometry);
	copyPosition(src, dst);
	return dst;
}

/** What cell `cell` holds. */
export function cellAt(pos: Position, cell: number): CellChar {
	const g = pos.geometry;
	if (g.isHole[cell]) return 'X';
	const w = g.cellWord[cell];
	const bit = g.cellBit[cell];
	if (pos.bb[w] & bit) return 'B';
	if (pos.bb[g.words + w] & bit) return 'R';
	return '.';
}

/**
 * Puts a blob of `side` on an empty playable cell, updating counts and key.
 * Used to set up positions, not by the search.
 */
export function putBlob(pos: Position, side: Side, cell: number): void {
	const g = pos.geometry;
	pos.bb[side * g.words + g.cellWord[cell]] |= g.cellBit[cell];
	pos.count[side]++;
	pos.keyLo ^= ZOBRIST_LO[side * 256 + cell];
	pos.keyHi ^= ZOBRIST_HI[side * 256 + cell];
}

/** Sets the side to move, updating the key. */
export function setSide(pos: Position, side: Side): void {
	if (pos.side !== side) {
		pos.side = side;
		pos.keyLo ^= ZOBRIST_SIDE_LO;
		pos.keyHi ^= ZOBRIST_SIDE_HI;
	}
}

/**
 * Builds a position from rows of cell characters (`B`, `R`, `.`, `X`), as in a board file.
 * @param grid `geometry.rows` strings of `geometry.cols` characters; holes must match the geometry
 * @throws Error if the grid does not fit the geometry (callers validate user input first)
 */
export function positionFromGrid(geometry: Geometry, grid: readonly string[], side: Side = BLUE): Position {
	const pos = emptyPosition(geometry);
	for (let r = 0; r < geometry.rows; r++) {
		for (let c = 0; c < geometry.cols; c++) {
			const cell = r * geometry.cols + c;
			const ch = grid[r]?.[c];
			if ((ch === 'X') !== (geometry.isHole[cell] === 1))
				throw new Error(`cell (${r},${c}): grid and geometry disagree on a hole`);
			if (ch === 'B') putBlob(pos, BLUE, cell);
			else if (ch === 'R') putBlob(pos, RED, cell);
			else if (ch !== '.' && ch !== 'X') throw new Error(`cell (${r},${c}): unexpected ${JSON.stringify(ch)}`);
		}
	}
	setSide(pos, side);
	return pos;
}

/** The rows of a position as strings of `B`, `R`, `.`, `X`. */
export function positionToGrid(pos: Position): string[] {
	const g = pos.geometry;
	const out: string[] = [];
	for (let r = 0; r < g.rows; r++) {
		let line = '';
		for (let c = 0; c < g.cols; c++) line += cellAt(pos, r * g.cols + c);
		out.push(line);
	}
	return out;
}

/**
 * The Zobrist key of a position computed from scratch, as `[lo, hi]`; equals the incremental
 * `keyLo`/`keyHi` of a consistent position.
 */
export function computeKey(pos: Position): [number, number] {
	const g = pos.geometry;
	let lo = 0;
	let hi = 0;
	for (let cell = 0; cell < g.cells; cell++) {
		const ch = cellAt(pos, cell);
		const side = ch === 'B' ? 0 : ch === 'R' ? 1 : -1;
		if (side < 0) continue;
		lo ^= ZOBRIST_LO[side * 256 + cell];
		hi ^= ZOBRIST_HI[side * 256 + cell];
	}
	if (pos.side === RED) {
		lo ^= ZOBRIST_SIDE_LO;
		hi ^= ZOBRIST_SIDE_HI;
	}
	return [lo, hi];
}

/** Number of empty playable cells. */
export function emptyCount(pos: Position): number {
	return pos.geometry.playableCount - pos.count[0] - pos.count[1];
}

/** Recounts the blobs from the bitboards (for checks; the search uses `count`). */
export function recount(pos: Position): [number, number] {
	const w = pos.geometry.words;
	return [popcountWords(pos.bb, 0, w), popcountWords(pos.bb, w, w)];
}

/** The opponent of a side. */
export function opponent(side: Side): Side {
	return (side ^ 1) as Side;
}

/** Name of a side for people: `Blue` or `Red`. */
export function sideName(side: Side): string {
	return side === BLUE ? 'Blue' : 'Red';
}

/** True if two positions hold the same blobs and side to move. */
export function samePosition(a: Position, b: Position): boolean {
	if (a.geometry !== b.geometry || a.side !== b.side) return false;
	for (let i = 0; i < a.bb.length; i++) if (a.bb[i] !== b.bb[i]) return false;
	return true;
}

/** A position as plain data, to send to another thread or process. */
export interface PositionData {
	readonly rows: number;
	readonly cols: number;
	/** `rows * cols` characters of `B`, `R`, `.`, `X`, row after row. */
	readonly cells: string;
	readonly side: Side;
	readonly clock: number;
}

/** The plain data of a position. */
export function positionToData(pos: Position): PositionData {
	const g = pos.geometry;
	return { rows: g.rows, cols: g.cols, cells: positionToGrid(pos).join(''), side: pos.side, clock: pos.clock };
}

/** A position from its plain data (trusted: made by `positionToData`). */
export function positionFromData(data: PositionData): Position {
	const holes: number[] = [];
	for (let i = 0; i < data.cells.length; i++) if (data.cells[i] === 'X') holes.push(i);
	const grid: string[] = [];
	for (let r = 0; r < data.rows; r++) grid.push(data.cells.slice(r * data.cols, (r + 1) * data.cols));
	const pos = positionFromGrid(geometryOf(data.rows, data.cols, holes), grid, data.side);
	pos.clock = data.clock;
	return pos;
}
