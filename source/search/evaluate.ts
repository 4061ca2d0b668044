/**
 * Static evaluation: the blob difference from the side to move's view (the handout's default,
 * section 1.4.2 item 7). Units: blobs.
 */

import { type Position } from '../game/position.js';

/** Blobs of the side to move minus blobs of the other side. */
export function evaluate(pos: Position): number {
	return pos.count[pos.side] - pos.count[pos.side ^ 1];
}
