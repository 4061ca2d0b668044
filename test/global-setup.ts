/**
 * Run once around the whole test run (vitest `globalSetup`): every test, and every process the
 * tests start, gets a fresh temporary directory as TMPDIR; at the end, anything left in it (a
 * temporary folder of an engine player, of a test, of a killed run) fails the run, naming it.
 */

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir = '';

export function setup(): void {
	dir = mkdtempSync(join(tmpdir(), 'blobterm-tests-'));
	process.env.TMPDIR = dir;
}

export function teardown(): void {
	const left = readdirSync(dir);
	rmSync(dir, { recursive: true, force: true });
	if (left.length > 0) {
		// A throw here is only printed: the exit code says it.
		process.stderr.write(`\nThe tests left behind in TMPDIR: ${left.join(', ')}\n`);
		process.exitCode = 1;
	}
}
