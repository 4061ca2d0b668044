import { describe, expect, it } from 'vitest';
import { runNode } from './run.js';

/** The nodes column of a perft table. */
const counts = (stdout: string) =>
	stdout
		.trim()
		.split('\n')
		.slice(2)
		.map((line) => Number(line.trim().split(/\s+/)[1]));

describe('blobterm perft', () => {
	it('prints one row per depth with the exact counts', async () => {
		const run = await runNode('cli.js', ['perft', 'boards/ataxx.bwb', '5']);
		expect(run.code).toBe(0);
		const lines = run.stdout.trim().split('\n');
		expect(lines[0]).toBe(
			'perft boards/ataxx.bwb: 7x7, Blue to move, Blob War rules, clones by destination, bulk counting',
		);
		expect(lines[1].trim().split(/\s+/)).toEqual(['depth', 'nodes', 'seconds', 'nps']);
		expect(counts(run.stdout)).toEqual([16, 256, 6460, 155888, 4752668]);
	});

	it('--pairs --made, and --red', async () => {
		expect(
			counts((await runNode('cli.js', ['perft', 'boards/ataxx.bwb', '4', '--pairs', '--made'])).stdout),
		).toEqual([16, 256, 6652, 165656]);
		const red = await runNode('cli.js', ['perft', 'boards/handout.bwb', '3', '--red']);
		expect(red.stdout.split('\n')[0]).toContain('Red to move');
	});

	it('--fen with --rules ataxx', async () => {
		const run = await runNode('cli.js', [
			'perft',
			'5',
			'--fen',
			'7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1',
			'--rules',
			'ataxx',
		]);
		expect(counts(run.stdout)).toEqual([1, 75, 249, 14270, 452980]);
	});

	it('--divide lists each root move with its count, summing to perft', async () => {
		const run = await runNode('cli.js', ['perft', 'boards/ataxx.bwb', '3', '--divide']);
		const lines = run.stdout.trim().split('\n');
		const rows = lines.slice(1, -1).map((l) => /^\((\d+),(\d+)\) > \((\d+),(\d+)\)\s+(\d+)$/.exec(l));
		expect(rows.every((r) => r !== null)).toBe(true);
		expect(rows.length).toBe(16);
		expect(rows.reduce((sum, r) => sum + Number(r![5]), 0)).toBe(6460);
		expect(lines.at(-1)).toMatch(/^moves 16 {2}nodes 6460 {2}seconds \d+\.\d{3} {2}nps .+$/);
	});

	it.each([
		[['perft', 'boards/ataxx.bwb', 'x'], 'blobterm: DEPTH must be a whole number of plies from 1 to 30, got "x"'],
		[
			['perft', 'boards/ataxx.bwb', '3', '--rules', 'chess'],
			'blobterm: --rules must be blobwar or ataxx, got "chess"',
		],
		[
			['perft', '3', '--fen', 'x5o/7/6 x'],
			'blobterm: bad FEN "x5o/7/6 x": rank 3 from the top has 6 cells, the first has 7',
		],
		[
			['bench', 'everything'],
			'blobterm: unknown benchmark "everything" (try: blobterm bench perft, search, parallel, time or queue)',
		],
	])('%j fails with one line', async (args, message) => {
		const run = await runNode('cli.js', args);
		expect(run.stderr).toBe(`${message}\n`);
		expect(run.code).toBe(2);
	});
});
