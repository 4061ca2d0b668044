import { describe, expect, it } from 'vitest';
import { SIGNATURE_DEPTH_7 } from '../search/bench-signatures.js';
import { runNode } from './run.js';

/** The bench signature line's node count, and the header line. */
function parse(stdout: string): { header: string; signature: number; rows: string[] } {
	const lines = stdout.trim().split('\n');
	const signature = /^bench signature: (\d+) nodes$/.exec(lines.at(-1) ?? '');
	expect(signature).not.toBeNull();
	return { header: lines[0], signature: Number(signature![1]), rows: lines.filter((l) => /^\| \S/.test(l)) };
}

describe('blobterm bench search', () => {
	it('keeps one searcher, cleared before each row and pass: the nodes of a new searcher per search', async () => {
		// SIGNATURE_DEPTH_7 is counted with a new searcher for every position; the command's three
		// passes (and its warm-up) reuse one.
		const run = await runNode('cli.js', ['bench', 'search', '--depth', '7', '--warm', '--repeat', '3']);
		expect(run.code).toBe(0);
		expect(parse(run.stdout).signature).toBe(SIGNATURE_DEPTH_7);
	});

	it('--warm searches every position before timing: the same rows and signature, and says so', async () => {
		const cold = await runNode('cli.js', ['bench', 'search', '--depth', '3']);
		const warm = await runNode('cli.js', ['bench', 'search', '--depth', '3', '--warm']);
		expect(cold.code).toBe(0);
		expect(warm.code).toBe(0);
		const a = parse(cold.stdout);
		const b = parse(warm.stdout);
		expect(a.header).not.toContain('--warm');
		expect(b.header).toContain('every position searched once before the timed rows (--warm)');
		expect(b.signature).toBe(a.signature);
		// The same positions and node counts, row by row (the times differ).
		const nodes = (rows: string[]) => rows.map((r) => r.split('|').slice(1, 4).join('|'));
		expect(nodes(b.rows)).toEqual(nodes(a.rows));
		expect(b.rows.length).toBe(10); // the header, 8 positions, the total
	});

	it('--repeat N times N passes and gives each row their median: the same rows and signature', async () => {
		const once = await runNode('cli.js', ['bench', 'search', '--depth', '3']);
		const thrice = await runNode('cli.js', ['bench', 'search', '--depth', '3', '--repeat', '3']);
		expect(thrice.code).toBe(0);
		const a = parse(once.stdout);
		const b = parse(thrice.stdout);
		expect(b.header).toContain('each row the median of 3 passes (--repeat)');
		expect(b.signature).toBe(a.signature);
		const nodes = (rows: string[]) => rows.map((r) => r.split('|').slice(1, 4).join('|'));
		expect(nodes(b.rows)).toEqual(nodes(a.rows));
	});

	it('--repeat out of bounds, or with --compare, is one line and exit code 2', async () => {
		const zero = await runNode('cli.js', ['bench', 'search', '--repeat', '0']);
		expect(zero.code).toBe(2);
		expect(zero.stderr.trim().split('\n')).toHaveLength(1);
		expect(zero.stderr).toContain('--repeat');
		const compare = await runNode('cli.js', ['bench', 'search', '--compare', '--repeat', '2']);
		expect(compare.code).toBe(2);
		expect(compare.stderr.trim()).toBe(
			'blobterm: bench search: --repeat times the rows of one search, not --compare',
		);
	});
});
