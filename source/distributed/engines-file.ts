/**
 * A worker's `--engines FILE`: which local engine plays each engine name of a match. Either JSON,
 * an object of names to engine specs:
 *
 *   { "new": "uai:/opt/engines/ataxx-dev,option.Hash=64", "old": "ti:/opt/engines/v1" }
 *
 * or lines `NAME = SPEC` (the first `=` splits them; blank lines and lines starting with `#` are
 * skipped):
 *
 *   # engines of this machine
 *   new = uai:/opt/engines/ataxx-dev,option.Hash=64
 *   old = ti:/opt/engines/v1
 *
 * A match names its engines by their names in the record (`name=` of the coordinator's specs, or
 * the specs themselves). A worker plays an engine of its file, or a built-in engine as the match
 * gives it (`builtin:depth=4`: no program is run); it refuses any other engine, so no command sent
 * through the queue is ever run.
 */

import { readFileSync } from 'node:fs';
import { type PlayerSpec, parsePlayerSpec, PlayerSpecError } from '../players/player-spec.js';
import { type JobEngine } from './pair-job.js';
import { QueueError } from './queue-error.js';

/** Engine names and the local specs that play them. */
export type EngineTable = ReadonlyMap<string, string>;

/**
 * Reads and checks an engines file: every spec must name an engine that runs on this machine.
 * @throws QueueError (`FILE:LINE: ...`) for a file that cannot be read, a bad line or a bad spec
 */
export function readEnginesFile(path: string): EngineTable {
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const reason =
			code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
		throw new QueueError(`cannot read engines file ${path}: ${reason}`);
	}
	const table = new Map<string, string>();
	const add = (where: string, name: string, spec: string) => {
		if (name === '') throw new QueueError(`${where}: empty engine name`);
		if (table.has(name)) throw new QueueError(`${where}: engine "${name}" named twice`);
		let parsed: PlayerSpec;
		try {
			parsed = parsePlayerSpec(spec);
		} catch (error) {
			if (error instanceof PlayerSpecError) throw new QueueError(`${where}: ${error.message}`);
			throw error;
		}
		if (parsed.kind === 'human') throw new QueueError(`${where}: "${name}" must be an engine, not human`);
		table.set(name, spec);
	};
	if (text.trimStart().startsWith('{')) {
		let json: unknown;
		try {
			json = JSON.parse(text);
		} catch (error) {
			throw new QueueError(`${path}: not valid JSON: ${(error as Error).message}`);
		}
		if (typeof json !== 'object' || json === null || Array.isArray(json))
			throw new QueueError(`${path}: expected an object of engine names to specs`);
		for (const [name, spec] of Object.entries(json)) {
			if (typeof spec !== 'string') throw new QueueError(`${path}: "${name}": the spec must be a string`);
			add(`${path}: "${name}"`, name, spec.trim());
		}
	} else {
		text.split(/\r?\n/).forEach((raw, i) => {
			const line = raw.trim();
			if (line === '' || line.startsWith('#')) return;
			const eq = line.indexOf('=');
			if (eq < 0) throw new QueueError(`${path}:${i + 1}: expected NAME = SPEC, found "${line}"`);
			add(`${path}:${i + 1}`, line.slice(0, eq).trim(), line.slice(eq + 1).trim());
		});
	}
	if (table.size === 0) throw new QueueError(`engines file ${path} names no engine`);
	return table;
}

/** A job's engine that this worker cannot run; the message says why. */
export class EngineRefusedError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'EngineRefusedError';
	}
}

/**
 * The local engine that plays a match's engine: the one its name has in the table, or the
 * built-in engine the match gives.
 * @param table the worker's engines file, or null for none
 * @throws EngineRefusedError for an engine the worker has not, or a built-in spec it cannot read
 */
export function resolveEngine(table: EngineTable | null, engine: JobEngine): PlayerSpec {
	const local = table?.get(engine.name);
	if (local !== undefined) {
		try {
			return parsePlayerSpec(local);
		} catch (error) {
			throw new EngineRefusedError(`engine "${engine.name}": ${(error as Error).message}`);
		}
	}
	if (/^builtin(:|$)/.test(engine.spec)) {
		try {
			return parsePlayerSpec(engine.spec);
		} catch (error) {
			throw new EngineRefusedError(`engine "${engine.name}": ${(error as Error).message}`);
		}
	}
	throw new EngineRefusedError(
		`cannot run engine "${engine.name}" (${engine.spec}): ` +
			(table ? 'not in its --engines file' : 'only built-in engines run on a worker without --engines'),
	);
}
