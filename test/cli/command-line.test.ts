/**
 * The manners every command shares: help and version, unknown flags, flags without a value,
 * numbers beyond their bounds. In-process for the parser and the help texts, real processes
 * for what the executables print and exit with.
 */

import { describe, expect, it } from 'vitest';
import { help as benchHelp } from '../../source/cli/bench.js';
import { PERFT_SUITE } from '../../source/cli/bench-perft.js';
import { BENCH_POSITIONS } from '../../source/cli/bench-positions.js';
import { parseCommandLine } from '../../source/cli/command-line.js';
import { HelpRequest } from '../../source/cli/errors.js';
import { runNode } from './run.js';

const FLAGS = {
	time: { type: 'string' },
	fen: { type: 'string', isMultiple: true },
	plain: { type: 'boolean', default: false },
	color: { type: 'boolean', default: true },
} as const;
const parse = (argv: string[]) =>
	parseCommandLine({ command: 'blobterm test', help: '\n  Usage\n    x\n', flags: FLAGS, argv });

/** The help text a command's `run` prints for `--help` (thrown as a HelpRequest). */
async function helpOf(load: () => Promise<{ run(argv: readonly string[]): Promise<void> }>): Promise<string> {
	const command = await load();
	try {
		await command.run(['--help']);
	} catch (error) {
		if (error instanceof HelpRequest) return error.text;
		throw error;
	}
	throw new Error('no help');
}

const COMMANDS = {
	play: () => import('../../source/cli/play.js'),
	match: () => import('../../source/cli/match.js'),
	analyze: () => import('../../source/cli/analyze.js'),
	perft: () => import('../../source/cli/perft.js'),
	bench: () => import('../../source/cli/bench.js'),
	kernel: () => import('../../source/cli/kernel.js'),
	lab: () => import('../../source/cli/lab.js'),
	worker: () => import('../../source/cli/worker.js'),
};

describe('reading a command line', () => {
	it('--help, -h, --version and -v anywhere before -- ask for help instead of running', () => {
		for (const argv of [['--help'], ['search', '-h'], ['x', '--time', '1', '--help']])
			expect(() => parse(argv), argv.join(' ')).toThrow(HelpRequest);
		expect(() => parse(['-v'])).toThrow(HelpRequest);
		try {
			parse(['search', '--version']);
		} catch (error) {
			expect((error as HelpRequest).text).toMatch(/^blobterm \d+\.\d+\.\d+\n$/);
		}
		expect(parse(['--', '--help']).input).toEqual(['--help']);
	});

	it('names an unknown flag, a flag without its value and a flag given twice, with a hint', () => {
		expect(() => parse(['--foo'])).toThrow('unknown flag --foo (see blobterm test --help)');
		expect(() => parse(['-x'])).toThrow('unknown flag -x (see blobterm test --help)');
		expect(() => parse(['--tim=3'])).toThrow('unknown flag --tim (see blobterm test --help)');
		expect(() => parse(['--time'])).toThrow('--time needs a value (see blobterm test --help)');
		expect(() => parse(['--time', '--plain'])).toThrow('--time needs a value (see blobterm test --help)');
		// A string flag with a default is refused too, rather than taking its default.
		expect(() =>
			parseCommandLine({
				command: 'blobterm test',
				help: '\n  Usage\n    x\n',
				flags: { scheme: { type: 'string', default: 'A,B,C' } },
				argv: ['--scheme'],
			}),
		).toThrow('--scheme needs a value (see blobterm test --help)');
		expect(parse(['--time', '-1', '--plain']).flags.time).toBe('-1');
		expect(() => parse(['--time', '1', '--time', '2'])).toThrow('--time can be given only once');
		expect(() => parse(['--plain=maybe'])).toThrow(
			'--plain is a switch: give it alone, or =true or =false (see blobterm test --help)',
		);
		expect(() => parse(['--no-color=1'])).toThrow('--no-color is a switch');
		expect(parse(['--plain=true', '--color=false']).flags).toMatchObject({ plain: true, color: false });
		expect(parse(['--no-color', '--plain', '--fen', 'a', '--fen', 'b']).flags).toMatchObject({
			color: false,
			plain: true,
			fen: ['a', 'b'],
		});
	});

	it('takes negative numbers in every form of the grammar as arguments, not flags', () => {
		expect(parse(['builtin', '-0.5', 'x', '-1e-1', '-.5', '-2.']).input).toEqual([
			'builtin',
			'-0.5',
			'x',
			'-1e-1',
			'-.5',
			'-2.',
		]);
		expect(parse(['--time', '-1e-1']).flags.time).toBe('-1e-1');
	});

	it('takes a list of numbers that starts with a negative one as a value (lab sweep --mca-values -3,-1,0)', () => {
		expect(parse(['--time', '-3,-1,0.5']).flags.time).toBe('-3,-1,0.5');
		expect(parse(['x', '-2,3']).input).toEqual(['x', '-2,3']);
		expect(() => parse(['-3,x'])).toThrow('unknown flag');
	});
});

