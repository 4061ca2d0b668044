/**
 * End-to-end: blobterm (from dist/) in a real pseudo-terminal, the screen read by a terminal
 * emulator. Keys are typed as a person types them.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { PtyScreen, TTY_RESTORED } from './pty-screen.js';

const UP = '\x1b[A';
const LEFT = '\x1b[D';
const SGR = /\x1b\[[0-9;]*m/;

let screens: PtyScreen[] = [];
afterEach(() => {
	for (const s of screens) s.kill();
	screens = [];
});

function blobterm(
	args: string[],
	options: { cols?: number; rows?: number; env?: Record<string, string> } = {},
): PtyScreen {
	const screen = new PtyScreen('dist/cli.js', args, options);
	screens.push(screen);
	return screen;
}

/** Types keys one at a time, as a person would, waiting for each to show. */
async function press(screen: PtyScreen, keys: string[], gapMs = 60): Promise<void> {
	for (const key of keys) {
		screen.type(key);
		await new Promise((resolve) => setTimeout(resolve, gapMs));
	}
}

/** The board part (first `width` columns) of screen lines `from..to`. */
const boardLines = (screen: PtyScreen, from: number, to: number, width = 15) =>
	screen
		.lines()
		.slice(from, to)
		.map((l) => l.slice(0, width).trimEnd());

