import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from './run.js';

const fixture = (name: string) => join('test', 'fixtures', name);
/** The fixture engines answer at once, but may take a second or more to start on a loaded machine. */
const AMPLE_GRACE = ['--grace', '5000'];
const MOVE_LINE = /^(\d+)\. (Blue|Red) \(\d+,\d+\) > \(\d+,\d+\) {2}\d+\.\d\ds {2}Blue \d+ Red \d+$/;

/** Checks a plain-mode transcript: numbered move lines, alternating sides, then one result line. */
function checkTranscript(stdout: string): { moves: string[]; result: string } {
	const lines = stdout.trimEnd().split('\n');
	const result = lines.pop()!;
	lines.forEach((line, i) => {
		const m = MOVE_LINE.exec(line);
		expect(m, line).not.toBeNull();
		expect(Number(m![1])).toBe(i + 1);
		expect(m![2]).toBe(i % 2 === 0 ? 'Blue' : 'Red');
	});
	return { moves: lines, result };
}

describe('blobterm --plain', () => {
	it('plays builtin against builtin on gruyere5 to a result', async () => {
		// Depth-limited engines answer as soon as they reach their depth, not after their time.
		const run = await runNode('cli.js', [
			'boards/gruyere5.bwb',
			'builtin:depth=3',
			'1',
			'builtin:depth=2',
			'-1',
			'--plain',
		]);
		expect(run.code).toBe(0);
		expect(run.stderr).toBe('');
		const { moves, result } = checkTranscript(run.stdout);
		expect(moves.length).toBeGreaterThan(10);
		// gruyere5 has 23 playable cells: a finished game ends with all of them taken.
		expect(result).toMatch(/^Result: (Blue wins|Red wins|draw) (\d+)-(\d+) \(.+\)$/);
		const [, , blue, red] = /^Result: (.+) (\d+)-(\d+)/.exec(result)!;
		if (/board is full|cannot move/.test(result)) expect(Number(blue) + Number(red)).toBe(23);
	});

	it('plays a whole game against a child-process engine', async () => {
		const run = await runNode('cli.js', [
			'boards/gruyere3.bwb',
			fixture('greedy-engine.mjs'),
			'1',
			'builtin',
			'-0.1',
			'--plain',
			...AMPLE_GRACE,
		]);
		expect(run.code).toBe(0);
		const { result } = checkTranscript(run.stdout);
		expect(result).toMatch(
			/^Result: (Blue wins|Red wins|draw) \d+-\d+ \((the board is full|.+ cannot move: .+|the half-move limit is reached)\)$/,
		);
	});

	it('an engine that crashes loses, with the reason in the result line', async () => {
		const run = await runNode('cli.js', [
			'boards/ataxx.bwb',
			'builtin',
			'0.1',
			fixture('exit-engine.mjs'),
			'-1',
			'--plain',
			...AMPLE_GRACE,
		]);
		expect(run.code).toBe(0);
		const { moves, result } = checkTranscript(run.stdout);
		expect(moves.length).toBe(1);
		expect(result).toMatch(
			/^Result: Blue wins 3-2 \(Red \(test\/fixtures\/exit-engine\.mjs\) forfeits: exited with code 3 after [\d.]+ s without a move \(stderr: exit-engine: cannot open my opening book\)\)$/,
		);
	});

	it('a person plays by typing moves on stdin; illegal moves are refused and the game goes on', async () => {
		// Red is the greedy fixture engine: its moves do not depend on blobterm's search.
		const input = '0 0 3 3\n0 0 1 1\nhello\n(3,0) > (2,1)\n';
		const run = await runNode(
			'cli.js',
			['boards/4x4.bwb', fixture('greedy-engine.mjs'), '-1', '--plain', ...AMPLE_GRACE],
			{
				input,
			},
		);
		expect(run.code).toBe(0);
		const board = ['    0  1  2  3', ' 0  B  .  .  R', ' 1  .  .  .  .', ' 2  .  .  .  .', ' 3  B  .  .  R'];
		const after = ['    0  1  2  3', ' 0  R  R  .  .', ' 1  .  R  .  .', ' 2  .  .  .  .', ' 3  B  .  .  R'];
		const last = ['    0  1  2  3', ' 0  R  R  .  .', ' 1  R  R  .  .', ' 2  .  R  .  .', ' 3  B  .  .  R'];
		expect(run.stdout.replace(/\d\.\d\ds/g, 'T')).toBe(
			[
				...board,
				'Blue to move: 0 0 3 3',
				'refused: (0,0) > (3,3): (3,3) is not empty',
				...board,
				'Blue to move: 0 0 1 1',
				'1. Blue (0,0) > (1,1)  T  Blue 3 Red 2',
				'2. Red (0,3) > (0,1)  T  Blue 1 Red 4',
				...after,
				'Blue to move: hello',
				'refused: "hello" is not a move: type four numbers, e.g. (0,0) > (1,1)',
				...after,
				'Blue to move: (3,0) > (2,1)',
				'3. Blue (3,0) > (2,1)  T  Blue 3 Red 3',
				'4. Red (0,0) > (1,0)  T  Blue 1 Red 6',
				...last,
				'Blue to move: ',
				'input closed: game abandoned',
				'Result: no result 1-6 (game abandoned)',
				'',
			].join('\n'),
		);
	});

	it('stops cleanly when the input ends while a person is to move', async () => {
		const run = await runNode('cli.js', ['boards/4x4.bwb', '--plain'], { input: '0 0 1 1\n' });
		expect(run.code).toBe(0);
		expect(run.stdout.trimEnd().split('\n').slice(-2)).toEqual([
			'input closed: game abandoned',
			'Result: no result 3-2 (game abandoned)',
		]);
	});
});

