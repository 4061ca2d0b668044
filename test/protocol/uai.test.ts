import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { parseFen } from '../../source/game/fen.js';
import { playMove } from '../../source/game/make-move.js';
import {
	formatInfoLine,
	formatUaiCommand,
	formatUaiReply,
	gamePosition,
	mateScore,
	parseInfoLine,
	parseUaiCommand,
	parseUaiReply,
	type UaiCommand,
	type UaiReply,
} from '../../source/protocol/uai.js';
import { MATE, PLY_STEP, WIN_THRESHOLD } from '../../source/search/score.js';
import { move } from '../helpers.js';

const start = parseBoardFile(readFileSync('boards/ataxx.bwb', 'utf8')).position;

/** Every property runs with a fixed seed. */
const RUNS = { seed: 1313, numRuns: 300 };

/** The words that have a meaning inside some command or reply (never part of a generated name). */
const KEYWORDS = new Set([
	'name',
	'value',
	'type',
	'default',
	'min',
	'max',
	'var',
	'moves',
	'startpos',
	'fen',
	'pv',
	'string',
	'ponder',
	'mate',
	'infinite',
	'searchmoves',
	...['wtime', 'btime', 'winc', 'binc', 'movestogo', 'movetime', 'depth', 'nodes'],
]);
const word = fc.stringMatching(/^[A-Za-z0-9_/.+-]{1,8}$/).filter((w) => !KEYWORDS.has(w));
const words = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((ws) => ws.join(' '));
const uaiMove = fc.oneof(
	fc.stringMatching(/^[a-g][1-7]$/),
	fc.stringMatching(/^[a-g][1-7][a-g][1-7]$/),
	fc.constant('0000'),
);
const count = fc.integer({ min: -1000, max: 1_000_000_000 });

const command: fc.Arbitrary<UaiCommand> = fc.oneof(
	fc.constantFrom('uai', 'isready', 'uainewgame', 'stop', 'quit').map((type) => ({ type }) as UaiCommand),
	fc.record(
		{
			type: fc.constant('setoption' as const),
			name: words(3),
			value: fc
				.array(fc.oneof(word, fc.constant('value')), { minLength: 1, maxLength: 3 })
				.map((ws) => ws.join(' ')),
		},
		{ requiredKeys: ['type', 'name'] },
	),
	fc.record({
		type: fc.constant('position' as const),
		fen: fc.option(words(4), { nil: null }),
		moves: fc.array(uaiMove, { maxLength: 6 }),
	}),
	fc.record(
		{
			type: fc.constant('go' as const),
			wtime: count,
			btime: count,
			winc: count,
			binc: count,
			movestogo: count,
			movetime: count,
			depth: count,
			nodes: count,
			infinite: fc.constant(true),
			searchmoves: fc.array(uaiMove, { maxLength: 4 }),
		},
		{ requiredKeys: ['type'] },
	),
);

/** Scores as engines send them: centi-blobs short of a decisive score, or `mate N`. */
const score = fc.oneof(
	fc.integer({ min: -WIN_THRESHOLD + 1, max: WIN_THRESHOLD - 1 }),
	fc.integer({ min: -60, max: 60 }).map(mateScore),
);
const infoFields = {
	depth: fc.nat(200),
	seldepth: fc.nat(200),
	multipv: fc.integer({ min: 1, max: 256 }),
	score,
	nodes: fc.nat(),
	nps: fc.nat(),
	timeMs: fc.nat(),
	hashfull: fc.nat(1000),
};
const reply: fc.Arbitrary<UaiReply> = fc.oneof(
	fc.constantFrom('uaiok', 'readyok').map((type) => ({ type }) as UaiReply),
	fc.record({
		type: fc.constant('id' as const),
		field: fc.constantFrom('name' as const, 'author' as const),
		value: words(4),
	}),
	fc.record(
		{
			type: fc.constant('option' as const),
			name: words(3),
			kind: fc.constantFrom(
				'check' as const,
				'spin' as const,
				'combo' as const,
				'button' as const,
				'string' as const,
			),
			default: words(2),
			min: fc.integer(),
			max: fc.integer(),
			vars: fc.array(words(2), { minLength: 1, maxLength: 4 }),
		},
		{ requiredKeys: ['type', 'name', 'kind'] },
	),
	fc.record(
		{ type: fc.constant('bestmove' as const), move: uaiMove, ponder: uaiMove },
		{ requiredKeys: ['type', 'move'] },
	),
	fc.record(
		{ type: fc.constant('info' as const), ...infoFields, pv: fc.array(uaiMove, { minLength: 1, maxLength: 8 }) },
		{
			requiredKeys: ['type'],
		},
	),
	fc.record({ type: fc.constant('info' as const), ...infoFields, string: words(5) }, { requiredKeys: ['type'] }),
);

