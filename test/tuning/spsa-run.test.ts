import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type MatchGameLine } from '../../dist/match/match-record.js';
import { openingFromFen } from '../../dist/match/opening.js';
import { parseFen } from '../../dist/game/fen.js';
import { formatMove } from '../../dist/game/notation.js';
import { parsePlayerSpec } from '../../dist/players/player-spec.js';
import { SHIPPED_WEIGHTS } from '../../dist/search/eval-weights.js';
import { TERMS } from '../../dist/search/eval-features.js';
import { Searcher } from '../../dist/search/search.js';
import { spsaDraw, spsaPerturbation, spsaUpdate } from '../../dist/tuning/spsa.js';
import {
	parameterName,
	type SpsaParameter,
	SpsaRun,
	type SpsaRunOptions,
	type SpsaStepLine,
	weightsOfTheta,
} from '../../dist/tuning/spsa-run.js';

const dir = mkdtempSync(join(tmpdir(), 'blobterm-spsa-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FENS = ['x3o/5/5/5/o3x x 0 1', 'x3o/5/2-2/5/o3x x 0 1'];
const PARAMETERS: SpsaParameter[] = [
	{ term: TERMS.indexOf('safe.mine'), phase: 'opening' },
	{ term: TERMS.indexOf('edge.mine'), phase: 'opening' },
	{ term: TERMS.indexOf('corner.theirs'), phase: 'endgame' },
];
const spec = parsePlayerSpec('builtin:depth=2,hash=1');
if (spec.kind !== 'builtin') throw new Error('not builtin');
const engine = spec;

const SEED = 11;
/**
 * The starting weights: the Blob War set, of two taper points, whose opening and endgame weights
 * (all SPSA perturbs) reach every phase; the Ataxx set's nine points leave them the first and the
 * last eighth of the phase alone, where these short games on 5x5 hardly go.
 */
const START = SHIPPED_WEIGHTS.blobwar;

function options(record: string, resume = false): SpsaRunOptions {
	return {
		engine,
		start: START,
		parameters: PARAMETERS,
		settings: { iterations: 3, cEnd: 150, rEnd: 0.05 },
		openings: FENS.map(openingFromFen),
		variant: 'ataxx',
		timeMs: 60_000,
		halfMoveLimit: 40,
		concurrency: 1,
		seed: SEED,
		recordPath: record,
		resume,
	};
}

function lines(path: string): Array<{ type: string } & Record<string, unknown>> {
	return readFileSync(path, 'utf8')
		.trim()
		.split('\n')
		.map((l) => JSON.parse(l));
}

describe('an SPSA run', () => {
	it(
		'plays one pair per iteration with the perturbed weights and records each step',
		{ timeout: 60_000 },
		async () => {
			const record = join(dir, 'full.jsonl');
			const run = new SpsaRun(options(record));
			const summary = await run.run();
			expect(summary).toMatchObject({ pairs: 3, resumed: 0, abandoned: 0, end: 'done', games: 6, seed: SEED });

			const all = lines(record);
			expect(all.map((l) => l.type)).toEqual([
				'match',
				'spsa-run',
				'game',
				'game',
				'spsa',
				'game',
				'game',
				'spsa',
				'game',
				'game',
				'spsa',
			]);
			expect(all[0]).toMatchObject({
				engines: ['spsa+ builtin:depth=2,hash=1', 'spsa- builtin:depth=2,hash=1'],
				seed: SEED,
			});
			expect(all[1]).toMatchObject({
				iterations: 3,
				cEnd: 150,
				rEnd: 0.05,
				parameters: ['safe.mine.opening', 'edge.mine.opening', 'corner.theirs.endgame'],
			});

			// Replaying the steps from the start weights gives each recorded theta, and the pair's games
			// opened with the moves the perturbed weights choose.
			const settings = options(record).settings;
			let theta = PARAMETERS.map((p) => (p.phase === 'opening' ? START.opening : START.endgame)[p.term]);
			let points = 0;
			const results: number[] = [];
			const openingMoves = new Set<string>();
			for (let k = 0; k < 3; k++) {
				const [first, second, step] = all.slice(2 + 3 * k, 5 + 3 * k) as unknown as [
					MatchGameLine,
					MatchGameLine,
					SpsaStepLine,
				];
				expect([first.game, second.game, first.pair, second.pair, step.pair]).toEqual([
					2 * k + 1,
					2 * k + 2,
					k + 1,
					k + 1,
					k + 1,
				]);
				expect([first.engineA, second.engineA]).toEqual(['blue', 'red']);
				const opening = spsaDraw(SEED, k, FENS.length);
				expect([first.opening, second.opening, step.opening]).toEqual([opening, opening, opening]);
				const p = spsaPerturbation(settings, theta, k, SEED);
				const position = parseFen(FENS[opening]).position;
				const move = (t: readonly number[]) =>
					formatMove(
						position,
						new Searcher({
							hashMb: 1,
							weights: weightsOfTheta(START, PARAMETERS, t, 'x'),
						}).search(position, {
							depth: 2,
							variant: 'ataxx',
						}).move,
					);
				expect(first.moves[0].move).toBe(move(p.plus));
				expect(second.moves[0].move).toBe(move(p.minus));
				const aPoints = (g: typeof first) => (g.winner === null ? 0.5 : g.winner === g.engineA ? 1 : 0);
				const score = aPoints(first) + aPoints(second);
				points += score;
				expect(step.result).toBe(2 * score - 2);
				results.push(step.result);
				openingMoves.add(`${first.moves[0].move} ${second.moves[0].move}`);
				expect(step.c).toBeCloseTo(p.gains.c, 4);
				theta = spsaUpdate(theta, p, step.result);
				PARAMETERS.forEach((q, i) => expect(step.theta[parameterName(q)]).toBeCloseTo(theta[i], 2));
			}
			// The test means something: the perturbed engines played differently and theta moved.
			expect(results).toEqual([-2, 0, 0]);
			expect([...openingMoves].some((m) => m.split(' ')[0] !== m.split(' ')[1])).toBe(true);
			expect(summary.points).toBe(points);
			summary.theta.forEach((t, i) => expect(t).toBeCloseTo(theta[i], 10));
			expect(Array.from(summary.weights.opening)).toEqual(
				Array.from(weightsOfTheta(START, PARAMETERS, theta, 'x').opening),
			);
		},
	);

	it(
		'stopped after a pair, resumes where it stopped and ends as a run never stopped',
		{ timeout: 60_000 },
		async () => {
			const full = new SpsaRun(options(join(dir, 'reference.jsonl')));
			const reference = await full.run();
			const record = join(dir, 'stopped.jsonl');
			const first = new SpsaRun(options(record));
			const stopped = await first.run({ pairFinished: () => first.stop() });
			expect(stopped).toMatchObject({ pairs: 1, end: 'stopped' });
			const resumed = await new SpsaRun(options(record, true)).run();
			expect(resumed).toMatchObject({ pairs: 3, resumed: 1, end: 'done', games: 6, points: reference.points });
			resumed.theta.forEach((t, i) => expect(t).toBeCloseTo(reference.theta[i], 2));
			expect(lines(record).filter((l) => l.type === 'spsa-run')).toHaveLength(1);
		},
	);

	it('refuses a record of another run or of a match', { timeout: 60_000 }, async () => {
		const record = join(dir, 'other.jsonl');
		const first = new SpsaRun(options(record));
		await first.run({ pairFinished: () => first.stop() });
		const changed = { ...options(record, true), settings: { iterations: 3, cEnd: 30, rEnd: 0.05 } };
		await expect(new SpsaRun(changed).run()).rejects.toThrow(
			`record file ${record} is of another SPSA run (cEnd: 150 in the record, 30 now): ` +
				'run the same command to resume it, or name another file',
		);
		const match = join(dir, 'match.jsonl');
		const header = lines(record)[0];
		const game = lines(record)[2];
		writeFileSync(match, `${JSON.stringify(header)}\n${JSON.stringify(game)}\n`);
		await expect(new SpsaRun(options(match, true)).run()).rejects.toThrow(
			`${match} is the record of a match, not of an SPSA run: name another file`,
		);
		await expect(new SpsaRun(options(record)).run()).rejects.toThrow('already holds a match: add --resume');
	});
});
