/**
 * A person at the keyboard: `play` waits until the game hands it the person's move (`answer`).
 * The game reads and checks what the person typed (`Game.submit`): a person's move is checked for
 * legality once, where every player's is.
 */

import { type MoveAnswer, type MoveRequest, type Player } from './player.js';

/** A person's side; the game calls `answer` with the move the person played. */
export class HumanPlayer implements Player {
	readonly kind = 'human';
	private pending: { request: MoveRequest; resolve: (answer: MoveAnswer) => void } | null = null;

	constructor(readonly name = 'human') {}

	/** True while waiting for this person's move. */
	get waiting(): boolean {
		return this.pending !== null;
	}

	play(request: MoveRequest): Promise<MoveAnswer> {
		return new Promise((resolve) => {
			const { signal } = request;
			if (signal.aborted) return resolve({ kind: 'forfeit', reason: 'game abandoned' });
			const onAbort = () => {
				if (this.pending?.request !== request) return;
				this.pending = null;
				resolve({ kind: 'forfeit', reason: 'game abandoned' });
			};
			// The listener goes with the answer, whichever comes first: a game of many moves on
			// one signal keeps none of them.
			const answer = (value: MoveAnswer) => {
				signal.removeEventListener('abort', onAbort);
				resolve(value);
			};
			this.pending = { request, resolve: answer };
			signal.addEventListener('abort', onAbort, { once: true });
		});
	}

	/**
	 * Answers the pending request with the person's move (the game has read and checked it).
	 * @returns false if the person was not asked to move
	 */
	answer(answer: MoveAnswer): boolean {
		const pending = this.pending;
		if (!pending) return false;
		this.pending = null;
		pending.resolve(answer);
		return true;
	}

	async close(): Promise<void> {}
}
