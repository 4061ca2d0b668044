import { describe, expect, it } from 'vitest';
import { gameEnd } from '../../source/game/game-over.js';
import { isDecisive } from '../../source/search/score.js';
import { playMove } from '../../source/game/make-move.js';
import { DEFAULT_SEARCH_OPTIONS } from '../../source/search/search-options.js';
import { Searcher } from '../../source/search/search.js';
import { readWeightsFile } from '../../source/search/eval-weights.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecordedGames, TrainingDataError, trainingSet } from '../../source/tuning/training-positions.js';
import { scoreFromFields } from '../../source/match/move-report.js';
import { expectedScore } from '../../source/tuning/texel.js';

/** 12 games on 5x5 (depth 1 against depth 2, classic evaluation) from 2-ply openings, no scores recorded. */
const RECORD = 'test/fixtures/records/5x5-depth1-depth2.jsonl';
/** The same openings, depth 2 against depth 3, every move with its reported score (some with `endIn`). */
const SCORED = 'test/fixtures/records/5x5-scored.jsonl';

/**
 * The positions of a record that a selection with `margin` 100000 keeps after 2 half-moves, in
 * order: every position the 2-ply search does not decide, with its game (index), ply and mover.
 */
function undecidedPositions(path: string): { game: number; ply: number; mover: string }[] {
	const probe = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, evaluation: 'classic', tt: false, hashMb: 1 });
	const rows: { game: number; ply: number; mover: string }[] = [];
	readRecordedGames(path).forEach((game, i) => {
		let pos = game.start;
		for (let ply = 0; ply <= game.moves.length; ply++) {
			const halfMovesLeft = game.halfMoveLimit - ply;
			const limits = { variant: game.variant, halfMovesLeft, depth: 2 };
			if (
				ply >= 2 &&
				gameEnd(pos, game.variant, halfMovesLeft) === null &&
				!isDecisive(probe.search(pos, limits).score)
			)
				rows.push({ game: i, ply, mover: pos.side === 0 ? game.blue : game.red });
			if (ply < game.moves.length) pos = playMove(pos, game.moves[ply]);
		}
	});
	return rows;
}

