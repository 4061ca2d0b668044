/**
 * The board as plain text lines with coordinates, for the plain mode (and anyone without Ink).
 */

import { cellAt, type Position } from '../game/position.js';

/** Glyph of each cell kind: Blue `B`, Red `R`, empty `.`, hole `#`. */
export const CELL_GLYPH = { B: 'B', R: 'R', '.': '.', X: '#' } as const;

/**
 * Lines of the board: a header of column numbers, then one line per row starting with its
 * number; each cell takes 3 columns.
 */
export function boardLines(pos: Position): string[] {
	const g = pos.geometry;
	const header = `   ${Array.from({ length: g.cols }, (_, c) => String(c).padStart(2).padEnd(3)).join('')}`;
	const lines = [header.trimEnd()];
	for (let r = 0; r < g.rows; r++) {
		let line = String(r).padStart(2) + ' ';
		for (let c = 0; c < g.cols; c++) line += ` ${CELL_GLYPH[cellAt(pos, r * g.cols + c)]} `;
		lines.push(line.trimEnd());
	}
	return lines;
}
