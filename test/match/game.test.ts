import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { positionToGrid } from '../../source/game/position.js';
import { formatMove, moveCoords } from '../../source/game/notation.js';
import { Game } from '../../source/match/game.js';
import { describeResult } from '../../source/match/result.js';
import { ExternalPlayer } from '../../source/players/external-player.js';
import { HumanPlayer } from '../../source/players/human-player.js';
import { type MoveAnswer, type MoveRequest, type Player } from '../../source/players/player.js';
import { parseTimeControl } from '../../source/match/time-control.js';
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

describe('a game between two people', () => {
	it('plays legal moves, refuses illegal ones with the reason, and goes on', async () => {
		const game = new Game({
			start: board('4x4'),
			players: [new HumanPlayer(), new HumanPlayer()],
			timeMs: [0, 0],
			halfMoveLimit: 100,
		});
		const running = game.run();
		await waitFor(() => game.humanToMove() !== null);
		expect(game.submit('0 0 0 3')).toBe('(0,0) > (0,3): (0,3) is not empty');
		expect(game.submit('hello')).toBe('"hello" is not a move: type four numbers, e.g. (0,0) > (1,1)');
		expect(game.submit('(0,0) > (1,1)')).toBeNull();
		await waitFor(() => game.state.thinking?.side === 1);
		expect(positionToGrid(game.state.position)).toEqual(['B..R', '.B..', '....', 'B..R']);
		expect(game.submit('0 0 0 1')).toBe('(0,0) > (0,1): (0,0) is a Blue blob, not a Red blob');
		expect(game.submit('0 3 1 2')).toBeNull();
		await waitFor(() => game.state.moves.length === 2);
		// The clone to (1,2) captures the Blue blob at (1,1).
		expect(positionToGrid(game.state.position)).toEqual(['B..R', '.RR.', '....', 'B..R']);
		expect(game.state.moves.map((m) => [m.text, m.captures])).toEqual([
			['(0,0) > (1,1)', 0],
			['(0,3) > (1,2)', 1],
		]);
		game.abort();
		expect(describeResult(await running)).toBe('no result 2-4 (game abandoned)');
	});

	it('ends at the half-move limit', async () => {
		const blue = new HumanPlayer();
		const red = new HumanPlayer();
		const game = new Game({ start: board('4x4'), players: [blue, red], timeMs: [0, 0], halfMoveLimit: 2 });
		const running = game.run();
		await waitFor(() => blue.waiting);
		game.submit('0 0 0 1');
		await waitFor(() => red.waiting);
		game.submit('0 3 0 2');
		const result = await running;
		// (0,2) touches (0,1): Red captures it.
		expect(describeResult(result)).toBe('Red wins 2-4 (the half-move limit is reached)');
	});
});

describe('a game between engine programs', () => {
	it('runs to its result, every move legal', async () => {
		const game = new Game({
			start: board('gruyere4'),
			players: [engine('greedy-engine.mjs'), engine('greedy-engine.mjs')],
			timeMs: [1000, 1000],
			halfMoveLimit: 200,
		});
		const result = await game.run();
		expect(result.kind).toBe('end');
		const { positions, moves } = game.state;
		moves.forEach((m, i) => {
			expect(pseudolegalMoves(positions[i], 'pairs').map((x) => formatMove(positions[i], x))).toContain(m.text);
		});
		expect(result.blue + result.red).toBe(game.state.position.geometry.playableCount);
		await game.close();
	});

	it('an illegal move loses, with the reason', async () => {
		const game = new Game({
			start: board('ataxx'),
			players: [engine('illegal-engine.mjs'), engine('greedy-engine.mjs')],
			timeMs: [500, 500],
			halfMoveLimit: 100,
		});
		const result = await game.run();
		expect(result).toMatchObject({ kind: 'forfeit', loser: 0, winner: 1 });
		expect(describeResult(result)).toBe(
			'Red wins 2-2 (Blue (illegal-engine.mjs) forfeits: ' +
				'illegal move "(3,3) > (0,0)": (3,3) > (0,0): (3,3) is empty, not a Blue blob)',
		);
	});

	it('a crash mid-game loses, with the reason', async () => {
		const game = new Game({
			start: board('ataxx'),
			players: [engine('greedy-engine.mjs'), engine('crash-engine.mjs')],
			timeMs: [500, 500],
			halfMoveLimit: 100,
		});
		const result = await game.run();
		expect(game.state.moves.length).toBe(5);
		expect(result).toMatchObject({ kind: 'forfeit', loser: 1 });
		expect(result.reason).toMatch(
			/^Red \(crash-engine\.mjs\) forfeits: crashed \(SIGSEGV\) after [\d.]+ s without a move$/,
		);
	});

	it("an engine's own grace is waited for: the game loop's watchdog steps in only after it", async () => {
		// 3.5 s late, within its 5 s of grace: the watchdog of a watched game (3 s) must not hurry it.
		process.env.LATE_MS = '3500';
		try {
			const game = new Game({
				start: board('ataxx'),
				players: [engine('late-engine.mjs'), engine('greedy-engine.mjs')],
				timeMs: [200, 200],
				halfMoveLimit: 1,
			});
			const result = await game.run();
			expect(result.kind).toBe('end');
			expect(game.state.moves.map((m) => m.text)).toEqual(['(0,0) > (0,1)']);
			await game.close();
		} finally {
			delete process.env.LATE_MS;
		}
	});

	it('a silent engine loses on time, and the game does not hang', async () => {
		const game = new Game({
			start: board('ataxx'),
			players: [engine('silent-engine.mjs', 200), engine('greedy-engine.mjs')],
			timeMs: [200, 200],
			halfMoveLimit: 100,
		});
		const result = await game.run();
		expect(result.reason).toBe('Blue (silent-engine.mjs) forfeits: no move within 0.40 s');
	});
});

