/**
 * A person at the keyboard: `play` waits until the interface submits a legal move.
 */

import { checkMove } from '../game/legality.js';
import { type MoveCoords, parseMoveText } from '../game/notation.js';
import { type MoveAnswer, type MoveRequest, type Player } from './player.js';

/** A person's side; the interface calls `submit` with what they typed or picked. */
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
	 * Plays a move typed as text (`(r1,c1) > (r2,c2)`, `r1 c1 r2 c2`, ...) or given as coordinates.
	 * @returns null if the move was played, else why it was refused (the person tries again)
	 */
	submit(input: string | MoveCoords): string | null {
		const pending = this.pending;
		if (!pending) return 'it is not your turn';
		const coords = typeof input === 'string' ? parseMoveText(input) : input;
		if (!coords) return `"${String(input).trim()}" is not a move: type four numbers, e.g. (0,0) > (1,1)`;
		const check = checkMove(pending.request.position, coords);
		if (!check.ok) return check.reason;
		this.pending = null;
		pending.resolve({ kind: 'move', coords, text: typeof input === 'string' ? input.trim() : '' });
		return null;
	}

	async close(): Promise<void> {}
}
