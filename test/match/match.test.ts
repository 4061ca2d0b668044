import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../dist/game/fen.js';
import { checkMove } from '../../dist/game/legality.js';
import { playMove } from '../../dist/game/make-move.js';
import { PASS } from '../../dist/game/move.js';
import { parseMoveText } from '../../dist/game/notation.js';
import { Match, type MatchOptions } from '../../dist/match/match.js';
import { openingFromBoardFile } from '../../dist/match/opening.js';
import { type MatchGameLine } from '../../dist/match/match-record.js';
import { parsePlayerSpec } from '../../dist/players/player-spec.js';
import { parseTimeControl } from '../../dist/match/time-control.js';
import { liveProcessGroups } from '../../dist/players/process-registry.js';
import { trackFixturePids } from '../fixture-pids.js';

const fixture = (name: string) => join('test', 'fixtures', name);

const pids = trackFixturePids('blobterm-match-');
const livePids = () => pids.livePids();

function match(engines: [string, string], boards: string[], options: Partial<MatchOptions> = {}): Match {
	return new Match({
		engines: [parsePlayerSpec(engines[0]), parsePlayerSpec(engines[1])],
		openings: boards.map((b) => openingFromBoardFile(`boards/${b}.bwb`)),
		games: 2 * boards.length,
		concurrency: 1,
		timeMs: 200,
		halfMoveLimit: null,
		variant: 'blobwar',
		// Engine programs that answer at once may take a second or more to start on a loaded
		// machine: 5 s of grace (tests of deadlines give their engines less in the spec).
		graceMs: 5000,
		...options,
	});
}

/** Replays a recorded game from its FEN: every move must be legal. @returns the final blob counts */
function replay(record: MatchGameLine): { blue: number; red: number } {
	let position = parseFen(record.fen).position;
	for (const m of record.moves) {
		if (m.move === 'pass') {
			position = playMove(position, PASS);
			continue;
		}
		const check = checkMove(position, parseMoveText(m.move)!);
		expect(check.ok, `${m.move} in game ${record.game}`).toBe(true);
		if (check.ok) position = playMove(position, check.move);
	}
	return { blue: position.count[0], red: position.count[1] };
}

