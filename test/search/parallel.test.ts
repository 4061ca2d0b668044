// Worker threads run compiled code: these tests use dist/ (npm test builds it first).
import { readFileSync } from 'node:fs';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../dist/game/board-file.js';
import { geometryOf } from '../../dist/game/geometry.js';
import { pseudolegalMoves } from '../../dist/game/movegen.js';
import { playMove } from '../../dist/game/make-move.js';
import { positionFromGrid, type Position } from '../../dist/game/position.js';
import { SearchPool, WARM_UP_NODES } from '../../dist/search/parallel/search-pool.js';
import { CHECK_INTERVAL } from '../../dist/search/negamax.js';
import { Searcher } from '../../dist/search/search.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;

/** Positions a few moves into games on several boards, played by a deterministic rule. */
function positions(): Position[] {
	const out: Position[] = [];
	for (const name of ['ataxx', 'default', 'gruyere5', 'handout', '6x6']) {
		let pos = board(name);
		for (let i = 0; i < 12; i++) {
			const moves = pseudolegalMoves(pos);
			if (moves.length === 0) break;
			pos = playMove(pos, moves[(i * 7 + 3) % moves.length]);
			if (i % 4 === 3) out.push(pos);
		}
	}
	return out;
}

describe('YBWC', () => {
	it('without the transposition table returns exactly the sequential alpha-beta value at a fixed depth', async () => {
		const pool = new SearchPool({
			threads: 2,
			parallel: 'ybwc',
			search: { tt: false, ttMoveOrdering: false, hashMb: 1, selective: false },
		});
		try {
			let helped = 0;
			for (const pos of positions()) {
				for (const depth of [4, 5]) {
					const sequential = new Searcher({
						tt: false,
						ttMoveOrdering: false,
						hashMb: 1,
						selective: false,
					}).search(pos, {
						depth,
					});
					const parallel = await pool.search(pos, { depth });
					expect(parallel.score).toBe(sequential.score);
					expect(parallel.depth).toBe(sequential.depth);
					if (pool.threadNodes()[1] > 0) helped++;
				}
			}
			// The helper thread did take part (split points were made and joined).
			expect(helped).toBeGreaterThan(10);
		} finally {
			await pool.close();
		}
	});

	it('with plain alpha-beta and MTD(f) too, the value at a fixed depth is the sequential one', async () => {
		for (const algorithm of ['alphabeta', 'mtdf'] as const) {
			const pool = new SearchPool({
				threads: 2,
				parallel: 'ybwc',
				search: { algorithm, tt: false, ttMoveOrdering: false, hashMb: 1, selective: false },
			});
			try {
				for (const pos of positions().slice(0, 6)) {
					const expected = new Searcher({
						algorithm: 'alphabeta',
						tt: false,
						ttMoveOrdering: false,
						hashMb: 1,
						selective: false,
					}).search(pos, { depth: 4 }).score;
					expect((await pool.search(pos, { depth: 4 })).score).toBe(expected);
				}
			} finally {
				await pool.close();
			}
		}
	});
});

