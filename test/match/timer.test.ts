import { describe, expect, it } from 'vitest';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { moveCoords, formatMove } from '../../source/game/notation.js';
import { Game } from '../../source/match/game.js';
import { describeResult } from '../../source/match/result.js';
import { MAX_TIMER_MS, startTimer, timerDelay } from '../../source/match/timer.js';
import { type MoveAnswer, type MoveRequest, type Player } from '../../source/players/player.js';
import { grid } from '../helpers.js';

/** An engine that plays its first legal move after `delayMs`. */
function slowFirstMove(delayMs: number): Player {
	return {
		kind: 'builtin',
		name: 'first-move',
		async play(request: MoveRequest): Promise<MoveAnswer> {
			await new Promise((resolve) => setTimeout(resolve, delayMs));
			const pos = request.position;
			const move = pseudolegalMoves(pos)[0];
			return { kind: 'move', coords: moveCoords(pos, move), text: formatMove(pos, move) };
		},
		async close() {},
	};
}

describe('the game loop timer', () => {
	it('clamps delays to what Node keeps: 0 to 2^31 - 1 ms', () => {
		expect(MAX_TIMER_MS).toBe(2147483647);
		expect(timerDelay(1e12)).toBe(MAX_TIMER_MS);
		expect(timerDelay(Infinity)).toBe(MAX_TIMER_MS);
		expect(timerDelay(Number.NaN)).toBe(MAX_TIMER_MS);
		expect(timerDelay(-5)).toBe(0);
		expect(timerDelay(250)).toBe(250);
	});

	it('a huge delay does not fire at once', async () => {
		let fired = false;
		const timer = startTimer(() => (fired = true), 1e12);
		await new Promise((resolve) => setTimeout(resolve, 50));
		clearTimeout(timer);
		expect(fired).toBe(false);
	});

	it('a game with a huge time per move plays on instead of forfeiting at once', async () => {
		const game = new Game({
			start: grid(['B..R', '....', '....', 'B..R']),
			players: [slowFirstMove(30), slowFirstMove(30)],
			timeMs: [1e12, 1e12],
			halfMoveLimit: 4,
		});
		const result = await game.run();
		expect(game.state.moves.length).toBe(4);
		expect(describeResult(result)).toMatch(/\(the half-move limit is reached\)$/);
		await game.close();
	});
});
