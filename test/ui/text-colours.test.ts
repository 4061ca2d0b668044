import { stripVTControlCharacters } from 'node:util';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { result as gameEnd } from '../../source/game/game-over.js';
import { type MatchGameLine } from '../../source/match/match-record.js';
import { endResult, forfeitResult } from '../../source/match/result.js';
import { tally } from '../../source/match/tally.js';
import { finishedLine, resultTable, scoreLine } from '../../source/ui/match-report.js';
import { resultLine } from '../../source/ui/plain.js';
import { grid } from '../helpers.js';

const colour = new Chalk({ level: 1 });
const none = new Chalk({ level: 0 });
const ESC = '\x1b[';

/** A finished game of a match between A and B on gruyere3. */
function record(game: number, engineA: 'blue' | 'red', winner: 'blue' | 'red' | null): MatchGameLine {
	return {
		type: 'game',
		game,
		pair: Math.ceil(game / 2),
		opening: 0,
		board: 'boards/gruyere3.bwb',
		fen: 'x-1-o/x1-1o/x-1-o x 0 1',
		variant: 'blobwar',
		halfMoveLimit: 100,
		timeMs: 100,
		blue: engineA === 'blue' ? 'A' : 'B',
		red: engineA === 'blue' ? 'B' : 'A',
		engineA,
		moves: [],
		result: winner === 'blue' ? '1-0' : winner === 'red' ? '0-1' : '1/2-1/2',
		winner,
		blobs: winner === 'blue' ? { blue: 6, red: 4 } : winner === 'red' ? { blue: 4, red: 6 } : { blue: 5, red: 5 },
		termination: 'end',
		reason: 'the board is full',
		startedAt: '2026-01-31T12:00:00.000Z',
		endedAt: '2026-01-31T12:00:01.000Z',
	};
}

describe('colours outside Ink', () => {
	const records = [
		record(1, 'blue', 'blue'),
		record(2, 'red', 'blue'),
		record(3, 'blue', null),
		record(4, 'red', 'red'),
	];
	const totals = tally(records);
	const sprt = {
		options: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 },
		state: { llr: 3.1, lower: -2.94, upper: 2.94, decision: 'H1' as const },
	};

	it('a match: the same lines with and without colour, and colour only where asked', () => {
		const lines = (paint: typeof none) => [
			...records.map((r) => finishedLine(r, paint)),
			scoreLine(['A', 'B'], totals, sprt.state, paint),
			...resultTable(['A', 'B'], totals, sprt, paint),
		];
		const plain = lines(none);
		const coloured = lines(colour);
		expect(plain.join('\n')).not.toContain(ESC);
		expect(coloured.map((line) => stripVTControlCharacters(line))).toEqual(plain);
		expect(plain[0]).toBe(
			'Finished game 1 (A vs B on boards/gruyere3.bwb): 1-0 {Blue wins 6-4 (the board is full)}',
		);
		// Blue's player and Blue's win in bright blue; Red's player in bright red.
		expect(coloured[0]).toBe(
			`Finished game 1 (${ESC}94mA${ESC}39m vs ${ESC}91mB${ESC}39m on boards/gruyere3.bwb): 1-0 ` +
				`{${ESC}94mBlue wins 6-4 (the board is full)${ESC}39m}`,
		);
		// A's wins - losses - draws: 2 - 1 - 1, green, red, yellow.
		expect(plain[4]).toMatch(/^Score of A vs B: 2 - 1 - 1 {2}\[0\.625\] 4 /);
		expect(coloured[4]).toContain(`${ESC}32m2${ESC}39m - ${ESC}31m1${ESC}39m - ${ESC}33m1${ESC}39m`);
		const sprtRow = coloured.find((line) => line.includes('SPRT'))!;
		expect(sprtRow).toContain(`${ESC}32mH1 accepted (elo1 = 10 rather than elo0 = 0)${ESC}39m`);
	});

	it('the SPRT: H0 in red, no decision in yellow', () => {
		const h0 = resultTable(['A', 'B'], totals, { ...sprt, state: { ...sprt.state, decision: 'H0' } }, colour);
		expect(h0.find((line) => line.includes('SPRT'))).toContain(`${ESC}31mH0 accepted`);
		const open = resultTable(['A', 'B'], totals, { ...sprt, state: { ...sprt.state, decision: null } }, colour);
		expect(open.find((line) => line.includes('SPRT'))).toContain(`${ESC}33mno decision yet${ESC}39m`);
	});

	it("plain mode's result line: the winner's colour, a draw in yellow, the same words without colour", () => {
		const full = grid(['BBR', 'BBR']);
		const red = forfeitResult(0, './eng', 'no move within 1.50 s', full);
		const draw = endResult(gameEnd('board-full', 3, 3), full);
		for (const result of [red, draw]) {
			expect(stripVTControlCharacters(resultLine(result, colour))).toBe(resultLine(result, none));
			expect(resultLine(result, none)).not.toContain(ESC);
		}
		expect(resultLine(red, none)).toBe('Result: Red wins 4-2 (Blue (./eng) forfeits: no move within 1.50 s)');
		expect(resultLine(red, colour)).toBe(
			`${ESC}1mResult:${ESC}22m ${ESC}91mRed wins 4-2 (Blue (./eng) forfeits: no move within 1.50 s)${ESC}39m`,
		);
		expect(resultLine(draw, colour)).toContain(`${ESC}33mdraw 3-3 (the board is full)${ESC}39m`);
	});
});
