/**
 * The sequential search: iterative deepening over a negamax alpha-beta search
 * (Knuth and Moore, "An analysis of alpha-beta pruning", 1975; handout sections 2.1.2 and 2.4.2).
 *
 * - Iterative deepening: depth 1, 2, ... until the depth limit, the time limit, the node limit
 *   or the stop flag; the root moves are reordered after each iteration, best first.
 * - Time (handout 2.4.3): an iteration predicted not to finish before the limit is not started;
 *   the limit itself stops the search hard (checked every 2048 nodes).
 * - Stopping: a shared `Int32Array` flag (set by another thread) read with `Atomics.load`.
 *   A stopped search answers with the best move of the last completed iteration (or of the
 *   stopped iteration, where it already beat that move), so always a legal move.
 * - Scores: `score.ts`; finished games score exactly, and the half-move limit is a horizon.
 * No allocation inside the tree walk: positions, move lists and the PV table are preallocated.
 */

import { type Geometry } from '../game/geometry.js';
import { ATAXX_CLOCK_LIMIT, gameEnd, type Variant } from '../game/game-over.js';
import { makeMove } from '../game/make-move.js';
import { moveFrom, moveTo, NO_MOVE, PASS, type Move } from '../game/move.js';
import { generateMoves, MAX_MOVES, sideHasMove } from '../game/movegen.js';
import { copyPosition, emptyPosition, type Position } from '../game/position.js';
import { popcount32 } from '../game/bitboard.js';
import { evaluate } from './evaluate.js';
import { INFINITE_SCORE, decodeDecisive, MAX_PLY, terminalScore } from './score.js';
import { type SearchInfo, type SearchLimits, type SearchResult } from './types.js';

/** Callbacks of a running search. Both run on the searching thread. */
export interface SearchListener {
	/** After each completed iteration. */
	onInfo?(info: SearchInfo): void;
	/** About every `progressIntervalMs` while searching: nodes so far and elapsed ms. */
	onProgress?(nodes: number, timeMs: number): void;
}

/** Nodes between two looks at the clock and the stop flag. */
const CHECK_INTERVAL = 2048;

/** A reusable sequential searcher. Not re-entrant: one search at a time. */
export class Searcher {
	/** Shared stop flag: a non-zero `stopFlag[0]` stops the search. */
	readonly stopFlag: Int32Array;
	/** Minimum ms between two `onProgress` calls. */
	progressIntervalMs = 100;

	private geometry: Geometry | null = null;
	private stack: Position[] = [];
	private readonly moveLists: Int32Array[] = [];
	private readonly orderKeys: Int32Array[] = [];
	private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
	private readonly pvLength = new Int32Array(MAX_PLY + 1);

	private variant: Variant = 'blobwar';
	private halfMovesLeft = Infinity;
	private nodes = 0;
	private seldepth = 0;
	private aborted = false;
	private startTime = 0;
	private deadline = Infinity;
	private nodeLimit = Infinity;
	private lastProgress = 0;
	private listener: SearchListener = {};

	/**
	 * @param stopFlag an `Int32Array` over a `SharedArrayBuffer` (another thread may set it), or a
	 *   private one
	 */
	constructor(stopFlag: Int32Array = new Int32Array(new SharedArrayBuffer(4))) {
		this.stopFlag = stopFlag;
		for (let ply = 0; ply <= MAX_PLY; ply++) {
			this.moveLists.push(new Int32Array(MAX_MOVES));
			this.orderKeys.push(new Int32Array(MAX_MOVES));
		}
	}

