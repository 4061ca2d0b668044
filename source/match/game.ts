/**
 * The game loop: asks the player to move, checks the answer, plays it, until the end.
 *
 * One loop serves the TUI, the plain mode and (later) matches. It owns the game's state and
 * publishes an immutable snapshot after each change (`subscribe`); an engine's live thinking
 * information is kept apart (`liveInfo`), for the interface to sample on its own timer.
 * Every wait on an engine has a deadline: a player that does not answer within its time, its
 * own grace period and `watchdogMs` is asked to hurry, then loses.
 */

import { gameEnd, type Variant } from '../game/game-over.js';
import { checkMove } from '../game/legality.js';
import { playMove } from '../game/make-move.js';
import { PASS, type Move } from '../game/move.js';
import { formatMove, type MoveCoords } from '../game/notation.js';
import { hasPseudolegalMove } from '../game/movegen.js';
import { clonePosition, type Position, type Side } from '../game/position.js';
import { HumanPlayer } from '../players/human-player.js';
import { type EngineInfo, type MoveAnswer, type Player } from '../players/player.js';
import { watchdogMs } from '../search/time-manager.js';
import { abortedResult, endResult, forfeitResult, type GameResult } from './result.js';
import { startTimer } from './timer.js';

/** Settings of one game. */
export interface GameOptions {
	/** The position the game starts from. */
	readonly start: Position;
	/** Positions before `start` (from a board file's history), oldest first; they only set the history's parity. */
	readonly before?: readonly Position[];
	/** `[blue, red]`. */
	readonly players: readonly [Player, Player];
	/** Time per move in ms, `[blue, red]` (ignored for people). */
	readonly timeMs: readonly [number, number];
	/** Half-moves this game may last. */
	readonly halfMoveLimit: number;
	readonly variant?: Variant;
	/**
	 * Extra ms past an engine's time and grace before the loop steps in (default: `watchdogMs` of a
	 * watched game).
	 */
	readonly watchdogMs?: number;
}

/** A move as played. */
export interface PlayedMove {
	readonly side: Side;
	readonly move: Move;
	/** Canonical text `(r1,c1) > (r2,c2)` (or `pass`). */
	readonly text: string;
	/** What the player said, as given. */
	readonly said: string;
	/** Time the player took, in ms. */
	readonly timeMs: number;
	/** Opponent blobs captured. */
	readonly captures: number;
}

/** A snapshot of the game. Replaced, never mutated. */
export interface GameState {
	/** Positions from the start to the current one. */
	readonly positions: readonly Position[];
	readonly moves: readonly PlayedMove[];
	/** The current position. */
	readonly position: Position;
	/** Null while the game goes on. */
	readonly result: GameResult | null;
	/** The side being asked to move, with when it was asked (`performance.now()` ms). */
	readonly thinking: { readonly side: Side; readonly since: number } | null;
	readonly halfMoveLimit: number;
}

/** A game between two players. */
export class Game {
	readonly players: readonly [Player, Player];
	private current: GameState;
	private readonly listeners = new Set<() => void>();
	private readonly abortController = new AbortController();
	private readonly info: [EngineInfo | null, EngineInfo | null] = [null, null];
	private running: Promise<GameResult> | null = null;

	constructor(readonly options: GameOptions) {
		this.players = options.players;
		const start = clonePosition(options.start);
		this.current = {
			positions: [start],
			moves: [],
			position: start,
			result: null,
			thinking: null,
			halfMoveLimit: options.halfMoveLimit,
		};
	}

	/** The latest snapshot. */
	get state(): GameState {
		return this.current;
	}

	/** Calls `listener` after each change of `state`. @returns a function that unsubscribes */
	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/**
	 * The latest thinking information of a side's engine (kept after it moves, until it thinks
	 * again; null if none), for the interface to sample on its own timer.
	 */
	liveInfo(side: Side): EngineInfo | null {
		return this.info[side];
	}

	/** The human player to move now, if any. */
	humanToMove(): HumanPlayer | null {
		const thinking = this.current.thinking;
		if (!thinking) return null;
		const player = this.players[thinking.side];
		return player instanceof HumanPlayer && player.waiting ? player : null;
	}

