/**
 * End to end: `blobterm review` (from dist/) in a real pseudo-terminal, on a recorded match
 * (two games of the built-in engine at depth 4 against depth 2 on 6x6, `test/fixtures/games`):
 * stepping, jumping, the score graph, the turning points, analysis with N lines that restarts on
 * a step (with the time from key to screen measured while every thread searches), the I/O pane,
 * export, and the plain form of the same review.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runNode } from '../cli/run.js';
import { PtyScreen, TTY_RESTORED } from './pty-screen.js';

const RECORD = 'test/fixtures/games/6x6-match.jsonl';
const PGN = 'test/fixtures/games/6x6-match.pgn';
const RIGHT = '\x1b[C';
const LEFT = '\x1b[D';
const HOME = '\x1b[H';
const END = '\x1b[F';

const tmp = mkdtempSync(join(tmpdir(), 'blobterm-review-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let screens: PtyScreen[] = [];
afterEach(() => {
	for (const s of screens) s.kill();
	screens = [];
});

function review(args: string[], cols = 110, rows = 42): PtyScreen {
	const screen = new PtyScreen('dist/cli.js', ['review', ...args], { cols, rows });
	screens.push(screen);
	return screen;
}

/** Types pieces of input one after the other, as a person would. */
async function typeSlowly(screen: PtyScreen, pieces: string[]): Promise<void> {
	for (const piece of pieces) {
		screen.type(piece);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** The column of the graph's `^` mark. */
function markColumn(screen: PtyScreen): number {
	const line = screen.lines().find((l) => /^ *\^$/.test(l));
	return line ? line.length - 1 : -1;
}

describe('blobterm review', () => {
	it('steps, jumps, draws the score graph with the current position marked, lists the turning points', async () => {
		const s = review([RECORD, '--game', '2']);
		const first = await s.settle('half-move 66 of 66');
		expect(first.split('\n')[0]).toContain(
			`blobterm review · ${RECORD}, game 2 · Blue: shallow · Red: deep · 0-1 the board is`,
		);
		expect(first).toContain("Score graph (Blue's view, blobs; ^ half-move 66)");
		expect(first).toContain('> 66. Red  (1,4) > (2,3)  +M1/1  pv (1,4) > (2,3)');
		// The turning points: the moves after which the mover's own score fell most.
		expect(first).toContain('59. Blue (0,4) > (1,5): -9.75 then -15.75 (-6.00)');
		expect(first).toContain('55. Blue (0,3) > (0,2): -10.50 then -13.25 (-2.75)');
		expect(first).toContain('13. Blue (1,0) > (3,1): -5.25 then -7.50 (-2.25)');
		const endMark = markColumn(s);
		expect(endMark).toBeGreaterThan(90);

		s.type(HOME);
		await s.settle('half-move 0 of 66 · Blue to move · Blue 2 · Red 2');
		expect(markColumn(s)).toBe(8);
		expect(s.text()).toContain('next: 1. Blue (0,0) > (0,1)  0.00/2  pv (0,0) > (0,1) (0,5) > (0,4)');
		s.type(RIGHT);
		s.type(RIGHT);
		await s.settle('half-move 2 of 66');
		expect(s.text()).toContain('>  2. Red  (5,5) > (4,4)  -1.50/4  pv (5,5) > (4,4) (0,1) > (0,2)');
		// The last move is marked on the board: - - where it came from, ( ) where it went.
		expect(
			s
				.lines()
				.slice(6, 8)
				.map((l) => l.slice(0, 21).trimEnd()),
		).toEqual([' 4  .  .  .  . (R) .', ' 5  B  .  .  .  . -R-']);
		s.type(LEFT);
		await s.settle('half-move 1 of 66');
		expect(markColumn(s)).toBeGreaterThan(8);

		// g, a number, Enter: to the position after that half-move.
		s.type('g13\r');
		await s.settle('half-move 13 of 66');
		expect(s.text()).toContain('> 13. Blue (1,0) > (3,1)  -5.25/2');
		s.type('g99\r');
		await s.settle('no half-move 99: the game has 66');
		s.type(END);
		await s.settle('half-move 66 of 66');
		expect(markColumn(s)).toBe(endMark);

		// t: the turning points in turn, each at the position its move was played in.
		s.type('t');
		await s.settle('half-move 58 of 66');
		expect(s.text()).toContain('next: 59. Blue (0,4) > (1,5)  -9.75/2');
		s.type('t');
		await s.settle('half-move 54 of 66');
		s.type('q');
		expect(await s.exited).toBe(0);
		await s.waitFor(TTY_RESTORED);
	});

	it('analyses the shown position with N lines on all threads, restarts on a step, stays responsive', async () => {
		const s = review([RECORD, '--game', '2', '--move', '12']);
		await s.settle('half-move 12 of 66');
		s.type('a');
		const lines = await s.waitFor(/ 3\. +[-+]?\d\S* d\d+ /);
		expect(lines).toMatch(
			/builtin · scores for Blue · (thinking|done) · depth \d+ · \S+ nodes · \S+ nps · \S+ s · \d+ threads?/,
		);
		expect(lines).toMatch(/ 1\. +[-+]?\d\S* d\d+ {2}\(\d,\d\) > \(\d,\d\)/);
		s.type('+');
		await s.waitFor(/ 4\. +[-+]?\d\S* d\d+ /);
		s.type('--');
		await s.waitFor((screen) => !/ 3\. /.test(screen) && / 2\. /.test(screen));
		// A step restarts the analysis on the new position: Red to move now. Key to screen: the
		// time from each key to the frame that shows it, while every thread searches, and the same
		// with analysis off, on the same machine at the same time.
		const keyToScreen = async (from: number): Promise<number[]> => {
			const delays: number[] = [];
			for (let i = 0; i < 6; i++) {
				const before = Date.now();
				s.type(RIGHT);
				await s.waitFor(`half-move ${from + 1 + i} of 66`, 10_000);
				delays.push(Date.now() - before);
			}
			return delays.sort((a, b) => a - b);
		};
		const analysing = await keyToScreen(12);
		// One more step: Red to move, and the analysis is of Red's position.
		s.type(RIGHT);
		await s.waitFor((screen) => screen.includes('half-move 19 of 66') && /scores for Red/.test(screen));
		s.type('a');
		await s.waitFor((screen) => !/scores for/.test(screen));
		const idle = await keyToScreen(19);
		const median = (list: number[]) => list[Math.floor(list.length / 2)];
		console.log(`review key to screen, ms: analysing ${analysing.join(' ')}; idle ${idle.join(' ')}`);
		// Generous bounds for a loaded 2-core machine (the benchmark is docs/debugging.md's).
		expect(median(analysing)).toBeLessThan(2000);
		expect(median(analysing)).toBeLessThan(median(idle) + 1500);
		s.type('a');
		await s.waitFor(/scores for Red/);

		// The I/O pane shows what the analysis engine was asked and answered.
		s.type('i');
		const io = await s.waitFor('Engine I/O (> sent, < read, ! stderr, # process)');
		expect(io).toMatch(/\d\d:\d\d:\d\d\.\d{3} analysis builtin (>|<) /);
		await s.waitFor(/analysis builtin < info depth \d+ seldepth \d+ multipv \d score cp -?\d+/);
		s.type('a');
		s.type('q');
		expect(await s.exited).toBe(0);
	});

	it('two engines side by side: the built-in one and a UAI program analyse the same position', async () => {
		// A short 7x7 Ataxx game, the positions a UAI engine reads.
		const record = join(tmp, 'ataxx.jsonl');
		const args = ['match', 'builtin:depth=2', 'builtin:depth=1', 'boards/ataxx.bwb', '--rules', 'ataxx'];
		const played = await runNode('cli.js', [...args, '--games', '1', '--max-moves', '8', '--record', record]);
		expect(played.code).toBe(0);
		const uai = 'uai:dist/engine-cli.js,args=--uai,name=blob-uai';
		const s = review([record, '--move', '3', '--engine', 'builtin:threads=1', '--engine', uai], 120, 44);
		await s.settle('half-move 3 of 8');
		s.type('a');
		// Both panels: each engine's header, then its three best moves (Red to move after half-move 3).
		const both = (screen: string) =>
			/builtin · scores for Red · [^\n]*\n 1\. [^\n]*\n 2\. [^\n]*\n 3\. /.test(screen) &&
			/blob-uai · scores for Red · [^\n]*\n 1\. [^\n]*\n 2\. [^\n]*\n 3\. /.test(screen);
		await s.waitFor(both, 30_000);
		// A step restarts both on the new position: Blue to move.
		s.type(RIGHT);
		await s.waitFor(
			(screen) =>
				screen.includes('half-move 4 of 8') &&
				/builtin · scores for Blue · [^\n]*\n 1\. /.test(screen) &&
				/blob-uai · scores for Blue · [^\n]*\n 1\. /.test(screen),
			30_000,
		);
		// The UAI program reports three lines a depth; scrolled back, the pane shows how it was asked:
		// MultiPV, the position, go infinite (and stop before the step).
		s.type('i');
		await s.waitFor(/analysis blob-uai < info depth \d+ seldepth \d+ multipv 3 score /);
		// Analysis off: the engines stop, and the pane stops growing while it is scrolled.
		s.type('a');
		await s.waitFor(/analysis blob-uai < bestmove /);
		const asked: string[] = [];
		const range = (screen: string) => / · lines (\d+)-\d+ of /.exec(screen)?.[1];
		let first = range(await s.waitFor((text) => range(text) !== undefined));
		while (first !== undefined && first !== '1') {
			const before = first;
			s.type('\x1b[5~');
			const screen = await s.waitFor((text) => range(text) !== undefined && range(text) !== before);
			asked.push(...screen.split('\n'));
			first = range(screen);
		}
		expect(asked.join('\n')).toMatch(/analysis blob-uai > setoption name MultiPV value 3/);
		expect(asked.join('\n')).toMatch(/analysis blob-uai > position fen \S+/);
		expect(asked.join('\n')).toMatch(/analysis blob-uai > go infinite/);
		s.type('q');
		expect(await s.exited).toBe(0);
	}, 90_000);

	it('exports the shown position as FEN and as a board file', async () => {
		const s = review([RECORD, '--game', '2', '--move', '0']);
		await s.settle('half-move 0 of 66');
		s.type('e');
		await s.settle('Export the position to (Enter writes, Esc cancels): 6x6-match-game2-0.bwb');
		const path = join(tmp, 'start.bwb');
		await typeSlowly(s, ['\x15', path, '\r']);
		await s.settle(`wrote ${path} · FEN x4o/6/6/6/6/x4o x 0 1`);
		expect(readFileSync(path, 'utf8')).toBe(
			[
				'6 6',
				'B....R',
				'......',
				'......',
				'......',
				'......',
				'B....R',
				'',
				'1 1',
				`B....R${'.'.repeat(24)}B....R`,
				'',
			].join('\n'),
		);
		await typeSlowly(s, ['e', '\x15', path, '\r']);
		await s.settle(`${path} exists: choose another name`);
		s.type('q');
		expect(await s.exited).toBe(0);
	});

	it('prints the same review of a match record and of its PGN without a terminal', async () => {
		const fromRecord = await runNode('cli.js', ['review', RECORD, '--game', '2']);
		const fromPgn = await runNode('cli.js', ['review', PGN, '--game', '2']);
		expect(fromRecord.code).toBe(0);
		const lines = fromRecord.stdout.split('\n');
		expect(lines.slice(0, 3)).toEqual([
			`${RECORD}, game 2: Blue shallow, Red deep, 0-1 the board is full`,
			'1. Blue (0,0) > (0,1)  0.00/2  pv (0,0) > (0,1) (0,5) > (0,4)',
			'2. Red  (5,5) > (4,4)  -1.50/4  pv (5,5) > (4,4) (0,1) > (0,2) (4,4) > (3,4) (0,2) > (1,4)',
		]);
		expect(lines).toContain('  59. Blue (0,4) > (1,5): -9.75 then -15.75 (drop 6.00)');
		expect(fromPgn.stdout.split('\n').slice(1)).toEqual(lines.slice(1));
		const bad = await runNode('cli.js', ['review', RECORD, '--game', '5']);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toBe(`blobterm: ${RECORD}: no game 5 in the record (games 1, 2)\n`);
	});
});
