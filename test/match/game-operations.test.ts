import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { positionToGrid } from '../../source/game/position.js';
import { Game, type GameOptions } from '../../source/match/game.js';
import { ExternalPlayer } from '../../source/players/external-player.js';
import { HumanPlayer } from '../../source/players/human-player.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { formatMove, moveCoords } from '../../source/game/notation.js';
import { type MoveRequest, type Player } from '../../source/players/player.js';
import { liveProcessGroups, liveTempDirs } from '../../source/players/process-registry.js';
import { waitFor } from '../helpers.js';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);
const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;
/**
 * A fixture engine as a player. Those that answer by themselves get 5 s of grace: an engine may
 * take a second or more to start on a loaded machine. The silent one gets 200 ms: its deadline
 * is what its test is about.
 */
const engine = (name: string, graceMs = 5000) =>
	new ExternalPlayer({ command: fixture(name), graceMs, killDelayMs: 100 });

function session(players: [Player, Player], extra: Partial<GameOptions> = {}) {
	const s = new Game({ start: board('4x4'), players, timeMs: [1000, 1000], halfMoveLimit: 100, ...extra });
	const running = s.run();
	return { s, running };
}

/** Waits until the game's player to move is a person at `plies` half-moves, then plays `text`. */
async function play(s: Game, text: string): Promise<void> {
	const before = s.state.moves.length;
	await waitFor(() => s.humanToMove() !== null);
	expect(s.submit(text)).toBeNull();
	await waitFor(() => s.state.moves.length === before + 1);
}

const texts = (s: Game) => s.state.moves.map((m) => m.text);

// A game abandoned while an engine program thinks: its process and its temporary folder go before the next test.
afterEach(() => waitFor(() => liveProcessGroups() === 0 && liveTempDirs() === 0));

describe('the operations of a game between two people', () => {
	it('undo takes back one move, redo replays it, and a new move forgets the taken-back ones', async () => {
		const { s, running } = session([new HumanPlayer(), new HumanPlayer()]);
		await play(s, '0 0 1 1');
		await play(s, '0 3 1 2');
		expect(positionToGrid(s.state.position)).toEqual(['B..R', '.RR.', '....', 'B..R']);
		expect(s.undo()).toBe(true);
		await waitFor(() => s.humanToMove() !== null);
		expect(texts(s)).toEqual(['(0,0) > (1,1)']);
		expect(s.state.redo.map((m) => m.text)).toEqual(['(0,3) > (1,2)']);
		expect(positionToGrid(s.state.position)).toEqual(['B..R', '.B..', '....', 'B..R']);
		expect(s.state.position.side).toBe(1);
		expect(s.undo()).toBe(true);
		await waitFor(() => s.humanToMove() !== null);
		expect(texts(s)).toEqual([]);
		expect(s.undo()).toBe(false);
		expect(s.redo()).toBe(true);
		await waitFor(() => s.humanToMove() !== null);
		expect(texts(s)).toEqual(['(0,0) > (1,1)']);
		expect(s.state.redo.map((m) => m.text)).toEqual(['(0,3) > (1,2)']);
		// Playing the taken-back move again keeps nothing to replay; a different move would too.
		await play(s, '3 3 2 2');
		expect(texts(s)).toEqual(['(0,0) > (1,1)', '(3,3) > (2,2)']);
		expect(s.state.redo).toEqual([]);
		expect(s.redo()).toBe(false);
		s.abort();
		await running;
	});

	it('replaying the next taken-back move keeps the rest', async () => {
		const { s, running } = session([new HumanPlayer(), new HumanPlayer()]);
		await play(s, '0 0 1 1');
		await play(s, '0 3 1 2');
		s.undo();
		s.undo();
		await waitFor(() => s.state.moves.length === 0 && s.humanToMove() !== null);
		expect(s.state.redo.map((m) => m.text)).toEqual(['(0,0) > (1,1)', '(0,3) > (1,2)']);
		await play(s, '(0,0) > (1,1)');
		expect(s.state.redo.map((m) => m.text)).toEqual(['(0,3) > (1,2)']);
		s.abort();
		await running;
	});

	it('new game goes back to the start and keeps the moves for redo; the half-move count starts again', async () => {
		const { s, running } = session([new HumanPlayer(), new HumanPlayer()], { halfMoveLimit: 3 });
		await play(s, '0 0 1 1');
		await play(s, '0 3 1 2');
		s.newGame();
		await waitFor(() => s.humanToMove() !== null);
		expect(texts(s)).toEqual([]);
		expect(positionToGrid(s.state.position)).toEqual(['B..R', '....', '....', 'B..R']);
		expect(s.state.redo.length).toBe(2);
		s.redo();
		s.redo();
		await waitFor(() => s.state.moves.length === 2 && s.humanToMove() !== null);
		await play(s, '3 0 2 1');
		// The limit counts the replayed moves: three half-moves end the game.
		await waitFor(() => s.state.result !== null);
		expect(s.state.result?.kind).toBe('end');
		expect(s.state.result?.kind === 'end' && s.state.result.end.reason).toBe('half-move-limit');
		// run() resolves with the result; a finished game can still be taken back, and the same game
		// goes on: its loop runs anew, and run() then resolves with the new ending.
		expect((await running).kind).toBe('end');
		expect(s.undo()).toBe(true);
		await waitFor(() => s.humanToMove() !== null);
		expect(s.state.result).toBeNull();
		expect(s.state.moves.length).toBe(2);
		const again = s.run();
		expect(again).not.toBe(running);
		s.abort();
		expect((await again).kind).toBe('aborted');
		expect(s.state.result?.kind).toBe('aborted');
		// An abandoned game stays abandoned.
		expect(s.undo()).toBe(false);
		s.newGame();
		expect(s.state.moves.length).toBe(2);
		expect(s.state.result?.kind).toBe('aborted');
		expect(s.run()).toBe(again);
	});
});

