/**
 * The review's score graph as text lines (drawn by asciichart, Igor Kroitor's console line-chart
 * library), fitted to a width, with a mark under the current position:
 *
 *    +4.00 ┤      ╭──╮
 *     0.00 ┼──────╯  ╰───╮
 *    -4.00 ┤             ╰──
 *                  ^
 */

import asciichart from 'asciichart';

/** Columns of the graph's labels (`  +4.00 `) and axis. */
export const LABEL_WIDTH = 9;

/** What `scoreGraph` draws. */
export interface ScoreGraph {
	/** The graph's lines, top first, then the mark line. */
	readonly lines: string[];
	/** Column of the current position's mark. */
	readonly markColumn: number;
}

/**
 * Draws `scores` (one a position, from Blue's view, in blobs) in at most `width` columns and
 * `height` lines (the mark line included), with `^` under `current`. More positions than columns
 * are sampled (each column shows the last position that falls in it); fewer are stretched over the
 * width.
 */
export function scoreGraph(scores: readonly number[], current: number, width: number, height: number): ScoreGraph {
	const columns = Math.max(2, width - LABEL_WIDTH);
	const n = scores.length;
	const series: number[] = [];
	let columnOf: (k: number) => number;
	if (n >= columns) {
		columnOf = (k) => Math.floor((k * columns) / n);
		for (let k = 0; k < n; k++) series[columnOf(k)] = scores[k];
	} else {
		// Fewer positions than columns: stretched over the width, straight lines between them.
		const last = Math.max(1, n - 1);
		columnOf = (k) => Math.round((k * (columns - 1)) / last);
		for (let c = 0; c < columns; c++) {
			const t = (c * last) / (columns - 1);
			const k = Math.min(n - 1, Math.floor(t));
			const next = Math.min(n - 1, k + 1);
			series.push(scores[k] + (scores[next] - scores[k]) * (t - k));
		}
	}
	const max = Math.max(0.5, ...series.map(Math.abs));
	const text = asciichart.plot(series.length > 0 ? series : [0], {
		min: -max,
		max,
		// An even height puts 0 on a row of its own, in the middle.
		height: Math.max(2, 2 * Math.floor((height - 2) / 2)),
		// asciichart puts a label in one cell, then the axis: position k is at text column label + k.
		offset: 2,
		format: (x: number) => {
			const label = x > 0.005 ? `+${x.toFixed(2)}` : x < -0.005 ? x.toFixed(2) : '0.00';
			return label.padStart(LABEL_WIDTH - 1);
		},
	});
	const markColumn = LABEL_WIDTH - 1 + columnOf(Math.min(Math.max(0, current), n - 1));
	const lines = text.split('\n').map((line) => line.trimEnd());
	lines.push(`${' '.repeat(markColumn)}^`);
	return { lines, markColumn };
}