describe('training positions', () => {
	it('reads the 12 games of a record: 157 quiet positions of 180 after 2 half-moves', () => {
		const { set, report } = trainingSet([RECORD], { skipPlies: 2, margin: 300 });
		expect(report).toEqual({ files: 1, games: 12, seen: 180, decided: 14, kept: 157, unscored: 0, otherEngine: 0 });
		expect(set.count).toBe(157);
		expect(set.searchScore).toBeUndefined();
	});

	it('with searchDepth, keeps the score of that search of each kept position (as a search of its own)', () => {
		const weights = readWeightsFile('source/search/weights-ataxx.json');
		// Margin 100000: every position after 2 half-moves that the 2-ply search does not decide.
		const options = { skipPlies: 2, margin: 100_000 };
		const plain = trainingSet([RECORD], options).set;
		const { set } = trainingSet([RECORD], { ...options, searchDepth: 3, searchWeights: weights });
		expect(set.count).toBe(plain.count);
		expect(set.features).toEqual(plain.features);
		expect(set.result).toEqual(plain.result);
		expect(set.searchScore).toHaveLength(set.count);
		// The rows in order: replay every game and search each position the selection keeps.
		const probe = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, evaluation: 'classic', tt: false, hashMb: 1 });
		const searcher = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, weights, hashMb: 2 });
		const want: number[] = [];
		for (const game of readRecordedGames(RECORD)) {
			let pos = game.start;
			for (let ply = 0; ply <= game.moves.length; ply++) {
				const halfMovesLeft = game.halfMoveLimit - ply;
				const limits = { variant: game.variant, halfMovesLeft };
				if (ply >= 2 && gameEnd(pos, game.variant, halfMovesLeft) === null) {
					if (!isDecisive(probe.search(pos, { ...limits, depth: 2 }).score)) {
						searcher.clear();
						want.push(searcher.search(pos, { ...limits, depth: 3 }).score);
					}
				}
				if (ply < game.moves.length) pos = playMove(pos, game.moves[ply]);
			}
		}
		expect(want).toHaveLength(set.count);
		expect(Array.from(set.searchScore!)).toEqual(want);
		expect(new Set(want).size).toBeGreaterThan(20);
	});

	it('with recordScores, keeps the score of the move played from each kept position, read from the record', () => {
		const options = { skipPlies: 2, margin: 100_000 };
		const plain = trainingSet([SCORED], options).set;
		const { set, report } = trainingSet([SCORED], { ...options, recordScores: true });
		expect(report.unscored).toBe(0);
		expect(set.count).toBe(plain.count);
		expect(set.features).toEqual(plain.features);
		expect(set.result).toEqual(plain.result);
		// The rows in order: every position after 2 half-moves the 2-ply search does not decide, and
		// the score of the move played from it, read from the JSON (blobs; endIn: a won or lost end).
		const lines = readFileSync(SCORED, 'utf8')
			.split('\n')
			.filter((line) => line.includes('"type":"game"'))
			.map((line) => JSON.parse(line) as { moves: { score: number; endIn?: number }[] });
		const want = undecidedPositions(SCORED).map(({ game, ply }) => {
			const { score, endIn } = lines[game].moves[ply];
			return endIn === undefined ? Math.round(score * 100) : scoreFromFields(score, endIn);
		});
		expect(Array.from(set.searchScore!)).toEqual(want);
		// A score that foresees the end is a won or lost search score: as a target, exactly 1 or 0.
		const ends = want.filter((s) => isDecisive(s));
		expect(ends.length).toBeGreaterThan(0);
		for (const s of ends) expect(expectedScore(s, 0.01)).toBe(s > 0 ? 1 : 0);
		expect(new Set(want).size).toBeGreaterThan(20);
	});

	it('with scoresOf, keeps only the positions where those players moved, with their scores', () => {
		const options = { skipPlies: 2, margin: 100_000, recordScores: true };
		const all = trainingSet([SCORED], options);
		const d3 = trainingSet([SCORED], { ...options, scoresOf: ['d3'] });
		const d2 = trainingSet([SCORED], { ...options, scoresOf: ['d2'] });
		const both = trainingSet([SCORED], { ...options, scoresOf: ['d2', 'd3'] });
		expect(both.set).toEqual(all.set);
		expect(both.report.otherEngine).toBe(0);
		expect(d3.set.count + d2.set.count).toBe(all.set.count);
		expect(d3.report.otherEngine).toBe(d2.set.count);
		expect(d2.report.otherEngine).toBe(d3.set.count);
		expect(d3.set.count).toBeGreaterThan(50);
		expect(d2.set.count).toBeGreaterThan(50);
		// Row by row: the rows of all players, split by who moved from each position.
		const movers = undecidedPositions(SCORED).map((row) => row.mover);
		expect(movers).toHaveLength(all.set.count);
		const scores = Array.from(all.set.searchScore!);
		expect(Array.from(d3.set.searchScore!)).toEqual(scores.filter((_, i) => movers[i] === 'd3'));
		expect(Array.from(d2.set.searchScore!)).toEqual(scores.filter((_, i) => movers[i] === 'd2'));
		expect(() => trainingSet([SCORED], { ...options, scoresOf: ['d4'] })).toThrow(
			new TrainingDataError('no game of the records has a player named "d4" (the players: d2, d3)'),
		);
	});

	it('with recordScores, leaves out positions whose move has no recorded score', () => {
		const options = { skipPlies: 2, margin: 300 };
		const { set, report } = trainingSet([RECORD], { ...options, recordScores: true });
		expect(set.count).toBe(0);
		expect(report.unscored).toBe(157);
		expect(() => trainingSet([RECORD], { ...options, recordScores: true, searchDepth: 2 })).toThrow(
			/two sources of the same scores/,
		);
	});

	it('refuses a move whose reported score is malformed, naming the line and the move', () => {
		const dir = mkdtempSync(join(tmpdir(), 'blobterm-training-'));
		try {
			const lines = readFileSync(SCORED, 'utf8').split('\n');
			const game = JSON.parse(lines[1]) as { moves: Array<{ score: unknown }> };
			game.moves[2].score = 'big';
			const bad = join(dir, 'bad.jsonl');
			writeFileSync(bad, [lines[0], JSON.stringify(game)].join('\n'));
			expect(() => readRecordedGames(bad)).toThrow(
				new TrainingDataError(`${bad}:2: move 3: "score" must be a number of blobs`),
			);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
