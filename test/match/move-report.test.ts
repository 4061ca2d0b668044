/**
 * The engines' search reports travel with their moves into game records, match records and PGN,
 * and come back unchanged when those files are read for review.
 */

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFen } from '../../dist/game/fen.js';
import { Game } from '../../dist/match/game.js';
import { formatSavedGame, parseSavedGame, toSavedGame } from '../../dist/match/saved-game.js';
import { Match } from '../../dist/match/match.js';
import {
	parsePgnComment,
	pgnComment,
	readReportFields,
	reportFields,
	reportText,
} from '../../dist/match/move-report.js';
import { openingFromBoardFile } from '../../dist/match/opening.js';
import { readReviewGame } from '../../dist/match/review-game.js';
import { BuiltinPlayer } from '../../dist/players/builtin-player.js';
import { parsePlayerSpec } from '../../dist/players/player-spec.js';
import { MATE, PLY_STEP, SCALE } from '../../dist/search/score.js';

let dir = '';
beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'blobterm-report-'));
});
afterAll(async () => {
	await rm(dir, { recursive: true, force: true });
});

const win5 = MATE - 5 * PLY_STEP + 12 * SCALE;
const loss4 = -(MATE - 4 * PLY_STEP) - 6 * SCALE;

describe('report fields', () => {
	it('keep scores in blobs, a finished game as its margin and half-moves to the end', () => {
		const report = { depth: 12, seldepth: 14, score: 125, nodes: 52345, timeMs: 99, pv: ['(0,0) > (1,1)'] };
		expect(reportFields(report)).toEqual({
			score: 1.25,
			depth: 12,
			seldepth: 14,
			nodes: 52345,
			pv: ['(0,0) > (1,1)'],
		});
		expect(reportFields(report, false)).toEqual({ score: 1.25, depth: 12, seldepth: 14, nodes: 52345 });
		expect(reportFields({ score: win5, depth: 7 })).toEqual({ score: 12, endIn: 5, depth: 7 });
		expect(reportFields({ score: loss4 })).toEqual({ score: -6, endIn: 4 });
		for (const score of [125, -50, 0, win5, loss4, 3])
			expect(readReportFields({ ...reportFields({ score, depth: 3 }) })).toEqual({ score, depth: 3 });
		expect(readReportFields({ move: 'x' })).toBeUndefined();
		expect(() => readReportFields({ depth: -1 })).toThrow('"depth" must be an integer >= 0');
		expect(() => readReportFields({ score: 'big' })).toThrow('"score" must be a number of blobs');
		expect(reportText({ score: 125, depth: 12 })).toBe('+1.25/12');
		expect(reportText({ score: -50, depth: 3 })).toBe('-0.50/3');
		expect(reportText({ score: win5, depth: 9 })).toBe('+M5/9');
		expect(reportText({ depth: 9 })).toBeNull();
	});

	it('PGN comments take the cutechess form, with fastchess-style extras, and read back', () => {
		const report = { depth: 12, seldepth: 14, score: 125, nodes: 52345 };
		expect(pgnComment(report, 100)).toBe('{+1.25/12 0.100s, sd=14, n=52345}');
		expect(pgnComment({ score: -50, depth: 3 }, 1234, ['b6', 'a7c5'])).toBe('{-0.50/3 1.234s, pv="b6 a7c5"}');
		expect(pgnComment(undefined, 180)).toBe('{0.180s}');
		expect(pgnComment({ score: win5, depth: 9 }, 5)).toBe('{+M5/9 0.005s, margin=12}');
		expect(parsePgnComment('+1.25/12 0.100s, sd=14, n=52345')).toEqual({ timeMs: 100, report });
		expect(parsePgnComment('-0.50/3 1.234s, pv="b6 a7c5"')).toEqual({
			timeMs: 1234,
			report: { score: -50, depth: 3 },
			uaiPv: ['b6', 'a7c5'],
		});
		expect(parsePgnComment('+M5/9 0.005s, margin=12').report).toEqual({ score: win5, depth: 9 });
		// cutechess-cli's own comments.
		expect(parsePgnComment('+0.50/12 0.18s')).toEqual({ timeMs: 180, report: { score: 50, depth: 12 } });
		expect(parsePgnComment('0.18s')).toEqual({ timeMs: 180 });
		expect(parsePgnComment('book')).toEqual({});
	});
});

/** Two games on 4x4 of depth 2 against depth 1, recorded to NAME.jsonl and NAME.pgn; game 2's record. */
async function playTwoGames(name: string, recordPv: boolean) {
	const recordPath = join(dir, `${name}.jsonl`);
	const pgnPath = join(dir, `${name}.pgn`);
	const summary = await new Match({
		engines: [parsePlayerSpec('builtin:depth=2'), parsePlayerSpec('builtin:depth=1')],
		openings: [openingFromBoardFile('boards/4x4.bwb')],
		games: 2,
		concurrency: 1,
		timeMs: 2000,
		halfMoveLimit: 12,
		variant: 'blobwar',
		recordPath,
		pgnPath,
		recordPv,
	}).run();
	return { recordPath, pgnPath, second: summary.records.find((r) => r.game === 2)! };
}

