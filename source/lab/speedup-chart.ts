/**
 * Speedup against processors, one line per algorithm: as a terminal chart (asciichart) and as an
 * SVG picture (scales from d3-scale, lines from d3-shape). Processors go on a log2 axis.
 */

import * as asciichart from 'asciichart';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';

/** One algorithm's curve. */
export interface SpeedupSeries {
	readonly name: string;
	/** Points in increasing processors. */
	readonly points: readonly { readonly processors: number; readonly speedup: number }[];
}

const TERMINAL_COLOURS = [
	asciichart.blue,
	asciichart.red,
	asciichart.green,
	asciichart.magenta,
	asciichart.cyan,
	asciichart.yellow,
	asciichart.lightgray,
	asciichart.lightred,
];
const MARKS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const SVG_COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#17becf', '#bcbd22', '#7f7f7f', '#ff7f0e'];

/** The curve at `x` processors (log2-linear between the measured points). */
function at(series: SpeedupSeries, x: number): number {
	const pts = series.points;
	if (x <= pts[0].processors) return pts[0].speedup;
	for (let i = 1; i < pts.length; i++) {
		const a = pts[i - 1];
		const b = pts[i];
		if (x <= b.processors) {
			const f = (Math.log2(x) - Math.log2(a.processors)) / (Math.log2(b.processors) - Math.log2(a.processors));
			return a.speedup + f * (b.speedup - a.speedup);
		}
	}
	return pts[pts.length - 1].speedup;
}

/**
 * A terminal chart: `columns` columns from the fewest processors to the most (log2), the ideal
 * speedup as a dotted line, a legend below.
 * @param colour false for plain text (the lines are then told apart only by the legend's order)
 */
export function terminalChart(series: readonly SpeedupSeries[], columns = 56, height = 14, colour = true): string {
	const all = series.flatMap((s) => s.points.map((p) => p.processors));
	const lo = Math.min(...all);
	const hi = Math.max(...all);
	const xs = Array.from(
		{ length: columns },
		(_, i) => 2 ** (Math.log2(lo) + ((Math.log2(hi) - Math.log2(lo)) * i) / (columns - 1)),
	);
	const lines = series.map((s) => xs.map((x) => at(s, x)));
	const ideal = xs.map((x) => x);
	const max = Math.max(...lines.flat());
	const chart = asciichart.plot([...lines, ideal.map((v) => Math.min(v, max))], {
		height,
		min: 0,
		max,
		colors: colour ? [...TERMINAL_COLOURS.slice(0, series.length), asciichart.darkgray] : undefined,
		format: (v: number) => v.toFixed(1).padStart(6),
	});
	const axis: string[] = [];
	const pad = ' '.repeat(8);
	let labels = '';
	for (let p = lo; p <= hi; p *= 2) {
		const col = Math.round(((Math.log2(p) - Math.log2(lo)) / (Math.log2(hi) - Math.log2(lo) || 1)) * (columns - 1));
		labels = labels.padEnd(col, ' ') + String(p);
	}
	axis.push(pad + labels + '  processors (log scale); speedup up the side');
	const legend = series.map((s, i) => {
		const swatch = colour
			? `${TERMINAL_COLOURS[i % TERMINAL_COLOURS.length]}──${asciichart.reset}`
			: `${MARKS[i]})`;
		const last = s.points[s.points.length - 1];
		return `${pad}${swatch} ${s.name} (${last.speedup.toFixed(2)} at ${last.processors})`;
	});
	legend.push(`${pad}${colour ? `${asciichart.darkgray}──${asciichart.reset}` : '..'} ideal (speedup = processors)`);
	return [chart, ...axis, ...legend].join('\n');
}

const escapeXml = (text: string): string =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An SVG picture of the curves, with the ideal speedup dashed. */
export function svgChart(series: readonly SpeedupSeries[], title: string, width = 720, height = 460): string {
	const margin = { top: 40, right: 200, bottom: 50, left: 60 };
	const all = series.flatMap((s) => s.points);
	const lo = Math.min(...all.map((p) => p.processors));
	const hi = Math.max(...all.map((p) => p.processors));
	const top = Math.max(...all.map((p) => p.speedup), 1);
	const x = scaleLog()
		.base(2)
		.domain([lo, hi])
		.range([margin.left, width - margin.right]);
	const y = scaleLinear()
		.domain([0, top * 1.05])
		.nice()
		.range([height - margin.bottom, margin.top]);
	const path = line<{ processors: number; speedup: number }>()
		.x((p) => x(p.processors))
		.y((p) => y(p.speedup));
	const out: string[] = [];
	const right = width - margin.right;
	const bottom = height - margin.bottom;
	const middle = (margin.left + right) / 2;
	const centre = (margin.top + bottom) / 2;
	out.push(
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
			`viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
	);
	out.push(`<rect width="${width}" height="${height}" fill="white"/>`);
	out.push(`<text x="${middle}" y="22" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`);
	// Axes and grid.
	for (let p = lo; p <= hi; p *= 2) {
		const px = x(p).toFixed(1);
		out.push(`<line x1="${px}" x2="${px}" y1="${margin.top}" y2="${bottom}" stroke="#eee"/>`);
		out.push(`<text x="${px}" y="${bottom + 16}" text-anchor="middle">${p}</text>`);
	}
	for (const v of y.ticks(8)) {
		const py = y(v).toFixed(1);
		out.push(`<line x1="${margin.left}" x2="${right}" y1="${py}" y2="${py}" stroke="#eee"/>`);
		out.push(`<text x="${margin.left - 6}" y="${py}" text-anchor="end" dominant-baseline="middle">${v}</text>`);
	}
	out.push(`<line x1="${margin.left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="black"/>`);
	out.push(`<line x1="${margin.left}" x2="${margin.left}" y1="${margin.top}" y2="${bottom}" stroke="black"/>`);
	out.push(`<text x="${middle}" y="${height - 12}" text-anchor="middle">processors (log scale)</text>`);
	out.push(`<text transform="translate(16 ${centre}) rotate(-90)" text-anchor="middle">speedup</text>`);
	// The ideal, then the curves.
	const ideal = [];
	for (let p = lo; p <= hi; p *= 2) if (p <= top * 1.05) ideal.push({ processors: p, speedup: p });
	if (ideal.length > 1) out.push(`<path d="${path(ideal)}" fill="none" stroke="#999" stroke-dasharray="4 4"/>`);
	series.forEach((s, i) => {
		const colour = SVG_COLOURS[i % SVG_COLOURS.length];
		out.push(`<path d="${path([...s.points])}" fill="none" stroke="${colour}" stroke-width="2"/>`);
		for (const p of s.points)
			out.push(
				`<circle cx="${x(p.processors).toFixed(1)}" cy="${y(p.speedup).toFixed(1)}" r="3" fill="${colour}"/>`,
			);
		const ly = margin.top + 10 + i * 20;
		const lx = width - margin.right + 16;
		out.push(`<line x1="${lx}" x2="${lx + 24}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`);
		out.push(`<text x="${lx + 30}" y="${ly}" dominant-baseline="middle">${escapeXml(s.name)}</text>`);
	});
	const ly = margin.top + 10 + series.length * 20;
	const lx = width - margin.right + 16;
	out.push(`<line x1="${lx}" x2="${lx + 24}" y1="${ly}" y2="${ly}" stroke="#999" stroke-dasharray="4 4"/>`);
	out.push(`<text x="${lx + 30}" y="${ly}" dominant-baseline="middle">ideal</text>`);
	out.push('</svg>');
	return out.join('\n') + '\n';
}
