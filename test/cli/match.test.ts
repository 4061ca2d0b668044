import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it, onTestFinished } from 'vitest';
import { waitFor } from '../helpers.js';
import { runNode } from './run.js';
import { trackFixturePids } from '../fixture-pids.js';

const fixture = (name: string) => join('test', 'fixtures', name);
/** The fixture engines answer at once, but may take a second or more to start on a loaded machine. */
const AMPLE_GRACE = ['--grace', '5000'];

const pids = trackFixturePids('blobterm-match-cli-');
const env = () => ({ FIXTURE_PID_FILE: pids.pidFile() });
const livePids = () => pids.livePids();

const recordLines = (path: string) =>
	existsSync(path)
		? readFileSync(path, 'utf8')
				.split('\n')
				.filter((l) => l !== '')
		: [];

describe('blobterm match', () => {
	it('--help shows how to name the engines of every kind', async () => {
		const run = await runNode('cli.js', ['match', '--help']);
		expect(run.code).toBe(0);
		for (const text of [
			'blobterm match [options] ENGINE_A ENGINE_B [BOARD ...]',
			'builtin:depth=6,name=deep',
			'ti:./prog,args={board} {time}',
			'uai:./prog,option.Hash=64',
			'--sprt SPEC',
			'--resume',
		]) {
			expect(run.stdout).toContain(text);
		}
	});

	it('plays a pair and prints each game, the running score and the final table', async () => {
		const run = await runNode(
			'cli.js',
			[
				'match',
				`${fixture('greedy-engine.mjs')},name=greedy`,
				'builtin:depth=1',
				'boards/gruyere3.bwb',
				'--time',
				'0.5',
				...AMPLE_GRACE,
			],
			{ env: env() },
		);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		const lines = run.stdout.trimEnd().split('\n');
		expect(lines[0]).toBe(
			'Match: greedy vs builtin, 2 games on 1 board, 0.5 s per move, Blob War rules, 1 at once',
		);
		expect(lines[1]).toMatch(
			/^Finished game 1 \(greedy vs builtin on boards\/gruyere3\.bwb\): (1-0|0-1|1\/2-1\/2) \{(Blue wins|Red wins|draw) \d+-\d+ \(.+\)\}$/,
		);
		expect(lines[2]).toMatch(/^Score of greedy vs builtin: \d - \d - \d {2}\[\d\.\d{3}\] 1/);
		expect(lines[3]).toMatch(/^Finished game 2 \(builtin vs greedy on boards\/gruyere3\.bwb\): /);
		expect(lines[4]).toMatch(/^Score of greedy vs builtin: \d - \d - \d {2}\[\d\.\d{3}\] 2/);
		expect(lines[5]).toBe('Results of greedy vs builtin: 2 games, 1 pair');
		expect(lines.slice(6).map((line) => line.trim().split(/\s{2,}/)[0])).toEqual([
			'W/D/L',
			'score',
			'Elo',
			'Elo (pairs)',
			'LOS',
			'draw ratio',
			'pairs',
			'forfeits',
		]);
		expect(lines.at(-1)).toBe('  forfeits     greedy 0, builtin 0');
		expect(livePids()).toEqual([]);
	});

	it('plays UAI engines under Ataxx rules; a forfeit is a game lost with its reason', async () => {
		const run = await runNode(
			'cli.js',
			[
				'match',
				`uai:${fixture('uai-greedy-engine.mjs')},name=greedy`,
				`uai:${fixture('uai-illegal-engine.mjs')},name=illegal`,
				'boards/ataxx.bwb',
				'--time',
				'0.2',
			],
			{ env: env() },
		);
		expect(run.code).toBe(0);
		const lines = run.stdout.trimEnd().split('\n');
		expect(lines[0]).toBe('Match: greedy vs illegal, 2 games on 1 board, 0.2 s per move, Ataxx rules, 1 at once');
		expect(lines[1]).toBe(
			'Finished game 1 (greedy vs illegal on boards/ataxx.bwb): 1-0 ' +
				'{Blue wins 3-2 (Red (illegal) forfeits: illegal move "d4": no Red blob next to d4)}',
		);
		expect(lines[3]).toBe(
			'Finished game 2 (illegal vs greedy on boards/ataxx.bwb): 0-1 ' +
				'{Red wins 2-2 (Blue (illegal) forfeits: illegal move "d4": no Blue blob next to d4)}',
		);
		expect(run.stdout).toContain('  W/D/L        2 / 0 / 0 (wins, draws, losses of greedy)\n');
		expect(run.stdout).toContain(
			"  pairs        LL 0  LD 0  DD+WL 0  WD 0  WW 1 (pentanomial: greedy's points 0, 0.5, 1, 1.5, 2)\n",
		);
		expect(run.stdout).toContain('  forfeits     greedy 0, illegal 2\n');
		expect(livePids()).toEqual([]);
	});

	it('plays on a clock: UAI engines get go wtime/btime, records and PGN keep the clocks', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'blobterm-tc-'));
		onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
		const record = join(dir, 'clock.jsonl');
		const pgn = join(dir, 'clock.pgn');
		const logDir = join(dir, 'logs');
		const run = await runNode(
			'cli.js',
			[
				'match',
				`uai:${fixture('uai-greedy-engine.mjs')},name=greedy`,
				'builtin:depth=2',
				'boards/ataxx.bwb',
				'--tc',
				'40/30+0.5',
				'--record',
				record,
				'--pgn',
				pgn,
				'--log-dir',
				logDir,
				...AMPLE_GRACE,
			],
			{ env: env() },
		);
		expect(run.code).toBe(0);
		expect(run.stdout.split('\n')[0]).toBe(
			'Match: greedy vs builtin, 2 games on 1 board, time control 40/30+0.5 s, Ataxx rules, 1 at once',
		);
		const [header, ...games] = recordLines(record).map((line) => JSON.parse(line));
		expect(header).toMatchObject({ timeMs: 30_000, timeControl: '40/30+0.5' });
		expect(games).toHaveLength(2);
		for (const game of games) {
			expect(game.timeControl).toBe('40/30+0.5');
			expect(game.termination).toBe('end');
			const moves = game.moves.filter((m: { move: string }) => m.move !== 'pass');
			// Each side's first move: 30 s less what it took, plus 0.5 s.
			for (const m of moves.slice(0, 2)) expect(30_500 - m.ms - m.left).toBeLessThanOrEqual(1);
			for (const m of moves) expect(m.left).toBeGreaterThan(0);
		}
		expect(readFileSync(pgn, 'utf8')).toContain('[TimeControl "40/30+0.5"]');
		const log = readFileSync(join(logDir, 'game-0001.log'), 'utf8');
		expect(log).toContain('Blue greedy > go wtime 30000 btime 30000 winc 500 binc 500 movestogo 40');
		expect(log).toMatch(/Red builtin > go wtime 30000 btime \d+ winc 500 binc 500 movestogo 40/);
		expect(livePids()).toEqual([]);
	});

	it.each([
		[
			['match', 'builtin'],
			'blobterm: match: name two engines, ' +
				'e.g. blobterm match builtin:depth=4 builtin:depth=2 (see blobterm match --help)',
		],
		[
			['match', 'builtin', 'uai:./nope'],
			'blobterm: engine ./nope: no such file (players are human, builtin, or an engine program)',
		],
		[
			['match', 'nonexistent-engine', 'builtin'],
			'blobterm: engine nonexistent-engine: no such program in PATH ' +
				'(players are human, builtin, or an engine program)',
		],
		[['match', 'builtin', 'HUMAN'], 'blobterm: engine HUMAN: no such program in PATH (did you mean human?)'],
		[
			['match', 'builtin', 'builtin:depth=x'],
			'blobterm: player builtin:depth=x: depth must be a whole number of plies from 1 to 120, got "x"',
		],
		[
			['match', 'builtin', 'builtin:speed=3'],
			'blobterm: player builtin:speed=3: unknown option "speed" ' +
				'(options of builtin: name, depth, nodes, threads, parallel, preset, algorithm, hash, eval, weights, ' +
				'exposure, aspiration, tt, ttmove, captures, jumppenalty, killers, countermove, history, positional, ' +
				'evalcache, selective, nullmove, rfp, futility, lmr, lmp, lmpcaptures, iir)',
		],
		[['match', 'builtin', 'human'], 'blobterm: a match is between engines: human cannot play'],
		[
			['match', `uai:${fixture('uai-greedy-engine.mjs')}`, 'builtin', 'boards/5x5.bwb'],
			'blobterm: UAI engines play on 7x7 boards: boards/5x5.bwb is 5 x 5',
		],
		[
			['match', 'builtin', 'builtin', '--sprt', 'elo0=5'],
			'blobterm: --sprt: elo0 and elo1 are required, e.g. --sprt elo0=0,elo1=10',
		],
		[
			['match', 'builtin', 'builtin', '--sprt', 'elo0=5,elo1=0'],
			'blobterm: SPRT: elo0 must be less than elo1, got 5 and 0',
		],
		[
			['match', 'builtin', 'builtin', '--fen', 'x5o/7/7/q/7/7/o5x x'],
			'blobterm: bad FEN "x5o/7/7/q/7/7/o5x x": ' +
				'rank 4 from the top: unexpected "q" (expected x, o, -, or a digit)',
		],
		[
			['match', 'builtin', 'builtin', '--resume'],
			'blobterm: --resume needs the record file of the match (--record FILE)',
		],
		[
			['match', 'builtin', 'builtin', '--tc', '5+0.1', '--time', '1'],
			'blobterm: give --time (seconds per move) or --tc (a clock), not both',
		],
		[
			['match', 'builtin', 'builtin', '--tc', '5 s'],
			'blobterm: time control "5 s": cannot be read (write [MOVES/]BASE[+INC] in seconds, e.g. 10+0.1 or 40/60)',
		],
	])('%j fails with one line', async (args, message) => {
		const run = await runNode('cli.js', args);
		expect(run.stderr).toBe(`${message}\n`);
		expect(run.code).toBe(2);
	});

	it('warns that fixed-depth engines repeat their games past two per opening, and the games do repeat', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'blobterm-repeat-'));
		onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
		const record = join(dir, 'm.jsonl');
		const args = ['match', '--games', '4', '--time', '10', '--record', record, '--no-record-pv'];
		const run = await runNode('cli.js', [
			...args,
			'builtin:depth=1,name=a',
			'builtin:depth=2,name=b',
			'boards/4x4.bwb',
		]);
		expect(run.code).toBe(0);
		expect(run.stderr).toBe(
			'blobterm: warning: both engines search to a fixed depth or node count on one thread, so a pair of ' +
				'games on an opening is played the same way each time: the games past the first 2 (2 per opening) ' +
				'repeat earlier ones and add nothing; give more openings (blobterm openings) instead\n',
		);
		const games = recordLines(record)
			.map((l) => JSON.parse(l) as { type: string; moves?: { move: string; depth?: number; pv?: string[] }[] })
			.filter((g) => g.type === 'game');
		// --no-record-pv: each move's depth is recorded, its principal variation is not.
		expect(games.flatMap((g) => g.moves!).filter((m) => m.depth === undefined || m.pv !== undefined)).toEqual([]);
		expect(games).toHaveLength(4);
		const lines = games.map((g) => g.moves!.map((m) => m.move).join(' '));
		expect(lines.slice(2)).toEqual(lines.slice(0, 2));
		// A clock-limited engine varies: no warning.
		const timed = await runNode('cli.js', [
			'match',
			'--games',
			'4',
			'--time',
			'0.05',
			'builtin',
			'builtin:depth=2',
			'boards/4x4.bwb',
		]);
		expect(timed.stderr).toBe('');
	});

	it('never overwrites a record: without --resume an existing one is an error', async () => {
		const record = join(pids.dir(), 'exists.jsonl');
		writeFileSync(record, '{"type":"match"}\n');
		const run = await runNode('cli.js', ['match', 'builtin', 'builtin', '--record', record]);
		expect(run.stderr).toBe(
			`blobterm: record file ${record} already holds a match: ` +
				`add --resume to go on with it, or name another file\n`,
		);
		expect(run.code).toBe(2);
		expect(readFileSync(record, 'utf8')).toBe('{"type":"match"}\n');
	});

	// Some 8 games with a process per move of the fixture engine: a minute or more on a loaded
	// machine, hence two minutes, not the default 30 s.
	it('after a kill -9, --resume plays only the games that were not finished', { timeout: 120_000 }, async () => {
		const record = join(pids.dir(), 'killed.jsonl');
		const args = [
			'dist/cli.js',
			'match',
			fixture('greedy-engine.mjs'),
			'builtin:depth=1',
			'boards/gruyere3.bwb',
			'boards/4x4.bwb',
			'--games',
			'8',
			'--time',
			'0.5',
			...AMPLE_GRACE,
			'--record',
			record,
		];
		const child = execa('node', args, { reject: false, env: env() });
		await waitFor(() => recordLines(record).length >= 3, 60_000);
		child.kill('SIGKILL');
		const killed = await child;
		expect(killed.signal).toBe('SIGKILL');
		const before = recordLines(record);
		const finished = before.length - 1;
		expect(finished).toBeGreaterThanOrEqual(2);
		expect(finished).toBeLessThan(8);
		// The engine program running at the kill (if any) is a short-lived one: it ends by itself.
		await waitFor(() => livePids().length === 0, 10_000);

		const resumed = await runNode('cli.js', args.slice(1).concat('--resume'), { env: env() });
		expect(resumed.stderr).toBe('');
		expect(resumed.code).toBe(0);
		expect(resumed.stdout).toContain(`Resumed: ${finished} games were already in ${record}.\n`);
		expect(resumed.stdout.match(/^Finished game \d+/gm)).toHaveLength(8 - finished);
		const after = recordLines(record);
		expect(after.slice(0, before.length)).toEqual(before);
		expect(
			after
				.slice(1)
				.map((line) => JSON.parse(line).game)
				.sort((a: number, b: number) => a - b),
		).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
		expect(resumed.stdout).toContain('Results of test/fixtures/greedy-engine.mjs vs builtin: 8 games, 4 pairs\n');
		expect(livePids()).toEqual([]);
	});

	it('Ctrl-C stops the match: finished games stay recorded, the table is printed, exit code 130', async () => {
		const record = join(pids.dir(), 'interrupted.jsonl');
		const child = execa(
			'node',
			[
				'dist/cli.js',
				'match',
				'builtin',
				'builtin:depth=2',
				'boards/default.bwb',
				'--games',
				'20',
				'--time',
				'0.2',
				'--record',
				record,
			],
			{ reject: false },
		);
		await waitFor(() => recordLines(record).length >= 1, 30_000);
		await new Promise((resolve) => setTimeout(resolve, 300));
		child.kill('SIGINT');
		const run = await child;
		expect(run.exitCode).toBe(130);
		expect(run.stdout).toContain('Stopping: the games in progress are abandoned (not recorded)...\n');
		expect(run.stdout).toMatch(
			/Stopped: 1 game in progress abandoned\. Add --resume to the same command to play the rest\.\nResults of builtin vs builtin:depth=2: \d+ games?,/,
		);
		const games = recordLines(record).length - 1;
		expect(run.stdout).toContain(`Results of builtin vs builtin:depth=2: ${games} game${games === 1 ? '' : 's'},`);
	});
});