describe('help texts', () => {
	it('every command answers --help; no prose line is broken short in the middle of a paragraph', async () => {
		for (const [name, load] of Object.entries(COMMANDS)) {
			const text = await helpOf(load);
			expect(text, name).toMatch(/^\n {2}Usage\n/);
			const lines = text.split('\n');
			lines.forEach((line, i) => {
				expect(line.length, `${name}: ${line}`).toBeLessThanOrEqual(100);
				const prose = (l: string | undefined) => l !== undefined && /^ {2}[A-Za-z(]/.test(l);
				if (prose(line) && prose(lines[i + 1]) && !/[.:]$/.test(line))
					expect(line.length, `${name}: a short line within a paragraph: "${line}"`).toBeGreaterThanOrEqual(
						80,
					);
			});
		}
	});

	it('the game help lists every command, bench search and parallel, help and --version', async () => {
		const text = await helpOf(COMMANDS.play);
		for (const needle of [
			'blobterm match',
			'blobterm analyze',
			'blobterm perft',
			'blobterm bench perft',
			'blobterm bench search',
			'blobterm bench parallel',
			'blobterm kernel BOARD',
			'blobterm worker URL',
			'blobterm help [COMMAND]',
			'--version, -v',
			'--help, -h',
			'Ctrl-C quit (exit code 130)',
		])
			expect(text).toContain(needle);
	});

	it('the bench help says the depths the benchmarks run', () => {
		const depths = new Set(PERFT_SUITE.map((row) => row.depth));
		expect(depths.size).toBe(1);
		expect(benchHelp.replace(/\s+/g, ' ')).toContain(`each to depth ${[...depths][0]}, bulk`);
		const searchDepths = BENCH_POSITIONS.map((p) => p.depth);
		expect(benchHelp.replace(/\s+/g, ' ')).toContain(
			`${BENCH_POSITIONS.length} fixed positions (7x7 start, opening and middlegame, the 8x8 default board`,
		);
		expect(benchHelp.replace(/\s+/g, ' ')).toContain(
			`fixed depths (${Math.min(...searchDepths)} to ${Math.max(...searchDepths)} plies)`,
		);
	});
});

/** The one-line error a command's `run` fails with (before anything starts), or null. */
async function errorOf(load: () => Promise<{ run(argv: readonly string[]): Promise<void> }>, argv: string[]) {
	try {
		await (await load()).run(argv);
	} catch (error) {
		return (error as Error).message;
	}
	return null;
}

describe('numbers and flags each command refuses before anything starts', () => {
	it.each([
		// Without its value, --time is an error: no game starts.
		['play', ['--time'], '--time needs a value (see blobterm --help)'],
		['play', ['--blue'], '--blue needs a value (see blobterm --help)'],
		[
			'play',
			['boards/gruyere5.bwb', 'builtin', '99999999', 'builtin', '-0.1', '--plain'],
			'the TIME of player builtin must be a number of seconds from 0.01 to 86400 (one day), ' +
				'negative for Red, got "99999999"',
		],
		// The bad TIME is named, not the player before it.
		[
			'play',
			['boards/gruyere5.bwb', 'builtin', 'abc', 'builtin', '-0.1', '--plain'],
			'the TIME of player builtin must be a number of seconds from 0.01 to 86400 (one day), ' +
				'negative for Red, got "abc"',
		],
		[
			'play',
			['--time', '0', '--plain'],
			'--time must be a number of seconds from 0.01 to 86400 (one day), got "0"',
		],
		[
			'play',
			['--time', 'Infinity'],
			'--time must be a number of seconds from 0.01 to 86400 (one day), got "Infinity"',
		],
		['play', ['--grace', '1e12'], '--grace must be a number of ms from 0 to 3600000 (one hour), got "1e12"'],
		['play', ['--depth', '1', '--depth', '2'], '--depth can be given only once (see blobterm --help)'],
		[
			'match',
			['--time', '99999999', 'builtin', 'builtin'],
			'--time must be a number of seconds from 0.01 to 86400 (one day), got "99999999"',
		],
		[
			'match',
			['--time', '1e300', 'builtin', 'builtin'],
			'--time must be a number of seconds from 0.01 to 86400 (one day), got "1e300"',
		],
		[
			'match',
			['--grace', '1e12', 'builtin', 'builtin'],
			'--grace must be a number of ms from 0 to 3600000 (one hour), got "1e12"',
		],
		[
			'match',
			['--games', '1e12', 'builtin', 'builtin'],
			'--games must be a whole number of games from 1 to 1000000, got "1e12"',
		],
		[
			'match',
			['--concurrency', '0', 'builtin', 'builtin'],
			'--concurrency must be a whole number of games from 1 to 64, got "0"',
		],
		['match', ['-x', 'builtin', 'builtin'], 'unknown flag -x (see blobterm match --help)'],
		[
			'analyze',
			['boards/ataxx.bwb', '--depth', '121'],
			'--depth must be a whole number of plies from 1 to 120, got "121"',
		],
		['perft', ['boards/ataxx.bwb', '31'], 'DEPTH must be a whole number of plies from 1 to 30, got "31"'],
		['bench', ['search', '--depth', '61'], '--depth must be a whole number of plies from 1 to 60, got "61"'],
		[
			'bench',
			['parallel', '--threads', '1,65'],
			'--threads (each count) must be a whole number of threads from 1 to 64, got "65"',
		],
		[
			'lab',
			['simulate', '--processors', '1,65'],
			'--processors (each number) must be an integer from 1 to 64, got "65"',
		],
		['lab', ['trees', '--depth', '2.5'], '--depth must be an integer from 1 to 12, got "2.5"'],
		['lab', ['trees', '--trees', 'ten'], '--trees must be an integer from 1 to 100, got "ten"'],
		[
			'lab',
			[],
			'lab: name a lab command: trees, parallel, simulate, thesis, sweep, classify or train ' +
				'(see blobterm lab --help)',
		],
		['bench', [], 'bench: name a benchmark: perft, search, parallel, time or queue (see blobterm bench --help)'],
		[
			'bench',
			['queue', 'redis://127.0.0.1:1', '--workers', '65'],
			'--workers must be a whole number of processes from 1 to 64, got "65"',
		],
		['worker', ['redis://127.0.0.1:1', '--conc', '2'], 'unknown flag --conc (see blobterm worker --help)'],
	] as const)('%s %j', async (name, argv, message) => {
		expect(await errorOf(COMMANDS[name], [...argv])).toBe(message);
	});

	it('bench search, perft and parallel answer --help instead of running', async () => {
		for (const argv of [
			['search', '--help'],
			['perft', '-h'],
			['parallel', '--help'],
		]) {
			const command = await COMMANDS.bench();
			await expect(command.run(argv)).rejects.toThrow(HelpRequest);
		}
	});
});

describe('the executables', () => {
	it.each([
		['cli.js', ['bench', 'search', '--help'], /^\n {2}Usage\n {4}\$ blobterm bench perft/],
		['cli.js', ['help', 'match'], /^\n {2}Usage\n {4}\$ blobterm match/],
		['cli.js', ['worker', '--help'], /^\n {2}Usage\n {4}\$ blobterm worker URL/],
		['cli.js', ['-h'], /^\n {2}Usage\n {4}\$ blobterm \[BOARD\]/],
		['cli.js', ['-v'], /^blobterm \d+\.\d+\.\d+\n$/],
		['engine-cli.js', ['-h'], /^\n {2}Usage\n {4}\$ blob-engine BOARD_FILE/],
		['engine-cli.js', ['--version'], /^blob-engine \d+\.\d+\.\d+\n$/],
	])('%s %j prints its text and exits 0 without running anything', async (script, args, expected) => {
		const run = await runNode(script, args);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(expected);
	});

	it.each([
		['cli.js', ['--foo'], 'blobterm: unknown flag --foo (see blobterm --help)'],
		[
			'cli.js',
			['match', '--time', 'Infinity', 'builtin', 'builtin'],
			'blobterm: --time must be a number of seconds from 0.01 to 86400 (one day), got "Infinity"',
		],
		[
			'engine-cli.js',
			['--fast', 'boards/ataxx.bwb', '1'],
			'blob-engine: unknown flag --fast (see blob-engine --help)',
		],
		// One grammar: 1e9 is a number to both executables, and too long a time to both.
		[
			'engine-cli.js',
			['boards/ataxx.bwb', '1e9'],
			'blob-engine: TIME must be a number of seconds from 0.01 to 86400 (one day), negative for Red, got "1e9"',
		],
		[
			'engine-cli.js',
			['boards/ataxx.bwb', '0'],
			'blob-engine: TIME must be a number of seconds from 0.01 to 86400 (one day), negative for Red, got "0"',
		],
	])('%s %j fails with one line, exit code 2', async (script, args, message) => {
		const run = await runNode(script, args);
		expect(run.stderr).toBe(`${message}\n`);
		expect(run.stdout).toBe('');
		expect(run.code).toBe(2);
	});

	it('blobterm help names the commands when asked for one it does not have', async () => {
		const run = await runNode('cli.js', ['help', 'nope']);
		expect(run.stderr).toMatch(
			/^blobterm: no command "nope" \(commands: perft, bench, match, analyze, review, kernel\b.*; blobterm help shows the game's\)\n$/,
		);
		expect(run.code).toBe(2);
	});

	it('blob-engine takes a TIME written with an exponent, negative for Red', async () => {
		const run = await runNode('engine-cli.js', ['boards/ataxx.bwb', '-5e-2']);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		// Red's blobs start at (0,6) and (6,0).
		expect(run.stdout).toMatch(/^\((0,6|6,0)\) > \(\d,\d\)\n$/);
	});
});
