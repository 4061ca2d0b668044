import { describe, expect, it } from 'vitest';
import { parseFen } from '../../dist/game/fen.js';
import { BuiltinPlayer } from '../../dist/players/builtin-player.js';
import { type MoveRequest } from '../../dist/players/player.js';

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
