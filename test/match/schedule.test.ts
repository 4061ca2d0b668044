import { describe, expect, it } from 'vitest';
import { parseFen } from '../../source/game/fen.js';
import { playMove } from '../../source/game/make-move.js';
import { adjudicate } from '../../source/match/adjudication.js';
import { formatPgn } from '../../source/match/pgn.js';
import { type MatchGameLine } from '../../source/match/match-record.js';
import { Schedule } from '../../source/match/schedule.js';
import { tally } from '../../source/match/tally.js';
import { move } from '../helpers.js';

describe('the schedule', () => {
	it('pairs games on the same board with colours swapped, board after board', () => {
		const schedule = new Schedule(3, 1, false);
		expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => schedule.game(n))).toEqual([
			{ game: 1, pair: 1, opening: 0, engineA: 0 },
			{ game: 2, pair: 1, opening: 0, engineA: 1 },
			{ game: 3, pair: 2, opening: 1, engineA: 0 },
			{ game: 4, pair: 2, opening: 1, engineA: 1 },
			{ game: 5, pair: 3, opening: 2, engineA: 0 },
			{ game: 6, pair: 3, opening: 2, engineA: 1 },
			{ game: 7, pair: 4, opening: 0, engineA: 0 },
			{ game: 8, pair: 4, opening: 0, engineA: 1 },
		]);
	});

	it('shuffles each round through the boards from the seed, the same way every time', () => {
		const openings = (schedule: Schedule) => Array.from({ length: 40 }, (_, i) => schedule.game(2 * i + 1).opening);
		const a = openings(new Schedule(8, 42, true));
		expect(openings(new Schedule(8, 42, true))).toEqual(a);
		expect(openings(new Schedule(8, 43, true))).not.toEqual(a);
		for (let round = 0; round < 5; round++)
			expect([...a.slice(8 * round, 8 * round + 8)].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		expect(a.slice(0, 8)).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		// Asked out of order (as a resumed match does), the schedule is the same.
		const late = new Schedule(8, 42, true);
		expect(late.game(79).opening).toBe(a[39]);
	});
});

const game = (
	n: number,
	pair: number,
	engineA: 'blue' | 'red',
	winner: 'blue' | 'red' | null,
	termination: MatchGameLine['termination'] = 'end',
): MatchGameLine => ({
	type: 'game',
	game: n,
	pair,
	opening: 0,
	board: 'boards/4x4.bwb',
	fen: 'x2o/4/4/x2o x 0 1',
	variant: 'blobwar',
	halfMoveLimit: 100,
	timeMs: 1000,
	blue: engineA === 'blue' ? 'A' : 'B',
	red: engineA === 'blue' ? 'B' : 'A',
	engineA,
	moves: [],
	result: winner === 'blue' ? '1-0' : winner === 'red' ? '0-1' : '1/2-1/2',
	winner,
	blobs: { blue: 0, red: 0 },
	termination,
	reason: 'the board is full',
	startedAt: '2025-11-22T10:00:00.000Z',
	endedAt: '2025-11-22T10:01:00.000Z',
});

describe('the tally', () => {
	it("counts A's wins, draws and losses, and finished pairs by A's points", () => {
		const t = tally([
			game(1, 1, 'blue', 'blue'), // A wins
			game(2, 1, 'red', 'red'), // A wins: WW
			game(3, 2, 'blue', null), // draw
			game(4, 2, 'red', 'blue', 'forfeit'), // A loses by forfeit: LD
			game(5, 3, 'blue', 'red'), // A loses
			game(6, 3, 'red', 'blue'), // B wins as Blue: A loses again: LL
			game(7, 4, 'blue', 'blue', 'adjudicated'), // unfinished pair: not in the pentanomial
		]);
		expect(t.wdl).toEqual({ wins: 3, draws: 1, losses: 3 });
		expect(t.pentanomial).toEqual([1, 1, 0, 0, 1]);
		expect(t.forfeits).toEqual([1, 0]);
		expect(t.adjudicated).toBe(1);
	});
});

describe('adjudication', () => {
	it('needs the lead for every one of the last plies', () => {
		const start = parseFen('x3o/5/5/5/x3o x 0 1').position;
		const a = playMove(start, move(start, '0 0 1 1')); // Blue 3 Red 2
		const b = playMove(a, move(a, '0 4 2 3')); // Red jumps: Blue 3 Red 2
		const c = playMove(b, move(b, '1 1 2 2')); // Blue clones next to Red's (2,3): Blue 5 Red 1
		expect(adjudicate([start, a, b, c], { margin: 1, plies: 3 })).toEqual({
			winner: 0,
			reason: 'adjudicated: Blue led by 1 blobs or more for 3 half-moves',
		});
		expect(adjudicate([start, a, b, c], { margin: 2, plies: 3 })).toBeNull();
		expect(adjudicate([start, a, b, c], { margin: 4, plies: 1 })).toEqual({
			winner: 0,
			reason: 'adjudicated: Blue led by 4 blobs or more for 1 half-moves',
		});
		expect(adjudicate([start, a], { margin: 1, plies: 2 })).toBeNull();
	});
});

describe('PGN', () => {
	it('writes the tags, the board and the moves in UAI notation with their times', () => {
		const record: MatchGameLine = {
			...game(3, 2, 'red', 'red', 'forfeit'),
			moves: [
				{ move: '(0,0) > (1,1)', said: '(0,0) > (1,1)', ms: 120 },
				{ move: '(0,3) > (2,2)', said: 'd4b2', ms: 1004 },
			],
			blobs: { blue: 2, red: 3 },
			reason: 'Blue (B) forfeits: no move within 1.50 s',
		};
		expect(formatPgn(record)).toBe(
			[
				'[Event "blobterm match"]',
				'[Site "blobterm"]',
				'[Date "2025.11.22"]',
				'[Round "3"]',
				'[White "B"]',
				'[Black "A"]',
				'[Result "0-1"]',
				'[Blue "B"]',
				'[Red "A"]',
				'[Variant "blobwar"]',
				'[Board "boards/4x4.bwb"]',
				'[SetUp "1"]',
				'[FEN "x2o/4/4/x2o x 0 1"]',
				'[PlyCount "2"]',
				'[TimeControl "1/move"]',
				'[Termination "rules infraction"]',
				'[Reason "Blue (B) forfeits: no move within 1.50 s"]',
				'',
				'1. b3 {0.12s} d4c2 {1.00s} {Blue (B) forfeits: no move within 1.50 s} 0-1',
				'',
				'',
			].join('\n'),
		);
	});

	it('keeps each tag on one line and each comment closed, whatever the names and reasons hold', () => {
		const record: MatchGameLine = {
			...game(1, 1, 'blue', 'blue', 'forfeit'),
			board: 'boards/odd\nname "x".bwb',
			blue: 'A\r\n',
			moves: [],
			reason: 'Blue (A) forfeits: printed no move line (last output: "} 1-0 {")',
		};
		const pgn = formatPgn(record);
		expect(pgn).toContain('[Board "boards/odd\ufffdname \\"x\\".bwb"]\n');
		expect(pgn).toContain('[White "A\ufffd\ufffd"]\n');
		expect(pgn).toContain('\n\n{Blue (A) forfeits: printed no move line (last output: ") 1-0 (")} 1-0\n\n');
		// Seventeen tag lines, a blank line, the moves, a blank line.
		expect(pgn.split('\n')).toHaveLength(17 + 1 + 1 + 2);
	});
});
