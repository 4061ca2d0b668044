import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackFixturePids } from '../fixture-pids.js';
import { runNode } from './run.js';

/**
 * The files a match reads and writes: what is not a regular file is refused at once (no hang, no
 * memory blown), nothing is written through a symbolic link, errors are one line in words.
 */

const files = trackFixturePids('blobterm-match-files-');
const at = (name: string) => join(files.dir(), name);
const engines = ['match', 'builtin:depth=1', 'builtin:depth=1'];
/** A run that hangs fails at this deadline (the faults below used to hang for ever). */
const HANG_MS = 30_000;

let fifo: string;
beforeAll(async () => {
	fifo = at('fifo');
	await execa('mkfifo', [fifo]);
});

describe('a match refuses, in one line and at once', () => {
	it.each([
		[[...engines, '/dev/zero'], 'blobterm: cannot read board file /dev/zero: is a device, not a regular file'],
		[[...engines, '<fifo>'], 'blobterm: cannot read board file <fifo>: is a FIFO, not a regular file'],
		[
			[...engines, '--openings', '<fifo>'],
			'blobterm: cannot read openings file <fifo>: is a FIFO, not a regular file',
		],
		[
			[...engines, 'boards/gruyere3.bwb', '--log-dir', '/proc/nope'],
			/^blobterm: cannot make log directory \/proc\/nope: (no such file|permission denied)$/,
		],
		[
			[...engines, 'boards/gruyere3.bwb', '--record', '<dir>'],
			'blobterm: cannot write record file <dir>: is a directory',
		],
		[
			[...engines, 'boards/gruyere3.bwb', '--record', '<dir>/no/such/r.jsonl'],
			'blobterm: cannot write record file <dir>/no/such/r.jsonl: no such directory',
		],
		[
			[...engines, 'boards/gruyere3.bwb', '--record', '<dir>', '--resume'],
			'blobterm: cannot write record file <dir>: is a directory',
		],
	])('%j', async (args, message) => {
		const replace = (text: string) => text.replace('<fifo>', fifo).replace('<dir>', files.dir());
		const run = await runNode('cli.js', args.map(replace), { timeoutMs: HANG_MS });
		const expected = typeof message === 'string' ? replace(message) : message;
		expect(run.stderr.trimEnd()).toMatch(
			typeof expected === 'string' ? new RegExp(`^${escape(expected)}$`) : expected,
		);
		expect(run.code).toBe(2);
	});

	it('a huge one-line openings file: the error quotes a few dozen characters of it', async () => {
		const path = at('huge.epd');
		writeFileSync(path, `${'x'.repeat(2_000_000)}\n`);
		const run = await runNode('cli.js', [...engines, '--openings', path], { timeoutMs: HANG_MS });
		expect(run.stderr).toBe(
			`blobterm: ${path}:1: bad FEN "${'x'.repeat(40)}..." (2000000 characters): ` +
				'ranks of 2000000 cells (expected 1 to 16)\n',
		);
		expect(run.code).toBe(2);
	});
});

describe('a match writes nothing through a symbolic link', () => {
	it.each(['--record', '--pgn'])(
		'%s naming a link is refused, and the file it points to is untouched',
		async (flag) => {
			const target = at(`target${flag}`);
			writeFileSync(target, 'precious\n');
			const link = at(`link${flag}`);
			symlinkSync(target, link);
			const run = await runNode('cli.js', [...engines, 'boards/gruyere3.bwb', flag, link], {
				timeoutMs: HANG_MS,
			});
			const what = flag === '--record' ? 'record file' : 'PGN file';
			expect(run.stderr).toBe(
				`blobterm: cannot write ${what} ${link}: is a symbolic link (name the file it points to)\n`,
			);
			expect(run.code).toBe(2);
			expect(readFileSync(target, 'utf8')).toBe('precious\n');
		},
	);

	it('a log file that is a link is refused, and the file it points to is untouched', async () => {
		const logs = at('logs');
		mkdirSync(logs);
		const target = at('target.log');
		writeFileSync(target, 'precious\n');
		symlinkSync(target, join(logs, 'game-0001.log'));
		const run = await runNode('cli.js', [...engines, 'boards/gruyere3.bwb', '--log-dir', logs], {
			timeoutMs: HANG_MS,
		});
		expect(run.stderr).toBe(
			`blobterm: cannot write log file ${join(logs, 'game-0001.log')}: ` +
				'is a symbolic link (name the file it points to)\n',
		);
		expect(run.code).toBe(2);
		expect(readFileSync(target, 'utf8')).toBe('precious\n');
	});
});

describe('a board path with a newline', () => {
	it('stays on one line in the output and in the PGN tags', async () => {
		const board = at('odd\nname.bwb');
		copyFileSync('boards/gruyere3.bwb', board);
		const pgn = at('odd.pgn');
		const run = await runNode('cli.js', [...engines, board, '--games', '1', '--pgn', pgn], { timeoutMs: HANG_MS });
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		const shown = board.replace('\n', '\ufffd');
		expect(run.stdout).toMatch(
			new RegExp(`^Finished game 1 \\(builtin:depth=1 A vs builtin:depth=1 B on ${escape(shown)}\\)`, 'm'),
		);
		expect(readFileSync(pgn, 'utf8')).toContain(`\n[Board "${shown}"]\n[SetUp "1"]\n`);
	});
});

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
