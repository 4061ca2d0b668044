/**
 * Engine processes that are running, so that none outlives blobterm: each is started in its own
 * process group (so that its children are ended with it), and every live group is killed when
 * blobterm exits, normally or by a signal (through `signal-exit`).
 */

import { onExit } from 'signal-exit';

const live = new Set<number>();
let hooked = false;

/** Records a process group leader started by blobterm. */
export function trackProcessGroup(pid: number): void {
	if (!hooked) {
		hooked = true;
		onExit(() => {
			for (const leader of live) killProcessGroup(leader, 'SIGKILL');
		});
	}
	live.add(pid);
}

/** Forgets a process group (it has exited and been reaped). */
export function untrackProcessGroup(pid: number): void {
	live.delete(pid);
}

/** Number of process groups blobterm still tracks (for tests). */
export function liveProcessGroups(): number {
	return live.size;
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
