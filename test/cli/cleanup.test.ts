import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAlive, killListedPids } from '../fixture-pids.js';
import { waitFor } from '../helpers.js';

/**
 * Nothing blobterm starts or writes outlives it: engine processes and the temporary folders of
 * tournament-interface engines go when it ends, by a signal it can catch or by SIGKILL.
 */

const fixture = (name: string) => join('test', 'fixtures', name);

let dir: string;
let tmp: string;
let pidFile: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'blobterm-cleanup-'));
	tmp = mkdtempSync(join(dir, 'tmp-'));
	pidFile = join(dir, 'pids');
});
afterEach(() => {
	killListedPids(pidFile); // whatever a failed test left running
	rmSync(dir, { recursive: true, force: true });
});

const enginePids = () =>
	existsSync(pidFile)
		? readFileSync(pidFile, 'utf8')
				.split('\n')
				.filter((line) => line !== '')
				.map(Number)
		: [];
const tempFolders = () => readdirSync(tmp).filter((name) => name.startsWith('blobterm-'));

/** Starts blobterm with a silent engine (20 s per move) and waits until the engine runs. */
async function startWithSilentEngine(args: readonly string[]) {
	const child = execa('node', ['dist/cli.js', ...args], {
		env: { TMPDIR: tmp, FIXTURE_PID_FILE: pidFile },
		reject: false,
		stdin: 'ignore',
	});
	// An engine may take a second or more to start on a loaded machine.
	await waitFor(() => enginePids().length > 0 && tempFolders().length > 0, 20_000);
	return { child }; // not the subprocess itself: a promise, an async function would wait for it
}

describe('blobterm ends its engines and removes its temporary folders', () => {
	it.each(['SIGINT', 'SIGTERM'] as const)('when the game command gets %s', async (signal) => {
		const { child } = await startWithSilentEngine([
			'boards/gruyere3.bwb',
			fixture('silent-engine.mjs'),
			'20',
			'builtin',
			'-1',
			'--plain',
		]);
		child.kill(signal);
		const result = await child;
		expect(result.exitCode ?? result.signal).toBeTruthy(); // it ended, by the signal or with a code
		expect(tempFolders()).toEqual([]);
		await waitFor(() => !enginePids().some(isAlive), 5000);
	});

	it.each([
		['the game command', ['boards/gruyere3.bwb', fixture('silent-engine.mjs'), '20', 'builtin', '-1', '--plain']],
		['a match', ['match', fixture('silent-engine.mjs'), 'builtin:depth=1', 'boards/gruyere3.bwb', '--time', '20']],
	])('when %s is killed with SIGKILL (a watchdog ends what it left)', async (_, args) => {
		const { child } = await startWithSilentEngine(args);
		child.kill('SIGKILL');
		expect((await child).signal).toBe('SIGKILL');
		await waitFor(() => !enginePids().some(isAlive) && tempFolders().length === 0, 10_000);
	});
});