	/**
	 * Searches `root` within `limits`. Runs synchronously on the calling thread.
	 * The stop flag is not cleared here: the owner clears it before starting a search.
	 * @returns the best move (NO_MOVE if the game is already over) with its score and PV
	 */
	search(root: Position, limits: SearchLimits, listener: SearchListener = {}): SearchResult {
		this.prepare(root.geometry);
		this.listener = listener;
		this.variant = limits.variant ?? 'blobwar';
		this.halfMovesLeft = limits.halfMovesLeft ?? Infinity;
		this.nodes = 0;
		this.seldepth = 0;
		this.aborted = false;
		this.startTime = performance.now();
		this.lastProgress = this.startTime;
		const timeMs = limits.timeMs ?? Infinity;
		this.deadline = this.startTime + timeMs;
		this.nodeLimit = limits.nodes ?? Infinity;
		const maxDepth = Math.min(limits.depth ?? MAX_PLY - 1, MAX_PLY - 1);

		copyPosition(root, this.stack[0]);
		const empty = (): SearchResult => ({ move: NO_MOVE, score: 0, depth: 0, seldepth: 0, nodes: 0, timeMs: 0, pv: [], stopped: false });
		if (gameEnd(root, this.variant, this.halfMovesLeft) !== null) return empty();
		const rootMoves = this.moveLists[0];
		let rootCount = generateMoves(root, rootMoves);
		if (rootCount === 0) {
			if (this.variant !== 'ataxx') return empty();
			rootMoves[0] = PASS;
			rootCount = 1;
		}
		this.orderMoves(root, rootMoves, this.orderKeys[0], rootCount);
		const ordered = Array.from(rootMoves.subarray(0, rootCount));

		let bestMove = ordered[0];
		let bestScore = 0;
		let bestPv: Move[] = [bestMove];
		let completedDepth = 0;
		let lastIterationMs = 0;
		let previousIterationMs = 0;
		for (let depth = 1; depth <= maxDepth; depth++) {
			const iterationStart = performance.now();
			const outcome = this.searchRoot(ordered, depth);
			if (this.aborted) {
				if (outcome.completed > 0 && outcome.bestIndex > 0) {
					bestMove = ordered[outcome.bestIndex];
					bestScore = outcome.score;
					bestPv = outcome.pv;
				}
				break;
			}
			// Best move first for the next iteration.
			const [move] = ordered.splice(outcome.bestIndex, 1);
			ordered.unshift(move);
			bestMove = move;
			bestScore = outcome.score;
			bestPv = outcome.pv;
			completedDepth = depth;
			const now = performance.now();
			previousIterationMs = lastIterationMs;
			lastIterationMs = now - iterationStart;
			listener.onInfo?.(this.info(depth, bestScore, bestPv, now));
			if (rootCount === 1 && limits.depth === undefined) break;
			const decisive = decodeDecisive(bestScore);
			if (decisive && decisive.plies <= depth) break;
			if (timeMs !== Infinity) {
				const ratio = previousIterationMs > 0.5 ? Math.min(10, Math.max(1.5, lastIterationMs / previousIterationMs)) : 4;
				if (now - this.startTime + lastIterationMs * ratio > timeMs) break;
			}
		}
		const timeNow = performance.now() - this.startTime;
		return {
			move: bestMove,
			score: bestScore,
			depth: completedDepth,
			seldepth: this.seldepth,
			nodes: this.nodes,
			timeMs: timeNow,
			pv: bestPv,
			stopped: this.aborted,
		};
	}

	/** Allocates the position stack for a geometry (once per geometry). */
	private prepare(geometry: Geometry): void {
		if (this.geometry === geometry) return;
		this.geometry = geometry;
		this.stack = [];
		for (let ply = 0; ply <= MAX_PLY; ply++) this.stack.push(emptyPosition(geometry));
	}

	/** One iteration at the root with a full window. */
	private searchRoot(ordered: Move[], depth: number): { bestIndex: number; score: number; pv: Move[]; completed: number } {
		const root = this.stack[0];
		const child = this.stack[1];
		let alpha = -INFINITE_SCORE;
		const beta = INFINITE_SCORE;
		let bestIndex = 0;
		let bestScore = -INFINITE_SCORE;
		let pv: Move[] = [ordered[0]];
		let completed = 0;
		for (let i = 0; i < ordered.length; i++) {
			makeMove(root, ordered[i], child);
			this.nodes++;
			const score = -this.negamax(1, depth - 1, -beta, -alpha);
			if (this.aborted) break;
			completed++;
			if (score > bestScore) {
				bestScore = score;
				bestIndex = i;
				pv = [ordered[i], ...this.pvTable.subarray(MAX_PLY, MAX_PLY + this.pvLength[1])];
				if (score > alpha) alpha = score;
			}
		}
		return { bestIndex, score: bestScore, pv, completed };
	}

