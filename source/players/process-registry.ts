/**
 * Engine processes and temporary folders that blobterm has made, so that none outlives it.
 *
 * Each engine program is started in its own process group (so that its children end with it).
 * When blobterm exits, normally or by a signal it can catch (SIGINT, SIGTERM, SIGHUP; through
 * `signal-exit`), every live group is killed and every temporary folder removed. SIGKILL cannot
 * be caught: for it, a watchdog process (started with the first engine) is told of every group
 * and folder as it comes and goes, over a pipe; when the pipe closes without a word, blobterm has
 * died, and the watchdog kills the groups and removes the folders it still holds. The watchdog
 * runs in a process group of its own, so that Ctrl-C in the terminal does not end it first.
 */

import { rmSync } from 'node:fs';
import { type Writable } from 'node:stream';
import { execa } from 'execa';
import { onExit } from 'signal-exit';

const live = new Set<number>();
const folders = new Set<string>();
let hooked = false;
let watchdog: Writable | null = null;

/**
 * The watchdog's program (CommonJS, run by `node -e`): reads `["+", pid]`, `["-", pid]`,
 * `["+dir", path]`, `["-dir", path]` lines, and at the end of its input (blobterm is gone, by
 * whatever means) kills what is left and exits.
 */
const WATCHDOG = `
const { rmSync } = require('node:fs');
const groups = new Set();
const dirs = new Set();
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
	const lines = (rest + chunk).split('\\n');
	rest = lines.pop();
	for (const line of lines) {
		try {
			const [op, value] = JSON.parse(line);
			if (op === '+') groups.add(value);
			else if (op === '-') groups.delete(value);
			else if (op === '+dir') dirs.add(value);
			else if (op === '-dir') dirs.delete(value);
		} catch {}
	}
});
const sweep = () => {
	for (const pid of groups) try { process.kill(-pid, 'SIGKILL'); } catch {}
	for (const dir of dirs) try { rmSync(dir, { recursive: true, force: true }); } catch {}
	process.exit(0);
};
process.stdin.on('end', sweep);
process.stdin.on('error', sweep);
`;

/** Tells the watchdog (started on first use) one change. */
function tell(op: string, value?: number | string): void {
	if (!watchdog) {
		const child = execa(process.execPath, ['-e', WATCHDOG], {
			stdin: 'pipe',
			stdout: 'ignore',
			stderr: 'ignore',
			detached: true,
			cleanup: false,
			buffer: false,
			reject: false,
			extendEnv: false,
			env: {},
		});
		// It must not keep blobterm running: neither the process nor its pipe holds the event loop.
		child.unref();
		(child.stdin as unknown as { unref?: () => void }).unref?.();
		child.stdin.on('error', () => {
			watchdog = null; // it has gone: the next change starts another
		});
		watchdog = child.stdin;
	}
	watchdog.write(`${JSON.stringify(value === undefined ? [op] : [op, value])}\n`);
}

function hook(): void {
	if (hooked) return;
	hooked = true;
	onExit(() => {
		for (const leader of live) killProcessGroup(leader, 'SIGKILL');
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	});
}

/** Records a process group leader started by blobterm. */
export function trackProcessGroup(pid: number): void {
	hook();
	live.add(pid);
	tell('+', pid);
}

/** Forgets a process group (it has exited and been reaped). */
export function untrackProcessGroup(pid: number): void {
	if (!live.delete(pid)) return;
	tell('-', pid);
}

/** Records a temporary folder, removed (with what it holds) if blobterm exits before `untrackTempDir`. */
export function trackTempDir(path: string): void {
	hook();
	folders.add(path);
	tell('+dir', path);
}

/** Forgets a temporary folder (it has been removed). */
export function untrackTempDir(path: string): void {
	if (!folders.delete(path)) return;
	tell('-dir', path);
}

/** Number of process groups blobterm still tracks (for tests). */
export function liveProcessGroups(): number {
	return live.size;
}

/** Number of temporary folders blobterm still tracks (for tests). */
export function liveTempDirs(): number {
	return folders.size;
}

/**
 * Sends a signal to a whole process group; a group that is already gone is not an error.
 */
export function killProcessGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// ESRCH: already gone.
	}
}
