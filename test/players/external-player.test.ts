import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { playMove } from '../../source/game/make-move.js';
import { type Position } from '../../source/game/position.js';
import { ExternalPlayer, formatTimeArg } from '../../source/players/external-player.js';
import { type MoveRequest } from '../../source/players/player.js';
import { liveProcessGroups } from '../../source/players/process-registry.js';
import { isAlive } from '../fixture-pids.js';
import { move } from '../helpers.js';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);
const start = parseBoardFile(readFileSync('boards/ataxx.bwb', 'utf8')).position;

let tmp: string;
let savedTmp: string | undefined;
beforeAll(() => {
	savedTmp = process.env.TMPDIR;
	tmp = mkdtempSync(join(tmpdir(), 'blobterm-test-'));
	process.env.TMPDIR = tmp; // the player's temp files go here, so the test can see them go
});
afterAll(() => {
	process.env.TMPDIR = savedTmp;
	rmSync(tmp, { recursive: true, force: true });
});

function request(position: Position, timeMs: number, history: Position[] = [position]): MoveRequest {
	return { position, history, timeMs, halfMovesLeft: 100, variant: 'blobwar', signal: new AbortController().signal };
}

describe('the time argument', () => {
	it('is seconds with a decimal point, negative for Red', () => {
		expect(formatTimeArg(2400, 0)).toBe('2.4');
		expect(formatTimeArg(1000, 1)).toBe('-1.0');
		expect(formatTimeArg(250, 1)).toBe('-0.25');
	});
});

describe('a well-behaved engine', () => {
	it('answers its move, and its temp file is gone afterwards', async () => {
		const player = new ExternalPlayer({ command: fixture('greedy-engine.mjs') });
		const answer = await player.play(request(start, 1000));
		expect(answer).toEqual({ kind: 'move', coords: { r1: 0, c1: 0, r2: 0, c2: 1 }, text: '(0,0) > (0,1)' });
		expect(readdirSync(tmp)).toEqual([]);
		expect(liveProcessGroups()).toBe(0);
	});

	it('plays Red when TIME is negative', async () => {
		const afterBlue = playMove(start, move(start, '0 0 0 1'));
		const player = new ExternalPlayer({ command: fixture('greedy-engine.mjs') });
		const answer = await player.play(request(afterBlue, 1000, [start, afterBlue]));
		expect(answer).toMatchObject({ kind: 'move', text: '(0,6) > (0,5)' });
	});

	it('the last move line printed in time is the move, and the engine is ended', async () => {
		const player = new ExternalPlayer({ command: fixture('iterative-engine.mjs'), graceMs: 100 });
		const answer = await player.play(request(start, 400));
		// First line: the last listed move (a jump); later line: the greedy clone.
		expect(answer).toMatchObject({ kind: 'move', text: '(0,0) > (0,1)' });
		expect(liveProcessGroups()).toBe(0);
	});

	it('an engine for the old client reads whose turn it is from the history parity', async () => {
		const afterBlue = playMove(start, move(start, '0 0 0 1'));
		const twoArgs = new ExternalPlayer({ command: fixture('parity-engine.mjs'), args: ['{board}', '{time}'] });
		expect(await twoArgs.play(request(afterBlue, 1000, [start, afterBlue]))).toMatchObject({
			kind: 'move',
			text: '(0,6) > (0,5)',
		});
		// The same engine given the default three arguments refuses to run: a forfeit with its reason.
		const threeArgs = new ExternalPlayer({ command: fixture('parity-engine.mjs') });
		expect(await threeArgs.play(request(afterBlue, 1000, [start, afterBlue]))).toEqual({
			kind: 'forfeit',
			reason: expect.stringMatching(
				/^exited with code 64 after [\d.]+ s without a move \(stderr: usage: parity-engine BOARD_FILE TIME \(got 3 arguments\)\)$/,
			),
		});
	});
});

describe('engines that misbehave lose cleanly', () => {
	it.each([
		['silent-engine.mjs', /^no move within 0\.40 s$/],
		['late-engine.mjs', /^no move within 0\.40 s$/],
		[
			'exit-engine.mjs',
			/^exited with code 3 after [\d.]+ s without a move \(stderr: exit-engine: cannot open my opening book\)$/,
		],
		['garbage-engine.mjs', /^printed no move line \(last output: "best: e4"\)$/],
		['flood-engine.mjs', /^no move within 0\.40 s \(last output: "x{80}"\)$/],
	])('%s', async (name, reason) => {
		const player = new ExternalPlayer({ command: fixture(name), graceMs: 200, killDelayMs: 100 });
		const started = performance.now();
		const answer = await player.play(request(start, 200));
		expect(answer).toEqual({ kind: 'forfeit', reason: expect.stringMatching(reason) });
		// The deadline was enforced: well before the late engine's answer (2.2 s) or any hang.
		expect(performance.now() - started).toBeLessThan(2000);
		expect(liveProcessGroups()).toBe(0);
		expect(readdirSync(tmp)).toEqual([]);
	});

	it('a crash is reported with its signal', async () => {
		const positions = [start];
		for (const text of ['0 0 0 1', '0 6 0 5', '0 1 0 2', '0 5 0 4'])
			positions.push(playMove(positions.at(-1)!, move(positions.at(-1)!, text)));
		const player = new ExternalPlayer({ command: fixture('crash-engine.mjs') });
		const answer = await player.play(request(positions.at(-1)!, 1000, positions));
		expect(answer).toEqual({
			kind: 'forfeit',
			reason: expect.stringMatching(/^crashed \(SIGSEGV\) after [\d.]+ s without a move$/),
		});
	});

	it('an engine that ignores SIGTERM is killed', async () => {
		const pidFile = join(tmp, '..', `stubborn-${process.pid}.pid`);
		process.env.STUBBORN_PID_FILE = pidFile;
		try {
			const player = new ExternalPlayer({
				command: fixture('stubborn-engine.mjs'),
				graceMs: 100,
				killDelayMs: 100,
			});
			const answer = await player.play(request(start, 200));
			expect(answer).toEqual({ kind: 'forfeit', reason: 'no move within 0.30 s' });
			const pid = Number(readFileSync(pidFile, 'utf8'));
			expect(isAlive(pid)).toBe(false);
		} finally {
			delete process.env.STUBBORN_PID_FILE;
			rmSync(pidFile, { force: true });
		}
	});

	it('a program that does not exist cannot start', async () => {
		const player = new ExternalPlayer({ command: '/nonexistent/engine' });
		expect(await player.play(request(start, 200))).toEqual({
			kind: 'forfeit',
			reason: 'could not start /nonexistent/engine: no such program',
		});
	});

	it('an engine that prints a move and keeps running gives that move and is ended', async () => {
		const player = new ExternalPlayer({ command: fixture('linger-engine.mjs'), graceMs: 100 });
		expect(await player.play(request(start, 200))).toMatchObject({ kind: 'move', text: '(0,0) > (0,1)' });
		expect(liveProcessGroups()).toBe(0);
	});
});
