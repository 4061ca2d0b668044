import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { Game } from '../../source/match/game.js';
import { ExternalPlayer } from '../../source/players/external-player.js';
import { HumanPlayer } from '../../source/players/human-player.js';
import { App } from '../../source/ui/App.js';
import { typeInto } from '../../source/ui/prompt-input.js';
import { waitFor } from '../helpers.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;
const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

function humanGame(name = '4x4') {
	const game = new Game({ start: board(name), players: [new HumanPlayer(), new HumanPlayer()], timeMs: [0, 0], halfMoveLimit: 100 });
	const ui = render(<App game={game} title={`blobterm · ${name}.bwb · Blue: human · Red: human`} />);
	void game.run();
	return { game, ui };
}

describe('the game screen', () => {
	it('renders the board, then the typed move, then the position after it', async () => {
		const { game, ui } = humanGame();
		await waitFor(() => game.humanToMove() !== null);
		await tick();
		expect(ui.lastFrame()).toBe(
			[
				'blobterm · 4x4.bwb · Blue: human · Red: human',
				'    0  1  2  3    Moves',
				' 0  B  .  .  R      none yet',
				' 1  .  .  .  .',
				' 2  .  .  .  .',
				' 3  B  .  .  R',
				'Blue to move · Blue 2 · Red 2 · half-move 0 of 100',
				'Your move (Blue):',
			].join('\n'),
		);
		ui.stdin.write('0 0 1 1');
		await tick();
		expect(ui.lastFrame()?.split('\n').at(-1)).toBe('Your move (Blue): 0 0 1 1');
		ui.stdin.write('\r');
		await waitFor(() => game.state.moves.length === 1);
		await tick();
		expect(ui.lastFrame()).toBe(
			[
				'blobterm · 4x4.bwb · Blue: human · Red: human',
				'    0  1  2  3    Moves',
				' 0  B  .  .  R      1. (0,0) > (1,1)',
				' 1  .  B  .  .',
				' 2  .  .  .  .',
				' 3  B  .  .  R',
				'Red to move · Blue 3 · Red 2 · half-move 1 of 100',
				'Your move (Red):',
			].join('\n'),
		);
		game.abort();
		ui.unmount();
	});

	it('refuses an illegal move with its reason, keeps the position, and takes the next move', async () => {
		const { game, ui } = humanGame();
		await waitFor(() => game.humanToMove() !== null);
		ui.stdin.write('0 0 0 3\r');
		await tick();
		expect(ui.lastFrame()?.split('\n').slice(-2)).toEqual(['Your move (Blue):', '(0,0) > (0,3): (0,3) is not empty']);
		expect(game.state.moves.length).toBe(0);
		ui.stdin.write('3 0 1 2\r');
		await waitFor(() => game.state.moves.length === 1);
		await tick();
		expect(ui.lastFrame()).toContain(' 1  .  .  B  .');
		expect(ui.lastFrame()).not.toContain('is not empty');
		game.abort();
		ui.unmount();
	});

	it('backspace and escape edit the prompt', async () => {
		const { game, ui } = humanGame();
		await waitFor(() => game.humanToMove() !== null);
		ui.stdin.write('0 0 1 9');
		await tick();
		ui.stdin.write('\x7f');
		await tick();
		expect(ui.lastFrame()?.split('\n').at(-1)).toBe('Your move (Blue): 0 0 1');
		ui.stdin.write('\x1b');
		await tick();
		expect(ui.lastFrame()?.split('\n').at(-1)).toBe('Your move (Blue):');
		game.abort();
		ui.unmount();
	});

	it('q quits: the game is abandoned', async () => {
		let quit = false;
		const game = new Game({ start: board('4x4'), players: [new HumanPlayer(), new HumanPlayer()], timeMs: [0, 0], halfMoveLimit: 100 });
		const ui = render(<App game={game} title="t" onQuit={() => (quit = true)} />);
		const result = game.run();
		await waitFor(() => game.humanToMove() !== null);
		ui.stdin.write('q');
		expect((await result).kind).toBe('aborted');
		expect(quit).toBe(true);
	});

	it('shows a whole game between two engine programs, their time, and the result banner', async () => {
		const engine = () => new ExternalPlayer({ command: fixture('greedy-engine.mjs'), graceMs: 300 });
		const game = new Game({ start: board('gruyere3'), players: [engine(), engine()], timeMs: [1000, 1000], halfMoveLimit: 100 });
		const ui = render(<App game={game} title="blobterm · gruyere3.bwb · Blue: greedy · Red: greedy" />);
		const result = await game.run();
		await tick();
		const frame = ui.lastFrame()!;
		expect(frame).toContain('Blue · greedy-engine.mjs');
		expect(frame).toContain('Red · greedy-engine.mjs');
		expect(frame).toMatch(/time \d\.\d\d s/);
		expect(frame).toContain(`Result: ${result.winner === null ? 'draw' : result.winner === 0 ? 'Blue wins' : 'Red wins'} ${result.blue}-${result.red}`);
		expect(frame).toContain('press q to quit');
		expect(frame).toContain('game over · Blue');
		ui.unmount();
	});
});

describe('typing into the prompt', () => {
	it('reads a chunk character by character: Enter submits, other characters are dropped', () => {
		expect(typeInto('', '0 0 1 1\r')).toEqual({ buffer: '', submitted: ['0 0 1 1'] });
		expect(typeInto('(0,0', ') > (1,1)\n2 2')).toEqual({ buffer: '2 2', submitted: ['(0,0) > (1,1)'] });
		expect(typeInto('', 'abc 1\t2')).toEqual({ buffer: ' 1 2', submitted: [] });
		expect(typeInto('', '\r\r')).toEqual({ buffer: '', submitted: [] });
	});
});
