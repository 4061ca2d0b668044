import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { Game } from '../../source/match/game.js';
import { createPlayer } from '../../source/players/create-player.js';
import { App } from '../../source/ui/App.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;
const fixture = (name: string) => join('test', 'fixtures', name);
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));
import { waitFor } from '../helpers.js';

describe('the TUI as a match viewer', () => {
	it(
		"shows two UAI engines: the board, each engine's latest info, " + 'and the result banner with the reason',
		async () => {
			const players = [
				createPlayer(`uai:${fixture('uai-greedy-engine.mjs')},name=greedy`),
				createPlayer(`uai:${fixture('uai-illegal-engine.mjs')},name=illegal`),
			] as const;
			const session = new Game({
				start: board('ataxx'),
				players: [...players],
				timeMs: [1000, 1000],
				halfMoveLimit: 1000,
				variant: 'ataxx',
			});
			const ui = render(<App game={session} boardName="ataxx.bwb" />);
			const running = session.run();
			await waitFor(() => session.state.result !== null);
			await tick();
			const frame = ui.lastFrame()!;
			const lines = frame.split('\n');
			expect(lines[0]).toBe('blobterm · ataxx.bwb · Blue: greedy (1 s) · Red: illegal (1 s)');
			// Blue's clone (0,0) > (0,1) is marked: - - its source, ( ) its destination.
			expect(lines[2]).toMatch(/^ 0 -B-\(B\) \. {2}\. {2}\. {2}\. {2}R {4}/);
			// The move list shows the mover's report: score in blobs from its view, slash, depth.
			expect(frame).toContain('1. Blue (0,0) > (0,1)  +1.00/2');
			expect(frame).toContain('Blue · greedy');
			expect(frame).toMatch(/depth 2 {2}score \+1 for Blue {2}nodes 42 {2}nps 4\.20k {2}time \d\.\d\d s/);
			expect(frame).toContain('pv (0,0) > (0,1)');
			expect(frame).toContain('Red · illegal');
			expect(frame.replace(/\s*\n[│║ ]*/g, ' ')).toContain(
				'Result: Blue wins 3-2 (Red (illegal) forfeits: illegal move "d4": no Red blob next to d4)',
			);
			session.abort();
			ui.unmount();
			await running;
			await session.close();
		},
	);
});
