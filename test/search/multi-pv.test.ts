import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { cellDistance, geometryOf } from '../../source/game/geometry.js';
import { moveFrom, moveOf, moveTo } from '../../source/game/move.js';
import { playMove } from '../../source/game/make-move.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { cellAt, positionFromGrid, type Side } from '../../source/game/position.js';
import { Searcher } from '../../source/search/search.js';
import { type Algorithm, EXACT_SEARCH } from '../../source/search/search-options.js';
import { type SearchInfo } from '../../source/search/types.js';
import { minimax } from './minimax.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;

/** A small random board (3x3 to 4x5) with a few holes and blobs, either side to move. */
const smallPosition = fc
	.record({
		rows: fc.integer({ min: 3, max: 4 }),
		cols: fc.integer({ min: 3, max: 5 }),
		cells: fc.array(fc.constantFrom('.', '.', '.', '.', 'X', 'B', 'B', 'R', 'R'), { minLength: 20, maxLength: 20 }),
		side: fc.constantFrom<Side>(0, 1),
	})
	.map(({ rows, cols, cells, side }) => {
		const grid: string[] = [];
		const holes: number[] = [];
		for (let r = 0; r < rows; r++) {
			grid.push(cells.slice(r * cols, (r + 1) * cols).join(''));
			for (let c = 0; c < cols; c++) if (cells[r * cols + c] === 'X') holes.push(r * cols + c);
		}
		return positionFromGrid(geometryOf(rows, cols, holes), grid, side);
	});

/** The lines of the last depth reported, in the order given. */
function lastDepthLines(infos: SearchInfo[]): SearchInfo[] {
	const depth = infos[infos.length - 1].depth;
	return infos.filter((info) => info.depth === depth);
}

describe('multi-PV', () => {
	for (const algorithm of ['alphabeta', 'pvs', 'mtdf'] as Algorithm[]) {
		it(`${algorithm}: with N = every root move, each line scores what a search of its move alone does`, () => {
			fc.assert(
				fc.property(smallPosition, fc.integer({ min: 1, max: 3 }), (pos, depth) => {
					const moves = pseudolegalMoves(pos);
					fc.pre(moves.length >= 2);
					const infos: SearchInfo[] = [];
					const options = { ...EXACT_SEARCH, algorithm, hashMb: 1, positional: false };
					const result = new Searcher(options).search(
						pos,
						{ depth, multiPv: moves.length },
						{ onInfo: (info) => infos.push(info) },
					);
					if (result.depth === 0) return;
					const lines = lastDepthLines(infos);
					expect(lines.map((l) => l.multipv)).toEqual(moves.map((_, i) => i + 1));
					expect(new Set(lines.map((l) => l.pv[0]))).toEqual(new Set(moves));
					for (let i = 1; i < lines.length; i++)
						expect(lines[i].score).toBeLessThanOrEqual(lines[i - 1].score);
					expect(result.move).toBe(lines[0].pv[0]);
					expect(result.score).toBe(lines[0].score);
					for (const line of lines) {
						const alone = new Searcher(options).search(pos, { depth, searchMoves: [line.pv[0]] });
						expect(line.score).toBe(alone.score);
						expect(line.score).toBe(
							0 - minimax(playMove(pos, line.pv[0]), depth - 1, Infinity, 'blobwar', 1),
						);
					}
				}),
				{ numRuns: 40, seed: 1201 },
			);
		});
	}

	it('on a real board: depth by depth N lines ranked 1..N, best first, each PV starting with its move', () => {
		const pos = board('ataxx');
		const infos: SearchInfo[] = [];
		const result = new Searcher().search(pos, { depth: 4, multiPv: 3 }, { onInfo: (info) => infos.push(info) });
		expect(infos.map((i) => [i.depth, i.multipv])).toEqual(
			[1, 2, 3, 4].flatMap((d) => [
				[d, 1],
				[d, 2],
				[d, 3],
			]),
		);
		for (let d = 1; d <= 4; d++) {
			const lines = infos.filter((i) => i.depth === d);
			expect(new Set(lines.map((l) => l.pv[0])).size).toBe(3);
			expect(lines[0].score).toBeGreaterThanOrEqual(lines[1].score);
			expect(lines[1].score).toBeGreaterThanOrEqual(lines[2].score);
			for (const line of lines) expect(line.pv.length).toBe(d);
		}
		expect(result.move).toBe(infos[9].pv[0]);
		expect(result.pv[0]).toBe(result.move);
	});

	it('with the selective search, the lines of each depth are ranked best first', () => {
		for (const name of ['6x6', 'default', 'ataxx']) {
			const infos: SearchInfo[] = [];
			new Searcher().search(board(name), { depth: 7, multiPv: 4 }, { onInfo: (info) => infos.push(info) });
			for (let d = 1; d <= 7; d++) {
				const scores = infos.filter((i) => i.depth === d).map((i) => i.score);
				expect(scores).toHaveLength(4);
				expect(scores).toEqual([...scores].sort((a, b) => b - a));
			}
		}
	});

	it('searchmoves: the search chooses among the given moves only; illegal ones are ignored', () => {
		const pos = board('default');
		const all = pseudolegalMoves(pos);
		const free = new Searcher().search(pos, { depth: 3 });
		const others = all.filter((m) => m !== free.move);
		const restricted = new Searcher().search(pos, { depth: 3, searchMoves: [others[0], others[1], 0xfff0] });
		expect([others[0], others[1]]).toContain(restricted.move);
		expect(restricted.pv[0]).toBe(restricted.move);
		// No legal move in the list: every move is searched.
		expect(new Searcher().search(pos, { depth: 3, searchMoves: [0xfff0] }).move).toBe(free.move);
		// A clone named from a blob next to it (as people write it) stands for the clone.
		const clone = all.find((m) => moveFrom(m) === moveTo(m) && m !== free.move)!;
		const to = moveTo(clone);
		const from = Array.from({ length: pos.geometry.cells }, (_, c) => c).find(
			(c) => cellAt(pos, c) === 'B' && cellDistance(pos.geometry, c, to) === 1,
		)!;
		expect(new Searcher().search(pos, { depth: 3, searchMoves: [moveOf(from, to)] }).move).toBe(clone);
	});

	it('more lines than root moves give one line per move', () => {
		const pos = board('handout');
		const infos: SearchInfo[] = [];
		new Searcher().search(pos, { depth: 2, multiPv: 500 }, { onInfo: (info) => infos.push(info) });
		expect(lastDepthLines(infos).length).toBe(pseudolegalMoves(pos).length);
	});
});
