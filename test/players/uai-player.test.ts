import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { playMove } from '../../source/game/make-move.js';
import { cloneTo, PASS } from '../../source/game/move.js';
import { type Position } from '../../source/game/position.js';
import { type EngineInfo, type MoveRequest } from '../../source/players/player.js';
import { liveProcessGroups } from '../../source/players/process-registry.js';
import { formatUaiMove, parseUaiMove, squareName } from '../../source/game/uai-notation.js';
import { UaiPlayer } from '../../source/players/uai-player.js';
import { move } from '../helpers.js';
import { killListedPids, trackFixturePids } from '../fixture-pids.js';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);
const start = parseBoardFile(readFileSync('boards/ataxx.bwb', 'utf8')).position;

const pids = trackFixturePids('blobterm-uai-');
const livePids = () => pids.livePids();

function request(
	position: Position,
	timeMs: number,
	history: Position[] = [position],
	onInfo?: (info: EngineInfo) => void,
): MoveRequest {
	return {
		position,
		history,
		moves: [],
		timeMs,
		halfMovesLeft: 100,
		variant: 'ataxx',
		signal: new AbortController().signal,
		onInfo,
	};
}

/**
 * A fixture engine as a player. The handshake may take 5 s: an engine can take over a second to
 * start on a loaded machine (the silent engine's test sets 1 s, the deadline it is about).
 */
const engine = (name: string, initMs = 5000) =>
	new UaiPlayer({ command: fixture(name), graceMs: 200, initMs, readyMs: initMs, quitMs: 200, killDelayMs: 100 });

/** A fixture engine as a player whose engine log (`> sent`, `< read`) is kept in `log`. */
function loggedEngine(name: string): { player: UaiPlayer; log: string[] } {
	const log: string[] = [];
	const player = new UaiPlayer({
		command: fixture(name),
		initMs: 5000,
		readyMs: 5000,
		log: (direction, text) => log.push(`${direction} ${text}`),
	});
	return { player, log };
}

describe('UAI notation', () => {
	it('names squares by file and rank, rank 7 at the top of 7x7', () => {
		expect(squareName(start, 0)).toBe('a7');
		expect(squareName(start, 6)).toBe('g7');
		expect(squareName(start, 48)).toBe('g1');
	});

	it('writes a clone as its destination, a jump as from and to, a pass as 0000', () => {
		expect(formatUaiMove(start, move(start, '0 0 1 1'))).toBe('b6');
		expect(formatUaiMove(start, move(start, '0 0 2 1'))).toBe('a7b5');
		expect(formatUaiMove(start, PASS)).toBe('0000');
	});

	it('reads moves and says why one cannot be played', () => {
		expect(parseUaiMove(start, 'b6')).toEqual({ ok: true, move: cloneTo(8) });
		expect(parseUaiMove(start, 'a7b5')).toEqual({ ok: true, move: move(start, '0 0 2 1') });
		expect(parseUaiMove(start, 'a7b6')).toMatchObject({ ok: true }); // a clone written from-to
		expect(parseUaiMove(start, 'd4')).toEqual({ ok: false, reason: 'no Blue blob next to d4' });
		expect(parseUaiMove(start, 'g7')).toEqual({ ok: false, reason: 'g7 is not empty' });
		expect(parseUaiMove(start, 'h1')).toEqual({ ok: false, reason: 'h1 is off the 7 x 7 board' });
		expect(parseUaiMove(start, 'a7d4')).toEqual({
			ok: false,
			reason: 'd4 is 3 cells from a7; a clone goes 1 cell, a jump 2',
		});
		expect(parseUaiMove(start, 'g7e5')).toEqual({ ok: false, reason: 'g7 is not a Blue blob' });
		expect(parseUaiMove(start, '0000')).toEqual({ ok: false, reason: 'a pass (0000) while Blue has legal moves' });
		expect(parseUaiMove(start, 'e4e4e4')).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/^"e4e4e4" is not a UAI move/),
		});
	});
});

