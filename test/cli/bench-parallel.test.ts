import { describe, expect, it } from 'vitest';
import { runNode } from './run.js';

/** The cells of the table rows of `bench parallel` (after the header row and the separator). */
function rows(stdout: string): string[][] {
	return stdout
		.split('\n')
		.filter((l) => /^\| \S/.test(l) && !l.startsWith('| algorithm'))
		.map((l) =>
			l
				.split('|')
				.slice(1, -1)
				.map((c) => c.trim()),
		);
}

describe('blobterm bench parallel', () => {
	it('times one thread and each algorithm on 2; one thread searches as bench search', async () => {
		const search = await runNode('cli.js', ['bench', 'search', '--depth', '4']);
		const parallel = await runNode('cli.js', ['bench', 'parallel', '--depth', '4', '--threads', '2']);
		expect(parallel.code).toBe(0);
		expect(parallel.stdout).toContain('depths: 7x7 start 4, 7x7 opening 4,');
		const signature = Number(/bench signature: (\d+) nodes/.exec(search.stdout)![1]);
		const table = rows(parallel.stdout);
		expect(table.map((r) => [r[0], r[1]])).toEqual([
			['sequential', '1'],
			['Lazy SMP', '2'],
			['YBWC', '2'],
		]);
		// The one-thread row is the sequential search of every position after the warm-up: the
		// table cleared before each one, so its nodes are bench search's.
		expect(Number(table[0][3])).toBe(signature);
		expect(table[0].slice(4)).toEqual(['1.00', '0.0%', '1.00', '1.00']);
	});

	it('--repeat N measures every configuration N times and gives the medians', async () => {
		const search = await runNode('cli.js', ['bench', 'search', '--depth', '3']);
		const parallel = await runNode('cli.js', [
			'bench',
			'parallel',
			'--depth',
			'3',
			'--threads',
			'2',
			'--repeat',
			'3',
		]);
		expect(parallel.code).toBe(0);
		expect(parallel.stdout.split('\n')[0]).toContain('each row the median of 3 rounds (--repeat)');
		const table = rows(parallel.stdout);
		expect(table.map((r) => r[0])).toEqual(['sequential', 'Lazy SMP', 'YBWC']);
		// The sequential search's nodes are the same every round, so their median is bench search's.
		expect(Number(table[0][3])).toBe(Number(/bench signature: (\d+) nodes/.exec(search.stdout)![1]));
	});
});
