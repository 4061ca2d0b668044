import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { playMove } from '../../source/game/make-move.js';
import { formatMove } from '../../source/game/notation.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { HumanPlayer } from '../../source/players/human-player.js';
import { type MoveRequest } from '../../source/players/player.js';
import { grid } from '../helpers.js';

function request(position: MoveRequest['position'], signal: AbortSignal): MoveRequest {
	return { position, history: [position], timeMs: 1000, halfMovesLeft: 100, variant: 'blobwar', signal };
}

describe('a person at the keyboard', () => {
	it('leaves no abort listener behind after each move (no MaxListenersExceededWarning after 11)', async () => {
		const controller = new AbortController();
		const person = new HumanPlayer();
		let position = grid(['B......', '.......', '.......', '.......', '.......', '.......', '......R']);
		for (let i = 0; i < 30; i++) {
			const asked = person.play(request(position, controller.signal));
			const move = pseudolegalMoves(position)[0];
			expect(person.submit(formatMove(position, move))).toBeNull();
			expect(await asked).toMatchObject({ kind: 'move', text: formatMove(position, move) });
			expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
			position = playMove(position, move);
		}
	});

	it('an abandoned game answers a forfeit and leaves no listener', async () => {
		const controller = new AbortController();
		const person = new HumanPlayer();
		const position = grid(['B..', '...', '..R']);
		const asked = person.play(request(position, controller.signal));
		expect(person.waiting).toBe(true);
		controller.abort();
		expect(await asked).toEqual({ kind: 'forfeit', reason: 'game abandoned' });
		expect(person.waiting).toBe(false);
		expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
	});
});
