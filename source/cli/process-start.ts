/**
 * When this process started, as the kernel counts it. Node.js sets `performance.timeOrigin` some
 * time after the process's exec (about 25 ms on the 2-core machine of 2026-12-06): a program whose
 * time counts from its start (the tournament interface's TIME) would not see those milliseconds.
 * On Linux, `/proc/self/stat` gives the start in clock ticks since boot and `/proc/uptime` the time
 * since boot (proc(5)), each to 10 ms.
 */

import { readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc` (USER_HZ: 100 on Linux's common architectures). */
const USER_HZ = 100;
/** Largest age believed (ms): anything older is a misreading, and the time origin is used. */
const MAX_AGE_MS = 60_000;

/**
 * The age of a process (ms) from the text of its `/proc/PID/stat` and of `/proc/uptime`: the
 * uptime less the process's start time (field 22 of stat, clock ticks since boot).
 * @returns the age in ms (to 10 ms), or null if the texts cannot be read as such
 */
export function processAgeMs(stat: string, uptime: string): number | null {
	// Field 2, the command name, is in parentheses and may hold spaces and parentheses: the fields
	// after it follow the last ')', from field 3 on.
	const close = stat.lastIndexOf(')');
	if (close < 0) return null;
	const fields = stat
		.slice(close + 1)
		.trim()
		.split(/\s+/);
	const startTicks = Number(fields[22 - 3]);
	const upSeconds = Number(uptime.trim().split(/\s+/)[0]);
	if (fields.length < 20 || !Number.isFinite(startTicks) || !Number.isFinite(upSeconds)) return null;
	const age = (upSeconds - startTicks / USER_HZ) * 1000;
	return age >= 0 && age <= MAX_AGE_MS ? age : null;
}

/**
 * This process's start in ms since the epoch, on the clock of `performance.timeOrigin`: the
 * kernel's start where `/proc` tells it and it is earlier than the time origin, else the time
 * origin (other systems, no `/proc`, a misreading).
 */
export function processStartMs(): number {
	const origin = performance.timeOrigin;
	try {
		const now = origin + performance.now();
		const age = processAgeMs(readFileSync('/proc/self/stat', 'utf8'), readFileSync('/proc/uptime', 'utf8'));
		return age === null ? origin : Math.min(origin, now - age);
	} catch {
		return origin;
	}
}
