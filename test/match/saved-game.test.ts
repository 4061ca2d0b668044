import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBoardFile, parseBoardFile } from '../../source/game/board-file.js';
import { positionToGrid } from '../../source/game/position.js';
import {
	formatSavedGame,
	gameFromBoardFile,
	parseSavedGame,
	readGameFile,
	saveGame,
	toSavedGame,
	SavedGameError,
} from '../../source/match/saved-game.js';
import { Game } from '../../source/match/game.js';
import { HumanPlayer } from '../../source/players/human-player.js';
import { grid, move } from '../helpers.js';
import { playMove } from '../../source/game/make-move.js';
import { waitFor } from '../helpers.js';

let dir = '';
beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'blobterm-record-'));
});
afterAll(async () => {
	await rm(dir, { recursive: true, force: true });
});

/** A two-person session on 4x4 after `moves`, with the last `undone` moves taken back. */
async function played(moves: string[], undone: number): Promise<Game> {
	const s = new Game({
		start: grid(['B..R', '....', '....', 'B..R']),
		players: [new HumanPlayer(), new HumanPlayer('alice')],
		timeMs: [1000, 2000],
		halfMoveLimit: 50,
	});
	void s.run();
	for (const text of moves) {
		const n = s.state.moves.length;
		await waitFor(() => s.humanToMove() !== null);
		expect(s.submit(text)).toBeNull();
		await waitFor(() => s.state.moves.length === n + 1);
	}
	for (let i = 0; i < undone; i++) s.undo();
	await waitFor(() => s.humanToMove() !== null);
	return s;
}

