/**
 * The positions of the line being searched, one per ply, in preallocated typed arrays (copy-make
 * with the compiled kernel of the board shape: no allocation in the tree walk), with the move
 * lists and their ordering keys, and the table key of each position.
 */

import { ATAXX_CLOCK_LIMIT, type Variant } from '../game/game-over.js';
import { type Geometry } from '../game/geometry.js';
import { type Move, NO_MOVE, PASS } from '../game/move.js';
import { type Position } from '../game/position.js';
import { type ShapeKernel, shapeKernel } from '../game/shape-kernel.js';
import { ZOBRIST_SIDE_HI, ZOBRIST_SIDE_LO } from '../game/zobrist.js';
import { moveLists } from './move-lists.js';
import { MAX_PLY } from './score.js';

/** Most moves of a position with clones merged by destination (256 clone and 256 * 16 jump targets). */
export const MAX_NODE_MOVES = 256 * 17;

/** A move late-move pruning leaves out (`PositionStack.reductions`). */
export const LATE_MOVE_PRUNED = -1;

/** Key salts for the half-move limit when it is within reach: positions with different horizons differ. */
const LIMIT_SALT_LO = new Int32Array(MAX_PLY + 2);
const LIMIT_SALT_HI = new Int32Array(MAX_PLY + 2);
/** Key salts for Ataxx's clock in its last `CLOCK_SALTED` half-moves. */
const CLOCK_SALTED = 16;
const CLOCK_SALT_LO = new Int32Array(CLOCK_SALTED + 1);
const CLOCK_SALT_HI = new Int32Array(CLOCK_SALTED + 1);
{
	let seed = 0x2545f491;
	const next = () => {
		seed ^= seed << 13;
		seed ^= seed >>> 17;
		seed ^= seed << 5;
		return seed | 0;
	};
	for (let i = 0; i < LIMIT_SALT_LO.length; i++) {
		LIMIT_SALT_LO[i] = next();
		LIMIT_SALT_HI[i] = next();
	}
	for (let i = 0; i < CLOCK_SALT_LO.length; i++) {
		CLOCK_SALT_LO[i] = next();
		CLOCK_SALT_HI[i] = next();
	}
}

/** The position stack of one search thread. */
export class PositionStack {
	/** The board shape and its compiled kernel. */
	geometry: Geometry | null = null;
	kernel!: ShapeKernel;
	/** Words per position (`2 * geometry.words`). */
	stride = 0;
	playableCount = 0;
	/** Position at ply p: `words[p * stride ..]`, Blue's words then Red's. */
	words = new Int32Array(0);
	/** Zobrist key at ply p: `keys[2p]` (low), `keys[2p + 1]` (high). */
	readonly keys = new Int32Array(2 * (MAX_PLY + 2));
	/** Blob counts at ply p: `counts[2p]` Blue, `counts[2p + 1]` Red. */
	readonly counts = new Int32Array(2 * (MAX_PLY + 2));
	/** Ataxx's half-move clock at ply p. */
	readonly clocks = new Int32Array(MAX_PLY + 2);
	/** The move `makeChild` last played from ply p (NO_MOVE before any; PASS for a pass). */
	readonly played = new Int32Array(MAX_PLY + 2).fill(NO_MOVE);
	/**
	 * Room for the moves of one position on this board shape (at most `MAX_NODE_MOVES`): each
	 * playable cell is one clone target and a blob has at most 16 jump targets.
	 */
	moveStride = 0;
	/** Move lists and ordering keys: `moveStride` per ply, from `ply * moveStride`. */
	moves: Int32Array = new Int32Array(0);
	orderKeys: Int32Array = new Int32Array(0);
	/**
	 * The selection sort step on `moves` and `orderKeys` (`MoveLists.pick`): brings the move of
	 * highest key among indices `[i, end)` to index `i` and returns it. A function of this stack's
	 * own (its WebAssembly instance): a thread that searches with a new stack makes V8 optimize the
	 * search's call of it again, so a thread keeps its searcher (`bench search` does).
	 */
	pick: (i: number, end: number) => Move = () => NO_MOVE;
	/**
	 * Filled for the moves a node shares with other threads (YBWC's split points): the plies the
	 * late-move reductions take off each move's first search (0: none), or `LATE_MOVE_PRUNED`.
	 */
	reductions = new Int8Array(0);
	/** The side to move at the root (at ply p: `rootSide ^ (p & 1)`). */
	rootSide = 0;
	/** The rules and the half-move limit of the search in progress. */
	variant: Variant = 'blobwar';
	halfMovesLeft = Infinity;
	/** Output of `tableKey`. */
	keyLo = 0;
	keyHi = 0;

