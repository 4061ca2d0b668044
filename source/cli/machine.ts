/**
 * A one-line description of the machine a benchmark ran on.
 */

import { availableParallelism, cpus, totalmem } from 'node:os';

/** E.g. `Intel(R) Xeon(R) ..., 2 cores, 24 GiB, Node v20.20.2, linux x64`. */
export function describeMachine(): string {
	const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
	const memory = Math.round(totalmem() / 2 ** 30);
	return (
		`${cpu}, ${availableParallelism()} cores, ${memory} GiB, ` +
		`Node ${process.version}, ${process.platform} ${process.arch}`
	);
}