/** An engine for clock tests: plays the first legal move after the delay of each move in turn (ms). */
class DelayedPlayer implements Player {
	readonly kind = 'builtin';
	readonly requests: MoveRequest[] = [];
	private moves = 0;

	constructor(
		readonly name: string,
		private readonly delaysMs: readonly number[],
	) {}

	async play(request: MoveRequest): Promise<MoveAnswer> {
		this.requests.push(request);
		const delay = this.delaysMs[Math.min(this.moves++, this.delaysMs.length - 1)];
		if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
		const move = pseudolegalMoves(request.position, 'pairs')[0];
		const coords = moveCoords(request.position, move);
		return { kind: 'move', coords, text: formatMove(request.position, move) };
	}

	async close(): Promise<void> {}
}

describe('a game on a clock', () => {
	it('tells each engine both clocks, charges its moves to its own, and a move past its time loses', async () => {
		const blue = new DelayedPlayer('quick', [0]);
		// Red answers its first move at once, then takes 1 s with at most 0.6 s left.
		const red = new DelayedPlayer('slow', [0, 1000]);
		const game = new Game({
			start: board('4x4'),
			players: [blue, red],
			timeMs: [0, 0],
			timeControl: parseTimeControl('2/0.5+0.1'),
			halfMoveLimit: 100,
		});
		const result = await game.run();
		expect(result).toMatchObject({ kind: 'forfeit', winner: 0 });
		expect(result.reason).toMatch(
			/^Red \(slow\) forfeits: lost on time: its move took 1\.\d{3} s with 0\.\d{3} s left$/,
		);
		// Blue's first move: both clocks full, two moves to the end of the period.
		expect(blue.requests[0].clock).toEqual({
			own: { timeLeftMs: 500, incrementMs: 100, movesToGo: 2 },
			other: { timeLeftMs: 500, incrementMs: 100, movesToGo: 2 },
		});
		expect(blue.requests[0].timeMs).toBe(500);
		// Blue's second: its clock less its first move plus the increment, one move to go; Red's as Red left it.
		const own = blue.requests[1].clock!.own;
		expect(own.movesToGo).toBe(1);
		expect(own.timeLeftMs).toBe(game.state.moves[0].clockMs);
		expect(own.timeLeftMs).toBeGreaterThan(500);
		expect(own.timeLeftMs).toBeLessThanOrEqual(600);
		expect(blue.requests[1].clock!.other.timeLeftMs).toBe(game.state.moves[1].clockMs);
		expect(red.requests[1].clock!.own.timeLeftMs).toBe(game.state.moves[1].clockMs);
		expect(red.requests[1].timeMs).toBe(game.state.moves[1].clockMs);
		expect(game.state.moves.map((m) => m.side)).toEqual([0, 1, 0]);
		// Blue's second move ends its period of two moves: the base time is added again.
		expect(game.state.clocks![0].leftMs).toBeGreaterThan(1000);
		expect(game.state.clocks![0].movesMade).toBe(2);
	});

	it('without a clock, requests carry none', async () => {
		const blue = new DelayedPlayer('a', [0]);
		const game = new Game({
			start: board('4x4'),
			players: [blue, new DelayedPlayer('b', [0])],
			timeMs: [300, 300],
			halfMoveLimit: 2,
		});
		await game.run();
		expect(blue.requests[0].clock).toBeUndefined();
		expect(blue.requests[0].timeMs).toBe(300);
		expect(game.state.clocks).toBeNull();
		expect(game.state.moves[0].clockMs).toBeUndefined();
	});
});
