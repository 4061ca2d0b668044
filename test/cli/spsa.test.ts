import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWeightsFile, SHIPPED_WEIGHTS } from '../../source/search/eval-weights.js';
import { TERMS } from '../../source/search/eval-features.js';
import { runNode } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'blobterm-spsa-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = ['spsa', '--rules', 'ataxx', '--fen', 'x3o/5/5/5/o3x x 0 1', '--engine', 'builtin:depth=2,hash=1'];

describe('blobterm spsa', () => {
	it(
		'tunes the chosen weights by game pairs and writes a weights file the engine plays with',
		{ timeout: 60_000 },
		async () => {
			const record = join(dir, 'run.jsonl');
			const out = join(dir, 'w.json');
			const run = await runNode('cli.js', [
				...BASE,
				'--terms',
				'tempo,safe.mine',
				'--phases',
				'opening',
				'--iterations',
				'2',
				'--c-end',
				'150',
				'--seed',
				'3',
				'--record',
				record,
				'--no-record-pv',
				'--out',
				out,
			]);
			expect(run.stderr).toBe('');
			expect(run.code).toBe(0);
			const lines = run.stdout.split('\n');
			expect(lines[0]).toMatch(
				/^SPSA: 2 weights of builtin:depth=2,hash=1, 2 game pairs on 1 opening, Ataxx rules; c 160\.\d\d to 150, r 0\.\d{5} to 0\.002$/,
			);
			expect(
				lines.filter((l) => /^pair [12]: [-+]?\d for spsa\+ \(opening 1, c \d+\.\d\d, r 0\.\d{5}\)$/.test(l)),
			).toHaveLength(2);
			expect(run.stdout).toContain('2 pairs played (seed 3); spsa+ scored ');
			expect(run.stdout).toContain('| weight | start | now | change |');
			expect(run.stdout).toMatch(/\| safe\.mine\.opening \| -73 \| -?\d+\.\d \| -?\d+\.\d \|/);
			expect(run.stdout).toContain(`Weights written to ${out}.`);

			const weights = readWeightsFile(out);
			const shipped = SHIPPED_WEIGHTS.ataxx;
			// Only the tuned weights may differ from the start: tempo and safe.mine in the opening.
			TERMS.forEach((term, i) => {
				if (term !== 'tempo' && term !== 'safe.mine') expect(weights.opening[i]).toBe(shipped.opening[i]);
				expect(weights.endgame[i]).toBe(shipped.endgame[i]);
			});
			const file = JSON.parse(readFileSync(out, 'utf8'));
			expect(file.fit).toMatchObject({ method: 'SPSA (Spall 1992) on game pairs', pairs: 2 });
			const steps = readFileSync(record, 'utf8')
				.trim()
				.split('\n')
				.map((l) => JSON.parse(l))
				.filter((l) => l.type === 'spsa');
			expect(steps).toHaveLength(2);
			// --no-record-pv: the games keep each move's search report but not its principal variation.
			const moves = readFileSync(record, 'utf8')
				.trim()
				.split('\n')
				.map((l) => JSON.parse(l))
				.filter((l) => l.type === 'game')
				.flatMap((g: { moves: { depth?: number; pv?: string[] }[] }) => g.moves);
			expect(moves.length).toBeGreaterThan(4);
			expect(moves.filter((m) => m.depth === undefined || m.pv !== undefined)).toEqual([]);
			expect(weights.opening[TERMS.indexOf('tempo')]).toBe(Math.round(steps[1].theta['tempo.opening']));

			// The games are a match record: blobterm tune reads them.
			const tune = await runNode('cli.js', [
				'tune',
				record,
				'--out',
				join(dir, 't.json'),
				'--iterations',
				'1',
				'--skip-plies',
				'0',
			]);
			expect(tune.stderr).toBe('');
			expect(tune.stdout).toContain('4 games');
		},
	);

	it('says in one line what is wrong with its arguments', async () => {
		const record = join(dir, 'bad.jsonl');
		const cases: Array<[string[], string]> = [
			[[...BASE, '--out', 'x.json'], 'blobterm: spsa: --record FILE is required (the run and its games)\n'],
			[
				[...BASE, '--record', record, '--out', 'x.json', '--terms', 'nothing'],
				`blobterm: --terms: unknown term "nothing" (terms: ${TERMS.join(', ')})\n`,
			],
			[
				[...BASE, '--record', record, '--out', 'x.json', '--terms', 'tempo', '--fix', 'tempo'],
				`blobterm: spsa: no weight left to tune (terms: ${TERMS.join(', ')}); check --terms and --fix\n`,
			],
			[
				[
					'spsa',
					'--rules',
					'ataxx',
					'--fen',
					'x3o/5/5/5/o3x x 0 1',
					'--engine',
					'uai:/bin/true',
					'--record',
					record,
					'--out',
					'x.json',
				],
				'blobterm: --engine: SPSA tunes the built-in engine, got "uai:/bin/true"\n',
			],
			[
				[
					...BASE.slice(0, -1),
					'builtin:weights=source/search/weights-ataxx.json',
					'--record',
					record,
					'--out',
					'x.json',
				],
				'blobterm: --engine: no weights= here: the starting weights are --start FILE\n',
			],
			[
				['spsa', '--rules', 'ataxx', '--record', record, '--out', 'x.json'],
				'blobterm: spsa: give the start positions: --openings FILE, --fen FEN or board files\n',
			],
			[
				[...BASE, '--record', record, '--out', 'x.json', '--c-end', '0'],
				'blobterm: --c-end must be a number of centiblobs from 0.01 to 10000, got "0"\n',
			],
		];
		for (const [args, message] of cases) {
			const run = await runNode('cli.js', args);
			expect(run.stderr).toBe(message);
			expect(run.code).toBe(2);
		}
		expect(existsSync(record)).toBe(false);
	});
});