describe('the game command with UAI engines', () => {
	it('plays under Ataxx rules and names the forfeit in the result', async () => {
		const run = await runNode(
			'cli.js',
			[
				'boards/ataxx.bwb',
				`uai:${fixture('uai-greedy-engine.mjs')}`,
				'0.2',
				`uai:${fixture('uai-illegal-engine.mjs')},name=illegal`,
				'-0.2',
				'--plain',
			],
			{ env: env() },
		);
		expect(run.code).toBe(0);
		expect(run.stdout.replace(/\d\.\d\ds/g, 'T')).toBe(
			[
				'1. Blue (0,0) > (0,1)  T  Blue 3 Red 2  +1.00/2',
				'Result: Blue wins 3-2 (Red (illegal) forfeits: illegal move "d4": no Red blob next to d4)',
				'',
			].join('\n'),
		);
		expect(livePids()).toEqual([]);
	});

	it('refuses a board other than 7x7 for a UAI engine', async () => {
		const run = await runNode('cli.js', [
			'boards/5x5.bwb',
			`uai:${fixture('uai-greedy-engine.mjs')}`,
			'1',
			'--plain',
		]);
		expect(run.stderr).toBe('blobterm: UAI engines play on 7x7 boards: boards/5x5.bwb is 5 x 5\n');
		expect(run.code).toBe(2);
	});
});
