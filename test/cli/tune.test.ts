import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TERMS } from '../../source/search/eval-features.js';
import { CLASSIC_WEIGHTS, readWeightsFile, weightsFileOf } from '../../source/search/eval-weights.js';
import { runNode } from './run.js';

/** 12 games on 5x5 (depth 1 against depth 2, classic evaluation) from 2-ply openings. */
const RECORD = 'test/fixtures/records/5x5-depth1-depth2.jsonl';
const SCORED = 'test/fixtures/records/5x5-scored.jsonl';

const dir = mkdtempSync(join(tmpdir(), 'blobterm-tune-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('blobterm openings', () => {
	it('prints every position one half-move from the start, once', async () => {
		const run = await runNode('cli.js', ['openings', '--plies', '1', 'boards/4x4.bwb']);
		expect(run.code).toBe(0);
		const lines = run.stdout.trim().split('\n');
		// 6 clone destinations and 10 jumps from the two Blue blobs.
		expect(lines).toHaveLength(16);
		expect(new Set(lines).size).toBe(16);
		expect(lines.slice(0, 2)).toEqual(['xx1o/4/4/x2o o 0 1', 'x2o/x3/4/x2o o 0 1']);
		expect(lines.every((l) => / o \d+ 1$/.test(l))).toBe(true);
	});

	it(
		'prints a book of more lines than a call takes arguments (137,172 at 5 plies on 4x4)',
		{ timeout: 60_000 },
		async () => {
			const run = await runNode('cli.js', ['openings', '--plies', '5', 'boards/4x4.bwb'], { timeoutMs: 60_000 });
			expect(run.stderr).toBe('');
			expect(run.code).toBe(0);
			const lines = run.stdout.trim().split('\n');
			expect(lines).toHaveLength(137_172);
			expect(new Set(lines).size).toBe(137_172);
		},
	);

	it('refuses more than 6 plies', async () => {
		const run = await runNode('cli.js', ['openings', '--plies', '7', 'boards/4x4.bwb']);
		expect(run.code).toBe(2);
		expect(run.stderr).toBe('blobterm: --plies must be a whole number of half-moves from 0 to 6, got "7"\n');
	});
});