describe('records keep what the engines said', () => {
	it('a saved game keeps each engine move report, its PV starting with the move played', async () => {
		const start = parseFen('x3o/5/5/5/o3x x 0 1').position;
		const game = new Game({
			start,
			players: [new BuiltinPlayer({ depth: 3, useTime: false }), new BuiltinPlayer({ depth: 2, useTime: false })],
			timeMs: [5000, 5000],
			halfMoveLimit: 8,
		});
		try {
			await game.run();
		} finally {
			await game.close();
		}
		const moves = game.state.moves;
		expect(moves).toHaveLength(8);
		// Depth 3 and 2 in turn, until the last two moves: 2 and 1 half-moves before the limit, their
		// searches prove the result at the end of the game and stop there.
		expect(moves.map((m) => m.report?.depth)).toEqual([3, 2, 3, 2, 3, 2, 2, 1]);
		moves.forEach((m) => {
			expect(m.report?.pv?.[0]).toBe(m.text);
			expect(typeof m.report?.score).toBe('number');
			expect(m.report?.nodes).toBeGreaterThan(0);
		});
		const record = toSavedGame({
			...game.state,
			redo: [],
			players: game.players,
			timeMs: [5000, 5000],
			variant: 'blobwar',
		});
		const text = formatSavedGame(record);
		expect(text).toMatch(
			/"move":"\(\d,\d\) > \(\d,\d\)","timeMs":\d+,"score":-?\d+(\.\d+)?,"depth":3,"seldepth":\d+,/,
		);
		const loaded = parseSavedGame(text);
		// The search's own time is not recorded: the move's time is.
		const withoutTime = moves.map((m) => {
			const { timeMs: _, ...rest } = m.report!;
			return rest;
		});
		expect(loaded.moves.map((m) => m.report)).toEqual(withoutTime);
	});

	it('a match record and its PGN keep the reports, and both read back for review', async () => {
		const { recordPath, pgnPath, second } = await playTwoGames('m', true);
		expect(second.moves.every((m) => m.depth !== undefined && typeof m.score === 'number')).toBe(true);
		expect(second.moves.every((m) => m.pv?.[0] === m.move)).toBe(true);
		const pgn = await readFile(pgnPath, 'utf8');
		expect(pgn).toMatch(/^1\. [a-d][1-4]\S* \{[+-]?\d+\.\d\d\/\d+ \d+\.\d{3}s, sd=\d+, n=\d+, pv="[^"]+"\}/m);

		const fromRecord = await readReviewGame(recordPath, 2);
		const fromPgn = await readReviewGame(pgnPath, 2);
		expect(fromRecord.label).toBe(`${recordPath}, game 2`);
		expect(fromRecord.names).toEqual([second.blue, second.red]);
		expect(fromRecord.moves.map((m) => m.text)).toEqual(second.moves.map((m) => m.move));
		const reports = second.moves.map((m) => readReportFields({ ...m }));
		expect(fromRecord.moves.map((m) => m.report)).toEqual(reports);
		expect(fromPgn.moves.map((m) => m.text)).toEqual(second.moves.map((m) => m.move));
		expect(fromPgn.moves.map((m) => m.report)).toEqual(reports);
		expect(fromPgn.moves.map((m) => m.timeMs)).toEqual(second.moves.map((m) => m.ms));
		expect(fromPgn.names).toEqual(fromRecord.names);
		await expect(readReviewGame(recordPath, 7)).rejects.toThrow(
			`${recordPath}: no game 7 in the record (games 1, 2)`,
		);
		await expect(readReviewGame(pgnPath, 3)).rejects.toThrow(`${pgnPath}: no game 3 (the file holds 2)`);
	});

	it('with recordPv false, record and PGN keep the reports without principal variations', async () => {
		const { recordPath, pgnPath, second } = await playTwoGames('no-pv', false);
		expect(second.moves).toHaveLength(12);
		expect(second.moves.every((m) => m.depth !== undefined && typeof m.score === 'number')).toBe(true);
		expect(second.moves.filter((m) => 'pv' in m)).toEqual([]);
		const lines = (await readFile(recordPath, 'utf8')).trim().split('\n');
		expect(lines).toHaveLength(3);
		expect(lines.filter((line) => line.includes('"pv"'))).toEqual([]);
		const pgn = await readFile(pgnPath, 'utf8');
		expect(pgn).toMatch(/^1\. [a-d][1-4]\S* \{[+-]?\d+\.\d\d\/\d+ \d+\.\d{3}s, sd=\d+, n=\d+\}/m);
		expect(pgn).not.toContain('pv=');
		const fromRecord = await readReviewGame(recordPath, 2);
		expect(fromRecord.moves.map((m) => m.text)).toEqual(second.moves.map((m) => m.move));
	});
});
