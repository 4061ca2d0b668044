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
		graceMs: 200,
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
	it.each([
		['silent-engine.mjs', 'ti', /^(Blue|Red) \(bad\) forfeits: no move within 0\.40 s$/],
		['late-engine.mjs', 'ti', /^(Blue|Red) \(bad\) forfeits: no move within 0\.40 s$/],
		[
			'exit-engine.mjs',
			'ti',
			/^(Blue|Red) \(bad\) forfeits: exited with code 3 after [\d.]+ s without a move \(stderr: exit-engine: cannot open my opening book\)$/,
		],
		['crash-engine.mjs', 'ti', /^(Blue|Red) \(bad\) forfeits: crashed \(SIGSEGV\) after [\d.]+ s without a move$/],
		['garbage-engine.mjs', 'ti', /^(Blue|Red) \(bad\) forfeits: printed no move line \(last output: "best: e4"\)$/],
		[
			'illegal-engine.mjs',
			'ti',
			/^(Blue|Red) \(bad\) forfeits: illegal move "\(3,3\) > \(0,0\)": \(3,3\) > \(0,0\): \(3,3\) is empty, not a (Blue|Red) blob$/,
		],
		['flood-engine.mjs', 'ti', /^(Blue|Red) \(bad\) forfeits: no move within 0\.40 s \(last output: "x{80}"\)$/],
		['stubborn-engine.mjs', 'ti', /^(Blue|Red) \(bad\) forfeits: no move within 0\.40 s$/],
		['uai-silent-engine.mjs', 'uai', /^(Blue|Red) \(bad\) forfeits: no uaiok within 0\.50 s after uai$/],
		['uai-late-engine.mjs', 'uai', /^(Blue|Red) \(bad\) forfeits: no bestmove within 0\.40 s$/],
		[
			'uai-exit-engine.mjs',
			'uai',
			/^(Blue|Red) \(bad\) forfeits: exited with code 3 before uaiok \(stderr: uai-exit-engine: cannot load my network\)$/,
		],
		[
			'uai-crash-engine.mjs',
			'uai',
			/^(Blue|Red) \(bad\) forfeits: crashed \(SIGSEGV\) after [\d.]+ s without a move$/,
		],
		[
			'uai-garbage-engine.mjs',
			'uai',
			/^(Blue|Red) \(bad\) forfeits: bestmove "e4e4e4" is not a move \(last output: .+\)$/,
		],
		[
			'uai-illegal-engine.mjs',
			'uai',
			/^(Blue|Red) \(bad\) forfeits: illegal move "d4": no (Blue|Red) blob next to d4$/,
		],
		[
			'uai-flood-engine.mjs',
			'uai',
			/^(Blue|Red) \(bad\) forfeits: no bestmove within 0\.40 s \(last output: "x{80}"\)$/,
		],
		['uai-stubborn-engine.mjs', 'uai', /^(Blue|Red) \(bad\) forfeits: no bestmove within 0\.40 s$/],
	])('%s', async (name, kind, reason) => {
		const [board, variant] = ataxx(kind);
		const options = kind === 'uai' ? ',init=500' : '';
		const good =
			kind === 'uai'
				? `uai:${fixture('uai-greedy-engine.mjs')},name=good`
				: `${fixture('greedy-engine.mjs')},name=good`;
		const started = performance.now();
		const summary = await match([`${kind}:${fixture(name)},name=bad${options}`, good], [board], { variant }).run();
		expect(summary.end).toBe('done');
		expect(summary.records.map((r) => [r.game, r.termination, r.winner === r.engineA ? 'A' : 'B'])).toEqual([
			[1, 'forfeit', 'B'],
			[2, 'forfeit', 'B'],
		]);
		for (const r of summary.records) expect(r.reason).toMatch(reason);
		expect(summary.tally.forfeits).toEqual([2, 0]);
		// No wait went past its deadline (the late engines answer 2 s after theirs).
		expect(performance.now() - started).toBeLessThan(8000);
		expect(liveProcessGroups()).toBe(0);
		expect(livePids()).toEqual([]);
	});

	it.each([
		['linger-engine.mjs', 'ti', 'gruyere3'],
		['uai-linger-engine.mjs', 'uai', 'ataxx'],
	])('%s: a move printed before running on is taken, and the engine is ended', async (name, kind, board) => {
		const good = kind === 'uai' ? `uai:${fixture('uai-greedy-engine.mjs')}` : fixture('greedy-engine.mjs');
		const summary = await match([`${kind}:${fixture(name)},name=linger`, good], [board], {
			variant: kind === 'uai' ? 'ataxx' : 'blobwar',
		}).run();
		expect(summary.records.map((r) => r.termination)).toEqual(['end', 'end']);
		for (const r of summary.records) replay(r);
		expect(liveProcessGroups()).toBe(0);
		expect(livePids()).toEqual([]);
	});
});
