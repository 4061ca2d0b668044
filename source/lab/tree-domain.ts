/**
 * What the lab's searches walk: a game tree to a fixed depth, its nodes kept as a few 32-bit
 * words so that any thread can pick up a node another one created (in a `SharedArrayBuffer`).
 * Two kinds: synthetic trees (`synthetic-domain.ts`) and Blob War positions (`game-domain.ts`).
 *
 * A node's state is `stateWords` words; expanding it writes one entry of `childWords` words per
 * child (its move, or what the child is made from) into its record; `child` builds child i's
 * state from the parent's state and that entry. Values are negamax values: from the view of the
 * side to move at the node. One domain object per thread (it may keep scratch buffers).
 */
export interface TreeDomain {
	/** The search depth in plies: nodes at this ply are leaves. */
	readonly depth: number;
	/** Words of a node's state. */
	readonly stateWords: number;
	/** Words of a child entry in the parent's record. */
	readonly childWords: number;
	/** Most children a node can have. */
	readonly maxChildren: number;
	/** Writes the root's state at `mem[at..]`. */
	writeRoot(mem: Int32Array, at: number): void;
	/**
	 * Expands the node of state `mem[s..]` at `ply`: writes its child entries at `mem[c..]`,
	 * best-first by the domain's ordering.
	 * @returns the number of children; 0 for a node where the game is over
	 */
	expand(mem: Int32Array, s: number, c: number, ply: number): number;
	/** Writes the state of child `i` of the node (state `s`, entries `c`, at `ply`) at `mem[d..]`. */
	child(mem: Int32Array, s: number, c: number, i: number, d: number, ply: number): void;
	/**
	 * The value of the node of state `mem[s..]` at `ply` as a leaf (`ply` is the depth) or as a
	 * finished game (`expand` found no child), from its mover's view.
	 */
	evaluate(mem: Int32Array, s: number, ply: number): number;
	/** The value of child `i` (at ply `ply + 1`, the depth) as a leaf, without keeping its state. */
	leafValue(mem: Int32Array, s: number, c: number, i: number, ply: number): number;
	/** Low and high words of a key identifying the node of state `mem[s..]` (for a transposition table). */
	keyLo(mem: Int32Array, s: number): number;
	keyHi(mem: Int32Array, s: number): number;
}

/** Plus infinity of the lab's values (every value fits a 32-bit integer strictly inside). */
export const INF = 2147483647;
