import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks, missingLines, runPageCommand } from './transcript.js';

/**
 * The README's example of a match (its first command, at fixed depths: the same games every run)
 * and its "Debugging an engine" walk-through, run as the README gives it: each `sh` block's
 * commands (`npx blobterm` as `node dist/cli.js`), in a directory of their own where `boards` is
 * the repository's, and every line of the output block after it found in their output, in order
 * (`transcript.ts`).
 */

/** The code blocks of the README's section `heading`. */
function sectionBlocks(heading: string): ReturnType<typeof codeBlocks> {
	const readme = readFileSync('README.md', 'utf8');
	const start = readme.indexOf(`${heading}\n`);
	const end = readme.indexOf('\n## ', start + 1);
	if (start < 0 || end < 0) throw new Error(`README.md has no section ${heading}`);
	return codeBlocks(readme.slice(start, end));
}

/** The walk-through's steps: the commands of an `sh` block and the output block after it. */
function walkthrough(): { readonly commands: string[]; readonly expected: string[] }[] {
	const blocks = sectionBlocks('## Debugging an engine');
	const steps: { commands: string[]; expected: string[] }[] = [];
	for (let i = 0; i + 1 < blocks.length; i += 2) {
		if (blocks[i].lang !== 'sh' || blocks[i + 1].lang === 'sh')
			throw new Error('README.md: each sh block of the walk-through must be followed by its output');
		steps.push({ commands: blocks[i].lines, expected: blocks[i + 1].lines });
	}
	return steps;
}

let dir: string;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'blobterm-readme-'));
	symlinkSync(resolve('boards'), join(dir, 'boards'));
});

afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

/** Runs a README command line (`npx blobterm ...`) in the test's directory; returns its output lines. */
async function runReadmeCommand(command: string): Promise<string[]> {
	expect(command).toMatch(/^npx blobterm /);
	const run = await runPageCommand(command, dir);
	expect(run.exitCode, `${command}: ${run.all}`).toBe(0);
	return run.stdout.split('\n');
}

describe("the README's match example", () => {
	it('prints what the README shows', { timeout: 60_000 }, async () => {
		const [commands, output] = sectionBlocks('## A match');
		expect(commands.lang).toBe('sh');
		expect(output.lang).toBe('');
		expect(missingLines(output.lines, await runReadmeCommand(commands.lines[0]))).toEqual([]);
	});
});

describe("the README's walk-through", () => {
	it('has its steps', () => {
		expect(walkthrough().length).toBeGreaterThanOrEqual(3);
	});

	it('prints what the README shows', { timeout: 120_000 }, async () => {
		for (const step of walkthrough()) {
			const output: string[] = [];
			for (const command of step.commands) output.push(...(await runReadmeCommand(command)));
			expect(missingLines(step.expected, output), step.commands.join('\n')).toEqual([]);
		}
	});
});
