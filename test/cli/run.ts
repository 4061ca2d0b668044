/**
 * Runs the compiled executables as real child processes.
 */

import { execa } from 'execa';

/** Result of a run: exit code, stdout, stderr. */
export interface Run {
	readonly code: number | undefined;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs `node dist/<script> ...args` with an optional stdin text; never rejects. */
export async function runNode(
	script: string,
	args: readonly string[],
	options: { input?: string; timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<Run> {
	const result = await execa('node', [`dist/${script}`, ...args], {
		reject: false,
		input: options.input ?? '',
		timeout: options.timeoutMs ?? 60_000,
		env: options.env,
		stripFinalNewline: false,
	});
	return { code: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}
