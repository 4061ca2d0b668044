import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BoardFileError, formatBoardFile, historyForSide, parseBoardFile } from '../../source/game/board-file.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { playMove } from '../../source/game/make-move.js';
import { runNode } from '../cli/run.js';
import { runs } from '../long-tests.js';

const valid = ['ataxx', 'handout', 'gruyere4', 'default', '16x16'].map((name) =>
	readFileSync(`boards/${name}.bwb`, 'utf8'),
);
// A file with the old client's history section.
const start = parseBoardFile(valid[0]).position;
const second = playMove(start, pseudolegalMoves(start)[3]);
valid.push(formatBoardFile(second, historyForSide([start, second])));

/** A valid file with random edits: characters replaced, inserted or deleted, lines cut. */
const mutated = fc
	.record({
		base: fc.constantFrom(...valid),
		edits: fc.array(
			fc.record({
				at: fc.nat(),
				kind: fc.constantFrom('replace', 'insert', 'delete', 'cut'),
				ch: fc.constantFrom('B', 'R', '.', 'X', ' ', '\n', '\r', '\t', '7', '0', '-', 'é', '\u0000', 'x'),
			}),
			{ minLength: 1, maxLength: 4 },
		),
	})
	.map(({ base, edits }) => {
		let text = base;
		for (const { at, kind, ch } of edits) {
			const i = at % (text.length + 1);
			if (kind === 'replace') text = text.slice(0, i) + ch + text.slice(i + 1);
			else if (kind === 'insert') text = text.slice(0, i) + ch + text.slice(i);
			else if (kind === 'delete') text = text.slice(0, i) + text.slice(i + 1);
			else text = text.slice(0, i);
		}
		return text;
	});

/** Random bytes, decoded as a file would be. */
const bytes = fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('utf8'));

/** Either the file loads (and is consistent), or the error is one line naming file, line and column. */
function loadsOrExplains(text: string): void {
	let result;
	try {
		result = parseBoardFile(text, 'fuzz.bwb');
	} catch (error) {
		expect(error).toBeInstanceOf(BoardFileError);
		const message = (error as Error).message;
		expect(message).toMatch(/^fuzz\.bwb:\d+:\d+: expected [^\n]+$/);
		return;
	}
	const g = result.position.geometry;
	expect(g.rows).toBeGreaterThanOrEqual(1);
	expect(g.cols).toBeLessThanOrEqual(16);
	// What loads writes back to a file that loads to the same position.
	const again = parseBoardFile(formatBoardFile(result.position), 'again.bwb');
	expect(Array.from(again.position.bb)).toEqual(Array.from(result.position.bb));
}

describe('fuzzed board files', () => {
	it('mutated valid files load or give the one-line error', () => {
		fc.assert(fc.property(mutated, loadsOrExplains), { numRuns: runs(500, 2000) });
	});

	it('random bytes load or give the one-line error', () => {
		fc.assert(fc.property(bytes, loadsOrExplains), { numRuns: runs(500, 2000) });
	});

	it('through blob-engine: one line on stderr, never a stack trace', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
		try {
			const samples = fc.sample(mutated, { numRuns: 6, seed: 42 });
			for (const [i, text] of samples.entries()) {
				const path = join(dir, `f${i}.bwb`);
				writeFileSync(path, text);
				const run = await runNode('engine-cli.js', [path, '0.05']);
				if (run.code === 0) expect(run.stdout).toMatch(/^\(\d+,\d+\) > \(\d+,\d+\)\n$/);
				else {
					expect(run.code).toBe(2);
					expect(run.stderr).toMatch(/^blob-engine: [^\n]+\n$/);
				}
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
