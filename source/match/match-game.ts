/**
 * One game of a match: players for engines A and B (engine programs started afresh, the built-in
 * engine's threads taken from the match's `pools` when it has them) in the colours the schedule gives them,
 * the game loop with its adjudication and per-game engine log, and the game's record. The local
 * match (`match.ts`) and a distributed worker (`distributed/pair-worker.ts`) both play their games
 * through `startMatchGame`, so a game played on another machine is recorded exactly as a local one.
 */

import { type Variant } from '../game/game-over.js';
import { defaultLimit } from './half-move-limit.js';
import { BLUE, type Side } from '../game/position.js';
import { createPlayer } from '../players/create-player.js';
import { type PlayerSpec } from '../players/player-spec.js';
import { type Player } from '../players/player.js';
import { type SearchPools } from '../players/search-pools.js';
import { type AdjudicationOptions } from './adjudication.js';
import { reportFields } from './move-report.js';
import { Game } from './game.js';
import { type GameLog } from './game-log.js';
import { type Opening } from './opening.js';
import { type MatchGameLine } from './match-record.js';
import { type GameResult } from './result.js';
import { type ScheduledGame } from './schedule.js';
import { watchdogMs } from '../search/time-manager.js';
import { formatTimeControl, type TimeControl } from './time-control.js';

export { ATAXX_HALF_MOVE_LIMIT, defaultLimit } from './half-move-limit.js';

/** What every game of a match shares. */
export interface MatchGameSettings {
	/** Engines A and B. */
	readonly engines: readonly [PlayerSpec, PlayerSpec];
	/** Their names in records, `[A, B]` (`engineNames`). */
	readonly names: readonly [string, string];
	/** Time per move, ms (with `timeControl`: its base time). */
	readonly timeMs: number;
	/** A clock in place of the time per move (`time-control.ts`); null or absent: `timeMs` per move. */
	readonly timeControl?: TimeControl | null;
	/** Half-move limit; null for `defaultLimit` of each board. */
	readonly halfMoveLimit: number | null;
	readonly variant: Variant;
	/** Grace period of engine programs, ms (their default: 500). */
	readonly graceMs?: number;
	/**
	 * Extra ms past an engine's time and grace before the game loop steps in (default: `watchdogMs`
	 * of unattended play).
	 */
	readonly watchdogMs?: number;
	readonly adjudication?: AdjudicationOptions | null;
	/** Search threads the built-in engines take and give back (default: each player its own). */
	readonly pools?: SearchPools;
	/**
	 * Keep each move's principal variation in the record (default true); false keeps the moves'
	 * score, depth, seldepth and nodes only, for records of long runs (about half the size).
	 */
	readonly recordPv?: boolean;
}

/** A game being played. */
export interface LiveGame {
	readonly scheduled: ScheduledGame;
	readonly opening: Opening;
	/** Player names, Blue then Red. */
	readonly names: readonly [string, string];
	readonly game: Game;
}

/** A game of a match, started: `live.game.abort()` abandons it. */
export interface StartedMatchGame {
	readonly live: LiveGame;
	/**
	 * Resolves once the game is over and its players closed: its record, or null when it was
	 * abandoned (aborted and not adjudicated).
	 */
	readonly finished: Promise<MatchGameLine | null>;
}

/**
 * Starts one game of a match: its players are made from the engines' specs (named as in the
 * match), the game runs, then the players are closed and the log written and closed, whatever
 * happens.
 * @param log the game's engine log (`GameLog.open`), or null; closed when the game is over (the
 *   caller closes it if this throws)
 * @throws PlayerSpecError (synchronously) if a player cannot be made
 */
export function startMatchGame(
	settings: MatchGameSettings,
	scheduled: ScheduledGame,
	opening: Opening,
	log: GameLog | null = null,
): StartedMatchGame {
	const order: [0 | 1, 0 | 1] = scheduled.engineA === BLUE ? [0, 1] : [1, 0];
	const names: [string, string] = [settings.names[order[0]], settings.names[order[1]]];
	log?.line(
		`game ${scheduled.game}: ${names[0]} (Blue) against ${names[1]} (Red) on ${opening.label} (${opening.fen})`,
	);
	const makePlayer = (side: Side): Player => {
		const spec = settings.engines[order[side]];
		return createPlayer({ ...spec, name: names[side] } as PlayerSpec, {
			graceMs: settings.graceMs,
			pools: settings.pools,
			log: log?.logger(`${side === BLUE ? 'Blue' : 'Red'} ${names[side]}`),
		});
	};
	const halfMoveLimit = settings.halfMoveLimit ?? defaultLimit(settings.variant, opening.position.geometry);
	const blue = makePlayer(0);
	let red: Player;
	try {
		red = makePlayer(1);
	} catch (error) {
		void blue.close();
		throw error;
	}
	const game = new Game({
		start: opening.position,
		before: opening.before,
		players: [blue, red],
		timeMs: [settings.timeMs, settings.timeMs],
		timeControl: settings.timeControl ?? null,
		halfMoveLimit,
		variant: settings.variant,
		watchdogMs: settings.watchdogMs ?? watchdogMs(settings.timeMs, true),
		adjudication: settings.adjudication ?? null,
	});
	const live: LiveGame = { scheduled, opening, names, game };
	const startedAt = new Date().toISOString();
	const finished = (async () => {
		let result: GameResult;
		try {
			result = await game.run();
		} finally {
			await game.close();
			log?.line(`game ${scheduled.game} over: ${game.state.result?.reason ?? 'abandoned'}`);
			await log?.close();
		}
		return gameRecordOf(settings, live, result, startedAt);
	})();
	return { live, finished };
}

/**
 * The record of a game that ended (by the rules, a forfeit or an adjudication, which the game loop
 * decides after the rules' own end check).
 * @returns null for a game abandoned by an abort
 */
function gameRecordOf(
	settings: MatchGameSettings,
	live: LiveGame,
	result: GameResult,
	startedAt: string,
): MatchGameLine | null {
	if (result.kind === 'aborted') return null;
	const { scheduled, opening, names, game } = live;
	const winnerSide = result.winner;
	const winner = winnerSide === null ? null : winnerSide === BLUE ? 'blue' : 'red';
	return {
		type: 'game',
		game: scheduled.game,
		pair: scheduled.pair,
		opening: scheduled.opening,
		board: opening.label,
		fen: opening.fen,
		variant: settings.variant,
		halfMoveLimit: game.state.halfMoveLimit,
		timeMs: settings.timeMs,
		...(settings.timeControl && { timeControl: formatTimeControl(settings.timeControl) }),
		blue: names[0],
		red: names[1],
		engineA: scheduled.engineA === BLUE ? 'blue' : 'red',
		moves: game.state.moves.map((m) => ({
			move: m.text,
			said: m.said,
			ms: Math.round(m.timeMs),
			...(m.clockMs !== undefined && { left: m.clockMs }),
			...reportFields(m.report, settings.recordPv ?? true),
		})),
		result: winner === 'blue' ? '1-0' : winner === 'red' ? '0-1' : '1/2-1/2',
		winner,
		blobs: { blue: result.blue, red: result.red },
		termination: result.kind,
		reason: result.reason,
		startedAt,
		endedAt: new Date().toISOString(),
	};
}
