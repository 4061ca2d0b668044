/**
 * Where the panels go for a terminal size, as a pure function. The live area stays shorter than
 * the terminal (Ink clears the whole screen on every frame otherwise, which flickers), and a
 * board too big for the terminal is said, not drawn garbled.
 *
 *   title                                 1 line
 *   board | moves, engines                the main area: side panel right of the board, or
 *                                         below it when the terminal is narrow, or left out
 *   status line                           1 line
 *   prompt, or result                     1 line
 *   message                               1 line
 */

/** Lines outside the main area: title, status, prompt or result, message. */
export const FIXED_LINES = 4;
/** Lines the live area leaves free at the bottom of the terminal. */
export const SPARE_LINES = 1;
/** Narrowest side panel worth showing. */
export const MIN_PANEL_WIDTH = 28;
/** Columns between the board and the side panel. */
export const PANEL_GAP = 3;

/** Where everything goes. */
export type Layout =
	| {
			readonly fits: true;
			readonly columns: number;
			/** Lines of the main area (board and side panel). */
			readonly mainLines: number;
			readonly boardWidth: number;
			readonly panel: 'right' | 'below' | 'none';
			readonly panelWidth: number;
			/** Lines the side panel may take. */
			readonly panelLines: number;
	  }
	| {
			readonly fits: false;
			readonly columns: number;
			readonly rows: number;
			/** The terminal size the board needs. */
			readonly needColumns: number;
			readonly needRows: number;
	  };

/** Columns of a drawn board: a 3-wide row label, then 3 per cell. */
export function boardWidth(cols: number): number {
	return 3 + 3 * cols;
}

/** Lines of a drawn board: the column header, then one per row. */
export function boardHeight(rows: number): number {
	return 1 + rows;
}

/** The layout of a `boardRows` x `boardCols` board in a `columns` x `rows` terminal. */
export function computeLayout(columns: number, rows: number, boardRows: number, boardCols: number): Layout {
	const width = boardWidth(boardCols);
	const height = boardHeight(boardRows);
	const needRows = height + FIXED_LINES + SPARE_LINES;
	if (columns < width || rows < needRows) return { fits: false, columns, rows, needColumns: width, needRows };
	const mainLines = rows - FIXED_LINES - SPARE_LINES;
	if (columns >= width + PANEL_GAP + MIN_PANEL_WIDTH) {
		return {
			fits: true,
			columns,
			mainLines,
			boardWidth: width,
			panel: 'right',
			panelWidth: columns - width - PANEL_GAP,
			panelLines: mainLines,
		};
	}
	const below = mainLines - height - 1;
	if (below >= 3)
		return {
			fits: true,
			columns,
			mainLines,
			boardWidth: width,
			panel: 'below',
			panelWidth: columns,
			panelLines: below,
		};
	return { fits: true, columns, mainLines, boardWidth: width, panel: 'none', panelWidth: 0, panelLines: 0 };
}

/** How the side panel spends its lines. */
export interface PanelPlan {
	/** Engine blocks: full (title, numbers, threads, PV), one line each, or left out. */
	readonly engines: 'full' | 'compact' | 'none';
	/** Lines of the move list under its header. */
	readonly moveLines: number;
}

/** Lines of a full engine block: title, numbers, threads, principal variation. */
export const ENGINE_BLOCK_LINES = 4;

/** The plan of a side panel of `lines` lines showing `engines` engine players. */
export function panelPlan(lines: number, engines: number): PanelPlan {
	if (engines === 0) return { engines: 'none', moveLines: Math.max(1, lines - 1) };
	const full = engines * ENGINE_BLOCK_LINES + (engines - 1) + 1;
	if (lines - full >= 3) return { engines: 'full', moveLines: lines - full - 1 };
	const compact = engines + 1;
	if (lines - compact >= 2) return { engines: 'compact', moveLines: lines - compact - 1 };
	return { engines: 'none', moveLines: Math.max(1, lines - 1) };
}
