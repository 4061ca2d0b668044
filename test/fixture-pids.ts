/**
 * The fixture engines record their pids (test/fixtures/lib/record-pid.mjs) in the file named by
 * FIXTURE_PID_FILE; tests use it to check that no engine process is left behind.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** True if a process with this pid exists. */
export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** A test file's temporary directory and the pid file in it. */
export interface FixturePids {
	/** The directory (for the test's other files too). */
	dir(): string;
	/** The pid file (FIXTURE_PID_FILE, for child processes started with their own environment). */
	pidFile(): string;
	/** The recorded pids that are still alive (none should be). */
	livePids(): number[];
}

/**
 * Makes a temporary directory for the tests of this file and points FIXTURE_PID_FILE at a pid
 * file in it (both set up and removed around the file's tests).
 */
export function trackFixturePids(prefix: string): FixturePids {
	let dir = '';
	let pidFile = '';
	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), prefix));
		pidFile = join(dir, 'pids');
		process.env.FIXTURE_PID_FILE = pidFile;
	});
	afterAll(() => {
		delete process.env.FIXTURE_PID_FILE;
		rmSync(dir, { recursive: true, force: true });
	});
	return {
		dir: () => dir,
		pidFile: () => pidFile,
		livePids: () => {
			if (!existsSync(pidFile)) return [];
			return readFileSync(pidFile, 'utf8')
				.split('\n')
				.filter((line) => line !== '')
				.map(Number)
				.filter(isAlive);
		},
	};
}

/** Kills (SIGKILL) the processes whose pids a file lists, one a line, and removes the file. */
export function killListedPids(file: string): void {
	if (!existsSync(file)) return;
	for (const line of readFileSync(file, 'utf8').split('\n')) {
		if (line === '') continue;
		try {
			process.kill(Number(line), 'SIGKILL');
		} catch {
			// already gone
		}
	}
	rmSync(file, { force: true });
}
