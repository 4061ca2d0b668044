import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { playMove } from '../../source/game/make-move.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { type Position } from '../../source/game/position.js';
import { LATE_MOVE_PRUNED } from '../../source/search/position-stack.js';
import { Searcher } from '../../source/search/search.js';
import { SEQUENTIAL, type SplitHost, type SplitPolicy, type SplitResult } from '../../source/search/split-policy.js';

/**
 * A split policy that splits every node it may and searches the shared moves itself, in order,
 * as a thread alone at a split point would: the moves and late-move treatments a node hands to a
 * split (`stack.moves`, `stack.reductions`) are then the whole of what the rest of its loop
 * would have searched.
 */
class SplitEverywhere implements SplitPolicy {
	readonly splits = true;
	splitCount = 0;
	prunedShared = 0;

	canSplit(depth: number): boolean {
		return depth >= 2;
	}

	split(
		host: SplitHost,
		ply: number,
		depth: number,
		alpha: number,
		beta: number,
		best: number,
		bestMove: number,
		from: number,
		end: number,
		out: SplitResult,
	): boolean {
		this.splitCount++;
		const stack = host.stack;
		const side = (stack.rootSide ^ ply) & 1;
		for (let i = from; i < end && alpha < beta; i++) {
			const reduction = stack.reductions[i];
			if (reduction === LATE_MOVE_PRUNED) {
				this.prunedShared++;
				continue;
			}
			const score = host.searchMove(ply, side, stack.moves[i], depth, alpha, beta, reduction, true);
			if (host.aborted) break;
			if (score > best) {
				best = score;
				bestMove = stack.moves[i];
				if (score > alpha) alpha = score;
			}
		}
		out.best = best;
		out.bestMove = bestMove;
		return true;
	}

	cutoff = SEQUENTIAL.cutoff;
	limitReached = SEQUENTIAL.limitReached;
	publishNodes = SEQUENTIAL.publishNodes;
	totalNodes = SEQUENTIAL.totalNodes;
	threadNodes = SEQUENTIAL.threadNodes;
}

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;

/** The start and a position a few moves in, on boards of both rule sets' usual shapes. */
function positions(): Array<{ position: Position; variant: 'ataxx' | 'blobwar'; depth: number }> {
	const out: Array<{ position: Position; variant: 'ataxx' | 'blobwar'; depth: number }> = [];
	for (const [name, variant, depth] of [
		['ataxx', 'ataxx', 9],
		['default', 'blobwar', 9],
		['gruyere5', 'blobwar', 10],
	] as const) {
		let position = board(name);
		out.push({ position, variant, depth });
		for (let i = 0; i < 6; i++) position = playMove(position, pseudolegalMoves(position)[(i * 5 + 2) % 7]);
		out.push({ position, variant, depth });
	}
	return out;
}

describe('a split point', () => {
	it('gets the moves and late-move reductions and pruning the node would search: the same tree as alone', () => {
		let splits = 0;
		let pruned = 0;
		for (const { position, variant, depth } of positions()) {
			const alone = new Searcher({ hashMb: 1 }).search(position, { depth, variant });
			const policy = new SplitEverywhere();
			const searcher = new Searcher({ hashMb: 1 }, undefined, undefined, policy);
			const split = searcher.search(position, { depth, variant });
			expect({ move: split.move, score: split.score, depth: split.depth, nodes: split.nodes }).toEqual({
				move: alone.move,
				score: alone.score,
				depth: alone.depth,
				nodes: alone.nodes,
			});
			splits += policy.splitCount;
			pruned += policy.prunedShared;
		}
		// Nodes were split (the root among them), and some shared moves were left out by pruning.
		expect(splits).toBeGreaterThan(1000);
		expect(pruned).toBeGreaterThan(0);
	});
});

describe('the stop check', () => {
	it('reports the node limit even when a split point above is cut off at the same check', () => {
		// A thread that helps at another's split point is aborted there by a cut-off and goes on
		// above it: a limit reached at that check must still stop the whole search (limitReached),
		// not one check interval (1024 nodes) later.
		const calls = { cutoff: 0, limit: 0 };
		const policy: SplitPolicy = {
			...SEQUENTIAL,
			cutoff: () => calls.cutoff++ === 0,
			limitReached: () => void calls.limit++,
		};
		const searcher = new Searcher({ hashMb: 1 }, undefined, undefined, policy);
		const result = searcher.search(board('ataxx'), { nodes: 1000, depth: 30, variant: 'ataxx' });
		expect(result.stopped).toBe(true);
		expect(calls.limit).toBe(1);
		expect(result.nodes).toBe(1024);
	});
});
