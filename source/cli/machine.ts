/**
 * A one-line description of the machine a benchmark ran on.
 */

import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';

/**
 * The processor's family and model numbers from the text of Linux's `/proc/cpuinfo` (its first
 * `cpu family` and `model` lines), as `family 26, model 2`, or null if either is missing. A
 * virtual machine often names its processor only `AMD EPYC` or `Intel(R) Xeon(R) Processor`,
 * the same for machines whose speeds differ by a quarter or more; the numbers tell them apart.
 */
export function cpuFamilyModel(cpuinfo: string): string | null {
	const family = /^cpu family\s*:\s*(\d+)\s*$/m.exec(cpuinfo)?.[1];
	const model = /^model\s*:\s*(\d+)\s*$/m.exec(cpuinfo)?.[1];
	return family !== undefined && model !== undefined ? `family ${family}, model ${model}` : null;
}

/** `cpuFamilyModel` of this machine, or null where `/proc/cpuinfo` cannot be read (not Linux). */
function thisFamilyModel(): string | null {
	try {
		return cpuFamilyModel(readFileSync('/proc/cpuinfo', 'utf8'));
	} catch {
		return null;
	}
}

/** E.g. `AMD EPYC (family 26, model 2), 2 cores, 24 GiB, Node v20.20.2, linux x64`. */
export function describeMachine(): string {
	const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
	const familyModel = thisFamilyModel();
	const memory = Math.round(totalmem() / 2 ** 30);
	return (
		`${cpu}${familyModel === null ? '' : ` (${familyModel})`}, ${availableParallelism()} cores, ${memory} GiB, ` +
		`Node ${process.version}, ${process.platform} ${process.arch}`
	);
}
