import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	FileReadError,
	makeDirectory,
	openForWriting,
	readTextFile,
	readTextFileSync,
} from '../../source/match/user-files.js';

let tmp: string;
let fifo: string;
beforeAll(async () => {
	tmp = mkdtempSync(join(tmpdir(), 'blobterm-files-'));
	fifo = join(tmp, 'fifo');
	await execa('mkfifo', [fifo]);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('reading a file a user names', () => {
	const readers = [
		[
			'synchronously',
			(path: string, max = 1000) => Promise.resolve().then(() => readTextFileSync(path, 'board file', max)),
		],
		['without blocking', (path: string, max = 1000) => readTextFile(path, 'board file', max)],
	] as const;

	it.each(readers)('%s: reads a regular file whole', async (_, read) => {
		const path = join(tmp, 'ok.bwb');
		writeFileSync(path, '2 2\nB.\n.R\n');
		expect(await read(path)).toBe('2 2\nB.\n.R\n');
		expect(await read(path, 10)).toBe('2 2\nB.\n.R\n'); // exactly the limit
	});

	it.each(readers)('%s: refuses what is not a regular file, without waiting or reading it', async (_, read) => {
		await expect(read(fifo)).rejects.toThrow(`cannot read board file ${fifo}: is a FIFO, not a regular file`);
		await expect(read('/dev/zero')).rejects.toThrow(
			'cannot read board file /dev/zero: is a device, not a regular file',
		);
		await expect(read(tmp)).rejects.toThrow(`cannot read board file ${tmp}: is a directory`);
		await expect(read(join(tmp, 'missing'))).rejects.toThrow(
			`cannot read board file ${join(tmp, 'missing')}: no such file`,
		);
		await expect(read(join(tmp, 'ok.bwb', 'x'))).rejects.toThrow(
			`cannot read board file ${join(tmp, 'ok.bwb', 'x')}: a part of the path is not a directory`,
		);
		await expect(read(fifo)).rejects.toBeInstanceOf(FileReadError);
	});

	it.each(readers)('%s: stops at the size limit', async (_, read) => {
		const path = join(tmp, 'big.bwb');
		writeFileSync(path, 'x'.repeat(11));
		await expect(read(path, 10)).rejects.toThrow(`cannot read board file ${path}: larger than 10 bytes`);
	});
});

describe('writing a file a user names', () => {
	it('refuses a symbolic link, and writes nothing through it', async () => {
		const target = join(tmp, 'target');
		writeFileSync(target, 'precious\n');
		const link = join(tmp, 'link.log');
		symlinkSync(target, link);
		await expect(openForWriting(link, 'replace', 'log file')).rejects.toThrow(
			`cannot write log file ${link}: is a symbolic link (name the file it points to)`,
		);
		expect(readFileSync(target, 'utf8')).toBe('precious\n');
	});

	it('refuses a directory and a FIFO, in words', async () => {
		await expect(openForWriting(tmp, 'append', 'PGN file')).rejects.toThrow(
			`cannot write PGN file ${tmp}: is a directory`,
		);
		await expect(openForWriting(fifo, 'append', 'PGN file')).rejects.toThrow(
			`cannot write PGN file ${fifo}: is not a regular file`,
		);
	});

	it('appends, or replaces what was there', async () => {
		const path = join(tmp, 'out.txt');
		writeFileSync(path, 'old\n');
		let handle = await openForWriting(path, 'append', 'file');
		await handle.write('more\n');
		await handle.close();
		expect(readFileSync(path, 'utf8')).toBe('old\nmore\n');
		handle = await openForWriting(path, 'replace', 'file');
		await handle.write('new\n');
		await handle.close();
		expect(readFileSync(path, 'utf8')).toBe('new\n');
	});
});

describe('making a directory', () => {
	it('makes the missing levels, and takes one that exists', async () => {
		const deep = join(tmp, 'a', 'b', 'c');
		await makeDirectory(deep, 'log directory');
		await makeDirectory(deep, 'log directory');
		writeFileSync(join(deep, 'x'), '');
	});

	it("says why it cannot, at once, even where Node's recursive mkdir loops for ever", async () => {
		await expect(makeDirectory('/proc/nope/logs', 'log directory')).rejects.toThrow(
			/^cannot make log directory \/proc\/nope\/logs: (no such file|permission denied)$/,
		);
		const file = join(tmp, 'a-file');
		writeFileSync(file, '');
		await expect(makeDirectory(file, 'log directory')).rejects.toThrow(
			`cannot make log directory ${file}: it is a file`,
		);
		await expect(makeDirectory(join(file, 'sub'), 'log directory')).rejects.toThrow(
			`cannot make log directory ${join(file, 'sub')}: a part of the path is not a directory`,
		);
	});
});
