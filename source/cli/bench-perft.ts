/**
 * The move generator benchmark: a fixed perft suite, bulk and every-leaf-made.
 */

import { loadBoardFile } from '../match/load-board.js';
import { perft } from '../game/perft.js';
import { referencePerft } from '../game/perft-reference.js';
import { describeMachine } from './machine.js';
import { shippedBoard } from './paths.js';

/** The suite: shipped board, depth, label. */
export const PERFT_SUITE: ReadonlyArray<{ readonly board: string; readonly depth: number; readonly label: string }> = [
	{ board: 'ataxx', depth: 6, label: '7x7 start' },
	{ board: 'default', depth: 6, label: '8x8 default (4 holes)' },
	{ board: '16x16', depth: 6, label: '16x16 (4 holes)' },
];

/** Runs of each row; the best is reported. */
const RUNS = 3;

/**
 * Runs the suite and writes a Markdown table through `out`.
 * @param reference also time the reference generator (per-cell masks, a move list per node), bulk only
 */
export function benchPerft(out: (line: string) => void, reference = false): void {
	out(`bench perft on ${describeMachine()}, one thread`);
	out('');
	out('| position | depth | mode | nodes | seconds | M nodes/s |');
	out('|---|---:|---|---:|---:|---:|');
	for (const row of PERFT_SUITE) {
		const { position } = loadBoardFile(shippedBoard(row.board));
		const modes = [
			{ name: 'bulk', count: (depth: number) => perft(position, depth) },
			{ name: 'every leaf made', count: (depth: number) => perft(position, depth, { made: true }) },
			...(reference
				? [{ name: 'bulk, reference generator', count: (depth: number) => referencePerft(position, depth) }]
				: []),
		];
		for (const mode of modes) {
			mode.count(row.depth - 2); // warm-up: compile and optimise first
			let best = Infinity;
			let nodes = 0;
			for (let i = 0; i < RUNS; i++) {
				const start = performance.now();
				nodes = mode.count(row.depth);
				best = Math.min(best, (performance.now() - start) / 1000);
			}
			out(
				`| ${row.label} | ${row.depth} | ${mode.name} | ${nodes} | ` +
					`${best.toFixed(3)} | ${(nodes / best / 1e6).toFixed(0)} |`,
			);
		}
	}
}
