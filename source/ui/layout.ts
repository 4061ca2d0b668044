/**
 * Where the panels go for a terminal size, as a pure function. The live area stays shorter than
 * the terminal (Ink clears the whole screen on every frame otherwise, which flickers), and a
 * board too big for the terminal is said, not drawn garbled; a side panel left out is said too,
 * with the terminal size that shows it.
 *
 *   title                                 1 line
 *   board | moves, engines                the main area: side panel right of the board, or
 *                                         below it when the terminal is narrow, or left out
 *                                         (then a line under the board says so)
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
			/**
			 * With no side panel: the smallest terminals that show it, right of the board
			 * (`right`) or below it (`below`); null otherwise.
			 */
			readonly panelNeeds: { readonly right: Size; readonly below: Size } | null;
	  }
	| {
			readonly fits: false;
			readonly columns: number;
			readonly rows: number;
			/** The terminal size the board needs. */
			readonly needColumns: number;
			readonly needRows: number;
	  };

/** A terminal size. */
export interface Size {
	readonly columns: number;
	readonly rows: number;
}

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
	const base = { fits: true, columns, mainLines, boardWidth: width, panelNeeds: null } as const;
	const rightColumns = width + PANEL_GAP + MIN_PANEL_WIDTH;
	if (columns >= rightColumns) {
		return {
			...base,
			panel: 'right',
			panelWidth: columns - width - PANEL_GAP,
			panelLines: mainLines,
		};
	}
	const below = mainLines - height - 1;
	if (below >= MIN_PANEL_LINES) return { ...base, panel: 'below', panelWidth: columns, panelLines: below };
	return {
		...base,
		panel: 'none',
		panelWidth: 0,
		panelLines: 0,
		panelNeeds: {
			right: { columns: rightColumns, rows: needRows },
			below: { columns: width, rows: needRows + 1 + MIN_PANEL_LINES },
		},
	};
}

/** Fewest lines of a side panel below the board. */
export const MIN_PANEL_LINES = 3;

/**
 * The line under the board when the side panel is left out: what is hidden and the terminal
 * sizes that show it (`moves and engines hidden: 82 x 24 shows them beside the board, 51 x 26
 * below it`).
 */
export function hiddenPanelNote(needs: { right: Size; below: Size }, engines: number): string {
	const what = engines > 0 ? 'moves and engines' : 'move list';
	return (
		`${what} hidden: ${needs.right.columns} x ${needs.right.rows} shows them beside the board, ` +
		`${needs.below.columns} x ${needs.below.rows} below it`
	);
}

/** How the side panel spends its lines. */
export interface PanelPlan {
	/**
	 * Engine blocks: full (title, numbers, threads, PV), one line each, left out for want of room
	 * (`hidden`: a line says so), or none to show.
	 */
	readonly engines: 'full' | 'compact' | 'hidden' | 'none';
	/** Lines of the move list under its header. */
	readonly moveLines: number;
}

/**
 * The widest the numbers of an engine block can be, one string per field (`engineFields` of
 * `EnginePanel.tsx` writes them): the panel plans for these.
 */
export const WIDEST_ENGINE_FIELDS = [
	'depth 120',
	'score loss in 120 (-256)',
	'nodes 999.9M',
	'nps 999.9M',
	'time 9999.9 s',
] as const;

/**
 * Packs fields into lines of at most `width` columns, two spaces apart, in order; a field wider
 * than `width` gets a line of its own (and is cut by the terminal).
 */
export function packFields(fields: readonly string[], width: number): string[] {
	const lines: string[] = [];
	for (const field of fields) {
		const last = lines.length - 1;
		if (last >= 0 && lines[last].length + 2 + field.length <= width) lines[last] += `  ${field}`;
		else lines.push(field);
	}
	return lines;
}

/**
 * Lines of a full engine block `width` columns wide: title, the numbers (as many lines as the
 * widest take), threads, principal variation.
 */
export function engineBlockLines(width: number): number {
	return 3 + packFields(WIDEST_ENGINE_FIELDS, width).length;
}

/** The plan of a side panel of `lines` lines and `width` columns showing `engines` engine players. */
export function panelPlan(lines: number, engines: number, width: number): PanelPlan {
	if (engines === 0) return { engines: 'none', moveLines: Math.max(1, lines - 1) };
	const full = engines * engineBlockLines(width) + (engines - 1) + 1;
	if (lines - full >= 3) return { engines: 'full', moveLines: lines - full - 1 };
	const compact = engines + 1;
	if (lines - compact >= 2) return { engines: 'compact', moveLines: lines - compact - 1 };
	return { engines: 'hidden', moveLines: Math.max(1, lines - 3) };
}