describe('game records', () => {
	it('a saved game loads back with its moves, the moves to replay, the limit and the players', async () => {
		const s = await played(['0 0 1 1', '0 3 1 2', '3 0 2 1'], 1);
		const record = toSavedGame(s.state, new Date('2026-01-31T12:00:00Z'));
		s.abort();
		expect(record.board).toEqual(['B..R', '....', '....', 'B..R']);
		expect(record.players).toEqual({
			blue: { name: 'human', kind: 'human', timeMs: 1000 },
			red: { name: 'alice', kind: 'human', timeMs: 2000 },
		});
		expect(record.moves.map((m) => [m.side, m.move])).toEqual([
			['Blue', '(0,0) > (1,1)'],
			['Red', '(0,3) > (1,2)'],
		]);
		expect(record.redo.map((m) => m.move)).toEqual(['(3,0) > (2,1)']);
		const text = formatSavedGame(record);
		expect(text).toContain('"saved": "2026-01-31T12:00:00.000Z"');
		expect(text).toContain('\n    {"side":"Blue","move":"(0,0) > (1,1)","timeMs":');
		expect(JSON.parse(text)).toEqual(record);

		const loaded = parseSavedGame(text, 'game.json');
		expect(loaded.moves.map((m) => m.text)).toEqual(['(0,0) > (1,1)', '(0,3) > (1,2)']);
		expect(loaded.moves.map((m) => m.timeMs)).toEqual(record.moves.map((m) => m.timeMs));
		expect(loaded.moves[1].captures).toBe(1);
		expect(loaded.redo.map((m) => m.text)).toEqual(['(3,0) > (2,1)']);
		expect(loaded.halfMoveLimit).toBe(50);

		// Loaded into a new session, the game goes on after its moves and can be taken back.
		const t = new Game({
			start: grid(['B...R', '.....', '.....', '.....', 'B...R']),
			players: [new HumanPlayer(), new HumanPlayer()],
			timeMs: [0, 0],
			halfMoveLimit: 100,
		});
		void t.run();
		t.load(loaded);
		await waitFor(() => t.humanToMove() !== null);
		expect(positionToGrid(t.state.position)).toEqual(['B..R', '.RR.', '....', 'B..R']);
		expect(t.state.halfMoveLimit).toBe(50);
		expect(t.redo()).toBe(true);
		await waitFor(() => t.state.moves.length === 3 && t.humanToMove() !== null);
		t.abort();
	});

	it('refuses a bad record with the file and the first bad move', () => {
		const record = JSON.parse(
			formatSavedGame(
				toSavedGame({
					positions: [grid(['B..R', '....', '....', 'B..R'])],
					moves: [],
					redo: [],
					players: [new HumanPlayer(), new HumanPlayer()],
					timeMs: [0, 0],
					halfMoveLimit: 10,
					variant: 'blobwar',
					result: null,
				}),
			),
		);
		const bad = (patch: object) => () => parseSavedGame(JSON.stringify({ ...record, ...patch }), 'g.json');
		expect(() => parseSavedGame('{"format": "blobterm-game",', 'g.json')).toThrow(SavedGameError);
		expect(() => parseSavedGame('[1, 2]', 'g.json')).toThrow(
			'g.json: not a game record (expected "format": "blobterm-game")',
		);
		expect(bad({ version: 2 })).toThrow(
			'g.json: record version 2 is not supported (this blobterm reads version 1)',
		);
		expect(bad({ board: ['B..R', '...'] })).toThrow('g.json: "board" row 1 has 3 cells, expected 4');
		// A short first row is the one named: the width is the one most rows have.
		expect(bad({ board: ['B.', '....', '....', 'B..R'] })).toThrow('g.json: "board" row 0 has 2 cells, expected 4');
		expect(bad({ board: ['B..Q'] })).toThrow('g.json: "board" row 0, column 3: expected B, R, . or X, found "Q"');
		expect(bad({ moves: [{ move: '0 0 1 1' }, { move: '0 0 0 1' }] })).toThrow(
			'g.json: moves[1] (half-move 2): (0,0) > (0,1): (0,0) is a Blue blob, not a Red blob',
		);
		expect(bad({ moves: [{ side: 'Red', move: '0 3 1 2' }] })).toThrow(
			"g.json: moves[0] (half-move 1): it is Blue's move, not Red's",
		);
		expect(bad({ moves: [{ move: 'pass' }] })).toThrow('a pass is an Ataxx move');
		expect(bad({ redo: [{ move: 'hello' }] })).toThrow('g.json: redo[0] (half-move 1): "hello" is not a move');
	});

	it(
		"a board file with the old client's history loads as moves, " + 'with the positions after its index to replay',
		() => {
			const p0 = grid(['B..R', '....', '....', 'B..R']);
			const p1 = playMove(p0, move(p0, '0 0 1 1'));
			const p2 = playMove(p1, move(p1, '0 3 1 2'));
			const p3 = playMove(p2, move(p2, '3 0 1 0'));
			// Index 2: the current position is p1 (Red to move); p2 and p3 were taken back.
			const text =
				formatBoardFile(p1).replace(/\n$/, '') +
				`\n\n2 4\n${[p0, p1, p2, p3].map((p) => positionToGrid(p).join('')).join('\n')}\n`;
			const loaded = gameFromBoardFile(parseBoardFile(text));
			expect(positionToGrid(loaded.start)).toEqual(positionToGrid(p0));
			expect(loaded.moves.map((m) => m.text)).toEqual(['(0,0) > (1,1)']);
			expect(loaded.redo.map((m) => m.text)).toEqual(['(0,3) > (1,2)', '(3,0) > (1,0)']);
			// A history that breaks the rules only gives the side to move.
			const broken =
				formatBoardFile(p1).replace(/\n$/, '') +
				`\n\n2 2\n${positionToGrid(p3).join('')}\n${positionToGrid(p1).join('')}\n`;
			const fallback = gameFromBoardFile(parseBoardFile(broken));
			expect(fallback.moves).toEqual([]);
			expect(fallback.start.side).toBe(1);
			expect(fallback.before.length).toBe(1);
		},
	);

	it('saves atomically, never over an existing file unless told, and reads both kinds of file', async () => {
		const record = toSavedGame({
			positions: [grid(['B..R', '....', '....', 'B..R'])],
			moves: [],
			redo: [],
			players: [new HumanPlayer(), new HumanPlayer()],
			timeMs: [0, 0],
			halfMoveLimit: 10,
			variant: 'blobwar',
			result: null,
		});
		const path = join(dir, 'game.json');
		expect(await saveGame(path, record)).toBe(true);
		await writeFile(path, 'keep me');
		expect(await saveGame(path, record)).toBe(false);
		expect(await readFile(path, 'utf8')).toBe('keep me');
		expect(await saveGame(path, record, true)).toBe(true);
		expect((await readGameFile(path)).halfMoveLimit).toBe(10);
		await expect(saveGame(join(dir, 'no', 'such', 'dir.json'), record)).rejects.toThrow(
			`cannot write ${join(dir, 'no', 'such', 'dir.json')}: no such directory`,
		);
		await expect(readGameFile(join(dir, 'missing.json'))).rejects.toThrow(
			`cannot read ${join(dir, 'missing.json')}: no such file`,
		);
		await expect(readGameFile(dir)).rejects.toThrow('is a directory');
		// Saving onto a directory fails at once, instead of first asking to overwrite it.
		await expect(saveGame(dir, record)).rejects.toThrow(`cannot write ${dir}: is a directory`);
		const loaded = await readGameFile('boards/gruyere3.bwb');
		expect(positionToGrid(loaded.start)).toEqual(['BX.XR', 'B.X.R', 'BX.XR']);
		await writeFile(join(dir, 'bad.bwb'), '3 3\nB.Q\n');
		await expect(readGameFile(join(dir, 'bad.bwb'))).rejects.toThrow(
			`${join(dir, 'bad.bwb')}:2:3: expected a cell`,
		);
	});
});