describe('blobterm errors: one line, exit code 2', () => {
	it.each([
		[['missing.bwb'], 'blobterm: cannot read board file missing.bwb: no such file'],
		[
			['boards/ataxx.bwb', './no-such-engine', '1'],
			'blobterm: engine ./no-such-engine: no such file (players are human, builtin, or an engine program)',
		],
		[
			['boards/ataxx.bwb', 'boards/4x4.bwb', '1'],
			'blobterm: engine boards/4x4.bwb: not executable (chmod +x boards/4x4.bwb)',
		],
		[
			['boards/ataxx.bwb', 'a', '-1', 'b', '-1'],
			'blobterm: both players have a negative TIME: only the Red player takes a negative TIME',
		],
		[['--depth', '0'], 'blobterm: --depth must be a whole number of plies from 1 to 120, got "0"'],
	])('%j', async (args, message) => {
		const run = await runNode('cli.js', [...args, '--plain']);
		expect(run.stderr).toBe(`${message}\n`);
		expect(run.code).toBe(2);
	});
});

describe('blobterm with a saved game record', () => {
	const record = (moves: object[]) =>
		JSON.stringify({
			format: 'blobterm-game',
			version: 1,
			board: ['B..R', '....', '....', 'B..R'],
			sideToMove: 'Blue',
			variant: 'blobwar',
			halfMoveLimit: 3,
			players: {},
			moves,
			redo: [],
			result: null,
		});
	let dir = '';
	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), 'blobterm-cli-'));
	});
	afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	it("goes on from the record's position; its moves count against its half-move limit", async () => {
		const path = join(dir, 'game.json');
		await writeFile(path, record([{ side: 'Blue', move: '(0,0) > (1,1)', timeMs: 900 }]));
		const run = await runNode('cli.js', [path, '--plain'], { input: '0 3 1 2\n3 0 2 0\n' });
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		expect(run.stdout.replace(/\d\.\d\ds/g, 'T').split('\n')).toEqual([
			'    0  1  2  3',
			' 0  B  .  .  R',
			' 1  .  B  .  .',
			' 2  .  .  .  .',
			' 3  B  .  .  R',
			'Red to move: 0 3 1 2',
			'1. Red (0,3) > (1,2)  T  Blue 2 Red 4',
			'    0  1  2  3',
			' 0  B  .  .  R',
			' 1  .  R  R  .',
			' 2  .  .  .  .',
			' 3  B  .  .  R',
			'Blue to move: 3 0 2 0',
			'2. Blue (3,0) > (2,0)  T  Blue 4 Red 3',
			'Result: Blue wins 4-3 (the half-move limit is reached)',
			'',
		]);
	});

	it('a malformed record is one line naming the file and the bad move, exit code 2', async () => {
		const path = join(dir, 'bad.json');
		await writeFile(path, record([{ move: '(0,0) > (3,3)' }]));
		const run = await runNode('cli.js', [path, '--plain']);
		expect(run.stderr).toBe(`blobterm: ${path}: moves[0] (half-move 1): (0,0) > (3,3): (3,3) is not empty\n`);
		expect(run.code).toBe(2);
	});
});