describe('a match', () => {
	it(
		'plays each board twice with colours swapped, records every game at once, ' + 'as PGN too, with engine logs',
		async () => {
			const record = join(pids.dir(), 'pairs.jsonl');
			const pgn = join(pids.dir(), 'pairs.pgn');
			const logDir = join(pids.dir(), 'logs');
			const m = match(
				[`ti:${fixture('greedy-engine.mjs')},name=greedy`, 'builtin:depth=1'],
				['gruyere3', '4x4'],
				{
					timeMs: 500,
					recordPath: record,
					pgnPath: pgn,
					logDir,
				},
			);
			const lines: number[] = [];
			const summary = await m.run({
				gameFinished: () => lines.push(readFileSync(record, 'utf8').trimEnd().split('\n').length),
			});
			// The record grows by one line as each game ends, after its header.
			expect(lines).toEqual([2, 3, 4, 5]);
			expect(summary.end).toBe('done');
			const records = summary.records;
			expect(records.map((r) => [r.game, r.pair, r.board, r.blue, r.red, r.engineA])).toEqual([
				[1, 1, 'boards/gruyere3.bwb', 'greedy', 'builtin', 'blue'],
				[2, 1, 'boards/gruyere3.bwb', 'builtin', 'greedy', 'red'],
				[3, 2, 'boards/4x4.bwb', 'greedy', 'builtin', 'blue'],
				[4, 2, 'boards/4x4.bwb', 'builtin', 'greedy', 'red'],
			]);
			for (const r of records) {
				expect(r.termination).toBe('end');
				expect(r.moves.length).toBeGreaterThan(0);
				for (const move of r.moves) expect(move.ms).toBeGreaterThanOrEqual(0);
				const final = replay(r);
				// The fill rule may give the empty cells to one side at the end; otherwise the counts are the board's.
				if (r.reason === 'the board is full') expect(r.blobs).toEqual(final);
				expect(r.result).toBe(r.winner === 'blue' ? '1-0' : r.winner === 'red' ? '0-1' : '1/2-1/2');
			}
			const onDisk = readFileSync(record, 'utf8')
				.trimEnd()
				.split('\n')
				.map((line) => JSON.parse(line));
			expect(onDisk[0]).toMatchObject({
				type: 'match',
				engines: [`ti:${fixture('greedy-engine.mjs')},name=greedy`, 'builtin:depth=1'],
				names: ['greedy', 'builtin'],
				games: 4,
			});
			expect(onDisk.slice(1)).toEqual(records);
			expect(readFileSync(pgn, 'utf8').match(/^\[Event "blobterm match"\]$/gm)).toHaveLength(4);
			expect(readdirSync(logDir).sort()).toEqual([
				'game-0001.log',
				'game-0002.log',
				'game-0003.log',
				'game-0004.log',
			]);
			const log = readFileSync(join(logDir, 'game-0001.log'), 'utf8');
			expect(log).toMatch(
				/^\d{4}-\d\d-\d\dT[\d:.]+Z \+\d+\.\d{3} game 1: greedy \(Blue\) against builtin \(Red\) on boards\/gruyere3\.bwb/,
			);
			expect(log).toMatch(/ \+\d+\.\d{3} Blue greedy > run \S+greedy-engine\.mjs \S+position\.bwb 0\.5 \d+\n/);
			expect(log).toContain(`Blue greedy < ${records[0].moves[0].move}\n`);
			expect(log).toContain('Blue greedy # exited: exit code 0\n');
			expect(liveProcessGroups()).toBe(0);
			expect(livePids()).toEqual([]);
		},
	);

	it('keeps terminal escapes an engine writes out of records, PGN and logs, its stderr included', async () => {
		const record = join(pids.dir(), 'escapes.jsonl');
		const pgn = join(pids.dir(), 'escapes.pgn');
		const logDir = join(pids.dir(), 'escape-logs');
		process.env.NO_MOVE = '1'; // the engine prints escaped lines, an escaped stderr line, and exits 1
		try {
			const m = match([`${fixture('escape-engine.mjs')},name=escape`, 'builtin:depth=1'], ['gruyere3'], {
				timeMs: 3000,
				recordPath: record,
				pgnPath: pgn,
				logDir,
			});
			const summary = await m.run();
			expect(summary.records.map((r) => r.reason)).toEqual([
				expect.stringMatching(
					/^Blue \(escape\) forfeits: exited with code 1 after [\d.]+ s without a move \(stderr: book missing\)$/,
				),
				expect.stringMatching(
					/^Red \(escape\) forfeits: exited with code 1 after [\d.]+ s without a move \(stderr: book missing\)$/,
				),
			]);
		} finally {
			delete process.env.NO_MOVE;
		}
		const log = readFileSync(join(logDir, 'game-0001.log'), 'utf8');
		expect(log).toContain('Blue escape < thinking\ufffd\n');
		expect(log).toContain('Blue escape ! book missing\n');
		const controls = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
		for (const text of [log, readFileSync(record, 'utf8'), readFileSync(pgn, 'utf8')])
			expect(text).not.toMatch(controls);
		expect(livePids()).toEqual([]);
	});

	it('adjudicates a game once a side leads by the margin for the plies asked', async () => {
		const m = match([`${fixture('greedy-engine.mjs')}`, 'builtin:depth=1'], ['5x5'], {
			adjudication: { margin: 1, plies: 1 },
		});
		const { records, tally } = await m.run();
		// Blue's first clone puts Blue one blob ahead: Blue wins each game after one half-move.
		expect(records.map((r) => [r.winner, r.termination, r.reason, r.moves.length])).toEqual([
			['blue', 'adjudicated', 'adjudicated: Blue led by 1 blobs or more for 1 half-moves', 1],
			['blue', 'adjudicated', 'adjudicated: Blue led by 1 blobs or more for 1 half-moves', 1],
		]);
		expect(tally.wdl).toEqual({ wins: 1, draws: 0, losses: 1 });
		expect(tally.adjudicated).toBe(2);
		expect(tally.pentanomial).toEqual([0, 0, 1, 0, 0]);
	});

	it('stops once the SPRT is decided', async () => {
		const m = match([fixture('greedy-engine.mjs'), fixture('illegal-engine.mjs')], ['gruyere3'], {
			games: 40,
			sprt: { elo0: 0, elo1: 100, alpha: 0.2, beta: 0.2 },
		});
		const summary = await m.run();
		// Every game is a win for A; with these bounds (±1.386) six won pairs decide (LLR 1.482,
		// computed independently with SciPy as for test/match/stats.test.ts).
		expect(summary.end).toBe('sprt');
		expect(summary.records).toHaveLength(12);
		expect(summary.tally.pentanomial).toEqual([0, 0, 0, 0, 6]);
		expect(summary.sprt?.decision).toBe('H1');
		expect(summary.sprt?.llr).toBeCloseTo(1.4821814479955466, 6);
	});

	it('resumes without replaying finished games, even after a line cut short', async () => {
		const record = join(pids.dir(), 'resume.jsonl');
		const first = await match([fixture('greedy-engine.mjs'), 'builtin:depth=1'], ['gruyere3'], {
			recordPath: record,
		}).run();
		expect(first.records.map((r) => r.game)).toEqual([1, 2]);
		const before = readFileSync(record, 'utf8');
		appendFileSync(record, '{"type":"game","game":3,"pai'); // a kill in the middle of a write
		await expect(
			match([fixture('greedy-engine.mjs'), 'builtin:depth=1'], ['gruyere3'], {
				recordPath: record,
				games: 4,
			}).run(),
		).rejects.toThrow(
			`record file ${record} already holds a match: add --resume to go on with it, or name another file`,
		);
		await expect(
			match([fixture('greedy-engine.mjs'), 'builtin:depth=2'], ['gruyere3'], {
				recordPath: record,
				games: 4,
				resume: true,
			}).run(),
		).rejects.toThrow(
			`record file ${record} is of another match (` +
				'engines: ["test/fixtures/greedy-engine.mjs","builtin:depth=1"] in the record, ' +
				'["test/fixtures/greedy-engine.mjs","builtin:depth=2"] now): ' +
				'run the same match to resume it, or name another file',
		);
		const second = await match([fixture('greedy-engine.mjs'), 'builtin:depth=1'], ['gruyere3'], {
			recordPath: record,
			games: 4,
			resume: true,
		}).run();
		expect(second.resumed).toBe(2);
		expect(second.records.map((r) => r.game)).toEqual([1, 2, 3, 4]);
		const after = readFileSync(record, 'utf8');
		expect(after.startsWith(before)).toBe(true);
		expect(
			after
				.trimEnd()
				.split('\n')
				.map((line) => JSON.parse(line).game),
		).toEqual([undefined, 1, 2, 3, 4]);
	});

	it('on a clock, resumes only the same time control', async () => {
		const record = join(pids.dir(), 'clock.jsonl');
		const clocked = (tc: string, resume = false) =>
			match(['builtin:depth=1', 'builtin:depth=2'], ['gruyere3'], {
				timeMs: 20_000,
				timeControl: parseTimeControl(tc),
				recordPath: record,
				games: resume ? 4 : 2,
				resume,
			});
		const first = await clocked('20+0.5').run();
		// Each move leaves its mover 20 s plus its increments less the time its moves took.
		for (const r of first.records) {
			expect(r.timeControl).toBe('20+0.5');
			const [a, b] = r.moves;
			expect([20_500 - a.ms - a.left!, 20_500 - b.ms - b.left!].map((d) => Math.abs(d) <= 1)).toEqual([
				true,
				true,
			]);
			for (const m of r.moves) expect(m.left).toBeGreaterThan(20_000);
		}
		await expect(clocked('20+1', true).run()).rejects.toThrow(
			`record file ${record} is of another match (time control: "20+0.5" in the record, "20+1" now): ` +
				'run the same match to resume it, or name another file',
		);
		expect((await clocked('20+0.5', true).run()).records).toHaveLength(4);
	});

	it('built-in engines keep their threads from game to game, and each game plays as with fresh ones', async () => {
		// The same board three times: every pair must be the same two games, although the later
		// games run on threads (and tables) the earlier ones used.
		const m = match(['builtin:nodes=3000,name=a', 'builtin:nodes=5000,name=b'], ['5x5', '5x5', '5x5'], {
			timeMs: 10_000,
		});
		const summary = await m.run();
		const games = summary.records.map((r) => r.moves.map((move) => move.move).join(' '));
		expect(games).toHaveLength(6);
		expect(games[0]).not.toBe(games[1]);
		expect([games[2], games[3]]).toEqual([games[0], games[1]]);
		expect([games[4], games[5]]).toEqual([games[0], games[1]]);
		// A fresh pool plays the same game.
		const fresh = await match(['builtin:nodes=3000,name=a', 'builtin:nodes=5000,name=b'], ['5x5'], {
			timeMs: 10_000,
			games: 1,
		}).run();
		expect(fresh.records[0].moves.map((move) => move.move).join(' ')).toBe(games[0]);
	});

	it('a stop abandons the games in progress, which are not recorded', async () => {
		const record = join(pids.dir(), 'stop.jsonl');
		const m = match(['builtin', 'builtin:depth=3'], ['default'], {
			timeMs: 300,
			recordPath: record,
			games: 6,
			concurrency: 2,
		});
		const summary = await m.run({
			gameStarted: (live) => live.scheduled.game === 2 && setTimeout(() => m.stop(), 700),
		});
		expect(summary.end).toBe('stopped');
		expect(summary.abandoned).toBe(2);
		expect(summary.records).toHaveLength(0);
		expect(readFileSync(record, 'utf8').trimEnd().split('\n')).toHaveLength(1);
	});
});

