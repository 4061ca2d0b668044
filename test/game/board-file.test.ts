import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BoardFileError, formatBoardFile, historyForSide, parseBoardFile } from '../../source/game/board-file.js';
import { playMove } from '../../source/game/make-move.js';
import { BLUE, positionToGrid, RED } from '../../source/game/position.js';
import { move } from '../helpers.js';

const handout = '5 6\nBB.BBB\nBX.RXB\n..XX..\nRXR.X.\nRR...R\n';

describe('reading board files', () => {
	it("reads the handout's example", () => {
		const { position, history } = parseBoardFile(handout, 'handout.bwb');
		expect(position.geometry.rows).toBe(5);
		expect(position.geometry.cols).toBe(6);
		expect(positionToGrid(position)).toEqual(['BB.BBB', 'BX.RXB', '..XX..', 'RXR.X.', 'RR...R']);
		expect(position.geometry.playableCount).toBe(30 - 6);
		expect([position.count[BLUE], position.count[RED]]).toEqual([7, 6]);
		expect(position.side).toBe(BLUE);
		expect(history).toEqual([]);
	});

	it('accepts CRLF line ends and trailing white space', () => {
		const { position } = parseBoardFile('2 3  \r\nB.R \t\r\n.X.\r\n\r\n', 'crlf.bwb');
		expect(positionToGrid(position)).toEqual(['B.R', '.X.']);
	});

	it('reads every board shipped in boards/', () => {
		const names = [
			'handout',
			'4x4',
			'5x5',
			'6x6',
			'battlefield3',
			'battlefield4',
			'battlefield5',
			'gruyere3',
			'gruyere4',
			'gruyere5',
			'ataxx',
			'default',
		];
		const sizes = names.map((name) => {
			const { position } = parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8'), name);
			const { rows, cols } = position.geometry;
			return `${name}:${rows}x${cols}:${position.count[BLUE]}/${position.count[RED]}`;
		});
		expect(sizes).toEqual([
			'handout:5x6:7/6',
			'4x4:4x4:2/2',
			'5x5:5x5:2/2',
			'6x6:6x6:2/2',
			'battlefield3:3x5:3/3',
			'battlefield4:4x6:4/4',
			'battlefield5:5x7:5/5',
			'gruyere3:3x5:3/3',
			'gruyere4:4x6:4/4',
			'gruyere5:5x7:5/5',
			'ataxx:7x7:2/2',
			'default:8x8:2/2',
		]);
	});

	it('reads the history section: its parity says whose turn it is', () => {
		const base = '2 2\nB.\n.R\n';
		expect(parseBoardFile(`${base}\n1 1\nB..R\n`).position.side).toBe(BLUE);
		const red = parseBoardFile(`${base}\n2 2\nB..R\nBB.R\n`);
		expect(red.position.side).toBe(RED);
		expect(red.historyIndex).toBe(2);
		expect(red.history.map((p) => positionToGrid(p).join('/'))).toEqual(['B./.R', 'BB/.R']);
		expect(red.history.map((p) => p.side)).toEqual([BLUE, RED]);
		expect(parseBoardFile(`${base}\n3 4\nB..R\nBB.R\nBB.R\nBBRR\n`).position.side).toBe(BLUE);
	});

	it('writes what it reads, with a history of the right parity', () => {
		const start = parseBoardFile(handout).position;
		const after = playMove(start, move(start, '0 1 0 2'));
		const history = historyForSide([start, after]);
		const text = formatBoardFile(after, history);
		// The clone to (0,2) captures the Red blob at (1,3).
		expect(text).toBe(
			`5 6\nBBBBBB\nBX.BXB\n..XX..\nRXR.X.\nRR...R\n\n` +
				`2 2\nBB.BBBBX.RXB..XX..RXR.X.RR...R\nBBBBBBBX.BXB..XX..RXR.X.RR...R\n`,
		);
		const back = parseBoardFile(text);
		expect(back.position.side).toBe(RED);
		expect(positionToGrid(back.position)).toEqual(positionToGrid(after));
	});

	it('pads the history when the game did not start with Blue to move', () => {
		const start = parseBoardFile('2 2\nB.\n.R\n').position;
		start.side = RED; // a game that starts with Red to move (key not needed here)
		expect(historyForSide([start]).length).toBe(2);
		expect(formatBoardFile(start, historyForSide([start]))).toBe('2 2\nB.\n.R\n\n2 2\nB..R\nB..R\n');
	});
});

describe('board file errors name the file, the line and the column', () => {
	it.each([
		['', 'f.bwb:1:1: expected the board size "ROWS COLUMNS", e.g. "7 7"'],
		['7\n', 'f.bwb:1:2: expected the board size "ROWS COLUMNS" (two integers), found the end of the line'],
		['seven 7\n', 'f.bwb:1:1: expected the board size "ROWS COLUMNS" (two integers), found "s"'],
		['0 5\n', 'f.bwb:1:1: expected 1 to 16 rows, found 0'],
		['3 17\n', 'f.bwb:1:3: expected 1 to 16 columns, found 17'],
		['2 3\nB.R\n', 'f.bwb:3:1: expected row 1 of 2 (3 cells of B, R, . or X), found the end of the file'],
		['2 3\nB.R\n.Q.\n', 'f.bwb:3:2: expected a cell (B, R, . or X) at row 1, column 1, found "Q"'],
		['2 3\nB.R\n..\n', 'f.bwb:3:3: expected a cell (B, R, . or X) at row 1, column 2, found the end of the line'],
		['2 3\nB.R\n....\n', 'f.bwb:3:4: expected the end of row 1 after 3 cells, found "."'],
		['2 3\nb.r\n...\n', 'f.bwb:2:1: expected a cell (B, R, . or X) at row 0, column 0, found "b"'],
		[
			'2 3\nB.R\n...\n...\n',
			'f.bwb:4:1: expected 2 rows: found an extra line "..." (a history section starts after a blank line)',
		],
		['2 2\nB.\n.R\n\nabc\n', 'f.bwb:5:1: expected the history header "INDEX MAXINDEX" (two integers)'],
		['2 2\nB.\n.R\n\n3 2\nB..R\nB..R\n', 'f.bwb:5:1: expected INDEX from 1 to MAXINDEX (2), found 3'],
		['2 2\nB.\n.R\n\n1 2\nB..R\n', 'f.bwb:7:1: expected history board 2 of 2 (4 cells), found the end of the file'],
		['2 2\nB.\n.R\n\n1 1\nB.Q.\n', 'f.bwb:6:3: expected a cell (B, R, . or X) of history board 1, found "Q"'],
		['2 2\nBX\n.R\n\n1 1\nB..R\n', 'f.bwb:6:2: expected a hole (X) at (0,1) as in the grid, found "."'],
		['2 2\nB.\n.R\n\n1 1\nB..R\nextra\n', 'f.bwb:7:1: expected the end of the file after the history section'],
	])('%j', (text, message) => {
		let error: unknown;
		try {
			parseBoardFile(text, 'f.bwb');
		} catch (e) {
			error = e;
		}
		expect(error).toBeInstanceOf(BoardFileError);
		expect((error as Error).message).toBe(message);
	});
});
