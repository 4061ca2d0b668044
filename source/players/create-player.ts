/**
 * Making a player from its name on the command line: `human`, `builtin`, or an engine program.
 */

import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { BuiltinPlayer } from './builtin-player.js';
import { ExternalPlayer } from './external-player.js';
import { HumanPlayer } from './human-player.js';
import { type Player } from './player.js';

/** Settings that apply to the players made from specs. */
export interface PlayerSettings {
	/** Depth limit of the built-in engine, plies. */
	readonly depth?: number;
	/** Argument template of an external engine (see `ExternalEngineOptions.args`). */
	readonly args?: readonly string[];
	/** Grace period of an external engine, ms. */
	readonly graceMs?: number;
}

/** A player spec that names no usable program. */
export class PlayerSpecError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'PlayerSpecError';
	}
}

/**
 * The player a spec names.
 * @throws PlayerSpecError if an engine program does not exist or is not executable
 */
export function createPlayer(spec: string, settings: PlayerSettings = {}): Player {
	if (spec === 'human') return new HumanPlayer();
	if (spec === 'builtin') return new BuiltinPlayer({ depth: settings.depth });
	return new ExternalPlayer({ command: resolveProgram(spec), args: settings.args, graceMs: settings.graceMs, name: spec });
}

/**
 * The program to run for a spec: a path (with a `/`, or a file in the current directory) made
 * absolute and checked, or a bare name left for PATH lookup.
 * @throws PlayerSpecError for a path that is missing, a directory, or not executable
 */
export function resolveProgram(spec: string): string {
	let path: string | null = null;
	if (spec.includes('/')) path = resolve(spec);
	else {
		try {
			if (statSync(spec).isFile()) path = resolve(spec);
		} catch {
			// Not in the current directory: leave it to PATH.
		}
	}
	if (path === null) return spec;
	let isFile = false;
	try {
		isFile = statSync(path).isFile();
	} catch {
		throw new PlayerSpecError(`engine ${spec}: no such file (players are human, builtin, or an engine program)`);
	}
	if (!isFile) throw new PlayerSpecError(`engine ${spec}: not a file`);
	try {
		accessSync(path, constants.X_OK);
	} catch {
		throw new PlayerSpecError(`engine ${spec}: not executable (chmod +x ${spec})`);
	}
	return path;
}