	/**
	 * Puts `root` at ply 0 (compiling its shape's kernel the first time).
	 * @returns true if the board shape changed (what is kept per shape must be reset)
	 */
	prepare(root: Position, variant: Variant, halfMovesLeft: number): boolean {
		const g = root.geometry;
		const changed = this.geometry !== g;
		if (changed) {
			this.geometry = g;
			this.kernel = shapeKernel(g);
			this.stride = 2 * g.words;
			this.playableCount = g.playableCount;
			this.words = new Int32Array((MAX_PLY + 2) * this.stride);
			this.moveStride = Math.min(MAX_NODE_MOVES, 17 * g.playableCount);
			if (this.moves.length === 0) {
				// Room for the largest shape at once: the lists (and their compiled selection step)
				// are made once for the stack's life, not again for each shape.
				const lists = moveLists((MAX_PLY + 1) * MAX_NODE_MOVES);
				this.moves = lists.moves;
				this.orderKeys = lists.keys;
				this.pick = lists.pick;
			}
			this.reductions = new Int8Array((MAX_PLY + 1) * this.moveStride);
		}
		this.words.set(root.bb, 0);
		this.keys[0] = root.keyLo;
		this.keys[1] = root.keyHi;
		this.counts[0] = root.count[0];
		this.counts[1] = root.count[1];
		this.clocks[0] = root.clock;
		this.rootSide = root.side;
		this.variant = variant;
		this.halfMovesLeft = halfMovesLeft;
		return changed;
	}

	/** Plays `move` of `side` from the position at `ply` into `ply + 1` (counts, clock, key). */
	makeChild(ply: number, side: number, move: Move): void {
		const stride = this.stride;
		const c = 2 * ply;
		this.played[ply] = move;
		if (move === PASS) {
			this.words.copyWithin((ply + 1) * stride, ply * stride, (ply + 1) * stride);
			this.keys[c + 2] = this.keys[c] ^ ZOBRIST_SIDE_LO;
			this.keys[c + 3] = this.keys[c + 1] ^ ZOBRIST_SIDE_HI;
			this.counts[c + 2] = this.counts[c];
			this.counts[c + 3] = this.counts[c + 1];
			this.clocks[ply + 1] = this.clocks[ply] + 1;
			return;
		}
		const r = this.kernel.make(this.words, ply * stride, (ply + 1) * stride, side, move, this.keys, c, c + 2);
		const captured = r & 255;
		const clone = r >> 8;
		this.counts[c + 2 + side] = this.counts[c + side] + captured + clone;
		this.counts[c + 2 + (side ^ 1)] = this.counts[c + (side ^ 1)] - captured;
		this.clocks[ply + 1] = clone ? 0 : this.clocks[ply] + 1;
	}

	/**
	 * `makeChild` for a child that is a leaf of the search: its key is left as it was (a leaf is
	 * never looked up in the table). Not for a pass.
	 */
	makeLeafChild(ply: number, side: number, move: Move): void {
		const stride = this.stride;
		const c = 2 * ply;
		const r = this.kernel.makeBoard(this.words, ply * stride, (ply + 1) * stride, side, move);
		const captured = r & 255;
		const clone = r >> 8;
		this.counts[c + 2 + side] = this.counts[c + side] + captured + clone;
		this.counts[c + 2 + (side ^ 1)] = this.counts[c + (side ^ 1)] - captured;
		this.clocks[ply + 1] = clone ? 0 : this.clocks[ply] + 1;
	}

	/**
	 * Sets `keyLo`, `keyHi` to the table key of the position at `ply`: its Zobrist key, salted near
	 * the half-move limit or Ataxx's clock limit (where the horizon changes the value).
	 */
	tableKey(ply: number): void {
		let lo = this.keys[2 * ply];
		let hi = this.keys[2 * ply + 1];
		const left = this.halfMovesLeft - ply;
		if (left <= MAX_PLY) {
			lo ^= LIMIT_SALT_LO[left];
			hi ^= LIMIT_SALT_HI[left];
		}
		if (this.variant === 'ataxx') {
			const clockLeft = ATAXX_CLOCK_LIMIT - this.clocks[ply];
			if (clockLeft <= CLOCK_SALTED) {
				lo ^= CLOCK_SALT_LO[Math.max(0, clockLeft)];
				hi ^= CLOCK_SALT_HI[Math.max(0, clockLeft)];
			}
		}
		this.keyLo = lo;
		this.keyHi = hi;
	}
}
