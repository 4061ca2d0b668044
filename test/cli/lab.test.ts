import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNode } from './run.js';

/** Runs `blobterm lab` with the words of `args` (none of them with a space). */
const lab = (args: string) => runNode('cli.js', ['lab', ...args.split(' ')]);

describe('blobterm lab', () => {
	it('lab trees prints the counts of the trees', async () => {
		const r = await lab('trees --ordering 20,69,19 --depth 4 --trees 3');
		expect(r.stderr).toBe('');
		expect(r.code).toBe(0);
		expect(r.stdout).toContain('ordering (20,69,19), depth 4, 3 trees of tg1');
		expect(r.stdout).toMatch(/^nodes \d+, inner \d+, leaves \d+, ticks \d+$/m);
	});

	it('lab simulate prints a table, a chart and writes an SVG', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'lab-'));
		try {
			const svg = join(dir, 'speedup.svg');
			const r = await lab(
				'simulate --algorithm ybwc,dts --ordering 8,66,33 --depth 4 --trees 2 --processors 1,2,4 ' +
					`--svg ${svg} --no-color`,
			);
			expect(r.stderr).toBe('');
			expect(r.code).toBe(0);
			expect(r.stdout).toMatch(/\| YBWC \(scheme A\) \| 1 \| \d+ \| \d+ \| 1\.00 \| 0\.0% \|/);
			expect(r.stdout).toContain('| DTS (scheme B) | 4 |');
			expect(r.stdout).toContain('processors (log scale)');
			expect(r.stdout).toContain('a) YBWC (scheme A)');
			const text = readFileSync(svg, 'utf8');
			expect(text.startsWith('<svg')).toBe(true);
			expect(text).toContain('DTS (scheme B)');
			expect((text.match(/<path /g) ?? []).length).toBe(3); // two curves and the ideal
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('lab simulate --memory-delays, --examine-heaps: the same ticks on one processor, more on four', async () => {
		const run = (extra: string) =>
			lab(`simulate --algorithm ybwc --ordering 8,66,33 --depth 4 --trees 2 --processors 1,4 --no-color${extra}`);
		const [plain, delayed, heaps] = await Promise.all([run(''), run(' --memory-delays'), run(' --examine-heaps')]);
		expect([plain.code, delayed.code, delayed.stderr, heaps.code, heaps.stderr]).toEqual([0, 0, '', 0, '']);
		const ticks = (stdout: string, p: number) =>
			Number(new RegExp(`\\| YBWC \\(scheme A\\) \\| ${p} \\| (\\d+) \\|`).exec(stdout)?.[1]);
		expect(ticks(plain.stdout, 1)).toBeGreaterThan(0);
		for (const costly of [delayed, heaps]) {
			expect(ticks(costly.stdout, 1)).toBe(ticks(plain.stdout, 1));
			expect(ticks(costly.stdout, 4)).toBeGreaterThan(ticks(plain.stdout, 4));
		}
	});

	it("lab thesis names the simulator's costs beyond the thesis's in its first line", async () => {
		const r = await lab(
			'thesis --ordering 20,69,19 --trees 1 --examine-ticks 32 --examine-heaps --memory-delays ' +
				'--split-ties right',
		);
		expect([r.code, r.stderr]).toEqual([0, '']);
		const lines = r.stdout.split('\n');
		expect(lines[0]).toBe(
			"lab thesis: ordering (20,69,19), 1 trees of tg_1, depth 6, the thesis's m values with 32 ticks per node " +
				"examined, every node of PABSim's heaps examined, memory delays, ties to the right split point; " +
				'ours t_1 790308, n_1 78614',
		);
		expect(lines.filter((line) => /^\| [ABC] \| (12|24|48) \|/.test(line))).toHaveLength(9);
	});

	it('lab sweep simulates every value of each scheme and marks the best per processor count', async () => {
		const r = await lab(
			'sweep --scheme a,B --ordering 8,66,33 --depth 4 --trees 2 --processors 2,4 --m-values 1,3',
		);
		expect(r.stderr).toBe('');
		expect(r.code).toBe(0);
		expect(r.stdout).toContain('lab sweep: 2 trees (8,66,33) of tg1 to depth 4');
		const lines = r.stdout.split('\n');
		for (const scheme of ['A (YBWC)', 'B (DTS)']) {
			const at = lines.indexOf(`Scheme ${scheme}:`);
			expect(at, scheme).toBeGreaterThan(0);
			expect(lines.slice(at + 2, at + 4)).toEqual([
				'| ' + (scheme === 'A (YBWC)' ? 'm_A' : 'm_B') + ' | p = 2 | p = 4 |',
				'|---|---:|---:|',
			]);
			const rows = lines.slice(at + 4, at + 6);
			expect(rows.map((row) => row.split(' | ')[0])).toEqual(['| 1', '| 3']);
			// One best value per processor count.
			for (const column of [1, 2])
				expect(
					rows.filter((row) => row.split(' | ')[column].includes('*')),
					`${scheme} ${column}`,
				).toHaveLength(1);
		}
		// No thesis table for this ordering: the thesis's columns are empty.
		expect(r.stdout).toMatch(/^\| A \| 2 \| [13] \| \d+\.\d{3} \| \d+\.\d{3} \|  \|  \|  \|$/m);
		expect(r.stdout).toMatch(/^\| B \| 4 \| [13] \|/m);
	});

	it("lab sweep adds the thesis's values to the grid at depth 6 and reads negative lists", async () => {
		const r = await lab(
			'sweep --scheme C --ordering 20,69,19 --trees 1 --processors 12 --mca-values -3,-2 --mcc-values 3',
		);
		expect(r.stderr).toBe('');
		expect(r.code).toBe(0);
		// The grid -3,3 and -2,3, and the thesis's -1,3 at 12 processors (Table 6.5).
		expect(r.stdout.match(/^\| -\d, 3 \| /gm)).toEqual(['| -3, 3 | ', '| -2, 3 | ', '| -1, 3 | ']);
		expect(r.stdout).toMatch(/^\| C \| 12 \| -\d, 3 \| [\d.]+ \| [\d.]+ \| -1, 3 \| [\d.]+ \| 6\.410 \|$/m);
	});

	it('lab parallel runs on threads and checks the values', async () => {
		const r = await lab('parallel --algorithm dts,cabp --threads 1,2 --board boards/gruyere3.bwb --depth 3');
		expect(r.stderr).toBe('');
		expect(r.code).toBe(0);
		expect(r.stdout).toContain('lab parallel: boards/gruyere3.bwb to depth 3');
		expect(r.stdout).toMatch(/\| DTS \(scheme B\) \| 2 \| \d+ \| \d+ \|/);
		expect(r.stdout).toMatch(/\| CABP \| 1 \| \d+ \| \d+ \| 1\.00 \| 0\.0% \| 1\.00 \|/);
	});

	it('lab train writes the weights it trained, from the weight seed given', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'lab-'));
		try {
			const file = join(dir, 'net.json');
			const train = (seed: string) =>
				runNode('cli.js', [
					'lab',
					'train',
					'--ordering',
					'20,69,19',
					'--iterations',
					'2',
					'--weight-seed',
					seed,
					'--out',
					file,
				]);
			const r = await train('3');
			expect(r.stderr).toBe('');
			expect(r.code).toBe(0);
			expect(r.stdout).toContain(
				'lab train: ordering (20,69,19), 4301 patterns from tg_2 to depth 4, 2 iterations, weight seed 3',
			);
			const three = JSON.parse(readFileSync(file, 'utf8')) as {
				seed: number;
				iterations: number;
				hidden: number[][];
			};
			expect([three.seed, three.iterations, three.hidden.length]).toEqual([3, 2, 12]);
			await train('4');
			const four = JSON.parse(readFileSync(file, 'utf8')) as { seed: number; hidden: number[][] };
			expect(four.seed).toBe(4);
			expect(four.hidden[0]).not.toEqual(three.hidden[0]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it("lab classify reads scheme B's second override either way, on the same nodes", async () => {
		const args = 'classify --ordering 6,33,33 --depth 7 --trees 5';
		const row = (out: string) => out.split('\n').find((line) => line.startsWith('| B (DTS, n = 1)'));
		const alternate = await lab(args);
		const noThree = await lab(`${args} --dts-second-override no-three`);
		expect(alternate.code).toBe(0);
		expect(noThree.code).toBe(0);
		expect(alternate.stdout).not.toContain('never three D-ALL');
		expect(noThree.stdout).toContain('scheme B: never three D-ALL nodes in a row (--dts-second-override no-three)');
		expect(row(alternate.stdout)).toBe('| B (DTS, n = 1) | 4226 | 855 | 3701 | 3319 | 4174 |  |');
		expect(row(noThree.stdout)).toBe('| B (DTS, n = 1) | 5503 | 2120 | 2436 | 2042 | 4162 |  |');
	});

	it('bad arguments: one line, exit 2', async () => {
		for (const [args, message] of [
			[['lab', 'simulate', '--algorithm', 'nope'], 'unknown algorithm "nope"'],
			[['lab', 'trees', '--depth', '0'], '--depth must be an integer from 1 to 12'],
			[['lab', 'trees', '--wa', '101'], '--wa must be an integer from 0 to 100, got "101"'],
			[['lab', 'frobnicate'], 'unknown lab command "frobnicate"'],
			[['lab', 'train', '--weight-seed', '0'], '--weight-seed must be an integer from 1 to 2147483646, got "0"'],
			[['lab', 'parallel', '--board', 'no/such.bwb'], 'no/such.bwb'],
			[['lab', 'sweep', '--scheme', 'D'], '--scheme takes A, B and C'],
			[
				['lab', 'sweep', '--scheme', 'A', '--m-values', '0'],
				'--m-values (each number) must be an integer from 1',
			],
			[['lab', 'sweep', '--scheme', 'C', '--ordering', '7,50,50'], 'no trained network for branching 7'],
			[['lab', 'sweep', '--scheme', 'A,C', '--mca-values', '1,x'], '--mca-values (each number) must be'],
			[['lab', 'sweep', '--scheme'], '--scheme needs a value'],
			[
				['lab', 'thesis', '--split-lock-waiter-ticks', 'abc'],
				'--split-lock-waiter-ticks must be an integer from 0 to 100, got "abc"',
			],
			[['lab', 'thesis', '--lock-ticks', '101'], '--lock-ticks must be an integer from 0 to 100, got "101"'],
			[
				['lab', 'thesis', '--split-ties', 'middle'],
				'--split-ties must be first, last, left or right, got "middle"',
			],
			[
				['lab', 'classify', '--dts-second-override', 'twice'],
				'--dts-second-override must be alternate or no-three, got "twice"',
			],
		] as const) {
			const r = await runNode('cli.js', [...args]);
			expect(r.code).toBe(2);
			expect(r.stderr).toContain(message);
			expect(r.stderr.trim().split('\n')).toHaveLength(1);
			expect(r.stdout, args.join(' ')).toBe(''); // refused before anything runs
		}
	});

	it('--help lists the lab commands', async () => {
		const r = await runNode('cli.js', ['lab', '--help']);
		expect(r.code).toBe(0);
		for (const command of [
			'lab trees',
			'lab parallel',
			'lab simulate',
			'lab thesis',
			'lab sweep',
			'lab classify',
			'lab train',
		])
			expect(r.stdout).toContain(command);
	});
});