describe('UAI commands (GUI to engine)', () => {
	it('parse(format(command)) is the command, for every kind', () => {
		fc.assert(
			fc.property(command, (c) => {
				expect(parseUaiCommand(formatUaiCommand(c))).toEqual({ ok: true, command: c, notes: [] });
			}),
			RUNS,
		);
	});

	it('are written as GUIs write them', () => {
		expect(formatUaiCommand({ type: 'position', fen: null, moves: [] })).toBe('position startpos');
		expect(formatUaiCommand({ type: 'position', fen: 'x5o/7/7/7/7/7/o5x x 0 1', moves: ['g2', 'a7c5'] })).toBe(
			'position fen x5o/7/7/7/7/7/o5x x 0 1 moves g2 a7c5',
		);
		expect(formatUaiCommand({ type: 'go', btime: 3000, wtime: 2500, binc: 10, winc: 10, movestogo: 20 })).toBe(
			'go wtime 2500 btime 3000 winc 10 binc 10 movestogo 20',
		);
		expect(formatUaiCommand({ type: 'go', infinite: true, searchmoves: ['g2', 'a7c5'] })).toBe(
			'go infinite searchmoves g2 a7c5',
		);
		expect(formatUaiCommand({ type: 'setoption', name: 'Clear Hash' })).toBe('setoption name Clear Hash');
		expect(formatUaiCommand({ type: 'setoption', name: 'MultiPV', value: '3' })).toBe(
			'setoption name MultiPV value 3',
		);
	});

	it('are read from any white space, with what cannot be read left out and said', () => {
		expect(parseUaiCommand('  go  movetime\t100 searchmoves g2 b6 depth 4 ')).toEqual({
			ok: true,
			command: { type: 'go', movetime: 100, searchmoves: ['g2', 'b6'], depth: 4 },
			notes: [],
		});
		expect(parseUaiCommand('go wtime lots nodes ponder movetime 5 mate 3 frob')).toEqual({
			ok: true,
			command: { type: 'go', movetime: 5 },
			notes: [
				'go wtime needs a number, got "lots": left out',
				'go nodes needs a number: left out',
				'go ponder is not supported: left out',
				'go mate is not supported: left out',
				'go: unknown word "frob" left out',
			],
		});
		expect(parseUaiCommand('setoption name Hash Size value 64 MB')).toMatchObject({
			command: { type: 'setoption', name: 'Hash Size', value: '64 MB' },
		});
		expect(parseUaiCommand('position fen x5o/7/7/7/7/7/o5x x 0 1')).toMatchObject({
			command: { type: 'position', fen: 'x5o/7/7/7/7/7/o5x x 0 1', moves: [] },
		});
		expect(parseUaiCommand('   ')).toBeNull();
		expect(parseUaiCommand('position')).toEqual({
			ok: false,
			reason: 'expected: position startpos|fen FEN [moves ...]',
		});
		expect(parseUaiCommand('position startpos g2')).toEqual({ ok: false, reason: 'expected "moves", found "g2"' });
		expect(parseUaiCommand('setoption Hash 3')).toEqual({
			ok: false,
			reason: 'expected: setoption name NAME [value VALUE]',
		});
		expect(parseUaiCommand('frobnicate now')).toEqual({ ok: false, reason: 'unknown command: frobnicate now' });
	});

	it('a game is sent as its first position and its moves, as the game loop gives them', () => {
		const first = move(start, '0 0 1 1');
		const a = playMove(start, first);
		const second = move(a, '0 6 2 4');
		const b = playMove(a, second);
		const text = (history: Parameters<typeof gamePosition>[0], moves: Parameters<typeof gamePosition>[1]) =>
			formatUaiCommand(gamePosition(history, moves));
		expect(text([start], [])).toBe('position fen x5o/7/7/7/7/7/o5x x 0 1');
		expect(text([start, a, b], [first, second])).toBe('position fen x5o/7/7/7/7/7/o5x x 0 1 moves b6 g7e5');
		// Positions before the known moves (a board file's history) only count the move number.
		const elsewhere = parseFen('7/7/3x3/7/7/7/o6 x 0 1').position;
		expect(text([elsewhere, a, b], [second])).toBe('position fen x5o/1x5/7/7/7/7/o5x o 0 1 moves g7e5');
		expect(() => gamePosition([start], [first])).toThrow(RangeError);
	});
});

