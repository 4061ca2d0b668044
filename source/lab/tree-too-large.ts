/**
 * A search that needs more shared records than were allocated (CABP keeps one per expanded node
 * of the critical tree): a user error, with the way out in its message.
 */

import { UserError } from '../game/user-error.js';

/** The shared tree is full. */
export class TreeTooLargeError extends UserError {
	constructor(what: string, capacity: number) {
		super(`${what} is full (${capacity} records): search a smaller tree (lower --depth or branching)`);
	}
}
