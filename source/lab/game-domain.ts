/**
 * Blob War positions as a `TreeDomain`, to a fixed depth, under Blob War rules (a side with no
 * move ends the game and the other side fills the empty cells). A node's state is the position's
 * words, the blob counts (Blue, Red) and the Zobrist key; a child entry is a move (clones merged
 * by destination) and what it gains (captures twice, plus one for a clone), best gain first.
 * Values are blob differences from the mover's view: the handout's default evaluation (Dumas,
 * "Guerre des blobs", course handout, Université Joseph Fourier, 2014), exact at the end of the game.
 */

import { type Position } from '../game/position.js';
import { type ShapeKernel, shapeKernel } from '../game/shape-kernel.js';
import { MAX_NODE_MOVES } from '../search/search.js';
import { type TreeDomain } from './tree-domain.js';

/** A position searched to a fixed depth, as a domain. */
export class GameDomain implements TreeDomain {
	readonly stateWords: number;
	readonly childWords = 2;
	readonly maxChildren: number;
	private readonly kernel: ShapeKernel;
	private readonly w2: number;
	private readonly playable: number;
	private readonly rootSide: number;
	private readonly moves: Int32Array;
	private readonly gains: Int32Array;

	/**
	 * @param root the root position (its side to move moves first)
	 * @param depth plies to search
	 * @param maxChildren most moves a node may have (default: every move of a Blob War position)
	 */
	constructor(
		readonly root: Position,
		readonly depth: number,
		maxChildren = MAX_NODE_MOVES,
	) {
		const g = root.geometry;
		this.kernel = shapeKernel(g);
		this.w2 = 2 * g.words;
		this.stateWords = this.w2 + 4;
		this.playable = g.playableCount;
		this.rootSide = root.side;
		this.maxChildren = maxChildren;
		this.moves = new Int32Array(MAX_NODE_MOVES);
		this.gains = new Int32Array(MAX_NODE_MOVES);
	}

	writeRoot(mem: Int32Array, at: number): void {
		const r = this.root;
		mem.set(r.bb, at);
		mem[at + this.w2] = r.count[0];
		mem[at + this.w2 + 1] = r.count[1];
		mem[at + this.w2 + 2] = r.keyLo;
		mem[at + this.w2 + 3] = r.keyHi;
	}

	expand(mem: Int32Array, s: number, c: number, ply: number): number {
		const side = this.rootSide ^ (ply & 1);
		const blue = mem[s + this.w2];
		const red = mem[s + this.w2 + 1];
		if (blue + red === this.playable) return 0;
		const moves = this.moves;
		const gains = this.gains;
		const n = this.kernel.generate(mem, s, side, moves, 0, false);
		if (n > this.maxChildren)
			throw new RangeError(`a node has ${n} moves, more than the ${this.maxChildren} allowed`);
		this.kernel.gains(mem, s, side, moves, 0, n, gains, 0, 0, 0);
		// Best gain first; a stable insertion sort keeps the generator's order among equals.
		for (let i = 0; i < n; i++) {
			const move = moves[i];
			const gain = gains[i];
			let j = i;
			while (j > 0 && mem[c + 2 * (j - 1) + 1] < gain) {
				mem[c + 2 * j] = mem[c + 2 * (j - 1)];
				mem[c + 2 * j + 1] = mem[c + 2 * (j - 1) + 1];
				j--;
			}
			mem[c + 2 * j] = move;
			mem[c + 2 * j + 1] = gain;
		}
		return n;
	}

	child(mem: Int32Array, s: number, c: number, i: number, d: number, ply: number): void {
		const side = this.rootSide ^ (ply & 1);
		const w2 = this.w2;
		const r = this.kernel.make(mem, s, d, side, mem[c + 2 * i], mem, s + w2 + 2, d + w2 + 2);
		const captured = r & 255;
		const clone = r >> 8;
		mem[d + w2 + side] = mem[s + w2 + side] + captured + clone;
		mem[d + w2 + (side ^ 1)] = mem[s + w2 + (side ^ 1)] - captured;
	}

	evaluate(mem: Int32Array, s: number, ply: number): number {
		const side = this.rootSide ^ (ply & 1);
		const mine = mem[s + this.w2 + side];
		const theirs = mem[s + this.w2 + (side ^ 1)];
		const empty = this.playable - mine - theirs;
		// Not at the depth: the game is over because the mover has no move; the other side fills.
		if (ply < this.depth && empty > 0) return mine - theirs - empty;
		return mine - theirs;
	}

	leafValue(mem: Int32Array, s: number, c: number, i: number, ply: number): number {
		// After the move the other side is to move: its blobs less the captured ones, against the
		// mover's plus the captured ones and the clone; the gain is twice the captures plus the clone.
		const side = this.rootSide ^ (ply & 1);
		return mem[s + this.w2 + (side ^ 1)] - mem[s + this.w2 + side] - mem[c + 2 * i + 1];
	}

	keyLo(mem: Int32Array, s: number): number {
		return mem[s + this.w2 + 2];
	}

	keyHi(mem: Int32Array, s: number): number {
		return mem[s + this.w2 + 3];
	}
}