	/**
	 * Plays a person's move (typed text or coordinates) for the human to move.
	 * @returns null if played, else why not (the game goes on)
	 */
	submit(input: string | MoveCoords): string | null {
		const human = this.humanToMove();
		if (!human) return this.current.result ? 'the game is over' : 'it is not your turn';
		return human.submit(input);
	}

	/** Runs the game to its end (once; later calls return the same promise). */
	run(): Promise<GameResult> {
		this.running ??= this.loop();
		return this.running;
	}

	/** Abandons the game: the player to move is stopped and the result is 'aborted'. */
	abort(): void {
		this.abortController.abort();
	}

	/** Asks the engine to move to answer now. */
	hurry(): void {
		const thinking = this.current.thinking;
		if (thinking) this.players[thinking.side].hurry?.();
	}

	/** Closes both players (threads, processes). */
	async close(): Promise<void> {
		await Promise.all(this.players.map((p) => p.close()));
	}

	private update(patch: Partial<GameState>): void {
		this.current = { ...this.current, ...patch };
		for (const listener of this.listeners) listener();
	}

	private async loop(): Promise<GameResult> {
		const variant = this.options.variant ?? 'blobwar';
		const signal = this.abortController.signal;
		for (;;) {
			const { position, moves, positions } = this.current;
			const halfMovesLeft = this.options.halfMoveLimit - moves.length;
			const end = gameEnd(position, variant, halfMovesLeft);
			if (end) return this.finish(endResult(end, position));
			const side = position.side;
			if (variant === 'ataxx' && !hasPseudolegalMove(position)) {
				this.record(side, PASS, 'pass', 'pass', 0);
				continue;
			}
			const player = this.players[side];
			const since = performance.now();
			this.info[side] = null;
			const timeMs = this.options.timeMs[side];
			const asked = player.play({
				position,
				history: [...(this.options.before ?? []), ...positions],
				timeMs,
				halfMovesLeft,
				variant,
				signal,
				onInfo: (info) => {
					this.info[side] = info;
				},
			});
			// Published after play() is called, so that a person's prompt sees them waiting.
			this.update({ thinking: { side, since } });
			const answer = await this.withWatchdog(player, asked, timeMs);
			const took = performance.now() - since;
			if (signal.aborted) return this.finish(abortedResult(position));
			if (answer.kind === 'forfeit')
				return this.finish(forfeitResult(side, player.name, answer.reason, position));
			const check = checkMove(position, answer.coords);
			if (!check.ok)
				return this.finish(
					forfeitResult(
						side,
						player.name,
						`illegal move ${JSON.stringify(answer.text)}: ${check.reason}`,
						position,
					),
				);
			this.record(side, check.move, formatMove(position, check.move), answer.text, took);
		}
	}

	private record(side: Side, move: Move, text: string, said: string, timeMs: number): void {
		const { position, positions, moves } = this.current;
		const next = playMove(position, move);
		const captures = move === PASS ? 0 : position.count[side ^ 1] - next.count[side ^ 1];
		this.update({
			position: next,
			positions: [...positions, next],
			moves: [...moves, { side, move, text, said, timeMs, captures }],
			thinking: null,
		});
	}

	private finish(result: GameResult): GameResult {
		this.update({ result, thinking: null });
		return result;
	}

	/**
	 * Engines get their time, their own grace period and `watchdogMs`, then a hurry, then
	 * `watchdogMs` again before they lose: the watchdog is behind the engine's own deadline, never
	 * before it.
	 */
	private withWatchdog(player: Player, answer: Promise<MoveAnswer>, timeMs: number): Promise<MoveAnswer> {
		if (player.kind === 'human') return answer;
		const extra = this.options.watchdogMs ?? watchdogMs(timeMs, false);
		const ownDeadlineMs = timeMs + (player.graceMs ?? 0);
		return new Promise((resolve) => {
			const hurry = startTimer(() => player.hurry?.(), ownDeadlineMs + extra);
			const giveUp = startTimer(
				() =>
					resolve({
						kind: 'forfeit',
						reason: `no answer within ${((ownDeadlineMs + 2 * extra) / 1000).toFixed(2)} s`,
					}),
				ownDeadlineMs + 2 * extra,
			);
			void answer.then((a) => {
				clearTimeout(hurry);
				clearTimeout(giveUp);
				resolve(a);
			});
		});
	}
}
