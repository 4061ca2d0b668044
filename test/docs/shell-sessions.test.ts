import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeBlocks, missingLines, runPageCommand } from './transcript.js';

/**
 * Shell sessions in the documentation: in a code block, a line `$ npx blobterm ...` or
 * `$ npx blob-engine ...` followed by what it prints (up to the next `$ ` line or the block's
 * end). Each is run (`node dist/cli.js`, `node dist/engine-cli.js`) from the repository's root and
 * what the page shows must be found in its output, standard output and error together
 * (`transcript.ts`).
 */

/** Every session of the docs and the README: the page, the command line, the lines shown. */
function sessions(): { page: string; command: string; expected: string[] }[] {
	const pages = ['README.md', ...readdirSync('docs').map((f) => `docs/${f}`)].filter((p) => p.endsWith('.md'));
	const found: { page: string; command: string; expected: string[] }[] = [];
	for (const page of pages)
		for (const block of codeBlocks(readFileSync(page, 'utf8'))) {
			let current: { page: string; command: string; expected: string[] } | null = null;
			for (const line of block.lines) {
				if (line.startsWith('$ ')) {
					current = /^\$ npx (blobterm|blob-engine) /.test(line)
						? { page, command: line.slice(2), expected: [] }
						: null;
					if (current) found.push(current);
				} else current?.expected.push(line);
			}
		}
	return found;
}

describe("the documentation's shell sessions", () => {
	it('there are some', () => {
		expect(sessions().length).toBeGreaterThanOrEqual(2);
	});

	it('print what the pages show', { timeout: 120_000 }, async () => {
		for (const { page, command, expected } of sessions()) {
			const run = await runPageCommand(command);
			expect(missingLines(expected, run.all.split('\n')), `${page}: $ ${command}`).toEqual([]);
		}
	});
});
