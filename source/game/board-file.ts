/**
 * Board files (`.bwb`, docs/board-files.md): reading with precise errors, and writing.
 *
 * ```
 * 5 6            <- rows, then columns
 * BB.BBB         <- rows of B (Blue), R (Red), . (empty), X (hole)
 * ...
 *                <- optional history section of the old graphical client:
 * 3 3            <- index maxIndex; the parity of index gives the side to move (odd: Blue)
 * BB.BBB...      <- maxIndex whole boards, one line of rows * cols characters each, oldest first
 * ```
 * CRLF line ends and trailing white space are accepted; anything else is an error that names
 * the file, the line and the column (both 1-based) and says what was expected.
 */

import { geometryOf, MAX_SIDE } from './geometry.js';
import { BLUE, positionFromGrid, positionToGrid, type Position, RED, type Side } from './position.js';
import { UserError } from './user-error.js';

/** Largest history section accepted (positions). */
const MAX_HISTORY = 100_000;

/** A board file that cannot be read: `file:line:column: message`. */
export class BoardFileError extends UserError {
	constructor(
		readonly file: string,
		readonly line: number,
		readonly column: number,
		readonly detail: string,
	) {
		super(`${file}:${line}:${column}: ${detail}`);
	}
}

/** What a board file holds. */
export interface BoardFile {
	/** The position in the grid, with the side to move from the history's parity (Blue without one). */
	readonly position: Position;
	/**
	 * The old client's history, oldest first, each with the side to move of its index's parity;
	 * empty without a history section.
	 */
	readonly history: readonly Position[];
	/** The history's `index` (number of positions up to the current one), 0 without one. */
	readonly historyIndex: number;
}

/**
 * Reads board-file text.
 * @param file the name used in error messages
 * @throws BoardFileError on anything that is not a board file
 */
