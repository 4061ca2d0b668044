import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { playMove } from '../../source/game/make-move.js';
import { type Position } from '../../source/game/position.js';
import { ExternalPlayer, formatTimeArg } from '../../source/players/external-player.js';
import { type EngineInfo, type MoveRequest } from '../../source/players/player.js';
import { liveProcessGroups, liveTempDirs } from '../../source/players/process-registry.js';
import { clockBudget } from '../../source/search/time-manager.js';
import { isAlive, killListedPids } from '../fixture-pids.js';
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
	if (savedTmp === undefined) delete process.env.TMPDIR;
	else process.env.TMPDIR = savedTmp;
	rmSync(tmp, { recursive: true, force: true });
});

/**
 * Time per move of the engines that answer or end by themselves: far more than they need, so
 * that one that takes over a second to start on a loaded machine still answers in time; the
 * tests take as long as the engine, not this.
 */
const AMPLE_MS = 5000;

function request(position: Position, timeMs: number, history: Position[] = [position]): MoveRequest {
	return {
		position,
		history,
		moves: [],
		timeMs,
		halfMovesLeft: 100,
		variant: 'blobwar',
		signal: new AbortController().signal,
	};
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
		const answer = await player.play(request(start, AMPLE_MS));
		expect(answer).toEqual({ kind: 'move', coords: { r1: 0, c1: 0, r2: 0, c2: 1 }, text: '(0,0) > (0,1)' });
		expect(readdirSync(tmp)).toEqual([]);
		expect(liveProcessGroups()).toBe(0);
	});

	it('its temp folder is known to the cleanup before it exists: no exit in between leaves it behind', async () => {
		const player = new ExternalPlayer({ command: fixture('greedy-engine.mjs') });
		const answer = player.play(request(start, AMPLE_MS));
		// Synchronously after play() is called: the folder is tracked, not yet made.
		expect(liveTempDirs()).toBe(1);
		expect(await answer).toMatchObject({ kind: 'move' });
		expect(liveTempDirs()).toBe(0);
		expect(readdirSync(tmp)).toEqual([]);
	});

	it('plays Red when TIME is negative', async () => {
		const afterBlue = playMove(start, move(start, '0 0 0 1'));
		const player = new ExternalPlayer({ command: fixture('greedy-engine.mjs') });
		const answer = await player.play(request(afterBlue, AMPLE_MS, [start, afterBlue]));
		expect(answer).toMatchObject({ kind: 'move', text: '(0,6) > (0,5)' });
	});

	it('the last move line printed in time is the move, and the engine is ended', async () => {
		// It prints its second move line 100 ms after its first: 2 s leaves it time to start.
		const player = new ExternalPlayer({ command: fixture('iterative-engine.mjs'), graceMs: 100 });
		const answer = await player.play(request(start, 2000));
		// First line: the last listed move (a jump); later line: the greedy clone.
		expect(answer).toMatchObject({ kind: 'move', text: '(0,0) > (0,1)' });
		expect(liveProcessGroups()).toBe(0);
	});

	it('an engine for the old client reads whose turn it is from the history parity', async () => {
		const afterBlue = playMove(start, move(start, '0 0 0 1'));
		const twoArgs = new ExternalPlayer({ command: fixture('parity-engine.mjs'), args: ['{board}', '{time}'] });
		expect(await twoArgs.play(request(afterBlue, AMPLE_MS, [start, afterBlue]))).toMatchObject({
			kind: 'move',
			text: '(0,6) > (0,5)',
		});
		// The same engine given the default three arguments refuses to run: a forfeit with its reason.
		const threeArgs = new ExternalPlayer({ command: fixture('parity-engine.mjs') });
		expect(await threeArgs.play(request(afterBlue, AMPLE_MS, [start, afterBlue]))).toEqual({
			kind: 'forfeit',
			reason: expect.stringMatching(
				/^exited with code 64 after [\d.]+ s without a move \(stderr: usage: parity-engine BOARD_FILE TIME \(got 3 arguments\)\)$/,
			),
		});
	});
});

describe('an engine of the tournament interface on a clock', () => {
	it("gets the time manager's share of its time left as TIME", async () => {
		const log: string[] = [];
		const player = new ExternalPlayer({
			command: fixture('greedy-engine.mjs'),
			graceMs: AMPLE_MS,
			log: (direction, text) => log.push(`${direction} ${text}`),
		});
		const own = { timeLeftMs: 9000, incrementMs: 100 };
		const answer = await player.play({ ...request(start, 9000), clock: { own, other: own } });
		expect(answer).toMatchObject({ kind: 'move' });
		// 45 empty cells: 72 moves assumed to go, (9000 - 30) / 72 + 0.75 * 100 = 199.6 ms.
		expect(clockBudget(own, 45).optimumMs).toBeCloseTo(199.58, 2);
		expect(log[0]).toMatch(/^> run \S+greedy-engine\.mjs \S+\.bwb 0\.2 \d+$/);
	});
});

