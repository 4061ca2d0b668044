/**
 * The memory the threads of a parallel search share, besides the transposition table: a control
 * block, per-thread node counters, and the split points of YBWC.
 *
 * ```
 *  control (Int32Array)   0 stop flag (the searchers' stopFlag: non-zero stops every thread)
 *                         1 active: 1 while a YBWC search runs (helpers wait for work meanwhile)
 *                         2 work sequence: incremented (and notified) when a split point opens
 *                         3 idle: number of threads waiting for work
 *  counters (Float64Array) nodes of each thread, written every 1024 nodes, read by anyone
 *  split points (Int32Array) SPLIT_POINTS records of SP_WORDS words, fields at SP_* offsets
 * ```
 * A split point (Young Brothers Wait Concept, Feldmann et al. 1989) holds a
 * node whose eldest child has been searched: the position, the window, the best score so far and
 * the moves left (each with its late-move reduction or pruning) with a cursor from which each
 * thread takes the next one (`Atomics.add`). Fields
 * that change while threads work at it (alpha, best, best move, cut-off) change under its lock.
 */

import { MAX_NODE_MOVES } from '../position-stack.js';

/** Control block words. */
export const CONTROL_STOP = 0;
export const CONTROL_ACTIVE = 1;
export const CONTROL_WORK = 2;
export const CONTROL_IDLE = 3;
export const CONTROL_WORDS = 4;

/** Most split points open at once. */
export const SPLIT_POINTS = 64;
/** Most moves a split point holds: every move of a node. */
export const SP_MAX_MOVES = MAX_NODE_MOVES;

/** Split point fields (offsets in its record). */
export const SP_LOCK = 0;
/** 0 free, 1 taken (being filled), 2 open (threads may join), 3 closing (no one may join). */
export const SP_STATE = 1;
export const SP_OWNER = 2;
/** Threads working at it, owner included. */
export const SP_ACTIVE = 3;
export const SP_CUTOFF = 4;
export const SP_ALPHA = 5;
export const SP_BETA = 6;
export const SP_BEST = 7;
export const SP_BEST_MOVE = 8;
export const SP_DEPTH = 9;
export const SP_PLY = 10;
export const SP_SIDE = 11;
export const SP_CLOCK = 12;
export const SP_BLUE = 13;
export const SP_RED = 14;
export const SP_KEY_LO = 15;
export const SP_KEY_HI = 16;
export const SP_MOVE_COUNT = 17;
export const SP_CURSOR = 18;
/** The position's words (2 * words, at most 16). */
export const SP_WORDS_AT = 20;
export const SP_MOVES_AT = SP_WORDS_AT + 16;
/** Each move's late-move treatment (`PositionStack.reductions`), in the order of the moves. */
export const SP_REDUCTIONS_AT = SP_MOVES_AT + SP_MAX_MOVES;
/** Words per split point record. */
export const SP_WORDS = SP_REDUCTIONS_AT + SP_MAX_MOVES;

/** Split point states. */
export const SP_FREE = 0;
export const SP_TAKEN = 1;
export const SP_OPEN = 2;
export const SP_CLOSING = 3;

/** The shared buffers of a parallel search for `threads` threads. */
export interface SharedState {
	readonly threads: number;
	readonly control: SharedArrayBuffer;
	readonly counters: SharedArrayBuffer;
	readonly splitPoints: SharedArrayBuffer;
}

/** Allocates the shared buffers. */
export function createSharedState(threads: number): SharedState {
	return {
		threads,
		control: new SharedArrayBuffer(CONTROL_WORDS * 4),
		counters: new SharedArrayBuffer(Math.max(1, threads) * 8),
		splitPoints: new SharedArrayBuffer(SPLIT_POINTS * SP_WORDS * 4),
	};
}

/** Takes a split point's spin lock (held for a few instructions only). */
export function lock(sp: Int32Array, base: number): void {
	while (Atomics.compareExchange(sp, base + SP_LOCK, 0, 1) !== 0) {
		// Spin: the holder releases it within a few instructions.
	}
}

/** Releases a split point's lock. */
export function unlock(sp: Int32Array, base: number): void {
	Atomics.store(sp, base + SP_LOCK, 0);
}
