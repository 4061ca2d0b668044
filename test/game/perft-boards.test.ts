import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { perft } from '../../source/game/perft.js';
import { cellPerft, readCellBoard } from './cell-perft.js';

/**
 * Blob War perft (clones once per destination, no pass: a side with no move ends the game) of
 * every board in `boards/`, Blue to move, depth 1 onwards. The same table is in docs/rules.md.
 * Depths are chosen so that the plain implementation of `cell-perft.ts` counts each board in a
 * fraction of a second.
 */
const TABLE: Record<string, readonly number[]> = {
	'4x4': [16, 194, 2518, 28016, 359288],
	'5x5': [16, 248, 4816, 90534, 1897148],
	'6x6': [16, 256, 6126, 141518],
	ataxx: [16, 256, 6460, 155888],
	battlefield3: [14, 169, 2028, 24514, 270508],
	battlefield4: [22, 484, 11872, 289228],
	battlefield5: [30, 900, 32885, 1159162],
	default: [14, 196, 4312, 94000, 2626464],
	gruyere3: [7, 31, 156, 664, 2464, 9104, 33912, 124088],
	gruyere4: [14, 196, 3018, 46495, 703453],
	gruyere5: [15, 225, 4031, 69326, 1292044],
	handout: [25, 593, 14633, 310015],
	'16x16': [16, 256, 6464, 163216],
};

const text = (name: string) => readFileSync(`boards/${name}.bwb`, 'utf8');
const depths = (counts: readonly number[]) => counts.map((_, i) => i + 1);

describe('Blob War perft of the shipped boards', () => {
	it('the table has a row for every board file in boards/', () => {
		const files = readdirSync('boards')
			.filter((f) => f.endsWith('.bwb'))
			.map((f) => f.slice(0, -'.bwb'.length));
		expect(Object.keys(TABLE).sort()).toEqual(files.sort());
	});

	describe.each(Object.entries(TABLE))('%s', (name, counts) => {
		it('an implementation on plain arrays of cells, independent of source/game, counts the table', () => {
			const board = readCellBoard(text(name));
			expect(depths(counts).map((d) => cellPerft(board, d))).toEqual(counts);
		});

		it('the engine perft counts the table, bulk and with every leaf made', () => {
			const { position } = parseBoardFile(text(name));
			expect(depths(counts).map((d) => perft(position, d))).toEqual(counts);
			expect(depths(counts).map((d) => perft(position, d, { made: true }))).toEqual(counts);
		});
	});

	it('the independent implementation agrees on clones by (from, to) pair', () => {
		for (const name of ['ataxx', 'handout', 'default', 'gruyere5']) {
			const board = readCellBoard(text(name));
			const { position } = parseBoardFile(text(name));
			for (const d of [1, 2, 3]) expect(cellPerft(board, d, true)).toBe(perft(position, d, { listing: 'pairs' }));
		}
		// The 7x7 start by pair, as the old client listed moves: 16, 256, 6652.
		expect([1, 2, 3].map((d) => cellPerft(readCellBoard(text('ataxx')), d, true))).toEqual([16, 256, 6652]);
	});

	it('a side with no move ends the game: no pass, so the position has no children', () => {
		// Red's blob at (0,0) has a hole beside it and Blue two cells away: after Blue's only move
		// (a clone to (0,3)), Red cannot move while Blue still could. Under Ataxx rules Red passes.
		const file = '1 6\nRXB.X.\n';
		const board = readCellBoard(file);
		const { position } = parseBoardFile(file);
		expect([1, 2].map((d) => cellPerft(board, d))).toEqual([1, 0]);
		expect([1, 2].map((d) => perft(position, d))).toEqual([1, 0]);
		expect(perft(position, 2, { variant: 'ataxx' })).toBe(1);
	});
});
