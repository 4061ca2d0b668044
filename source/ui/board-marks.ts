/**
 * What the board shows besides the blobs: the legal targets of a picked blob (clone or jump),
 * the last move (from, to, captured blobs) and the cursor, with a plain-text form for each mark
 * so that nothing depends on colour. The rules come from `source/game`; nothing here decides
 * legality itself.
 *
 * A cell is drawn in 3 characters, `LGR`: a glyph G between two bracket characters.
 *
 *   glyph     B Blue, R Red, . empty, # hole, + clone target, * jump target
 *   brackets  [B] cursor   <B> picked blob   (B) last move's destination
 *             -B- last move's source (-.- after a jump)   {B} blob captured by the last move
 *
 * Where marks meet, the brackets show the first of: cursor, picked, destination, source, captured.
 */

import { cellDistance } from '../game/geometry.js';
import { pseudolegalMoves } from '../game/movegen.js';
import { moveFrom, moveTo, PASS, type Move } from '../game/move.js';
import { type CellChar, cellAt, type Position } from '../game/position.js';

/** How a target is reached from the picked blob. */
export type TargetKind = 'clone' | 'jump';

/**
 * The legal targets of the blob on `from` for the side to move: each destination cell with
 * `clone` (Chebyshev distance 1) or `jump` (distance 2). Empty if `from` holds no blob of the
 * side to move or it cannot move.
 */
export function targetsOf(pos: Position, from: number): Map<number, TargetKind> {
	const targets = new Map<number, TargetKind>();
	for (const move of pseudolegalMoves(pos, 'pairs')) {
		if (moveFrom(move) !== from) continue;
		const to = moveTo(move);
		targets.set(to, cellDistance(pos.geometry, from, to) === 1 ? 'clone' : 'jump');
	}
	return targets;
}

/** True if `cell` holds a blob of the side to move that has at least one legal move. */
export function canPick(pos: Position, cell: number): boolean {
	return targetsOf(pos, cell).size > 0;
}

/** The cells a played move touched. */
export interface MoveMarks {
	/** Source cell (for a clone it keeps its blob; after a jump it is empty). */
	readonly from: number;
	readonly to: number;
	readonly kind: TargetKind;
	/** Cells whose blob changed colour, in cell order. */
	readonly captured: readonly number[];
}

/**
 * The marks of `move`, played from `before` to give `after`: the captured cells are those that
 * held an opponent blob before and a blob of the mover after.
 * @returns null for a pass (it touches no cell)
 */
export function moveMarks(before: Position, move: Move, after: Position): MoveMarks | null {
	if (move === PASS) return null;
	const g = before.geometry;
	const from = moveFrom(move);
	const to = moveTo(move);
	const mover: CellChar = before.side === 0 ? 'B' : 'R';
	const opponent: CellChar = before.side === 0 ? 'R' : 'B';
	const captured: number[] = [];
	for (let cell = 0; cell < g.cells; cell++) {
		if (cellAt(before, cell) === opponent && cellAt(after, cell) === mover) captured.push(cell);
	}
	// A clone merged by destination names no source: it has none to mark but its destination.
	const kind = from !== to && cellDistance(g, from, to) === 2 ? 'jump' : 'clone';
	return { from, to, kind, captured };
}

/** Everything the board marks, as cell indices (-1 or null where absent). */
export interface BoardMarks {
	/** Cursor cell, or -1 when the cursor is hidden. */
	readonly cursor: number;
	/** The picked blob, or -1. */
	readonly picked: number;
	/** Targets of the picked blob. */
	readonly targets: ReadonlyMap<number, TargetKind>;
	/** The last move, or null. */
	readonly last: MoveMarks | null;
}

/** No marks at all. */
export const NO_MARKS: BoardMarks = { cursor: -1, picked: -1, targets: new Map(), last: null };

/** What kind of mark decides a cell's brackets, for colouring. */
export type BracketKind = 'cursor' | 'picked' | 'to' | 'from' | 'captured' | null;

/** One drawn cell: its three characters, and what decided them. */
export interface CellView {
	/** Exactly 3 characters. */
	readonly text: string;
	readonly content: CellChar;
	readonly target: TargetKind | null;
	readonly bracket: BracketKind;
}

const GLYPH: Record<CellChar, string> = { B: 'B', R: 'R', '.': '.', X: '#' };
const BRACKETS: Record<Exclude<BracketKind, null>, string> = {
	cursor: '[]',
	picked: '<>',
	to: '()',
	from: '--',
	captured: '{}',
};

/** How cell `cell` is drawn, given the position and the marks. */
export function cellView(pos: Position, cell: number, marks: BoardMarks): CellView {
	const content = cellAt(pos, cell);
	const target = marks.targets.get(cell) ?? null;
	const glyph = target === 'clone' ? '+' : target === 'jump' ? '*' : GLYPH[content];
	const last = marks.last;
	let bracket: BracketKind = null;
	if (cell === marks.cursor) bracket = 'cursor';
	else if (cell === marks.picked) bracket = 'picked';
	else if (last && cell === last.to) bracket = 'to';
	else if (last && cell === last.from && last.from !== last.to) bracket = 'from';
	else if (last && last.captured.includes(cell)) bracket = 'captured';
	const pair = bracket ? BRACKETS[bracket] : '  ';
	return { text: `${pair[0]}${glyph}${pair[1]}`, content, target, bracket };
}

/** The board as text lines with marks: a header of column numbers, then one line per row. */
export function markedBoardLines(pos: Position, marks: BoardMarks): string[] {
	const g = pos.geometry;
	const lines = [columnHeader(g.cols)];
	for (let r = 0; r < g.rows; r++) {
		let line = `${String(r).padStart(2)} `;
		for (let c = 0; c < g.cols; c++) line += cellView(pos, r * g.cols + c, marks).text;
		lines.push(line.trimEnd());
	}
	return lines;
}

/** The line of column numbers above a board of `cols` columns (each cell 3 wide, after a 3-wide row label). */
export function columnHeader(cols: number): string {
	return `   ${Array.from({ length: cols }, (_, c) => String(c).padStart(2).padEnd(3)).join('')}`.trimEnd();
}
