import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobOpening, type PairJob, readPairJob, readReport } from '../../source/distributed/pair-job.js';
import { BLUE, RED } from '../../source/game/position.js';
import { openingFromBoardFile } from '../../source/match/opening.js';
import { Schedule } from '../../source/match/schedule.js';
import { formatFen } from '../../source/game/fen.js';

const job: PairJob = {
	version: 1,
	match: '0123456789abcdef',
	pair: 3,
	games: [
		{ game: 5, pair: 3, opening: 0, engineA: BLUE },
		{ game: 6, pair: 3, opening: 0, engineA: RED },
	],
	opening: { label: 'boards/4x4.bwb', fen: 'x2o/4/4/x2o x 0 1', before: [] },
	engines: [
		{ name: 'deep', spec: 'builtin:depth=4,name=deep' },
		{ name: 'dev', spec: 'uai:./dev' },
	],
	timeMs: 100,
	timeControl: null,
	halfMoveLimit: null,
	variant: 'blobwar',
	graceMs: 500,
	adjudication: { margin: 8, plies: 4 },
	recordPv: false,
};

describe('pair jobs', () => {
	it('read back as they were written, through JSON', () => {
		expect(readPairJob(JSON.parse(JSON.stringify(job)))).toEqual(job);
	});

	it('keep the principal variations when a job of an older match does not say', () => {
		const { recordPv: _, ...older } = job;
		expect(readPairJob(JSON.parse(JSON.stringify(older))).recordPv).toBe(true);
	});

	it('carry a time control; a job of an older match has none', () => {
		const clocked = { ...job, timeMs: 10_000, timeControl: '10+0.1' };
		expect(readPairJob(JSON.parse(JSON.stringify(clocked)))).toEqual(clocked);
		const { timeControl: _, ...older } = job;
		expect(readPairJob(JSON.parse(JSON.stringify(older))).timeControl).toBeNull();
	});

	it('carry the opening with the board file history that sets its parity', () => {
		const dir = mkdtempSync(join(tmpdir(), 'blobterm-job-'));
		writeFileSync(join(dir, 'h.bwb'), '2 2\nB.\n.R\n\n3 4\nB..R\nBB.R\nBB.R\nBBRR\n');
		const board = openingFromBoardFile(join(dir, 'h.bwb'));
		rmSync(dir, { recursive: true });
		expect(board.before).toHaveLength(2);
		const opening = jobOpening({
			...job,
			opening: { label: board.label, fen: board.fen, before: board.before.map((p) => formatFen(p)) },
		});
		expect(formatFen(opening.position)).toBe(board.fen);
		expect(opening.before.map((p) => formatFen(p))).toEqual(board.before.map((p) => formatFen(p)));
	});

	it.each([
		[{ ...job, version: 2 }, 'job format 2, this worker reads format 1'],
		[{ ...job, pair: 0 }, 'pair is not an integer >= 1'],
		[{ ...job, games: [{ game: 7, pair: 3, opening: 0 }] }, 'game 7 is not of pair 3'],
		[{ ...job, games: [] }, 'games is not a list of one or two games'],
		[{ ...job, engines: [job.engines[0]] }, 'engines is not a pair'],
		[{ ...job, engines: [job.engines[0], { name: '', spec: 'x' }] }, 'engines[1].name is not a non-empty string'],
		[{ ...job, timeMs: -1 }, 'timeMs is not a number > 0'],
		[{ ...job, timeControl: 'soon' }, 'time control "soon": cannot be read'],
		[{ ...job, timeControl: 5 }, 'timeControl is not a non-empty string'],
		[{ ...job, variant: 'chess' }, 'variant is not blobwar or ataxx'],
		[{ ...job, adjudication: { margin: 0, plies: 1 } }, 'adjudication.margin is not an integer >= 1'],
		[{ ...job, recordPv: 'no' }, 'recordPv is not true or false'],
		['{}', 'the job is not an object'],
	])('are refused when malformed (%#)', (data, message) => {
		expect(() => readPairJob(data)).toThrow(message);
	});
});

describe('reports', () => {
	const schedule = new Schedule(1, 1, false);
	const expected = (game: number) => (game <= 10 ? schedule.game(game) : null);
	const record = {
		type: 'game',
		game: 6,
		pair: 3,
		engineA: 'red',
		result: '0-1',
		winner: 'red',
		termination: 'end',
		moves: [],
		worker: 'w1',
	};

	it('are checked against the schedule of the match', () => {
		expect(readReport({ type: 'finished', record }, expected)).toEqual({ type: 'finished', record });
		expect(readReport({ type: 'refused', pair: 3, worker: 'w2', reason: 'no engine' }, expected)).toEqual({
			type: 'refused',
			pair: 3,
			worker: 'w2',
			reason: 'no engine',
		});
	});

	it.each([
		[{ type: 'finished', record: { ...record, game: 11 } }, 'game 11 is not a game of the match'],
		[
			{ type: 'finished', record: { ...record, engineA: 'blue' } },
			'record.engineA is not the colour engine A plays in game 6',
		],
		[{ type: 'finished', record: { ...record, winner: 'blue' } }, 'record.result and record.winner do not agree'],
		[{ type: 'finished', record: { ...record, pair: 2 } }, 'record.pair is not 3'],
		[{ type: 'finished', record: { ...record, worker: 3 } }, 'worker is not a non-empty string'],
		[{ type: 'gossip', worker: 'w1' }, 'unknown report type "gossip"'],
	])('are refused when they do not fit the match (%#)', (data, message) => {
		expect(() => readReport(data, expected)).toThrow(message);
	});
});
