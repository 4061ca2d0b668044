import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { positionToGrid } from '../../source/game/position.js';
import { GameSession, type SessionOptions } from '../../source/match/game-session.js';
import { ExternalPlayer } from '../../source/players/external-player.js';
import { HumanPlayer } from '../../source/players/human-player.js';
import { type Player } from '../../source/players/player.js';
import { liveProcessGroups } from '../../source/players/process-registry.js';
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

function session(players: [Player, Player], extra: Partial<SessionOptions> = {}) {
	const s = new GameSession({ start: board('4x4'), players, timeMs: [1000, 1000], halfMoveLimit: 100, ...extra });
	const running = s.run();
	return { s, running };
}

/** Waits until the session's player to move is a person at `plies` half-moves, then plays `text`. */
async function play(s: GameSession, text: string): Promise<void> {
	const before = s.state.moves.length;
	await waitFor(() => s.humanToMove() !== null);
	expect(s.submit(text)).toBeNull();
	await waitFor(() => s.state.moves.length === before + 1);
}

const texts = (s: GameSession) => s.state.moves.map((m) => m.text);

describe('a session between two people', () => {
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
		s.quit();
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
		s.quit();
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
		// A finished game can still be taken back.
		expect(s.undo()).toBe(true);
		await waitFor(() => s.humanToMove() !== null);
		expect(s.state.result).toBeNull();
		expect(s.state.moves.length).toBe(2);
		s.quit();
		await running;
	});
});

describe('a session against an engine', () => {
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
		s.quit();
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
		s.quit();
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
		s.quit();
		await running;
	});

	it('between two engines undo and redo do nothing', async () => {
		const { s, running } = session([engine('greedy-engine.mjs'), engine('greedy-engine.mjs')]);
		await waitFor(() => s.state.moves.length >= 1);
		expect(s.state.canTakeBack).toBe(false);
		expect(s.undo()).toBe(false);
		expect(s.redo()).toBe(false);
		s.quit();
		await running;
	});
});