describe('a well-behaved UAI engine', () => {
	it('does the handshake, answers its move with live info, and quits at close', async () => {
		const player = engine('uai-greedy-engine.mjs');
		const infos: EngineInfo[] = [];
		const answer = await player.play(request(start, 1000, [start], (info) => infos.push(info)));
		// The move's report is the engine's last info, its PV starting with the move played.
		expect(answer).toEqual({
			kind: 'move',
			coords: { r1: 0, c1: 0, r2: 0, c2: 1 },
			text: 'b7',
			report: { depth: 2, seldepth: 3, score: 100, nodes: 42, timeMs: 10, pv: ['(0,0) > (0,1)'] },
		});
		expect(infos.at(-1)).toMatchObject({
			depth: 2,
			seldepth: 3,
			score: 100,
			nodes: 42,
			nps: 4200,
			pv: ['(0,0) > (0,1)'],
		});
		// The same process plays the next move of the game (Red's reply after Blue's b7).
		const a = playMove(start, move(start, '0 0 0 1'));
		const b = playMove(a, move(a, '0 6 0 5'));
		expect(await player.play(request(b, 1000, [start, a, b]))).toMatchObject({ kind: 'move', text: 'a6' });
		await player.close();
		expect(liveProcessGroups()).toBe(0);
		expect(livePids()).toEqual([]);
	});

	it('ignores a stale bestmove printed after the answer, and a lingering search', async () => {
		const player = engine('uai-linger-engine.mjs');
		const first = await player.play(request(start, 500));
		expect(first).toMatchObject({ kind: 'move', text: 'b7' });
		const a = playMove(start, move(start, '0 0 0 1'));
		expect(await player.play(request(a, 500, [start, a]))).toMatchObject({ kind: 'move', text: 'f7' });
		await player.close();
		expect(livePids()).toEqual([]);
	});
});

describe('UAI engines that misbehave lose cleanly', () => {
	it.each([
		['uai-silent-engine.mjs', /^no uaiok within 1\.00 s after uai$/],
		[
			'uai-exit-engine.mjs',
			/^exited with code 3 before uaiok \(stderr: uai-exit-engine: cannot load my network\)$/,
		],
		['uai-late-engine.mjs', /^no bestmove within 0\.50 s$/],
		[
			'uai-garbage-engine.mjs',
			// Control characters reach no message: each shows as U+FFFD.
			/^bestmove "e4e4e4" is not a move \(last output: "\ufffd\ufffd ### info depth banana"\)$/,
		],
		['uai-illegal-engine.mjs', /^illegal move "d4": no Blue blob next to d4$/],
		['uai-flood-engine.mjs', /^no bestmove within 0\.50 s \(last output: "x{80}"\)$/],
		// Info lines without end: the deadline still wins.
		['uai-info-flood-engine.mjs', /^no bestmove within 0\.50 s \(last output: "info depth \d+ score cp .+"\)$/],
		['uai-stubborn-engine.mjs', /^no bestmove within 0\.50 s$/],
	])('%s', async (name, reason) => {
		const player = engine(name, name === 'uai-silent-engine.mjs' ? 1000 : 5000);
		const started = performance.now();
		const answer = await player.play(request(start, 300));
		expect(answer).toEqual({ kind: 'forfeit', reason: expect.stringMatching(reason) });
		await player.close();
		// No hang: the reason above shows which deadline ended the wait; this bounds the whole
		// exchange (a start that takes a while on a loaded machine included).
		expect(performance.now() - started).toBeLessThan(8000);
		expect(liveProcessGroups()).toBe(0);
		expect(livePids()).toEqual([]);
	});

	it('a crash mid-game is reported with its signal', async () => {
		const player = engine('uai-crash-engine.mjs');
		const positions = [start];
		for (const text of ['0 0 0 1', '0 6 0 5', '0 1 0 2', '0 5 0 4'])
			positions.push(playMove(positions.at(-1)!, move(positions.at(-1)!, text)));
		expect(await player.play(request(positions[0], 500, positions.slice(0, 1)))).toMatchObject({ kind: 'move' });
		expect(await player.play(request(positions[2], 500, positions.slice(0, 3)))).toMatchObject({ kind: 'move' });
		const answer = await player.play(request(positions[4], 500, positions));
		expect(answer).toEqual({
			kind: 'forfeit',
			reason: expect.stringMatching(/^crashed \(SIGSEGV\) after [\d.]+ s without a move$/),
		});
		await player.close();
		expect(livePids()).toEqual([]);
	});

	it('a program that does not exist cannot start', async () => {
		const player = new UaiPlayer({ command: '/nonexistent/uai-engine' });
		expect(await player.play(request(start, 200))).toEqual({
			kind: 'forfeit',
			reason: 'could not start /nonexistent/uai-engine: no such program',
		});
		await player.close();
	});
});

