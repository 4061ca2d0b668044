/**
 * The error of a distributed match that a user can cause or fix: a bad queue URL, a Redis server
 * that cannot be reached or refuses the password, a bad `--engines` file.
 */

import { UserError } from '../game/user-error.js';

/** A queue, Redis server or engines file that cannot be used; the message says which and why. */
export class QueueError extends UserError {}
