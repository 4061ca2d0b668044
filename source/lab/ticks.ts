/**
 * The simulated processors' costs, in ticks, of the thesis's PABSim (Manohararajah, "Parallel
 * Alpha-Beta Search on Shared Memory Multiprocessors", 2001, section 6.4.3, "State Timing"):
 * a tick is the time a cache line takes to come from local memory.
 */
export const TICKS = {
	/** The search state: check the window, take the next move, create the child. */
	search: 1,
	/** The return state: hand the node's score to its parent (or leave a shared node). */
	ret: 1,
	/** The update state, plus one tick per node below that is told the new bound. */
	update: 1,
	/** Generating a node's moves. */
	expand: 3,
	/** Evaluating a leaf. */
	evaluate: 8,
	/** The split state when a valid split point is at hand, plus one tick per node examined in a search for one. */
	split: 1,
	/** The wait before a processor that found no split point searches again. */
	recheck: 36,
} as const;