describe('the operations of a game against an engine', () => {
	it("undo while the engine thinks stops it and takes back the person's move", async () => {
		const silent = engine('silent-engine.mjs', 200);
		const { s, running } = session([new HumanPlayer(), silent], { timeMs: [1000, 30_000] });
		await play(s, '0 0 1 1');
		await waitFor(() => s.state.thinking?.side === 1 && liveProcessGroups() === 1);
		expect(s.undo()).toBe(true);
		expect(texts(s)).toEqual([]);
		await waitFor(() => s.humanToMove() !== null);
		await waitFor(() => liveProcessGroups() === 0);
		expect(s.state.position.side).toBe(0);
		expect(s.state.result).toBeNull();
		s.abort();
		await running;
	});

	it("undo on the person's turn takes back the engine's reply and the person's move; redo replays both", async () => {
		const { s, running } = session([new HumanPlayer(), engine('greedy-engine.mjs')]);
		await play(s, '0 0 1 1');
		await waitFor(() => s.state.moves.length === 2 && s.humanToMove() !== null);
		const reply = s.state.moves[1].text;
		expect(s.undo()).toBe(true);
		await waitFor(() => s.humanToMove() !== null);
		expect(texts(s)).toEqual([]);
		expect(s.state.redo.map((m) => m.text)).toEqual(['(0,0) > (1,1)', reply]);
		expect(s.redo()).toBe(true);
		await waitFor(() => s.humanToMove() !== null);
		expect(texts(s)).toEqual(['(0,0) > (1,1)', reply]);
		s.abort();
		await running;
	});

	it("swap sides: the engine takes over the person's colour and the game goes on", async () => {
		const human = new HumanPlayer();
		const greedy = engine('greedy-engine.mjs');
		const { s, running } = session([human, greedy]);
		await waitFor(() => s.humanToMove() !== null);
		s.swapSides();
		expect(s.state.players).toEqual([greedy, human]);
		// Blue (now the engine) moves, then Red (the person) is asked.
		await waitFor(() => s.state.moves.length === 1 && s.humanToMove() === human);
		expect(s.state.moves[0].side).toBe(0);
		expect(s.state.position.side).toBe(1);
		s.abort();
		await running;
	});

	it('between two engines pause stops the game; undo and redo step a half-move and pause it', async () => {
		const { s, running } = session([engine('greedy-engine.mjs'), engine('greedy-engine.mjs')]);
		await waitFor(() => s.state.moves.length >= 2);
		expect(s.state.canTakeBack).toBe(false);
		expect(s.togglePause()).toBe(true);
		const played = s.state.moves.length;
		await new Promise((resolve) => setTimeout(resolve, 400));
		expect(s.state.moves.length).toBe(played);
		expect(s.state.thinking).toBeNull();
		expect(s.undo()).toBe(true);
		expect(s.state.moves.length).toBe(played - 1);
		expect(s.state.paused).toBe(true);
		expect(s.redo()).toBe(true);
		expect(s.state.moves.length).toBe(played);
		expect(s.redo()).toBe(false);
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(s.state.moves.length).toBe(played);
		expect(s.togglePause()).toBe(false);
		await waitFor(() => s.state.moves.length > played);
		s.abort();
		await running;
	});

	it('a new game whose engine moves first waits, so that r replays the old one (defect 5)', async () => {
		const greedy = engine('greedy-engine.mjs');
		const { s, running } = session([greedy, new HumanPlayer()]);
		await waitFor(() => s.state.moves.length === 1 && s.humanToMove() !== null);
		await play(s, '0 3 1 2');
		await waitFor(() => s.state.moves.length === 3 && s.humanToMove() !== null);
		const old = texts(s);
		s.newGame();
		expect(s.state.paused).toBe(true);
		expect(texts(s)).toEqual([]);
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(texts(s)).toEqual([]);
		expect(s.redo()).toBe(true);
		expect(s.state.paused).toBe(false);
		await waitFor(() => s.humanToMove() !== null);
		expect(texts(s)).toEqual(old.slice(0, 1));
		s.abort();
		await running;
	});
});