describe('blobterm tune', () => {
	it('fits weights to a match record and writes a file the engine plays with', { timeout: 120_000 }, async () => {
		const out = join(dir, 'weights.json');
		const run = await runNode('cli.js', [
			'tune',
			RECORD,
			'--out',
			out,
			'--iterations',
			'3',
			'--skip-plies',
			'2',
			'--margin',
			'300',
			'--nonpositive',
			'safe.theirs',
		]);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		const lines = run.stdout.split('\n');
		expect(lines[0]).toBe(
			'12 games in 1 record: 180 positions after 2 half-moves, 14 decided at 2 plies, 157 quiet (kept)',
		);
		expect(lines[1]).toBe('fitting on 126 positions, 31 held out (every tenth game)');
		expect(run.stdout).toContain(`weights written to ${out}\n`);
		const weights = readWeightsFile(out);
		expect(weights.source).toBe(out);
		expect(Array.from(weights.opening).some((w) => w !== 0)).toBe(true);
		const t = TERMS.indexOf('safe.theirs');
		expect(Math.max(weights.opening[t], weights.endgame[t])).toBeLessThanOrEqual(0);
		const file = JSON.parse(readFileSync(out, 'utf8')) as { fit: { nonpositive: string[]; nonnegative: string[] } };
		expect(file.fit.nonpositive).toEqual(['safe.theirs']);
		expect(file.fit.nonnegative).toEqual([]);
	});

	it('starts a bounded fit from the start clamped into the bounds, and says so', { timeout: 120_000 }, async () => {
		// The classic start has safe.theirs -25 in both phases: --nonnegative safe.theirs starts it at 0,
		// so the fit starts from what a start file with those 0 gives.
		const args = ['tune', RECORD, '--iterations', '1', '--skip-plies', '2', '--margin', '300'];
		const bounded = await runNode('cli.js', [
			...args,
			'--out',
			join(dir, 'b1.json'),
			'--nonnegative',
			'safe.theirs',
		]);
		expect(bounded.stderr).toBe('');
		const lines = bounded.stdout.split('\n');
		expect(lines[2]).toBe(
			'starting weights clamped into the sign bounds: safe.theirs.opening -25 to 0, safe.theirs.endgame -25 to 0',
		);
		const zeroed = {
			opening: Array.from(CLASSIC_WEIGHTS.opening),
			endgame: Array.from(CLASSIC_WEIGHTS.endgame),
		};
		zeroed.opening[TERMS.indexOf('safe.theirs')] = 0;
		zeroed.endgame[TERMS.indexOf('safe.theirs')] = 0;
		const startFile = join(dir, 'zeroed.json');
		writeFileSync(startFile, JSON.stringify(weightsFileOf(zeroed)));
		const given = await runNode('cli.js', [...args, '--out', join(dir, 'b2.json'), '--start', startFile]);
		expect(given.stderr).toBe('');
		const startLine = (text: string) => text.split('\n').find((l) => l.startsWith('starting weights: mean'));
		expect(startLine(bounded.stdout)).toBe(startLine(given.stdout));
		expect(lines[3]).toBe(given.stdout.split('\n')[2]); // the same K
	});

	it('fits to results blended with search scores (--search-depth, --lambda)', { timeout: 120_000 }, async () => {
		const out = join(dir, 'blended.json');
		const args = ['tune', RECORD, '--out', out, '--iterations', '3', '--skip-plies', '2', '--margin', '300'];
		const run = await runNode('cli.js', [...args, '--search-depth', '2', '--lambda', '0.25']);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		const lines = run.stdout.split('\n');
		expect(lines[3]).toBe(
			'targets: 0.25 x result + 0.75 x expected score of a 2-ply search with the starting weights',
		);
		const file = JSON.parse(readFileSync(out, 'utf8')) as { fit: { searchDepth: number; lambda: number } };
		expect(file.fit).toMatchObject({ searchDepth: 2, lambda: 0.25 });
		// Other targets, other errors: the results alone give another starting error.
		const plain = await runNode('cli.js', [...args]);
		const startLine = (text: string) => text.split('\n').find((l) => l.startsWith('starting weights'));
		expect(startLine(plain.stdout)).toMatch(/^starting weights: mean squared error 0\.\d{6}/);
		expect(startLine(run.stdout)).not.toBe(startLine(plain.stdout));
	});

	it('fits to results blended with the scores the record holds (--record-scores)', { timeout: 120_000 }, async () => {
		const out = join(dir, 'recorded.json');
		const args = ['tune', SCORED, '--out', out, '--iterations', '3', '--skip-plies', '2', '--margin', '300'];
		const run = await runNode('cli.js', [...args, '--record-scores', '--lambda', '0.25']);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		const lines = run.stdout.split('\n');
		expect(lines[0]).toMatch(
			/^12 games in 1 record: \d+ positions after 2 half-moves, .*, 0 quiet without a recorded score \(left out\)$/,
		);
		expect(lines[3]).toBe("targets: 0.25 x result + 0.75 x expected score of each move's recorded search score");
		const file = JSON.parse(readFileSync(out, 'utf8')) as { fit: { recordScores: boolean; lambda: number } };
		expect(file.fit).toMatchObject({ recordScores: true, lambda: 0.25 });
		// One player's scores only: the other's positions are counted and left out.
		const d3 = await runNode('cli.js', [...args, '--record-scores', '--scores-of', 'd3']);
		expect(d3.stderr).toBe('');
		const kept = (text: string) => Number(/(\d+) quiet \(kept\)/.exec(text)![1]);
		const other = Number(/, (\d+) quiet where another player moved \(left out\)$/m.exec(d3.stdout)![1]);
		expect(kept(d3.stdout) + other).toBe(kept(run.stdout));
		expect(other).toBeGreaterThan(50);
		expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ fit: { scoresOf: ['d3'] } });
		const plain = await runNode('cli.js', [...args]);
		const startLine = (text: string) => text.split('\n').find((l) => l.startsWith('starting weights'));
		expect(startLine(run.stdout)).not.toBe(startLine(plain.stdout));
	});

	it(
		'fits weights of three taper points (--taper-points 3) and writes a version 2 file',
		{ timeout: 120_000 },
		async () => {
			const out = join(dir, 'weights3.json');
			const run = await runNode('cli.js', [
				'tune',
				RECORD,
				'--out',
				out,
				'--iterations',
				'3',
				'--skip-plies',
				'2',
				'--margin',
				'300',
				'--taper-points',
				'3',
			]);
			expect(run.stderr).toBe('');
			expect(run.code).toBe(0);
			const lines = run.stdout.split('\n');
			expect(lines[2]).toBe('starting weights interpolated from 2 to 3 taper points');
			expect(lines).toContain(`${'term'.padEnd('territory.theirs'.length)}  opening  phase 0.5  endgame`);
			const file = JSON.parse(readFileSync(out, 'utf8')) as {
				version: number;
				weights: Record<string, number[]>;
			};
			expect(file.version).toBe(2);
			for (const t of TERMS) expect(file.weights[t]).toHaveLength(3);
			const weights = readWeightsFile(out);
			expect(weights.middle?.map((list) => Array.from(list))).toEqual([TERMS.map((t) => file.weights[t][1])]);
			// Started from its own output, the fit keeps three points and says nothing of interpolating.
			const again = await runNode('cli.js', [
				'tune',
				RECORD,
				'--out',
				join(dir, 'weights3b.json'),
				'--start',
				out,
				'--iterations',
				'1',
				'--skip-plies',
				'2',
				'--margin',
				'300',
			]);
			expect(again.code).toBe(0);
			expect(again.stdout).not.toContain('interpolated');
			expect(again.stdout).toContain('opening  phase 0.5  endgame');
		},
	);

	it.each([
		[
			['--out', 'w.json', '--taper-points', '10', RECORD],
			'--taper-points must be a whole number of taper points from 2 to 9, got "10"',
		],
		[
			['--out', 'w.json', '--margin', '-3', RECORD],
			'--margin must be a number of centiblobs from 0 to 100000, got "-3"',
		],
		[['--out', 'w.json', '--fix', 'blobs', RECORD], '--fix: unknown term "blobs" (terms: '],
		[['--out', 'w.json', '--nonpositive', 'safe', RECORD], '--nonpositive: unknown term "safe" (terms: '],
		[
			['--out', 'w.json', '--fix', 'tempo', '--nonnegative', 'safe.mine,tempo', RECORD],
			'--nonnegative: term "tempo" is already in --fix, --nonnegative or --nonpositive',
		],
		[['--out', 'w.json', 'no/such.jsonl'], 'cannot read record no/such.jsonl: no such file'],
		[[RECORD], 'tune: --out FILE is required (where to write the weights)'],
		[
			['--out', 'w.json', '--lambda', '0.5', RECORD],
			'tune: --lambda below 1 blends in search scores: give --search-depth D or --record-scores',
		],
		[
			['--out', 'w.json', '--record-scores', '--search-depth', '2', RECORD],
			'tune: --record-scores and --search-depth are two sources of search scores: give one',
		],
		[['--out', 'w.json', '--record-scores', RECORD], 'tune: no quiet position in the records: nothing to fit'],
		[
			['--out', 'w.json', '--scores-of', 'd3', SCORED],
			'tune: --scores-of chooses whose recorded scores to fit to: give --record-scores too',
		],
		[
			['--out', 'w.json', '--record-scores', '--scores-of', 'd3,', SCORED],
			'tune: --scores-of: expected player names separated by commas, got "d3,"',
		],
		[
			['--out', 'w.json', '--record-scores', '--scores-of', 'autaxx', SCORED],
			'no game of the records has a player named "autaxx" (the players: d2, d3)',
		],
		[
			['--out', 'w.json', '--search-depth', '0', RECORD],
			'--search-depth must be a whole number of plies from 1 to 12, got "0"',
		],
	])('%j fails with one line', async (args, message) => {
		const run = await runNode('cli.js', ['tune', ...args]);
		expect(run.code).toBe(2);
		expect(run.stderr.split('\n')).toHaveLength(2);
		expect(run.stderr).toContain(message);
	});
});
