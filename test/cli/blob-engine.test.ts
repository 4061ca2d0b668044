import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { formatMove } from '../../source/game/notation.js';
import { RED, setSide } from '../../source/game/position.js';
import { runNode } from './run.js';
import { readFileSync } from 'node:fs';

const dir = mkdtempSync(join(tmpdir(), 'blob-engine-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
	const path = join(dir, name);
	writeFileSync(path, text);
	return path;
};
const legalTexts = (path: string, side: 0 | 1) => {
	const pos = parseBoardFile(readFileSync(path, 'utf8')).position;
	setSide(pos, side);
	return pseudolegalMoves(pos, 'pairs').map((m) => formatMove(pos, m));
};

describe('blob-engine BOARD_FILE TIME [HALF_MOVES]', () => {
	it('prints one legal move line for Blue (positive TIME) and exits 0', async () => {
		const run = await runNode('engine-cli.js', ['boards/default.bwb', '0.3']);
		expect(run.code).toBe(0);
		expect(run.stderr).toBe('');
		const lines = run.stdout.trim().split('\n');
		expect(lines.length).toBe(1);
		expect(legalTexts('boards/default.bwb', 0)).toContain(lines[0]);
	});

	it('plays Red with a negative TIME, whatever the history parity says', async () => {
		// History index 1 (odd) says Blue to move; the sign of TIME says Red.
		const path = file(
			'parity.bwb',
			`7 7\nB.....R\n.......\n.......\n.......\n.......\n.......\nR.....B\n\n` +
				`1 1\n${'B.....R' + '.'.repeat(35) + 'R.....B'}\n`,
		);
		const run = await runNode('engine-cli.js', [path, '-0.2', '40']);
		expect(run.code).toBe(0);
		expect(legalTexts(path, RED)).toContain(run.stdout.trim());
	});

	it('--depth limits the depth instead of the time, and is deterministic', async () => {
		const a = await runNode('engine-cli.js', ['--depth', '4', 'boards/gruyere5.bwb']);
		const b = await runNode('engine-cli.js', ['--depth', '4', 'boards/gruyere5.bwb']);
		expect(a.code).toBe(0);
		expect(a.stdout).toBe(b.stdout);
		expect(legalTexts('boards/gruyere5.bwb', 0)).toContain(a.stdout.trim());
	});

	it('--verbose prints one info line per depth on stderr', async () => {
		const run = await runNode('engine-cli.js', ['--depth', '3', '--verbose', 'boards/ataxx.bwb']);
		expect(
			run.stderr
				.trim()
				.split('\n')
				.map((l) => l.split(' ').slice(0, 2).join(' ')),
		).toEqual(['depth 1', 'depth 2', 'depth 3']);
	});

	it.each([
		[['missing.bwb', '1'], 'blob-engine: cannot read board file missing.bwb: no such file'],
		[['boards', '1'], 'blob-engine: cannot read board file boards: is a directory'],
		[['BAD', '1'], 'blob-engine: BAD:3:2: expected a cell (B, R, . or X) at row 1, column 1, found "Q"'],
		[
			['boards/ataxx.bwb', 'soon'],
			'blob-engine: TIME must be a number of seconds from 0.01 to 86400 (one day), negative for Red, got "soon"',
		],
		[['boards/ataxx.bwb'], 'blob-engine: TIME is required (or give --depth N)'],
		[
			['boards/ataxx.bwb', '1', '-3'],
			'blob-engine: HALF_MOVES must be a whole number of half-moves from 0 to 1000000, got "-3"',
		],
		[['FULL', '1'], 'blob-engine: no legal move: the game is over (the board is full)'],
		[['STUCK', '1'], 'blob-engine: no legal move: the game is over (Blue cannot move: the empty cells go to Red)'],
	])('%j fails with one line on stderr and exit code 2', async (args, message) => {
		const paths: Record<string, string> = {
			BAD: file('bad.bwb', '2 2\nB.\nRQ\n'),
			FULL: file('full.bwb', '2 2\nBR\nRB\n'),
			STUCK: file('stuck.bwb', '2 4\nBXX.\nXXX.\n'),
		};
		const real = args.map((a) => paths[a] ?? a);
		const run = await runNode('engine-cli.js', real);
		expect(run.code).toBe(2);
		expect(run.stdout).toBe('');
		expect(run.stderr).toBe(`${message.replace(/\b(BAD|FULL|STUCK)\b/, (k) => paths[k])}\n`);
	});
});
