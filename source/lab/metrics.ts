/**
 * The performance measures of a parallel search (Manohararajah, "Parallel Alpha-Beta Search on
 * Shared Memory Multiprocessors", 2001, section 6.6.1), from the time t and nodes n of a search on
 * one processor and on p processors.
 */

/** Time and nodes of a search (time in ticks or ms, the same unit for both searches compared). */
export interface Measured {
	readonly time: number;
	readonly nodes: number;
}

/** Speedup SU_p = t_1 / t_p (equation 6.1). */
export function speedup(one: Measured, p: Measured): number {
	return one.time / p.time;
}

/** Search overhead SO_p = n_p / n_1 - 1 (equation 6.2). */
export function searchOverhead(one: Measured, p: Measured): number {
	return p.nodes / one.nodes - 1;
}

/**
 * The communication-synchronisation-split overhead CSS_p = (t_p p / n_p) / (t_1 / n_1) - 1, the
 * extra time per node (equation 6.3; the thesis prints its second form as p / (SU_p (SO_p - 1)) - 1,
 * but its tables follow p / (SU_p (SO_p + 1)) - 1, which is the same as the first form).
 */
export function cssOverhead(one: Measured, p: Measured, processors: number): number {
	return (p.time * processors) / p.nodes / (one.time / one.nodes) - 1;
}

/** Nodes per time unit on p processors over nodes per time unit on one. */
export function npsScaling(one: Measured, p: Measured): number {
	return p.nodes / p.time / (one.nodes / one.time);
}