describe('every parallel search', () => {
	for (const parallel of ['lazy', 'ybwc'] as const) {
		it(`${parallel}: answers a legal move within its time, stopped at any moment too`, async () => {
			const pool = new SearchPool({ threads: 2, parallel, search: { hashMb: 8 } });
			try {
				for (const pos of positions().slice(0, 8)) {
					const legal = pseudolegalMoves(pos);
					const started = performance.now();
					const timed = await pool.search(pos, { timeMs: 100 });
					// 100 ms of search; the bound leaves room for a loaded machine, not for a hang.
					expect(performance.now() - started).toBeLessThan(5000);
					expect(legal).toContain(timed.move);
					const stopped = pool.search(pos, { depth: 60 });
					await new Promise((resolve) => setTimeout(resolve, (legal.length * 7) % 60));
					pool.stop();
					const result = await stopped;
					expect(result.stopped).toBe(true);
					expect(legal).toContain(result.move);
				}
				expect(pool.threadNodes().length).toBe(2);
			} finally {
				await pool.close();
			}
		});
	}

	it("ybwc: the main thread's node limit stops every thread, also while it waits for or helps another", async () => {
		// A node limit, as a time limit, is the main thread's alone: it searches past it by less than
		// one check interval, and the helper stops with it. Before, a limit reached while the main
		// thread worked at a helper's split point was forgotten there, and a search on time ran on
		// until the helper's move was done (over 0.5 s past 0.1 s in games).
		const limit = 20_000;
		const pool = new SearchPool({ threads: 2, parallel: 'ybwc', search: { hashMb: 8 } });
		try {
			let stopped = 0;
			let helped = 0;
			for (const pos of positions()) {
				for (let run = 0; run < 3; run++) {
					pool.clear();
					const result = await pool.search(pos, { nodes: limit, depth: 40 });
					// A decided game (the last position) ends its search by itself.
					if (!result.stopped) continue;
					stopped++;
					const [main, helper] = pool.threadNodes();
					expect(main).toBeGreaterThanOrEqual(limit);
					expect(main).toBeLessThan(limit + CHECK_INTERVAL);
					if (helper > 0) helped++;
				}
			}
			expect(stopped).toBeGreaterThanOrEqual(40);
			expect(helped).toBeGreaterThan(10);
		} finally {
			await pool.close();
		}
	});

	it('reports every thread: the thread count and the nodes of each', async () => {
		const pool = new SearchPool({ threads: 2, parallel: 'ybwc', search: { hashMb: 8 } });
		try {
			const infos: Array<{ threads?: number; threadNodes?: readonly number[]; nodes: number }> = [];
			const result = await pool.search(board('ataxx'), { depth: 8 }, { onInfo: (info) => infos.push(info) });
			const last = infos.at(-1)!;
			expect(last.threads).toBe(2);
			expect(last.threadNodes!.length).toBe(2);
			expect(result.nodes).toBe(pool.threadNodes().reduce((a, b) => a + b, 0));
		} finally {
			await pool.close();
		}
	});

	it('a warm-up searches on every thread, within its limit, and leaves no trace in the next search', async () => {
		const ataxx = board('ataxx');
		const after = playMove(ataxx, pseudolegalMoves(ataxx)[3]);
		const fresh = new SearchPool({ search: { hashMb: 8 } });
		const warmed = new SearchPool({ threads: 1, search: { hashMb: 8 } });
		try {
			const expected = await fresh.search(after, { depth: 7, variant: 'ataxx' });
			await warmed.warmUp(ataxx, 'ataxx');
			const [warmUpNodes] = warmed.threadNodes();
			expect(warmUpNodes).toBeGreaterThan(1000);
			expect(warmUpNodes).toBeLessThanOrEqual(WARM_UP_NODES + CHECK_INTERVAL);
			// Move, score, depth, nodes and line as in a pool that never searched: table, killers,
			// history and table generation forgotten.
			const result = await warmed.search(after, { depth: 7, variant: 'ataxx' });
			expect(result).toEqual({ ...expected, timeMs: result.timeMs });
		} finally {
			await Promise.all([fresh.close(), warmed.close()]);
		}
	});

	it('a process that used a pool exits promptly: no thread is left behind', async () => {
		const started = Date.now();
		const run = await execa('node', ['test/fixtures/pool-exit.mjs'], { reject: false, timeout: 20_000 });
		expect(run.stdout).toBe('lazy true\nybwc true');
		expect(run.exitCode).toBe(0);
		expect(Date.now() - started).toBeLessThan(10_000);
	});
});

describe('a small position where every thread must agree', () => {
	it('YBWC on a 5x5 board at depth 6 equals the sequential search', async () => {
		const pos = positionFromGrid(geometryOf(5, 5, [12]), ['B...R', '.....', '..X..', '.....', 'R...B'], 0);
		const pool = new SearchPool({
			threads: 2,
			parallel: 'ybwc',
			search: { tt: false, ttMoveOrdering: false, hashMb: 1, selective: false },
		});
		try {
			const expected = new Searcher({ tt: false, ttMoveOrdering: false, hashMb: 1, selective: false }).search(
				pos,
				{ depth: 6 },
			);
			const got = await pool.search(pos, { depth: 6 });
			expect(got.score).toBe(expected.score);
		} finally {
			await pool.close();
		}
	});
});
