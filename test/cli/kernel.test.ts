import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runNode } from './run.js';

describe('blobterm kernel', () => {
	it("prints the compiled move generator's source for the board's shape", async () => {
		const run = await runNode('cli.js', ['kernel', 'boards/4x4.bwb']);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		expect(run.stdout).toBe(readFileSync('test/game/__snapshots__/kernel-4x4.js', 'utf8'));
		const fen = await runNode('cli.js', ['kernel', '--fen', 'x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1']);
		expect(fen.stdout.trimEnd().split('\n').at(-1)).toMatch(
			/^\/\/# sourceURL=blobterm-kernel-7x7-holes-[0-9a-f]{8}\.js$/,
		);
	});

	it('needs a board', async () => {
		const run = await runNode('cli.js', ['kernel']);
		expect(run.stderr).toBe('blobterm: kernel: name a board file or give --fen FEN (see blobterm kernel --help)\n');
		expect(run.code).toBe(2);
	});
});
