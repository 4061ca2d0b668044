/**
 * How a search thread shares its work with others: the search calls its split policy at each
 * node that may be split, and when it counts nodes. The sequential search's policy never splits
 * and counts its own nodes; YBWC's (`parallel/ybwc.ts`) shares the remaining moves of a node with
 * idle threads once its eldest brother is searched; Lazy SMP shares nothing but the table and the
 * node counters (`parallel/`).
 */

import { type Move } from '../game/move.js';
import { type PositionStack } from './position-stack.js';

/** What a split policy may use of the thread that calls it. */
export interface SplitHost {
	/** The thread's position stack (positions, move lists and ordering keys per ply). */
	readonly stack: PositionStack;
	/** Nodes this thread has searched in this search. */
	readonly nodes: number;
	/** Set when the search (or the split point it works under) is stopped. */
	aborted: boolean;
	/**
	 * Looks at the stop flag, the split points above and the thread's own limits (node limit,
	 * clock), setting `aborted` if the search is to stop.
	 */
	checkStop(): void;
	/**
	 * Searches the child after `move` of the node at `ply` with `reduction` plies of late-move
	 * reduction first (0: none; in full if it beats alpha), null window first when `nullWindow`
	 * (PVS), returning its score from the mover's view.
	 */
	searchMove(
		ply: number,
		side: number,
		move: Move,
		depth: number,
		alpha: number,
		beta: number,
		reduction: number,
		nullWindow: boolean,
	): number;
}

/** The result of a split: the node's best score and move over the moves shared. */
export interface SplitResult {
	best: number;
	bestMove: Move;
}

/** A thread's way of sharing work. */
export interface SplitPolicy {
	/** False if the policy never splits (the search then never asks `canSplit`). */
	readonly splits: boolean;
	/** True if a node with `depth` plies to go may share its remaining moves with idle threads now. */
	canSplit(depth: number): boolean;
	/**
	 * Shares the remaining moves `stack.moves[from..end)` of the node at `ply`, in the order they
	 * are to be searched, with idle threads and searches them with them, each with its late-move
	 * treatment `stack.reductions[from..end)` (plies of reduction, or `LATE_MOVE_PRUNED`: left out,
	 * as the sequential search would); leaves the node's result in `out`.
	 * @returns false if no split was made (the caller searches the moves itself)
	 */
	split(
		host: SplitHost,
		ply: number,
		depth: number,
		alpha: number,
		beta: number,
		best: number,
		bestMove: Move,
		from: number,
		end: number,
		out: SplitResult,
	): boolean;
	/** True if a split point the thread works under was cut off (its work is useless now). */
	cutoff(): boolean;
	/**
	 * The thread's time or node limit is reached (only the main thread has them): every thread of
	 * the search stops.
	 */
	limitReached(): void;
	/** Makes the thread's node count visible to others (every few thousand nodes). */
	publishNodes(nodes: number): void;
	/** Nodes searched by every thread of the search (`nodes`: this thread's). */
	totalNodes(nodes: number): number;
	/** Nodes of each thread, when more than one searches. */
	threadNodes(nodes: number): number[] | undefined;
}

/** The sequential search's policy: never splits, counts its own nodes. */
export const SEQUENTIAL: SplitPolicy = {
	splits: false,
	canSplit: () => false,
	split: () => false,
	cutoff: () => false,
	limitReached: () => undefined,
	publishNodes: () => undefined,
	totalNodes: (nodes) => nodes,
	threadNodes: () => undefined,
};
