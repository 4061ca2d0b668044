import { stripVTControlCharacters } from 'node:util';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { PtyScreen } from '../ui/pty-screen.js';

const ESC = '\x1b[';
/** The built-in engine at depth 1 on both sides of gruyere3, as text: the same moves on every run. */
const GAME = ['boards/gruyere3.bwb', 'builtin:depth=1', '1', 'builtin:depth=1', '-1', '--plain'];
const MATCH = ['match', 'builtin:depth=1,name=d1', 'builtin:depth=2,name=d2', 'boards/gruyere3.bwb', '--time', '1'];

/**
 * Runs `node dist/SCRIPT ARGS` through pipes, in an environment without any colour setting but
 * `env`'s (so that the caller's NO_COLOR or FORCE_COLOR does not leak in).
 */
async function run(script: string, args: readonly string[], env: Record<string, string> = {}) {
	const base = { ...process.env };
	delete base.NO_COLOR;
	delete base.FORCE_COLOR;
	const result = await execa('node', [`dist/${script}`, ...args], {
		reject: false,
		input: '',
		timeout: 60_000,
		env: { ...base, TERM: 'xterm-256color', ...env },
		extendEnv: false,
		stripFinalNewline: false,
	});
	return { code: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** A plain-mode transcript with the move times (which vary from run to run) masked. */
const untimed = (text: string) => text.replace(/ {2}\d+\.\d\ds {2}/g, '  T  ');

describe('colour outside the TUI', () => {
	it('no escape codes when standard output is not a terminal', async () => {
		const game = await run('cli.js', GAME);
		expect(game.code).toBe(0);
		expect(game.stdout).toMatch(/^Result: /m);
		expect(game.stdout + game.stderr).not.toContain('\x1b');
		const error = await run('cli.js', ['no-such-board.bwb']);
		expect(error.stderr).toBe('blobterm: cannot read board file no-such-board.bwb: no such file\n');
	});

	it('FORCE_COLOR=1 colours a plain game, and the text without colour is the same', async () => {
		const [plain, coloured] = await Promise.all([run('cli.js', GAME), run('cli.js', GAME, { FORCE_COLOR: '1' })]);
		expect(coloured.code).toBe(0);
		expect(coloured.stdout).toContain(`${ESC}94mBlue${ESC}39m`);
		expect(coloured.stdout).toContain(`${ESC}91mRed${ESC}39m`);
		expect(coloured.stdout).toMatch(/\x1b\[1mResult:\x1b\[22m \x1b\[9[14]m(Blue|Red) wins/);
		expect(untimed(stripVTControlCharacters(coloured.stdout))).toBe(untimed(plain.stdout));
	});

	it('NO_COLOR and --no-color win over FORCE_COLOR', async () => {
		const [noColor, flag] = await Promise.all([
			run('cli.js', GAME, { FORCE_COLOR: '1', NO_COLOR: '1' }),
			run('cli.js', [...GAME, '--no-color'], { FORCE_COLOR: '1' }),
		]);
		for (const r of [noColor, flag]) {
			expect(r.code).toBe(0);
			expect(r.stdout).toMatch(/^Result: /m);
			expect(r.stdout).not.toContain('\x1b');
		}
	});

	it('a match: the same output with and without colour', async () => {
		const [plain, coloured] = await Promise.all([run('cli.js', MATCH), run('cli.js', MATCH, { FORCE_COLOR: '1' })]);
		expect(plain.code).toBe(0);
		expect(plain.stdout).toMatch(/^Results of d1 vs d2: 2 games, 1 pair$/m);
		expect(plain.stdout).not.toContain('\x1b');
		expect(coloured.stdout).toMatch(/Score of d1 vs d2: \x1b\[32m\d\x1b\[39m - \x1b\[31m\d\x1b\[39m - \x1b\[33m\d/);
		expect(stripVTControlCharacters(coloured.stdout)).toBe(plain.stdout);
	});

	it("error lines: the program's name in red, the same words", async () => {
		const runs = await Promise.all([
			run('cli.js', ['no-such-board.bwb'], { FORCE_COLOR: '1' }),
			run('engine-cli.js', ['no-such-board.bwb', '1'], { FORCE_COLOR: '1' }),
		]);
		for (const [coloured, name] of [
			[runs[0], 'blobterm'],
			[runs[1], 'blob-engine'],
		] as const) {
			const words = 'cannot read board file no-such-board.bwb: no such file\n';
			expect(coloured.code).toBe(2);
			expect(coloured.stderr).toBe(`${ESC}31m${name}:${ESC}39m ${words}`);
			// Without colour: the first test's line for blobterm, word for word.
			expect(stripVTControlCharacters(coloured.stderr)).toBe(`${name}: ${words}`);
		}
	});

	it('both programs and every command take --no-color and list it in their help', async () => {
		const helps = await Promise.all(
			[
				['cli.js', '--help'],
				...['match', 'analyze', 'perft', 'bench', 'kernel'].map((c) => ['cli.js', c, '--help']),
				['engine-cli.js', '--help'],
			].map(([script, ...args]) => run(script, args)),
		);
		for (const help of helps)
			expect(help.stdout).toMatch(/^ {4}--no-color {2,}no colours \(also NO_COLOR=1 or TERM=dumb\)$/m);
		const plain = await run('engine-cli.js', ['no-such-board.bwb', '1', '--no-color'], { FORCE_COLOR: '1' });
		expect(plain.stderr).toBe('blob-engine: cannot read board file no-such-board.bwb: no such file\n');
	});

	it('in a terminal: colour by default, none with NO_COLOR (which chalk alone would ignore there)', async () => {
		const screens = [
			new PtyScreen('dist/cli.js', GAME),
			new PtyScreen('dist/cli.js', GAME, { env: { NO_COLOR: '1' } }),
		];
		let codes: number[];
		try {
			codes = await Promise.all(screens.map((screen) => screen.exited));
		} finally {
			for (const screen of screens) screen.kill();
		}
		expect(codes).toEqual([0, 0]);
		const [coloured, plain] = screens.map((screen) => screen.raw);
		expect(coloured).toContain(`${ESC}94mBlue${ESC}39m`);
		expect(plain).toMatch(/^Result: /m);
		expect(plain).not.toContain('\x1b');
		expect(untimed(stripVTControlCharacters(coloured))).toBe(untimed(plain));
	});
});
