/**
 * A page's example commands run (`runPageCommand`), and its example output compared with a real
 * run's: every line the page shows must be found
 * in the output, in order. A line `...` (indented or not) stands for any lines, ` ... ` inside a
 * line for any text, a line ending in ` ...` for any end; the clock's fields (`nps N time N`,
 * which change from run to run) are compared without their numbers.
 */

import { resolve } from 'node:path';
import { execa } from 'execa';

/** The programs a page's `npx` commands name, by their compiled scripts. */
const PROGRAMS: Record<string, string> = { blobterm: 'dist/cli.js', 'blob-engine': 'dist/engine-cli.js' };

/**
 * Runs a command line as a page gives it (`npx blobterm ...` or `npx blob-engine ...`) with the
 * repository's compiled program, through a shell (so that the page's quoting holds), in `cwd`
 * (default: the repository's root), within 60 s.
 * @returns its exit code, its standard output, and both outputs together as they came
 * @throws Error for a line that runs another program
 */
export async function runPageCommand(
	line: string,
	cwd?: string,
): Promise<{ readonly exitCode: number | undefined; readonly stdout: string; readonly all: string }> {
	const match = /^npx (blobterm|blob-engine) (.*)$/.exec(line);
	if (!match) throw new Error(`not a command of blobterm or blob-engine: ${line}`);
	const run = await execa(`node ${resolve(PROGRAMS[match[1]])} ${match[2]}`, {
		cwd,
		shell: true,
		reject: false,
		timeout: 60_000,
		all: true,
	});
	return { exitCode: run.exitCode, stdout: String(run.stdout), all: String(run.all) };
}

/** A line with the numbers of its clock's fields replaced. */
function withoutClock(line: string): string {
	return line.replace(/\bnps \d+ time \d+\b/g, 'nps N time N');
}

/** A pattern of a line of a page's output block; null for `...`. */
function linePattern(line: string): RegExp | null {
	if (line.trim() === '...') return null;
	const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const open = line.endsWith(' ...');
	const parts = withoutClock(open ? line.slice(0, -4) : line).split(' ... ');
	return new RegExp(`^${parts.map(escape).join(' .* ')}${open ? ' .*' : ''}$`);
}

/** The lines of `expected` (a page's block) not found in `actual` (a run's output) in order; empty: all are. */
export function missingLines(expected: readonly string[], actual: readonly string[]): string[] {
	const missing: string[] = [];
	const lines = actual.map(withoutClock);
	let at = 0;
	for (const line of expected) {
		const pattern = linePattern(line);
		if (pattern === null) continue;
		const found = lines.findIndex((candidate, i) => i >= at && pattern.test(candidate));
		if (found < 0) missing.push(line);
		else at = found + 1;
	}
	return missing;
}

/** The fenced code blocks of a Markdown text, in order: their language tag ('' if none) and lines (indent removed). */
export function codeBlocks(markdown: string): { readonly lang: string; readonly lines: string[] }[] {
	return [...markdown.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```/gm)].map((m) => ({
		lang: m[2],
		lines: m[3]
			.trimEnd()
			.split('\n')
			.map((l) => (l.startsWith(m[1]) ? l.slice(m[1].length) : l)),
	}));
}
