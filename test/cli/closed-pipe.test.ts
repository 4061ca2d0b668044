import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trackFixturePids } from '../fixture-pids.js';

const pids = trackFixturePids('blobterm-closed-pipe-');
const fixture = (name: string) => join('test', 'fixtures', name);

/**
 * Runs `node dist/<script> ...args` with its standard output a pipe whose reading end is closed
 * once `lines` lines have come (0: at once), as `| head -N` does: every later write fails with EPIPE.
 * @returns the exit code, what the program wrote on stderr, and the lines read
 */
function runIntoClosedPipe(
	script: string,
	args: readonly string[],
	lines = 0,
): Promise<{ code: number | null; stderr: string; lines: string[] }> {
	return new Promise((resolve, reject) => {
		const child = spawn('node', [`dist/${script}`, ...args], {
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, FIXTURE_PID_FILE: pids.pidFile() },
		});
		let stdout = '';
		const read: string[] = [];
		if (lines === 0) child.stdout.destroy();
		child.stdout.setEncoding('utf8');
		child.stdout.on('data', (chunk: string) => {
			stdout += chunk;
			const parts = stdout.split('\n');
			stdout = parts.pop()!;
			read.push(...parts);
			if (read.length >= lines) child.stdout.destroy();
		});
		let stderr = '';
		child.stderr.setEncoding('utf8');
		child.stderr.on('data', (chunk: string) => (stderr += chunk));
		const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
		child.on('error', reject);
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, stderr, lines: read.slice(0, lines) });
		});
	});
}

describe('output piped into a reader that stops early (| head)', () => {
	it.each([
		['cli.js', ['--help']],
		['cli.js', ['perft', 'boards/default.bwb', '4']],
		['cli.js', ['match', 'builtin:depth=1', 'builtin:depth=1', 'boards/4x4.bwb', '--games', '2', '--time', '0.1']],
		['engine-cli.js', ['--help']],
		['engine-cli.js', ['boards/4x4.bwb', '0.1']],
	])('%s %j ends quietly, exit code 0', async (script, args) => {
		const run = await runIntoClosedPipe(script, args);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
	});

	it('match ... | head -2: the match stops quietly after its first game, and its engines with it', async () => {
		const greedy = `${fixture('greedy-engine.mjs')},grace=5000`;
		const run = await runIntoClosedPipe(
			'cli.js',
			['match', greedy, greedy, 'boards/gruyere3.bwb', 'boards/4x4.bwb', '--games', '8', '--time', '0.5'],
			2,
		);
		expect(run.lines[0]).toMatch(/^Match: /);
		expect(run.lines[1]).toMatch(/^Finished game 1 /);
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		expect(pids.livePids()).toEqual([]);
	});
});
