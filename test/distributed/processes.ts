/**
 * Coordinators and workers of distributed matches as real child processes (`dist/cli.js`), with
 * their output collected line by line.
 */

import { existsSync, readFileSync } from 'node:fs';
import { execa, type ResultPromise } from 'execa';
import { type MatchGameLine, type RefusalLine } from '../../source/match/match-record.js';
import { waitFor } from '../helpers.js';

/** A running `blobterm` process. */
export interface Child {
	readonly process: ResultPromise;
	/** Its stdout and stderr so far, line by line. */
	readonly lines: string[];
	/** Waits for a line matching `pattern` (within `timeoutMs`) and returns it. */
	line(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/** Starts `node dist/cli.js ...args`, with more environment variables if given. */
export function blobterm(args: readonly string[], env: Record<string, string> = {}): Child {
	const child = execa('node', ['dist/cli.js', ...args], { reject: false, all: true, env: { CI: 'true', ...env } });
	const lines: string[] = [];
	let partial = '';
	child.all?.on('data', (chunk: Buffer) => {
		const text = partial + chunk.toString();
		const parts = text.split('\n');
		partial = parts.pop() ?? '';
		lines.push(...parts);
	});
	return {
		process: child,
		lines,
		line: async (pattern, timeoutMs = 30_000) => {
			await waitFor(() => lines.some((l) => pattern.test(l)), timeoutMs);
			return lines.find((l) => pattern.test(l))!;
		},
	};
}

/** Starts a worker and waits until it is taking pairs. */
export async function startWorker(
	url: string,
	args: readonly string[] = [],
	env: Record<string, string> = {},
): Promise<Child> {
	const worker = blobterm(['worker', url, '--stall-ms', '2000', ...args], env);
	await worker.line(/^Worker .* on rediss?:/);
	return worker;
}

/** Stops children (SIGTERM, then SIGKILL after 5 s) and waits for them. */
export async function stopAll(children: readonly Child[]): Promise<void> {
	await Promise.all(
		children.map(async (child) => {
			if (child.process.exitCode !== null) return;
			child.process.kill('SIGTERM');
			const force = setTimeout(() => child.process.kill('SIGKILL'), 5000);
			await child.process;
			clearTimeout(force);
		}),
	);
}

/** The lines of a record file: header, games and refusals. */
export function readRecord(path: string): {
	games: Array<MatchGameLine & { worker?: string }>;
	refusals: RefusalLine[];
} {
	const lines = existsSync(path)
		? readFileSync(path, 'utf8')
				.split('\n')
				.filter((l) => l !== '')
				.map((l) => JSON.parse(l) as { type: string })
		: [];
	return {
		games: lines.filter((l) => l.type === 'game') as MatchGameLine[],
		refusals: lines.filter((l) => l.type === 'refusal') as RefusalLine[],
	};
}

/** The final table of a match's output: the lines from `Results of` on. */
export function resultTable(output: string): string[] {
	const lines = output.trimEnd().split('\n');
	return lines.slice(lines.findIndex((l) => l.startsWith('Results of ')));
}
