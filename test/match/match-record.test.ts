import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openingFromFen, readOpeningsFile } from '../../source/match/opening.js';
import { headerDifference, type MatchHeader, MatchRecordFile } from '../../source/match/match-record.js';

let tmp: string;
beforeAll(() => {
	tmp = mkdtempSync(join(tmpdir(), 'blobterm-record-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const header: MatchHeader = {
	type: 'match',
	version: 1,
	engines: ['builtin', 'builtin:depth=2'],
	names: ['builtin', 'builtin:depth=2'],
	openings: [{ label: 'boards/4x4.bwb', fen: 'x2o/4/4/x2o x 0 1' }],
	games: 4,
	timeMs: 1000,
	halfMoveLimit: null,
	variant: 'blobwar',
	seed: 7,
	shuffle: false,
	adjudication: null,
	sprt: null,
	startedAt: '2025-11-22T10:00:00.000Z',
};

describe('record files', () => {
	it('a header cut short by a kill is dropped, and the match starts afresh', async () => {
		const path = join(tmp, 'cut-header.jsonl');
		writeFileSync(path, '{"type":"match","vers');
		const { header: h, games } = await MatchRecordFile.open(path, header, true);
		expect(games).toEqual([]);
		expect(h.seed).toBe(7);
		expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(header);
	});

	it('a damaged line in the middle is an error, and the file is left alone', async () => {
		const path = join(tmp, 'damaged.jsonl');
		const text = `${JSON.stringify(header)}\nnot json\n{"type":"game","game":1}\n`;
		writeFileSync(path, text);
		await expect(MatchRecordFile.open(path, header, true)).rejects.toThrow(
			`${path}:2: not a JSON object: the record is damaged`,
		);
		expect(readFileSync(path, 'utf8')).toBe(text);
	});

	it('a resumed match takes the recorded seed when none is given', async () => {
		const path = join(tmp, 'seed.jsonl');
		writeFileSync(path, `${JSON.stringify({ ...header, shuffle: true, seed: 99 })}\n`);
		const { header: h } = await MatchRecordFile.open(path, { ...header, shuffle: true, seed: null }, true);
		expect(h.seed).toBe(99);
	});

	it('a file that is not a record is refused before anything is changed', async () => {
		// Its last line has no newline: the repair of a line cut short by a kill must not touch it.
		for (const text of ['// source code\nconst x = 1;', '[Event "a PGN"]\n[Site "x"]', 'one line']) {
			const path = join(tmp, 'not-a-record.txt');
			writeFileSync(path, text);
			await expect(MatchRecordFile.open(path, header, true)).rejects.toThrow(
				`${path}:1: not a blobterm match record (no match header)`,
			);
			expect(readFileSync(path, 'utf8')).toBe(text);
		}
	});

	it('a record with a game recorded twice is refused', async () => {
		const path = join(tmp, 'twice.jsonl');
		const game = (n: number) => JSON.stringify({ type: 'game', game: n });
		const text = `${JSON.stringify(header)}\n${game(1)}\n${game(2)}\n${game(1)}\n`;
		writeFileSync(path, text);
		await expect(MatchRecordFile.open(path, header, true)).rejects.toThrow(
			`${path}:4: game 1 is recorded twice (lines 2 and 4): ` +
				'two runs wrote to this record at once; keep one of the two lines',
		);
		expect(readFileSync(path, 'utf8')).toBe(text);
	});

	it('is locked while open: a second run on it is refused until the first closes it', async () => {
		const path = join(tmp, 'locked.jsonl');
		const first = await MatchRecordFile.open(path, header, false);
		await expect(MatchRecordFile.open(path, header, true, { lockWaitMs: 200 })).rejects.toThrow(
			`record file ${path} is in use by another blobterm match: ` +
				`let it finish (a match killed with kill -9 frees it within 5 s)`,
		);
		await first.file.close();
		const second = await MatchRecordFile.open(path, header, true, { lockWaitMs: 200 });
		expect(second.games).toEqual([]);
		await second.file.close();
	});

	it('a directory, a symbolic link or a FIFO is refused, in words', async () => {
		const dir = join(tmp, 'a-directory.jsonl');
		mkdirSync(dir);
		await expect(MatchRecordFile.open(dir, header, false)).rejects.toThrow(
			`cannot write record file ${dir}: is a directory`,
		);
		const target = join(tmp, 'target.txt');
		writeFileSync(target, 'precious\n');
		const link = join(tmp, 'link.jsonl');
		symlinkSync(target, link);
		for (const resume of [false, true])
			await expect(MatchRecordFile.open(link, header, resume)).rejects.toThrow(
				`cannot write record file ${link}: is a symbolic link (name the file it points to)`,
			);
		expect(readFileSync(target, 'utf8')).toBe('precious\n');
		const fifo = join(tmp, 'fifo.jsonl');
		await execa('mkfifo', [fifo]);
		await expect(MatchRecordFile.open(fifo, header, true)).rejects.toThrow(
			`cannot write record file ${fifo}: is not a regular file`,
		);
		const missing = join(tmp, 'no', 'such', 'dir', 'r.jsonl');
		await expect(MatchRecordFile.open(missing, header, false)).rejects.toThrow(
			`cannot write record file ${missing}: no such directory`,
		);
	});

	it('names the first setting that differs', () => {
		expect(headerDifference(header, { ...header, games: 10, startedAt: 'later' })).toBeNull();
		expect(headerDifference(header, { ...header, seed: 8 })).toBeNull(); // no shuffle: the seed does not matter
		expect(headerDifference(header, { ...header, timeMs: 500 })).toBe('time per move: 1000 in the record, 500 now');
		expect(headerDifference({ ...header, shuffle: true }, { ...header, shuffle: true, seed: 8 })).toBe(
			'seed: 7 in the record, 8 now',
		);
	});
});

describe('openings', () => {
	it('from a FEN, and from a file of FENs with comments and EPD operations', () => {
		expect(openingFromFen(' x5o/7/7/7/7/7/o5x x 0 1 ')).toMatchObject({
			label: 'x5o/7/7/7/7/7/o5x x 0 1',
			fen: 'x5o/7/7/7/7/7/o5x x 0 1',
			before: [],
		});
		const path = join(tmp, 'openings.epd');
		writeFileSync(
			path,
			'# Ataxx openings\n\nx5o/7/7/7/7/7/o5x x 0 1\nx5o/7/2-1-2/7/2-1-2/7/o5x o 0 1 id "holes";\n',
		);
		expect(readOpeningsFile(path).map((o) => o.fen)).toEqual([
			'x5o/7/7/7/7/7/o5x x 0 1',
			'x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1',
		]);
		writeFileSync(path, 'x5o/7/7/7/7/7/o5x x 0 1\nx5o/7/7/7/7/q\n');
		expect(() => readOpeningsFile(path)).toThrow(
			`${path}:2: bad FEN "x5o/7/7/7/7/q": rank 6 from the top: unexpected "q" (expected x, o, -, or a digit)`,
		);
		writeFileSync(path, '# nothing\n');
		expect(() => readOpeningsFile(path)).toThrow(`openings file ${path} holds no FEN`);
	});
});