describe('UAI replies (engine to GUI)', () => {
	it('parse(format(reply)) is the reply, for every kind', () => {
		fc.assert(
			fc.property(reply, (r) => {
				expect(parseUaiReply(formatUaiReply(r))).toEqual(r);
			}),
			RUNS,
		);
	});

	it('are written as engines write them', () => {
		expect(formatUaiReply({ type: 'option', name: 'Hash', kind: 'spin', default: '16', min: 1, max: 4096 })).toBe(
			'option name Hash type spin default 16 min 1 max 4096',
		);
		expect(
			formatUaiReply({
				type: 'option',
				name: 'Parallel',
				kind: 'combo',
				default: 'lazy',
				vars: ['lazy', 'ybwc'],
			}),
		).toBe('option name Parallel type combo default lazy var lazy var ybwc');
		expect(formatUaiReply({ type: 'id', field: 'name', value: 'blobterm 0.1' })).toBe('id name blobterm 0.1');
		expect(formatUaiReply({ type: 'bestmove', move: 'a7c5' })).toBe('bestmove a7c5');
		expect(formatUaiReply({ type: 'info', score: mateScore(-2), depth: 4 })).toBe('info depth 4 score mate -2');
		// The built-in engine's line, as the server prints it and the logs keep it.
		const line = formatInfoLine(
			start,
			{
				depth: 3,
				seldepth: 5,
				score: 100,
				nodes: 1234,
				nps: 5678,
				timeMs: 12.4,
				pv: [move(start, '0 0 1 1')],
			} as Parameters<typeof formatInfoLine>[1],
			true,
		);
		expect(line).toBe(
			'info depth 3 seldepth 5 multipv 1 score cp 100 nodes 1234 nps 5678 time 12 hashfull 0 pv b6',
		);
	});

	it('info lines: the fields engines give, in any order', () => {
		expect(
			parseInfoLine('info depth 7 seldepth 9 score cp 35 nodes 120345 nps 250000 time 481 pv g2 a7c5 f6'),
		).toEqual({
			depth: 7,
			seldepth: 9,
			score: 35,
			nodes: 120345,
			nps: 250000,
			timeMs: 481,
			pv: ['g2', 'a7c5', 'f6'],
		});
		expect(parseInfoLine('info nodes 10 score -250 depth 3')).toEqual({ nodes: 10, score: -250, depth: 3 });
		expect(parseInfoLine('info score mate 3 depth 5')).toEqual({ score: MATE - 5 * PLY_STEP, depth: 5 });
		expect(parseInfoLine('info score mate -2')).toEqual({ score: -(MATE - 4 * PLY_STEP) });
		expect(parseInfoLine('info score cp 12 lowerbound hashfull 3 depth 4 currmove g2')).toEqual({
			score: 12,
			hashfull: 3,
			depth: 4,
		});
		expect(parseInfoLine('info string using 4 threads')).toEqual({ string: 'using 4 threads' });
		expect(parseInfoLine('bestmove g2')).toBeNull();
		expect(parseUaiReply('bestmove')).toBeNull();
		expect(parseUaiReply('bestmove g2 ponder b6')).toEqual({ type: 'bestmove', move: 'g2', ponder: 'b6' });
		expect(parseUaiReply('option name X type color')).toBeNull();
		expect(parseUaiReply('hello')).toBeNull();
	});
});