describe('engines that misbehave lose their games, and the match goes on', () => {
	const ataxx = (kind: string) => ['ataxx', kind === 'uai' ? 'ataxx' : 'blobwar'] as const;
	// The time per move is 200 ms. The good engine and the bad ones that answer or end by
	// themselves get 5 s of grace (an engine may take a second or more to start on a loaded
	// machine); the bad ones that never answer get 200 ms, and lose at that deadline whether
	// or not they have started by then (the flood gets 1.5 s to start flooding).
	const AMPLE = 'grace=5000';
	it.each([
		['silent-engine.mjs', 'ti', 'grace=200', /^(Blue|Red) \(bad\) forfeits: no move within 0\.40 s$/],
		['late-engine.mjs', 'ti', 'grace=200', /^(Blue|Red) \(bad\) forfeits: no move within 0\.40 s$/],
		[
			'exit-engine.mjs',
			'ti',
			AMPLE,
			/^(Blue|Red) \(bad\) forfeits: exited with code 3 after [\d.]+ s without a move \(stderr: exit-engine: cannot open my opening book\)$/,
		],
		[
			'crash-engine.mjs',
			'ti',
			AMPLE,
			/^(Blue|Red) \(bad\) forfeits: crashed \(SIGSEGV\) after [\d.]+ s without a move$/,
		],
		[
			'garbage-engine.mjs',
			'ti',
			AMPLE,
			/^(Blue|Red) \(bad\) forfeits: printed no move line \(last output: "best: e4"\)$/,
		],
		[
			'illegal-engine.mjs',
			'ti',
			AMPLE,
			/^(Blue|Red) \(bad\) forfeits: illegal move "\(3,3\) > \(0,0\)": \(3,3\) > \(0,0\): \(3,3\) is empty, not a (Blue|Red) blob$/,
		],
		[
			'flood-engine.mjs',
			'ti',
			'grace=1500',
			/^(Blue|Red) \(bad\) forfeits: no move within 1\.70 s \(last output: "x{80}"\)$/,
		],
		['stubborn-engine.mjs', 'ti', 'grace=200', /^(Blue|Red) \(bad\) forfeits: no move within 0\.40 s$/],
		[
			'uai-silent-engine.mjs',
			'uai',
			'init=500',
			/^(Blue|Red) \(bad\) forfeits: no uaiok within 0\.50 s after uai$/,
		],
		['uai-late-engine.mjs', 'uai', 'grace=200', /^(Blue|Red) \(bad\) forfeits: no bestmove within 0\.40 s$/],
		[
			'uai-exit-engine.mjs',
			'uai',
			AMPLE,
			/^(Blue|Red) \(bad\) forfeits: exited with code 3 before uaiok \(stderr: uai-exit-engine: cannot load my network\)$/,
		],
		[
			'uai-crash-engine.mjs',
			'uai',
			AMPLE,
			/^(Blue|Red) \(bad\) forfeits: crashed \(SIGSEGV\) after [\d.]+ s without a move$/,
		],
		[
			'uai-garbage-engine.mjs',
			'uai',
			AMPLE,
			/^(Blue|Red) \(bad\) forfeits: bestmove "e4e4e4" is not a move \(last output: .+\)$/,
		],
		[
			'uai-illegal-engine.mjs',
			'uai',
			AMPLE,
			/^(Blue|Red) \(bad\) forfeits: illegal move "d4": no (Blue|Red) blob next to d4$/,
		],
		[
			'uai-flood-engine.mjs',
			'uai',
			'grace=200',
			/^(Blue|Red) \(bad\) forfeits: no bestmove within 0\.40 s \(last output: "x{80}"\)$/,
		],
		['uai-stubborn-engine.mjs', 'uai', 'grace=200', /^(Blue|Red) \(bad\) forfeits: no bestmove within 0\.40 s$/],
	])('%s', async (name, kind, options, reason) => {
		const [board, variant] = ataxx(kind);
		const good =
			kind === 'uai'
				? `uai:${fixture('uai-greedy-engine.mjs')},name=good,${AMPLE}`
				: `${fixture('greedy-engine.mjs')},name=good,${AMPLE}`;
		const summary = await match([`${kind}:${fixture(name)},name=bad,${options}`, good], [board], { variant }).run();
		expect(summary.end).toBe('done');
		expect(summary.records.map((r) => [r.game, r.termination, r.winner === r.engineA ? 'A' : 'B'])).toEqual([
			[1, 'forfeit', 'B'],
			[2, 'forfeit', 'B'],
		]);
		// Each reason names the deadline that ended its wait (the late engines answer 6 s after theirs).
		for (const r of summary.records) expect(r.reason).toMatch(reason);
		expect(summary.tally.forfeits).toEqual([2, 0]);
		expect(liveProcessGroups()).toBe(0);
		expect(livePids()).toEqual([]);
	});

	it.each([
		['linger-engine.mjs', 'ti', 'gruyere3'],
		['uai-linger-engine.mjs', 'uai', 'ataxx'],
	])('%s: a move printed before running on is taken, and the engine is ended', async (name, kind, board) => {
		const good =
			kind === 'uai' ? `uai:${fixture('uai-greedy-engine.mjs')}` : `${fixture('greedy-engine.mjs')},grace=5000`;
		// The lingering engine runs to its deadline each move: 1 s, time to start on a loaded
		// machine; 4 half-moves, so that it does so twice a game.
		const summary = await match([`${kind}:${fixture(name)},name=linger,grace=200`, good], [board], {
			variant: kind === 'uai' ? 'ataxx' : 'blobwar',
			timeMs: 1000,
			halfMoveLimit: 4,
		}).run();
		expect(summary.records.map((r) => r.termination)).toEqual(['end', 'end']);
		for (const r of summary.records) replay(r);
		expect(liveProcessGroups()).toBe(0);
		expect(livePids()).toEqual([]);
	});
});
