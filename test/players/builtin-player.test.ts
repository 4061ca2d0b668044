import { describe, expect, it } from 'vitest';
import { parseFen } from '../../dist/game/fen.js';
import { BuiltinPlayer } from '../../dist/players/builtin-player.js';
import { type MoveRequest } from '../../dist/players/player.js';
import { CHECK_INTERVAL } from '../../dist/search/negamax.js';
import { WARM_UP_NODES } from '../../dist/search/parallel/search-pool.js';

describe('the built-in engine on a clock', () => {
	it("plans its move from the clock, and its log says so as UAI's go", async () => {
		const log: string[] = [];
		const player = new BuiltinPlayer({ log: (direction, text) => log.push(`${direction} ${text}`) });
		const { position } = parseFen('x5o/7/7/7/7/7/o5x o 0 1');
		const request: MoveRequest = {
			position,
			history: [position],
			moves: [],
			timeMs: 800,
			clock: { own: { timeLeftMs: 800, incrementMs: 20 }, other: { timeLeftMs: 750, incrementMs: 20 } },
			halfMovesLeft: 400,
			variant: 'ataxx',
			signal: new AbortController().signal,
		};
		try {
			expect(await player.play(request)).toMatchObject({ kind: 'move' });
		} finally {
			await player.close();
		}
		// Red to move: its clock is UAI's white one.
		expect(log.filter((line) => line.startsWith('> go'))).toEqual(['> go wtime 800 btime 750 winc 20 binc 20']);
	});
});

describe('the built-in engine warms up', () => {
	const request = (fen: string, limits: Partial<MoveRequest> = {}): MoveRequest => {
		const { position } = parseFen(fen);
		return {
			position,
			history: [position],
			moves: [],
			timeMs: 50,
			halfMovesLeft: 400,
			variant: 'ataxx',
			signal: new AbortController().signal,
			...limits,
		};
	};
	const warmUps = (log: string[]) => log.filter((line) => line.startsWith('< info string warm-up: '));

	it('on the first move of each board shape when time alone limits it, before the move', async () => {
		const log: string[] = [];
		const player = new BuiltinPlayer({ log: (direction, text) => log.push(`${direction} ${text}`) });
		try {
			expect(await player.play(request('x5o/7/7/7/7/7/o5x x 0 1'))).toMatchObject({ kind: 'move' });
			expect(warmUps(log)).toHaveLength(1);
			// Before the move's search is asked for.
			expect(log.findIndex((line) => line.startsWith('< info string warm-up'))).toBeLessThan(
				log.findIndex((line) => line.startsWith('> go')),
			);
			const [, nodes] = /warm-up: (\d+) nodes/.exec(warmUps(log)[0])!;
			expect(Number(nodes)).toBeGreaterThan(1000);
			expect(Number(nodes)).toBeLessThanOrEqual(WARM_UP_NODES + CHECK_INTERVAL);
			expect(await player.play(request('x5o/7/7/7/7/7/o4xx o 0 1'))).toMatchObject({ kind: 'move' });
			expect(warmUps(log)).toHaveLength(1);
			// Another shape: 5x5.
			expect(await player.play(request('x3o/5/5/5/o3x x 0 1'))).toMatchObject({ kind: 'move' });
			expect(warmUps(log)).toHaveLength(2);
		} finally {
			await player.close();
		}
	});

	it('not with a depth or node limit, which plays the same either way', async () => {
		for (const options of [{ depth: 3 }, { nodes: 2000 }]) {
			const log: string[] = [];
			const player = new BuiltinPlayer({
				...options,
				log: (direction, text) => log.push(`${direction} ${text}`),
			});
			try {
				expect(await player.play(request('x5o/7/7/7/7/7/o5x x 0 1'))).toMatchObject({ kind: 'move' });
				expect(log.some((line) => line.startsWith('> go'))).toBe(true);
				expect(warmUps(log)).toEqual([]);
			} finally {
				await player.close();
			}
		}
	});
});
