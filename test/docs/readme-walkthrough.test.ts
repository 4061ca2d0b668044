import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The README's "Debugging an engine" walk-through, run as the README gives it: each `sh` block's
 * commands (`npx blobterm` as `node dist/cli.js`), in a directory of their own where `boards` is
 * the repository's, and every line of the output block after it found in their output, in order.
 * A line `...` stands for any lines, ` ... ` inside a line for any text, and a line ending in
 * ` ...` for any end.
 */

/** The walk-through's steps: the commands of an `sh` block and the output block after it. */
function walkthrough(): { readonly commands: string[]; readonly expected: string[] }[] {
	const readme = readFileSync('README.md', 'utf8');
	const start = readme.indexOf('## Debugging an engine\n');
	const end = readme.indexOf('\n## ', start + 1);
	if (start < 0 || end < 0) throw new Error('README.md has no "Debugging an engine" section');
	const blocks = [...readme.slice(start, end).matchAll(/```(sh)?\n([\s\S]*?)```/g)];
	const steps: { commands: string[]; expected: string[] }[] = [];
	for (let i = 0; i + 1 < blocks.length; i += 2) {
		if (blocks[i][1] !== 'sh' || blocks[i + 1][1] === 'sh')
			throw new Error('README.md: each sh block of the walk-through must be followed by its output');
		steps.push({
			commands: blocks[i][2].trim().split('\n'),
			expected: blocks[i + 1][2].trimEnd().split('\n'),
		});
	}
	return steps;
}

/** A pattern of a line of an output block (see the file's comment); null for `...`. */
function linePattern(line: string): RegExp | null {
	if (line === '...') return null;
	const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const body = line.endsWith(' ...') ? `${line.slice(0, -4).split(' ... ').map(escape).join(' .* ')} .*` : null;
	return new RegExp(`^${body ?? line.split(' ... ').map(escape).join(' .* ')}$`);
}

/** The lines of `expected` that are not found in `actual` in order (empty: all are). */
function missingLines(expected: readonly string[], actual: readonly string[]): string[] {
	const missing: string[] = [];
	let at = 0;
	for (const line of expected) {
		const pattern = linePattern(line);
		if (pattern === null) continue;
		const found = actual.findIndex((candidate, i) => i >= at && pattern.test(candidate));
		if (found < 0) missing.push(line);
		else at = found + 1;
	}
	return missing;
}

let dir: string;
const cli = resolve('dist/cli.js');

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'blobterm-readme-'));
	symlinkSync(resolve('boards'), join(dir, 'boards'));
});

afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

describe("the README's walk-through", () => {
	it('has its steps', () => {
		expect(walkthrough().length).toBeGreaterThanOrEqual(3);
	});

	it('prints what the README shows', { timeout: 120_000 }, async () => {
		for (const step of walkthrough()) {
			const output: string[] = [];
			for (const command of step.commands) {
				expect(command).toMatch(/^npx blobterm /);
				const run = await execa(`node ${cli} ${command.slice('npx blobterm '.length)}`, {
					cwd: dir,
					shell: true,
					reject: false,
					timeout: 60_000,
				});
				expect(run.exitCode, `${command}: ${run.stderr}`).toBe(0);
				output.push(...String(run.stdout).split('\n'));
			}
			expect(missingLines(step.expected, output), step.commands.join('\n')).toEqual([]);
		}
	});

	it('would see a line that is not printed', () => {
		expect(missingLines(['a', '...', 'c ... e'], ['a', 'b', 'c d e'])).toEqual([]);
		expect(missingLines(['a ...', 'x'], ['a b', 'c'])).toEqual(['x']);
		expect(missingLines(['c', 'a'], ['a', 'c'])).toEqual(['a']);
	});
});