describe('blobterm in a terminal', () => {
	it('plays by cursor and by typing, undoes, follows resizes, and quits leaving the terminal as it was', async () => {
		const s = blobterm(['boards/4x4.bwb'], { cols: 80, rows: 24 });
		await s.settle('Your move (Blue)');
		expect(s.lines().slice(0, 6)).toEqual([
			'blobterm · 4x4.bwb · Blue: human · Red: human',
			'    0  1  2  3    Moves',
			' 0  B  .  .  R      none yet',
			' 1  .  .  .  .',
			' 2  .  . [.] .',
			' 3  B  .  .  R',
		]);
		// By cursor: up, up, left, left to (0,0), pick, then down-right to (1,1) and play.
		await press(s, [UP, 'k', LEFT, 'h', '\r']);
		await s.settle(' 1  +  +  *  .');
		expect(boardLines(s, 2, 6)).toEqual([' 0 [B] +  *  R', ' 1  +  +  *  .', ' 2  *  *  *  .', ' 3  B  .  .  R']);
		await press(s, ['j', 'l', '\r']);
		await s.waitFor('1. (0,0) > (1,1)');
		await s.settle('Your move (Red)');
		expect(boardLines(s, 2, 4)).toEqual([' 0 -B- .  .  R', ' 1  . [B] .  .']);
		// By typing: Red clones next to Blue's new blob and captures it.
		await press(s, ['0', ' ', '3', ' ', '1', ' ', '2']);
		await s.waitFor('Your move (Red): 0 3 1 2');
		await press(s, ['\r']);
		await s.settle('(0,0) > (1,1)  (0,3) > (1,2)');
		expect(boardLines(s, 2, 4)).toEqual([' 0  B  .  . -R-', ' 1  . [R](R) .']);
		expect(s.text()).toMatch(
			/Blue to move · Blue 2 · Red 4 · half-move 2 of 100 · time Blue \d+\.\d s Red \d+\.\d s/,
		);
		// Undo takes back Red's move.
		await press(s, ['u']);
		await s.settle('1 taken back: r replays');
		expect(boardLines(s, 2, 4)).toEqual([' 0 -B- .  .  R', ' 1  . [B] .  .']);
		expect(s.text()).toContain('Red to move · Blue 3 · Red 2 · half-move 1 of 100');
		// The live area stays shorter than the terminal: Ink never had to clear the whole screen.
		expect(s.raw).not.toContain('\x1b[2J');
		// Narrower and shorter: the terminal reflows the frame and pushes its top into its scrollback,
		// from where growing brings it back (the pauses let each size be drawn).
		s.resize(60, 12);
		await new Promise((resolve) => setTimeout(resolve, 800));
		s.resize(40, 10);
		await new Promise((resolve) => setTimeout(resolve, 800));
		s.resize(80, 24);
		await new Promise((resolve) => setTimeout(resolve, 800));
		await s.settle(' 0 -B- .  .  R      1. (0,0) > (1,1)');
		// The frame is drawn once from the top: no stale copy of the title or the header above it.
		const title = 'blobterm · 4x4.bwb · Blue: human · Red: human';
		expect(s.lines().filter((line) => line === title)).toHaveLength(1);
		expect(s.lines().filter((line) => line.startsWith('    0  1  2  3'))).toHaveLength(1);
		// Too small a terminal is said; back to a good size, the board is back.
		s.resize(30, 8);
		await s.waitFor((text) =>
			text.replace(/\s+/g, ' ').includes('Terminal too small: 30 x 8. The 4 x 4 board needs 15 x 10.'),
		);
		await s.settle('Terminal too small');
		s.resize(80, 24);
		await s.settle(' 0 -B- .  .  R      1. (0,0) > (1,1)');
		expect(s.lines().filter((line) => line === title)).toHaveLength(1);
		expect(s.lines().filter((line) => line.startsWith('    0  1  2  3'))).toHaveLength(1);
		expect(s.text()).not.toContain('Terminal too small');
		// Between resizes, the live area stays shorter than the terminal: Ink never clears it.
		const grown = s.raw.length;
		await press(s, ['?', ' ']);
		await s.settle('Your move (Red)');
		expect(s.raw.slice(grown)).not.toContain('\x1b[2J');
		await press(s, ['q']);
		expect(await s.exited).toBe(0);
		await s.waitFor(`[exit 0, ${TTY_RESTORED}]`);
		expect(s.cursorShown()).toBe(true);
	});

	it(
		'keys stay live while the engine thinks, its panel follows the search, ' +
			'and Ctrl-C quits at once with exit code 130',
		async () => {
			const s = blobterm(['boards/ataxx.bwb', 'builtin', '30', 'human', '-1'], { cols: 100, rows: 30 });
			await s.waitFor(/Blue · builtin · thinking/);
			const first = await s.waitFor(/depth \d+ +score \S+ for Blue +nodes (\S+)/);
			const nodes = (text: string) => /nodes (\S+)/.exec(text)?.[1];
			await s.waitFor((text) => nodes(text) !== nodes(first));
			await press(s, ['?']);
			await s.waitFor('Keys (any key closes this help)');
			await press(s, [' ']);
			await s.waitFor('Blue (builtin) is thinking · g moves now · p pauses · ? help');
			await press(s, ['\x03']);
			// As a process stopped by SIGINT, and as blobterm match stopped by Ctrl-C.
			expect(await s.exited).toBe(130);
			await s.waitFor(`[exit 130, ${TTY_RESTORED}]`);
			expect(s.cursorShown()).toBe(true);
		},
	);

	it(
		'without colour (NO_COLOR, --no-color, TERM=dumb) writes no colour codes, ' + 'and every mark is still there',
		async () => {
			const coloured = blobterm(['boards/4x4.bwb'], { cols: 80, rows: 24 });
			await coloured.waitFor('Your move (Blue)');
			expect(coloured.raw).toMatch(SGR);
			for (const [args, env] of [
				[['boards/4x4.bwb'], { NO_COLOR: '1' }],
				[['boards/4x4.bwb', '--no-color'], {}],
				[['boards/4x4.bwb'], { TERM: 'dumb' }],
			] as const) {
				const s = blobterm([...args], { cols: 80, rows: 24, env });
				await s.waitFor('Your move (Blue)');
				await press(s, ['k', 'k', 'h', 'h', '\r', 'j', 'l']);
				await s.settle(' 1  + [+] *  .');
				expect(boardLines(s, 2, 5)).toEqual([' 0 <B> +  *  R', ' 1  + [+] *  .', ' 2  *  *  *  .']);
				expect(s.raw, JSON.stringify(env) + args.join(' ')).not.toMatch(SGR);
				await press(s, ['q']);
				expect(await s.exited).toBe(0);
			}
		},
		// Four programs started one after the other: 24 s at load average 17, hence 90 s.
		90_000,
	);

	it('at 80 x 24, a 16x16 board says the move list and engines are hidden, and what shows them', async () => {
		const s = blobterm(['boards/16x16.bwb', '--red', 'builtin'], { cols: 80, rows: 24 });
		await s.settle('Your move (Blue)');
		const lines = s.lines();
		expect(lines[0]).toMatch(/^blobterm · 16x16\.bwb · /);
		expect(lines[18]).toBe('moves and engines hidden: 82 x 22 shows them beside the board, 51 x 26 below it');
		expect(lines[19]).toMatch(/^Blue to move · Blue 2 · Red 2 · half-move 0 of 504 · time Blue /);
		// Wide enough, the panel is there.
		s.resize(82, 22);
		await s.settle((text) => text.includes('Moves') && text.includes('Red · builtin'));
		expect(s.text()).not.toContain('hidden');
		await press(s, ['q']);
		expect(await s.exited).toBe(0);
	});

	it('at 80 x 24, engine against engine on 8x8 shows every number of both engines', async () => {
		const args = ['boards/default.bwb', 'builtin:depth=3', '30', 'builtin:depth=3', '-30', '--max-moves', '6'];
		const s = blobterm(args, { cols: 80, rows: 24 });
		const end = await s.settle(/Result: /, 300, 60_000);
		const lines = s.lines();
		// Each engine block: its numbers, over as many lines of the 50-column panel as they need, none cut.
		for (const side of ['Blue', 'Red']) {
			const at = lines.findIndex((line) => line.slice(30).startsWith(`${side} · builtin`));
			expect(at, end).toBeGreaterThan(0);
			const numbers = lines.slice(at + 1, at + 3).map((line) => line.slice(30));
			const pv = numbers.findIndex((line) => line.startsWith('pv '));
			expect(numbers.slice(0, pv < 0 ? 2 : pv).join('  ')).toMatch(
				// Depth 3, or less where the search proves the result at the half-move limit ("loss in 2 (-1)").
				/^depth [1-3] {2}score (\S+|(win|loss) in \d+ \([+-]?\d+\)) for (Blue|Red) {2}nodes \S+ {2}nps \S+ {2}time \d+\.\d+ s$/,
			);
		}
		// Nothing is cut but the prompt line's key hints, which give way to the result (truncate-end).
		const result = lines.findIndex((line) => line.startsWith('Result: '));
		expect(lines[result]).toMatch(
			/^Result: ((Blue|Red) wins \d+-\d+|draw \d+-\d+) \(the half-move limit is reached\)/,
		);
		expect(lines.filter((_, i) => i !== result).join('\n'), end).not.toContain('…');
		expect(lines.find((line) => line.startsWith('game over'))).toMatch(
			/^game over · Blue \d+ · Red \d+ · half-move 6 of 6 · time Blue \S+ s Red \S+ s$/,
		);
		await press(s, ['q']);
		expect(await s.exited).toBe(0);
	});

	for (const [key, what] of [
		['r', 'render failed'],
		['k', 'key handler failed'],
	] as const) {
		it(`a crash (${what}) gives the terminal back with a one-line error`, async () => {
			const s = new PtyScreen('test/fixtures/crash-tui.mjs', [], { cols: 80, rows: 20 });
			screens.push(s);
			await s.waitFor('fragile: r breaks the render');
			await press(s, [key]);
			expect(await s.exited).toBe(1);
			const text = await s.waitFor(TTY_RESTORED);
			expect(text).toContain(`crash-tui: ${what}`);
			expect(text).not.toMatch(/^\s+at /m);
			expect(text).toContain(`[exit 1, ${TTY_RESTORED}]`);
			expect(s.cursorShown()).toBe(true);
		});
	}
});