describe('what a UAI engine says is read as it comes, and made safe', () => {
	it('closing an engine that leaves a child holding its output open does not wait for the pipe', async () => {
		const pidFile = join(pids.dir(), 'detached.pids');
		process.env.DETACHED_PID_FILE = pidFile;
		try {
			const player = engine('uai-detach-engine.mjs');
			expect(await player.play(request(start, 1000))).toMatchObject({ kind: 'move', text: 'b7' });
			const started = performance.now();
			await player.close();
			// Its quit (200 ms) and the reading of what it had written, not the 30 s of its child
			// (10 s: room for a loaded machine).
			expect(performance.now() - started).toBeLessThan(10_000);
			expect(liveProcessGroups()).toBe(0);
			expect(livePids()).toEqual([]);
		} finally {
			delete process.env.DETACHED_PID_FILE;
			killListedPids(pidFile);
		}
	});

	it('a bestmove after 300,000 info lines, printed in time, is taken', async () => {
		const player = engine('uai-chatty-engine.mjs');
		const infos: EngineInfo[] = [];
		// Ample time: writing 20 MB takes the engine a while on a loaded machine.
		const answer = await player.play(request(start, 10_000, [start], (info) => infos.push(info)));
		expect(answer).toMatchObject({ kind: 'move', text: 'b7' });
		// The live information of the last batch: line 300,000 (depth 1 + 300000 % 20, score 0).
		expect(infos.at(-1)).toMatchObject({ depth: 1, score: 0, nodes: 300_000_000, pv: ['(0,0) > (0,1)'] });
		// Lines are read and taken in batches: work per batch, not per line, so that a flood
		// does not outrun the reader and the bestmove arrives while it is still on time.
		expect(infos.length).toBeLessThan(10_000);
		await player.close();
		expect(livePids()).toEqual([]);
	});

	it('terminal escapes are removed from info strings and logs', async () => {
		const { player, log } = loggedEngine('uai-escape-engine.mjs');
		const infos: EngineInfo[] = [];
		const answer = await player.play(request(start, 1000, [start], (info) => infos.push(info)));
		expect(answer).toMatchObject({ kind: 'move', text: 'b7' });
		expect(infos.at(-1)).toMatchObject({ depth: 1, score: 5, text: 'red text' });
		await player.close();
		expect(log).toContain('< info string red text');
		for (const line of log) expect(line).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
	});
});

describe('a UAI engine on a clock', () => {
	it('is sent both clocks as go wtime btime winc binc movestogo, Blue being b', async () => {
		const { player, log } = loggedEngine('uai-greedy-engine.mjs');
		const own = { timeLeftMs: 1500.4, incrementMs: 100, movesToGo: 3 };
		const other = { timeLeftMs: 2000, incrementMs: 100, movesToGo: 4 };
		const answer = await player.play({ ...request(start, 1500), clock: { own, other } });
		expect(answer).toMatchObject({ kind: 'move', text: 'b7' });
		const red = playMove(start, move(start, '0 0 1 1'));
		await player.play({ ...request(red, 2000, [start, red]), clock: { own: other, other: own } });
		await player.close();
		expect(log.filter((line) => line.startsWith('> go'))).toEqual([
			'> go wtime 2000 btime 1500 winc 100 binc 100 movestogo 3',
			'> go wtime 2000 btime 1500 winc 100 binc 100 movestogo 4',
		]);
	});
});