describe('loading a board into a game', () => {
	it('takes the new board default half-move limit, unless one was asked for (defect 4)', async () => {
		const loaded = {
			start: board('16x16'),
			before: [],
			moves: [],
			redo: [],
			halfMoveLimit: null,
			variant: 'blobwar' as const,
		};
		const { s, running } = session([new HumanPlayer(), new HumanPlayer()]);
		s.load(loaded);
		expect(s.state.halfMoveLimit).toBe(504);
		s.abort();
		await running;
		const given = session([new HumanPlayer(), new HumanPlayer()], { halfMoveLimitGiven: true });
		given.s.load(loaded);
		expect(given.s.state.halfMoveLimit).toBe(100);
		given.s.abort();
		await given.running;
	});
});

describe('the game loop owns the moves', () => {
	it('each move request carries the moves so far, across an undo and a redo', async () => {
		// An engine that plays its first move and keeps what it was asked.
		const asked: MoveRequest[] = [];
		const recorder: Player = {
			kind: 'builtin',
			name: 'recorder',
			play: (request) => {
				asked.push(request);
				const move = pseudolegalMoves(request.position)[0];
				return Promise.resolve({ kind: 'move', coords: moveCoords(request.position, move), text: 'first' });
			},
			close: () => Promise.resolve(),
		};
		const { s, running } = session([new HumanPlayer(), recorder]);
		// The recorder answers at once: each person's move is followed by its reply.
		for (const plies of [2, 4]) {
			await waitFor(() => s.humanToMove() !== null);
			expect(s.submit(formatMove(s.state.position, pseudolegalMoves(s.state.position)[0]))).toBeNull();
			await waitFor(() => s.state.moves.length === plies);
		}
		expect(s.undo()).toBe(true);
		expect(s.redo()).toBe(true);
		await waitFor(() => s.state.moves.length === 4 && s.humanToMove() !== null);
		for (const request of asked) {
			// The moves lead along the history to the position asked about: no player works them out.
			expect(request.moves.length).toBe(request.history.length - 1);
			expect(request.history.at(-1)).toBe(request.position);
		}
		expect(asked.map((r) => r.moves.length)).toEqual([1, 3]);
		expect(asked[1].moves).toEqual(s.state.moves.slice(0, 3).map((m) => m.move));
		s.abort();
		await running;
	});
});
