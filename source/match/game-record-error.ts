/**
 * The error of a game record that cannot be read or written.
 */

import { UserError } from '../game/user-error.js';

/** A record file that cannot be read or written: `file: message`. */
export class GameRecordError extends UserError {}
