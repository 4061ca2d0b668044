import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { runNode } from '../cli/run.js';
import { UaiSession } from '../cli/uai-session.js';
import { codeBlocks, missingLines } from './transcript.js';

/**
 * The engine's example output in docs/engine.md and docs/uai.md (fixed depths, one thread: the
 * same on every run but for the clock's fields), against a real run of what the pages say was
 * run (`transcript.ts`).
 */

/** The lines of the first code block of `page` after `heading` that holds `marker`. */
function blockAfter(page: string, heading: string, marker: string): string[] {
	const text = readFileSync(page, 'utf8');
	const at = text.indexOf(heading);
	if (at < 0) throw new Error(`${page} has no heading ${heading}`);
	const block = codeBlocks(text.slice(at)).find((b) => b.lines.some((l) => l.includes(marker)));
	if (!block) throw new Error(`${page}: no block with ${marker} after ${heading}`);
	return block.lines;
}

let session: UaiSession | null = null;

afterEach(() => {
	session?.kill();
	session = null;
});

/** Sends `commands` to a new `blob-engine --uai`, waits for `bestmove`, quits; returns its lines. */
async function uaiRun(commands: readonly string[]): Promise<string[]> {
	session = new UaiSession([]);
	for (const command of commands) session.send(command);
	await session.expect(/^bestmove /, 0, 30_000);
	expect(await session.quit()).toBe(0);
	return session.lines;
}

describe("the engine pages' transcripts", () => {
	it("engine.md: blobterm analyze's example", { timeout: 60_000 }, async () => {
		const expected = blockAfter('docs/engine.md', '## `blobterm analyze`', 'bestmove');
		const run = await runNode('cli.js', ['analyze', 'boards/ataxx.bwb', '--depth', '11']);
		expect(run.code).toBe(0);
		expect(missingLines(expected, run.stdout.split('\n'))).toEqual([]);
	});

	it("uai.md: the session's every answer", { timeout: 60_000 }, async () => {
		const block = blockAfter('docs/uai.md', '## blobterm as an engine', '> go depth 3');
		const sent = block.filter((l) => l.startsWith('> ')).map((l) => l.slice(2));
		const expected = block.filter((l) => l.startsWith('< ')).map((l) => l.slice(2));
		expect(sent).toContain('go depth 3');
		expect(missingLines(expected, await uaiRun(sent))).toEqual([]);
	});

	it("uai.md: multi-PV's example", { timeout: 60_000 }, async () => {
		const block = blockAfter('docs/uai.md', '## blobterm as an engine', 'multipv 2');
		const sent = block.filter((l) => !/^(info|bestmove|\.\.\.)/.test(l));
		const expected = block.filter((l) => /^(info|bestmove|\.\.\.)/.test(l));
		expect(missingLines(expected, await uaiRun(['uai', ...sent]))).toEqual([]);
	});
});