export function parseBoardFile(text: string, file = '<board>'): BoardFile {
	const lines = text.split('\n').map((l) => l.replace(/\r$/, '').replace(/\s+$/, ''));
	if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
	const fail = (line: number, column: number, detail: string): never => {
		throw new BoardFileError(file, line, column, detail);
	};
	const show = (ch: string | undefined) => (ch === undefined ? 'the end of the line' : JSON.stringify(ch));

	// Line 1: the size.
	const sizeLine = lines[0];
	if (sizeLine === undefined || sizeLine.trim() === '')
		fail(1, 1, 'expected the board size "ROWS COLUMNS", e.g. "7 7"');
	const sizeMatch = /^\s*(\d+)\s+(\d+)$/.exec(sizeLine);
	if (!sizeMatch) {
		const column = firstMismatch(sizeLine);
		fail(1, column, `expected the board size "ROWS COLUMNS" (two integers), found ${show(sizeLine[column - 1])}`);
	}
	const rows = Number(sizeMatch![1]);
	const cols = Number(sizeMatch![2]);
	if (rows < 1 || rows > MAX_SIDE)
		fail(1, sizeLine.indexOf(sizeMatch![1]) + 1, `expected 1 to ${MAX_SIDE} rows, found ${rows}`);
	if (cols < 1 || cols > MAX_SIDE)
		fail(1, sizeLine.lastIndexOf(sizeMatch![2]) + 1, `expected 1 to ${MAX_SIDE} columns, found ${cols}`);

	// The grid.
	const grid: string[] = [];
	const holes: number[] = [];
	for (let r = 0; r < rows; r++) {
		const lineNo = r + 2;
		const line = lines[r + 1];
		if (line === undefined)
			fail(lineNo, 1, `expected row ${r} of ${rows} (${cols} cells of B, R, . or X), found the end of the file`);
		for (let c = 0; c < cols; c++) {
			const ch = line[c];
			if (ch !== 'B' && ch !== 'R' && ch !== '.' && ch !== 'X') {
				fail(lineNo, c + 1, `expected a cell (B, R, . or X) at row ${r}, column ${c}, found ${show(ch)}`);
			}
			if (ch === 'X') holes.push(r * cols + c);
		}
		if (line.length > cols)
			fail(lineNo, cols + 1, `expected the end of row ${r} after ${cols} cells, found ${show(line[cols])}`);
		grid.push(line);
	}
	const geometry = geometryOf(rows, cols, holes);

	// The optional history section.
	let next = rows + 1;
	const skipBlank = () => {
		while (next < lines.length && lines[next] === '') next++;
	};
	skipBlank();
	let side: Side = BLUE;
	const history: Position[] = [];
	let historyIndex = 0;
	if (next < lines.length) {
		const headerNo = next + 1;
		const header = lines[next];
		if (next === rows + 1)
			fail(
				headerNo,
				1,
				`expected ${rows} rows: found an extra line ${JSON.stringify(header.slice(0, 20))} ` +
					`(a history section starts after a blank line)`,
			);
		const m = /^\s*(\d+)\s+(\d+)$/.exec(header);
		if (!m) fail(headerNo, firstMismatch(header), 'expected the history header "INDEX MAXINDEX" (two integers)');
		historyIndex = Number(m![1]);
		const maxIndex = Number(m![2]);
		if (maxIndex < 1 || maxIndex > MAX_HISTORY)
			fail(headerNo, header.lastIndexOf(m![2]) + 1, `expected MAXINDEX from 1 to ${MAX_HISTORY}, found ${m![2]}`);
		if (historyIndex < 1 || historyIndex > maxIndex)
			fail(
				headerNo,
				header.indexOf(m![1]) + 1,
				`expected INDEX from 1 to MAXINDEX (${maxIndex}), found ${m![1]}`,
			);
		side = historyIndex % 2 === 1 ? BLUE : RED;
		next++;
		for (let i = 0; i < maxIndex; i++, next++) {
			const lineNo = next + 1;
			const line = lines[next];
			if (line === undefined)
				fail(
					lineNo,
					1,
					`expected history board ${i + 1} of ${maxIndex} (${rows * cols} cells), found the end of the file`,
				);
			const boardRows: string[] = [];
			for (let k = 0; k < rows * cols; k++) {
				const ch = line[k];
				if (ch !== 'B' && ch !== 'R' && ch !== '.' && ch !== 'X')
					fail(lineNo, k + 1, `expected a cell (B, R, . or X) of history board ${i + 1}, found ${show(ch)}`);
				if ((ch === 'X') !== (geometry.isHole[k] === 1)) {
					const r = Math.floor(k / cols);
					const c = k % cols;
					fail(
						lineNo,
						k + 1,
						`expected ${geometry.isHole[k] ? 'a hole (X)' : 'a playable cell'} at (${r},${c}) ` +
							`as in the grid, found ${show(ch)}`,
					);
				}
			}
			if (line.length > rows * cols)
				fail(lineNo, rows * cols + 1, `expected the end of history board ${i + 1} after ${rows * cols} cells`);
			for (let r = 0; r < rows; r++) boardRows.push(line.slice(r * cols, (r + 1) * cols));
			history.push(positionFromGrid(geometry, boardRows, i % 2 === 0 ? BLUE : RED));
		}
		skipBlank();
		if (next < lines.length) fail(next + 1, 1, 'expected the end of the file after the history section');
	}
	return { position: positionFromGrid(geometry, grid, side), history, historyIndex };
}

/** Column (1-based) of the first character that is not a digit or a space, for error messages. */
function firstMismatch(line: string): number {
	const i = line.search(/[^\d\s]/);
	return i < 0 ? Math.max(1, line.length + 1) : i + 1;
}

/**
 * Board-file text for a position, optionally with the old client's history section.
 * @param history positions oldest first, ending with `pos`; the section's index is its length,
 *   so its parity must say the side to move of `pos` (see `historyForSide`)
 */
export function formatBoardFile(pos: Position, history?: readonly Position[]): string {
	const g = pos.geometry;
	let text = `${g.rows} ${g.cols}\n${positionToGrid(pos).join('\n')}\n`;
	if (history && history.length > 0) {
		text += `\n${history.length} ${history.length}\n`;
		for (const p of history) text += `${positionToGrid(p).join('')}\n`;
	}
	return text;
}

/**
 * A history whose length has the parity of the side to move of its last position (odd: Blue,
 * even: Red), as engines written for the old client expect: the game's positions, with the first
 * one repeated once if the game did not start with Blue to move.
 * @param positions the game's positions, oldest first, at least one
 */
export function historyForSide(positions: readonly Position[]): Position[] {
	const last = positions[positions.length - 1];
	const wantOdd = last.side === BLUE;
	if ((positions.length % 2 === 1) === wantOdd) return [...positions];
	return [positions[0], ...positions];
}