describe('engines that misbehave lose cleanly', () => {
	// [fixture, ms per move, forfeit reason]: the silent and late ones lose at the deadline
	// whether or not they have started by then; the flood needs time to start flooding.
	it.each([
		['silent-engine.mjs', 200, /^no move within 0\.40 s$/],
		['late-engine.mjs', 200, /^no move within 0\.40 s$/],
		[
			'exit-engine.mjs',
			AMPLE_MS,
			/^exited with code 3 after [\d.]+ s without a move \(stderr: exit-engine: cannot open my opening book\)$/,
		],
		['garbage-engine.mjs', AMPLE_MS, /^printed no move line \(last output: "best: e4"\)$/],
		['flood-engine.mjs', 1500, /^no move within 1\.70 s \(last output: "x{80}"\)$/],
		// Lines of thinking without end: the deadline still wins.
		['info-flood-engine.mjs', 1500, /^no move within 1\.70 s \(last output: "thinking: line \d+"\)$/],
	])('%s', async (name, timeMs, reason) => {
		const player = new ExternalPlayer({ command: fixture(name), graceMs: 200, killDelayMs: 100 });
		const started = performance.now();
		const answer = await player.play(request(start, timeMs));
		expect(answer).toEqual({ kind: 'forfeit', reason: expect.stringMatching(reason) });
		// The deadline was enforced: well before the late engine's answer (6.2 s) or any hang,
		// with 4 s for the kill and a loaded machine.
		expect(performance.now() - started).toBeLessThan(Math.min(timeMs, 1500) + 4000);
		expect(liveProcessGroups()).toBe(0);
		expect(readdirSync(tmp)).toEqual([]);
	});

	it('a crash is reported with its signal', async () => {
		const positions = [start];
		for (const text of ['0 0 0 1', '0 6 0 5', '0 1 0 2', '0 5 0 4'])
			positions.push(playMove(positions.at(-1)!, move(positions.at(-1)!, text)));
		const player = new ExternalPlayer({ command: fixture('crash-engine.mjs') });
		const answer = await player.play(request(positions.at(-1)!, AMPLE_MS, positions));
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
			// 1.5 s: time to start and write its pid file, even on a loaded machine.
			const answer = await player.play(request(start, 1500));
			expect(answer).toEqual({ kind: 'forfeit', reason: 'no move within 1.60 s' });
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
		expect(await player.play(request(start, 1500))).toMatchObject({ kind: 'move', text: '(0,0) > (0,1)' });
		expect(liveProcessGroups()).toBe(0);
	});
});

describe('what an engine says is read as it comes, and made safe', () => {
	it('an engine that exits leaving a child that holds its output open: its move is taken at once', async () => {
		const pidFile = join(tmp, '..', `detached-${process.pid}.pids`);
		process.env.DETACHED_PID_FILE = pidFile;
		try {
			const player = new ExternalPlayer({ command: fixture('detach-engine.mjs') });
			const started = performance.now();
			const answer = await player.play(request(start, AMPLE_MS));
			expect(answer).toMatchObject({ kind: 'move', text: '(0,0) > (0,1)' });
			// When the engine exited: not at the deadline (5.5 s), nor when the pipe closes (30 s).
			expect(performance.now() - started).toBeLessThan(AMPLE_MS);
			expect(liveProcessGroups()).toBe(0);
			expect(readdirSync(tmp)).toEqual([]);
		} finally {
			delete process.env.DETACHED_PID_FILE;
			killListedPids(pidFile);
		}
	});

	it('a move line among 300,000 lines of thinking, printed in time, is taken', async () => {
		const infos: EngineInfo[] = [];
		const player = new ExternalPlayer({ command: fixture('chatty-engine.mjs'), graceMs: 500 });
		// Ample time: writing 9 MB takes the engine a while on a loaded machine.
		const answer = await player.play({ ...request(start, 10_000), onInfo: (info) => infos.push(info) });
		expect(answer).toMatchObject({ kind: 'move', text: '(0,0) > (0,1)' });
		expect(infos.map((info) => info.text)).toContain('thinking: line 300000 of 300000');
		// Lines are read and taken in batches: work per batch, not per line, so that a flood
		// does not outrun the reader and the move arrives while it is still on time.
		expect(infos.length).toBeLessThan(10_000);
	});

	it('terminal escapes and control characters are removed from its lines', async () => {
		const infos: EngineInfo[] = [];
		const player = new ExternalPlayer({ command: fixture('escape-engine.mjs') });
		const answer = await player.play({ ...request(start, AMPLE_MS), onInfo: (info) => infos.push(info) });
		expect(answer).toEqual({ kind: 'move', coords: { r1: 0, c1: 0, r2: 0, c2: 1 }, text: '(0,0) > (0,1)' });
		expect(infos.map((info) => info.text)).toContain('thinking\ufffd');
	});

	it('... and from its stderr, in forfeit reasons and logs', async () => {
		const log: string[] = [];
		process.env.NO_MOVE = '1';
		try {
			const player = new ExternalPlayer({
				command: fixture('escape-engine.mjs'),
				log: (direction, text) => log.push(`${direction} ${text}`),
			});
			expect(await player.play(request(start, AMPLE_MS))).toEqual({
				kind: 'forfeit',
				reason: expect.stringMatching(
					/^exited with code 1 after [\d.]+ s without a move \(stderr: book missing\)$/,
				),
			});
		} finally {
			delete process.env.NO_MOVE;
		}
		expect(log).toContain('< thinking\ufffd');
		expect(log).toContain('! book missing');
		for (const line of log) expect(line).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
	});

	it('its stderr goes to the log, line by line', async () => {
		const log: string[] = [];
		const player = new ExternalPlayer({
			command: fixture('exit-engine.mjs'),
			log: (direction, text) => log.push(`${direction} ${text}`),
		});
		expect(await player.play(request(start, AMPLE_MS))).toMatchObject({ kind: 'forfeit' });
		expect(log).toContain('! exit-engine: cannot open my opening book');
		expect(log.at(-1)).toBe('# exited: exit code 3');
	});
});