	/**
	 * Negamax alpha-beta (fail-soft) at `ply` below the root, `depth` plies left.
	 * @returns the score from the side to move's view; meaningless once `aborted` is set
	 */
	private negamax(ply: number, depth: number, alpha: number, beta: number): number {
		const pos = this.stack[ply];
		this.pvLength[ply] = 0;
		if ((this.nodes & (CHECK_INTERVAL - 1)) === 0) this.checkStop();
		if (this.aborted) return 0;
		if (ply > this.seldepth) this.seldepth = ply;

		// Step 1. End of game, and the leaves.
		const me = pos.side;
		const mine = pos.count[me];
		const theirs = pos.count[me ^ 1];
		const empty = pos.geometry.playableCount - mine - theirs;
		let pass = false;
		if (this.variant === 'blobwar') {
			if (empty === 0) return terminalScore(mine, theirs, ply);
			if (ply >= this.halfMovesLeft || depth <= 0 || ply >= MAX_PLY - 1) {
				if (!sideHasMove(pos, me)) return terminalScore(mine, theirs + empty, ply);
				if (ply >= this.halfMovesLeft) return terminalScore(mine, theirs, ply);
				return evaluate(pos);
			}
		} else {
			if (mine === 0 || theirs === 0 || pos.clock >= ATAXX_CLOCK_LIMIT || ply >= this.halfMovesLeft) return terminalScore(mine, theirs, ply);
			const canMove = sideHasMove(pos, me);
			if (!canMove && !sideHasMove(pos, (me ^ 1) as 0 | 1)) return terminalScore(mine, theirs, ply);
			if (depth <= 0 || ply >= MAX_PLY - 1) return evaluate(pos);
			pass = !canMove;
		}

		// Step 2. Moves, best first by a cheap key.
		const moves = this.moveLists[ply];
		let n: number;
		if (pass) {
			moves[0] = PASS;
			n = 1;
		} else {
			n = generateMoves(pos, moves);
			if (n === 0) return terminalScore(mine, theirs + empty, ply);
		}
		const keys = this.orderKeys[ply];
		this.orderMoves(pos, moves, keys, n);

		// Step 3. Walk the children.
		const child = this.stack[ply + 1];
		let best = -INFINITE_SCORE;
		for (let i = 0; i < n; i++) {
			// Selection sort step: bring the best remaining move to i.
			let pick = i;
			for (let j = i + 1; j < n; j++) if (keys[j] > keys[pick]) pick = j;
			const move = moves[pick];
			if (pick !== i) {
				moves[pick] = moves[i];
				moves[i] = move;
				const k = keys[pick];
				keys[pick] = keys[i];
				keys[i] = k;
			}
			makeMove(pos, move, child);
			this.nodes++;
			const score = -this.negamax(ply + 1, depth - 1, -beta, -alpha);
			if (this.aborted) return 0;
			if (score > best) {
				best = score;
				if (score > alpha) {
					alpha = score;
					this.updatePv(ply, move);
					if (alpha >= beta) break;
				}
			}
		}
		return best;
	}

	/** Ordering keys: blobs gained by the move (captures, plus one for a clone). */
	private orderMoves(pos: Position, moves: Int32Array, keys: Int32Array, n: number): void {
		const g = pos.geometry;
		const W = g.words;
		const theirs = (pos.side ^ 1) * W;
		for (let i = 0; i < n; i++) {
			const move = moves[i];
			if (move === PASS) {
				keys[i] = 0;
				continue;
			}
			const to = moveTo(move);
			let captures = 0;
			for (let w = 0; w < W; w++) captures += popcount32(pos.bb[theirs + w] & g.neighbours[to * W + w]);
			keys[i] = 2 * captures + (moveFrom(move) === to ? 1 : 0);
		}
	}

	/** PV at `ply` = move followed by the PV of the child. */
	private updatePv(ply: number, move: Move): void {
		const row = ply * MAX_PLY;
		const childRow = (ply + 1) * MAX_PLY;
		this.pvTable[row] = move;
		const childLength = this.pvLength[ply + 1];
		for (let i = 0; i < childLength; i++) this.pvTable[row + 1 + i] = this.pvTable[childRow + i];
		this.pvLength[ply] = childLength + 1;
	}

	/** Looks at the stop flag, the clock and the node limit; reports progress. */
	private checkStop(): void {
		if (Atomics.load(this.stopFlag, 0) !== 0 || this.nodes >= this.nodeLimit) {
			this.aborted = true;
			return;
		}
		const now = performance.now();
		if (now >= this.deadline) {
			this.aborted = true;
			return;
		}
		if (this.listener.onProgress && now - this.lastProgress >= this.progressIntervalMs) {
			this.lastProgress = now;
			this.listener.onProgress(this.nodes, now - this.startTime);
		}
	}

	private info(depth: number, score: number, pv: readonly Move[], now: number): SearchInfo {
		const timeMs = now - this.startTime;
		return {
			depth,
			seldepth: this.seldepth,
			score,
			nodes: this.nodes,
			nps: timeMs > 0 ? Math.round((this.nodes * 1000) / timeMs) : 0,
			timeMs: Math.round(timeMs),
			pv: [...pv],
			threads: 1,
		};
	}
}

