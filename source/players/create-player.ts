/**
 * Making a player from its name on the command line: `human`, `builtin[:OPTIONS]`,
 * `[ti:]PROGRAM[,OPTIONS]` or `uai:PROGRAM[,OPTIONS]` (the syntax is in `player-spec.ts`).
 */

import { type ParallelAlgorithm } from '../search/parallel/search-pool.js';
import { BuiltinPlayer } from './builtin-player.js';
import { type EngineLogger } from './engine-log.js';
import { type PlayerSpec, parsePlayerSpec, PlayerSpecError, resolveProgram, specName } from './player-spec.js';
import { ExternalPlayer } from './external-player.js';
import { HumanPlayer } from './human-player.js';
import { type Player } from './player.js';
import { UaiPlayer } from './uai-player.js';
import { type SearchPools } from './search-pools.js';

export { PlayerSpecError, resolveProgram };

/** Defaults for the players made from specs; a spec's own options win. */
export interface PlayerSettings {
	/** Depth limit of the built-in engine, plies. */
	readonly depth?: number;
	/** Search threads of the built-in engine. */
	readonly threads?: number;
	/** Parallel algorithm of the built-in engine. */
	readonly parallel?: ParallelAlgorithm;
	/** Argument template of a tournament-interface engine (see `ExternalEngineOptions.args`). */
	readonly args?: readonly string[];
	/** Grace period of an engine program, ms. */
	readonly graceMs?: number;
	/** Receives an engine's conversation (logs, the I/O pane): a program's lines, the built-in engine's reports. */
	readonly log?: EngineLogger;
	/** Search threads the built-in engine takes and gives back (a match's games share them). */
	readonly pools?: SearchPools;
}

/**
 * The player a spec names.
 * @throws PlayerSpecError if the spec is malformed or names a program that is missing or not executable
 */
export function createPlayer(spec: string | PlayerSpec, settings: PlayerSettings = {}): Player {
	const parsed = typeof spec === 'string' ? parsePlayerSpec(spec) : spec;
	const name = specName(parsed);
	switch (parsed.kind) {
		case 'human':
			return new HumanPlayer(name);
		case 'builtin':
			return new BuiltinPlayer(
				{
					depth: parsed.depth ?? settings.depth,
					nodes: parsed.nodes,
					search: parsed.search,
					threads: parsed.threads ?? settings.threads,
					parallel: parsed.parallel ?? settings.parallel,
					log: settings.log,
					pools: settings.pools,
				},
				name,
			);
		case 'ti':
			return new ExternalPlayer({
				command: parsed.command,
				args: parsed.args ?? settings.args,
				graceMs: parsed.graceMs ?? settings.graceMs,
				name,
				log: settings.log,
			});
		case 'uai':
			return new UaiPlayer({
				command: parsed.command,
				args: parsed.args,
				options: parsed.options,
				graceMs: parsed.graceMs ?? settings.graceMs,
				initMs: parsed.initMs,
				readyMs: parsed.initMs,
				name,
				log: settings.log,
			});
	}
}
