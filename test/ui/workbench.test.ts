/**
 * End to end in a pseudo-terminal: the game screen's debugging tools. The engine I/O pane with a
 * fixture engine's stdout and stderr lines (and the same lines in `--log-dir`'s file), analysis of
 * the position during a game, and engine against engine: told apart by their specs, paused,
 * stepped back and forward.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PtyScreen } from './pty-screen.js';

const tmp = mkdtempSync(join(tmpdir(), 'blobterm-workbench-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let screens: PtyScreen[] = [];
afterEach(() => {
	for (const s of screens) s.kill();
	screens = [];
});

function blobterm(args: string[], cols = 110, rows = 32): PtyScreen {
	const screen = new PtyScreen('dist/cli.js', args, { cols, rows });
	screens.push(screen);
	return screen;
}

async function typeSlowly(screen: PtyScreen, pieces: string[]): Promise<void> {
	for (const piece of pieces) {
		screen.type(piece);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

describe('the game screen for debugging', () => {
	it('the I/O pane shows the lines sent to an engine, read from its stdout and stderr; so does the log', async () => {
		const logs = join(tmp, 'logs');
		const s = blobterm([
			'boards/ataxx.bwb',
			'uai:test/fixtures/uai-talkative-engine.mjs,name=chatty',
			'-0.5',
			'--log-dir',
			logs,
		]);
		await s.settle('Your move (Blue)');
		await typeSlowly(s, ['0 0 1 1', '\r']);
		await s.waitFor(/half-move 2 of 1000/);
		s.type('i');
		const pane = await s.settle('Engine I/O (> sent, < read, ! stderr, # process)');
		expect(pane).toMatch(/\d\d:\d\d:\d\d\.\d{3} Red chatty > go movetime 500/);
		expect(pane).toMatch(/\d\d:\d\d:\d\d\.\d{3} Red chatty < info string talkative looks at move 1/);
		expect(pane).toMatch(/\d\d:\d\d:\d\d\.\d{3} Red chatty ! talkative: thinking about move 1/);
		expect(pane).toMatch(/Red chatty < bestmove \w+/);
		s.type('i');
		await s.settle((screen) => !screen.includes('Engine I/O'));
		s.type('q');
		expect(await s.exited).toBe(0);
		const files = readdirSync(logs);
		expect(files).toEqual(['game-0001.log']);
		const log = readFileSync(join(logs, files[0]), 'utf8');
		expect(log).toMatch(/^\S+Z \+\d+\.\d{3} Red chatty > uai$/m);
		expect(log).toMatch(/^\S+Z \+\d+\.\d{3} Red chatty ! talkative: thinking about move 1$/m);
		expect(log).toMatch(/^\S+Z \+\d+\.\d{3} Red chatty < info string talkative looks at move 1$/m);
	});

	it('analyses the position of a game with N lines, and again after each move', async () => {
		const s = blobterm(['boards/5x5.bwb']);
		await s.settle('Your move (Blue)');
		s.type('a');
		const lines = await s.waitFor(/ 3\. .* d\d+ {2}\(\d,\d\) > \(\d,\d\)/);
		expect(lines).toMatch(/builtin · scores for Blue · (thinking|done) · depth \d+ · /);
		s.type(']');
		await s.waitFor(/ 4\. .* d\d+ {2}\(\d,\d\)/);
		await typeSlowly(s, ['0 0 1 1', '\r']);
		await s.waitFor(/scores for Red/);
		await s.waitFor(/ 4\. .* d\d+ {2}\(\d,\d\)/);
		s.type('a');
		await s.settle((screen) => !screen.includes('scores for'));
		s.type('q');
		expect(await s.exited).toBe(0);
	});

	it('engine against engine: two built-in engines told apart, help for watchers, pause, undo, redo', async () => {
		const s = blobterm(['boards/default.bwb', 'builtin:exposure=10', '0.3', 'builtin', '-0.3']);
		const title = await s.waitFor('Blue: builtin:exposure=10 (0.3 s) · Red: builtin (0.3 s)');
		expect(title).toContain('blobterm · default.bwb');
		await s.waitFor(/half-move [2-9] of/);
		s.type('p');
		await s.settle('Paused · p goes on · u r step back and forward · ? help');
		const paused = /half-move (\d+) of/.exec(s.text())![1];
		s.type('?');
		const help = await s.settle('Keys (any key closes this help)');
		expect(help).toContain('pause the game, or go on');
		expect(help).not.toContain('move the cursor');
		s.type(' ');
		await s.settle('Paused');
		s.type('u');
		await s.settle(`half-move ${Number(paused) - 1} of`);
		expect(s.text()).toContain('took back a half-move: paused (p goes on, r replays)');
		s.type('r');
		await s.settle(`half-move ${paused} of`);
		s.type('p');
		await s.waitFor(`half-move ${Number(paused) + 1} of`);
		s.type('q');
		expect(await s.exited).toBe(0);
	});
});
