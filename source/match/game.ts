/**
 * The game loop: asks the player to move, checks the answer, plays it, until the end; and the
 * changes of course a person asks for at the board, as operations of the same game.
 *
 * One loop serves the TUI, the plain mode and matches. It owns the game's state (the whole line of
 * moves from the start, the moves taken back) and publishes an immutable snapshot after each change
 * (`subscribe`); an engine's live thinking information is kept apart (`liveInfo`), for the
 * interface to sample on its own timer. Every wait on an engine has a deadline: a player that does
 * not answer within its time, its own grace period and `watchdogMs` is asked to hurry, then loses.
 *
 * Operations (each stops a thinking engine and ignores its answer; the loop goes on from the
 * position they leave, and a finished game is taken up again):
 *
 *   undo      takes back moves until a person is to move (one move between two people; in a game
 *             against an engine, the engine's reply and the person's move; while the engine
 *             thinks, the person's move). The moves taken back can be replayed.
 *   redo      replays taken-back moves, up to the next position where a person is to move.
 *   new game  back to the start position; the moves of the game can be replayed with redo.
 *   swap      the players exchange colours (with their times), and the game goes on.
 *   load      another start position and moves (see `saved-game.ts`).
 *   pause     no one is asked to move until pause again.
 *
 * Between two engines, undo and redo step one half-move and pause the game. A new game whose first
 * mover is an engine starts paused, so that redo can still replay the old one. A new move that
 * differs from the next taken-back move forgets the taken-back moves.
 */

import { gameEnd, type Variant } from '../game/game-over.js';
import { checkMove, type MoveCheck } from '../game/legality.js';
import { playMove } from '../game/make-move.js';
import { PASS, type Move } from '../game/move.js';
import { formatMove, type MoveCoords, parseMoveText } from '../game/notation.js';
import { hasPseudolegalMove } from '../game/movegen.js';
import { clonePosition, type Position, type Side } from '../game/position.js';
import { HumanPlayer } from '../players/human-player.js';
import { type EngineInfo, type MoveAnswer, type MoveReport, type Player } from '../players/player.js';
import { watchdogMs } from '../search/time-manager.js';
import { adjudicate, type AdjudicationOptions } from './adjudication.js';
import { defaultLimit } from './half-move-limit.js';
import { abortedResult, adjudicatedResult, endResult, forfeitResult, type GameResult } from './result.js';
import { afterMove, engineClock, type SideClock, startClock, type TimeControl } from './time-control.js';
import { startTimer } from './timer.js';

/** Settings of one game. */
export interface GameOptions {
	/** The position the game starts from (and starts again from on a new game). */
	readonly start: Position;
	/** Positions before `start` (from a board file's history), oldest first; they only set the history's parity. */
	readonly before?: readonly Position[];
	/**
	 * The moves that lead along the end of `before` to `start`, oldest first (a game taken up again
	 * as a new one, as the plain mode does: they are history, not moves of this game).
	 */
	readonly beforeMoves?: readonly Move[];
	/** Moves already played from `start` (a loaded game): the game goes on after them, and they can be taken back. */
	readonly moves?: readonly PlayedMove[];
	/** Moves taken back that redo can replay, next first (a loaded game's). */
	readonly redo?: readonly PlayedMove[];
	/** `[blue, red]` at the start (swap exchanges them). */
	readonly players: readonly [Player, Player];
	/** Time per move in ms, `[blue, red]` at the start (ignored for people; a time goes with its player on a swap). */
	readonly timeMs: readonly [number, number];
	/**
	 * A clock in place of the time per move (`time-control.ts`): each engine's time for the game,
	 * its increment, the moves per period. An engine whose move takes longer than its time left
	 * and its grace period loses on time. People have no clock. A new game or a loaded one starts
	 * the clocks again; undo and redo leave them as they are; a swap exchanges them with the players.
	 */
	readonly timeControl?: TimeControl | null;
	/** Half-moves this game may last, counted from `start`. */
	readonly halfMoveLimit: number;
	/**
	 * True when the half-move limit was asked for (command line): a loaded board keeps it. Otherwise
	 * a loaded board without a limit of its own gets its default (`defaultLimit`).
	 */
	readonly halfMoveLimitGiven?: boolean;
	readonly variant?: Variant;
	/**
	 * Extra ms past an engine's time and grace before the loop steps in (default: `watchdogMs` of a
	 * watched game).
	 */
	readonly watchdogMs?: number;
	/**
	 * Adjudication (`adjudication.ts`): once a side has led by the margin for the plies asked, the
	 * game is theirs. The rules' own end on the same move comes first.
	 */
	readonly adjudication?: AdjudicationOptions | null;
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
	/** The mover's last search report (engines that report one; see `MoveReport`). */
	readonly report?: MoveReport;
	/** With a clock: the mover's time left after the move (its increment added), ms. */
	readonly clockMs?: number;
}

/** A game as loaded from a file: where it starts, what was played, what can be replayed. */
export interface LoadedGame {
	readonly start: Position;
	readonly before: readonly Position[];
	readonly moves: readonly PlayedMove[];
	readonly redo: readonly PlayedMove[];
	/** The record's half-move limit, or null to keep the game's. */
	readonly halfMoveLimit: number | null;
	readonly variant: Variant;
}

/** A snapshot of the game. Replaced, never mutated. */
export interface GameState {
	/** Positions from the start to the current one: `positions.length === moves.length + 1`. */
	readonly positions: readonly Position[];
	readonly moves: readonly PlayedMove[];
	/** The current position. */
	readonly position: Position;
	/** Null while the game goes on. */
	readonly result: GameResult | null;
	/** The side being asked to move, with when it was asked (`performance.now()` ms). */
	readonly thinking: { readonly side: Side; readonly since: number } | null;
	readonly halfMoveLimit: number;
	/** Moves taken back that redo can replay, next first. */
	readonly redo: readonly PlayedMove[];
	/** `[blue, red]` now (swap exchanges them). */
	readonly players: readonly [Player, Player];
	/** Time per move in ms, `[blue, red]` now. */
	readonly timeMs: readonly [number, number];
	/** With a clock (`GameOptions.timeControl`): each side's, `[blue, red]`; else null. */
	readonly clocks: readonly [SideClock, SideClock] | null;
	readonly variant: Variant;
	/** True while a person plays: undo and redo go back to a person's turn. */
	readonly canTakeBack: boolean;
	/** True while paused: no player is asked to move (`togglePause`). */
	readonly paused: boolean;
}

/** The moves and positions from the start: `positions.length === moves.length + 1`. */
interface Line {
	readonly positions: readonly Position[];
	readonly moves: readonly PlayedMove[];
}

/** A game between two players. */
export class Game {
	private current: GameState;
	private start: Position;
	private before: readonly Position[];
	private beforeMoves: readonly Move[];
	private readonly listeners = new Set<() => void>();
	/** Set once by `abort`: the game is abandoned for good. */
	private aborted = false;
	/** The request to the player to move, aborted by `abort` and by each change of course. */
	private turn: AbortController | null = null;
	/** Counts the changes of course: an answer to a request made before the latest one is ignored. */
	private epoch = 0;
	/** Wakes the loop waiting in a pause. */
	private wake: (() => void) | null = null;
	private info: [EngineInfo | null, EngineInfo | null] = [null, null];
	private running: Promise<GameResult> | null = null;
	/** True while the loop runs (a finished game taken up again starts it anew). */
	private looping = false;
	/** A person's move as `submit` checked it, for the position it was played in. */
	private checked: { readonly position: Position; readonly move: Move } | null = null;

	constructor(private readonly options: GameOptions) {
		this.start = clonePosition(options.start);
		this.before = options.before ?? [];
		this.beforeMoves = options.beforeMoves ?? [];
		const line = replay(this.start, options.moves ?? []);
		this.current = {
			...line,
			position: line.positions[line.positions.length - 1],
			result: null,
			thinking: null,
			halfMoveLimit: options.halfMoveLimit,
			redo: options.redo ?? [],
			players: [options.players[0], options.players[1]],
			timeMs: [options.timeMs[0], options.timeMs[1]],
			clocks: this.startClocks(),
			variant: options.variant ?? 'blobwar',
			canTakeBack: options.players.some((p) => p.kind === 'human'),
			paused: false,
		};
	}

	/** The latest snapshot. */
	get state(): GameState {
		return this.current;
	}

	/** The players now, `[blue, red]`. */
	get players(): readonly [Player, Player] {
		return this.current.players;
	}

	/** Calls `listener` after each change of `state`. @returns a function that unsubscribes */
	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/**
	 * The latest thinking information of a side's engine (kept after it moves, until it thinks
	 * again or the game changes course; null if none), for the interface to sample on its own timer.
	 */
	liveInfo(side: Side): EngineInfo | null {
		return this.info[side];
	}

	/** The human player to move now, if any. */
	humanToMove(): HumanPlayer | null {
		const thinking = this.current.thinking;
		if (!thinking) return null;
		const player = this.current.players[thinking.side];
		return player instanceof HumanPlayer && player.waiting ? player : null;
	}

	/**
	 * Plays a person's move (typed text or coordinates) for the human to move.
	 * @returns null if played, else why not (the game goes on)
	 */
	submit(input: string | MoveCoords): string | null {
		const human = this.humanToMove();
		if (!human) return this.current.result ? 'the game is over' : 'it is not your turn';
		const position = this.current.position;
		const coords = typeof input === 'string' ? parseMoveText(input) : input;
		if (!coords) return `"${String(input).trim()}" is not a move: type four numbers, e.g. (0,0) > (1,1)`;
		const check = checkMove(position, coords);
		if (!check.ok) return check.reason;
		// The loop takes this checked move as it is: a person's move is checked once.
		this.checked = { position, move: check.move };
		human.answer({ kind: 'move', coords, text: typeof input === 'string' ? input.trim() : '' });
		return null;
	}

	/**
	 * Runs the game to its end: resolves with the result once the game is over (by the rules, a
	 * forfeit, an adjudication or `abort`). Later calls return the same promise, until an operation
	 * takes a finished game up again: then the loop runs anew and `run` returns its promise.
	 */
	run(): Promise<GameResult> {
		if (!this.running) {
			this.looping = true;
			this.running = this.loop();
		}
		return this.running;
	}

	/** Abandons the game for good: the player to move is stopped and the result is 'aborted'. */
	abort(): void {
		this.aborted = true;
		this.turn?.abort();
		this.wake?.();
	}

	/** Asks the engine to move to answer now. */
	hurry(): void {
		const thinking = this.current.thinking;
		if (thinking) this.current.players[thinking.side].hurry?.();
	}

	/** Closes both players (threads, processes). */
	async close(): Promise<void> {
		await Promise.all(this.current.players.map((p) => p.close()));
	}

	/**
	 * Takes moves back until a person is to move (see the module comment).
	 * @returns false if there is nothing to take back (or the game was abandoned)
	 */
	undo(): boolean {
		const { positions, moves, players, canTakeBack } = this.current;
		if (moves.length === 0 || this.aborted) return false;
		let n = moves.length - 1;
		if (canTakeBack) while (n > 0 && players[positions[n].side].kind !== 'human') n--;
		this.changeCourse({
			line: { positions: positions.slice(0, n + 1), moves: moves.slice(0, n) },
			redo: [...moves.slice(n), ...this.current.redo],
			// Between engines: one half-move back, and the game waits.
			paused: !canTakeBack,
		});
		return true;
	}

	/**
	 * Replays taken-back moves up to the next position where a person is to move.
	 * @returns false if there is nothing to replay (or the game was abandoned)
	 */
	redo(): boolean {
		const { redo, players, canTakeBack } = this.current;
		if (redo.length === 0 || this.aborted) return false;
		const positions = [...this.current.positions];
		const moves = [...this.current.moves];
		let k = 0;
		do {
			const move = redo[k++];
			moves.push(move);
			positions.push(playMove(positions[positions.length - 1], move.move));
		} while (canTakeBack && k < redo.length && players[positions[positions.length - 1].side].kind !== 'human');
		this.changeCourse({ line: { positions, moves }, redo: redo.slice(k), paused: !canTakeBack });
		return true;
	}

	/** Starts again from the start position; the moves played can be replayed with redo. */
	newGame(): void {
		const { moves, redo, players } = this.current;
		const kept = moves.length > 0 ? moves : redo;
		this.changeCourse({
			line: { positions: [this.start], moves: [] },
			clocks: this.startClocks(),
			redo: kept,
			// An engine that moves first waits, so that the old game can still be replayed.
			paused: players[this.start.side].kind !== 'human' && kept.length > 0,
		});
	}

	/**
	 * Pauses the game (a thinking engine is stopped and its answer ignored; no one is asked to move),
	 * or goes on from where it stands.
	 * @returns true if the game is now paused
	 */
	togglePause(): boolean {
		if (this.aborted) return this.current.paused;
		const paused = !this.current.paused;
		this.changeCourse({ paused });
		return paused;
	}

	/** The players exchange colours (with their times and clocks); the game goes on from the same position. */
	swapSides(): void {
		const { players, timeMs, clocks } = this.current;
		this.changeCourse({
			players: [players[1], players[0]],
			timeMs: [timeMs[1], timeMs[0]],
			clocks: clocks && [clocks[1], clocks[0]],
		});
	}

	/** Replaces the game with a loaded one (same players); it goes on after its moves. */
	load(loaded: LoadedGame): void {
		if (this.aborted) return;
		this.start = clonePosition(loaded.start);
		this.before = loaded.before;
		this.beforeMoves = [];
		this.changeCourse({
			line: replay(this.start, loaded.moves),
			redo: loaded.redo,
			clocks: this.startClocks(),
			variant: loaded.variant,
			halfMoveLimit:
				loaded.halfMoveLimit ??
				(this.options.halfMoveLimitGiven
					? this.options.halfMoveLimit
					: defaultLimit(loaded.variant, loaded.start.geometry)),
		});
	}

	/**
	 * A change of course: the player asked to move is stopped (its answer will be ignored), the
	 * state takes the change, and the loop goes on from it (a finished game is taken up again). An
	 * abandoned game (`abort`) takes no change.
	 */
	private changeCourse(change: {
		line?: Line;
		redo?: readonly PlayedMove[];
		paused?: boolean;
		players?: readonly [Player, Player];
		timeMs?: readonly [number, number];
		clocks?: readonly [SideClock, SideClock] | null;
		variant?: Variant;
		halfMoveLimit?: number;
	}): void {
		if (this.aborted) return;
		this.epoch++;
		this.turn?.abort();
		this.turn = null;
		this.checked = null;
		this.info = [null, null];
		const line = change.line ?? this.current;
		this.update({
			positions: line.positions,
			moves: line.moves,
			position: line.positions[line.positions.length - 1],
			result: null,
			thinking: null,
			...(change.redo !== undefined && { redo: change.redo }),
			...(change.paused !== undefined && { paused: change.paused }),
			...(change.players !== undefined && { players: change.players }),
			...(change.timeMs !== undefined && { timeMs: change.timeMs }),
			...(change.clocks !== undefined && { clocks: change.clocks }),
			...(change.variant !== undefined && { variant: change.variant }),
			...(change.halfMoveLimit !== undefined && { halfMoveLimit: change.halfMoveLimit }),
		});
		if (this.wake) this.wake();
		else if (!this.looping && this.running) {
			// A finished game taken up again.
			this.looping = true;
			this.running = this.loop();
		}
	}

	/** Both clocks at the start of a game (null without a time control). */
	private startClocks(): readonly [SideClock, SideClock] | null {
		const control = this.options.timeControl ?? null;
		return control && [startClock(control), startClock(control)];
	}

	private update(patch: Partial<GameState>): void {
		this.current = { ...this.current, ...patch };
		for (const listener of this.listeners) listener();
	}

	private async loop(): Promise<GameResult> {
		for (;;) {
			const { position, moves, positions, variant, paused, players } = this.current;
			if (this.aborted) return this.finish(abortedResult(position));
			if (paused) {
				// No one is asked to move while paused: an operation (pause again, undo, ...) wakes the loop.
				await new Promise<void>((resolve) => (this.wake = resolve));
				this.wake = null;
				continue;
			}
			const halfMovesLeft = this.current.halfMoveLimit - moves.length;
			const end = gameEnd(position, variant, halfMovesLeft);
			if (end) return this.finish(endResult(end, position));
			const adjudication = this.options.adjudication;
			const adjudicated = adjudication ? adjudicate(positions, adjudication) : null;
			if (adjudicated) return this.finish(adjudicatedResult(adjudicated.winner, adjudicated.reason, position));
			const side = position.side;
			if (variant === 'ataxx' && !hasPseudolegalMove(position)) {
				this.record(side, PASS, 'pass', 'pass', 0);
				continue;
			}
			const player = players[side];
			const since = performance.now();
			const epoch = this.epoch;
			const turn = new AbortController();
			this.turn = turn;
			this.info[side] = null;
			// With a clock, an engine's move may take at most the time it has left.
			const control = this.options.timeControl ?? null;
			const clocks = control && player.kind !== 'human' ? this.current.clocks : null;
			const timeMs = clocks ? clocks[side].leftMs : this.current.timeMs[side];
			const asked = player.play({
				position,
				history: [...this.before, ...positions],
				moves: [...this.beforeMoves, ...moves.map((m) => m.move)],
				timeMs,
				...(control &&
					clocks && {
						clock: {
							own: engineClock(control, clocks[side]),
							other: engineClock(control, clocks[side ^ 1]),
						},
					}),
				halfMovesLeft,
				variant,
				signal: turn.signal,
				onInfo: (info) => {
					if (this.epoch === epoch) this.info[side] = info;
				},
			});
			// Published after play() is called, so that a person's prompt sees them waiting.
			this.update({ thinking: { side, since } });
			const answer = await this.withWatchdog(player, asked, timeMs);
			const took = performance.now() - since;
			if (this.turn === turn) this.turn = null;
			if (this.aborted) return this.finish(abortedResult(this.current.position));
			// The game changed course while the player thought: its answer is ignored.
			if (this.epoch !== epoch) continue;
			if (answer.kind === 'forfeit')
				return this.finish(forfeitResult(side, player.name, answer.reason, position));
			let nextClocks: readonly [SideClock, SideClock] | undefined;
			if (control && clocks) {
				const after = afterMove(control, clocks[side], took, player.graceMs ?? 0);
				if (after.flagged)
					return this.finish(
						forfeitResult(
							side,
							player.name,
							`lost on time: its move took ${seconds(took)} s ` +
								`with ${seconds(clocks[side].leftMs)} s left`,
							position,
						),
					);
				nextClocks = side === 0 ? [after.clock, clocks[1]] : [clocks[0], after.clock];
			}
			// Every move is checked here, once: an engine's answer, or a person's as `submit` checked it.
			const checked = this.checked?.position === position ? this.checked.move : null;
			this.checked = null;
			const check: MoveCheck =
				checked !== null ? { ok: true, move: checked } : checkMove(position, answer.coords);
			if (!check.ok)
				return this.finish(
					forfeitResult(
						side,
						player.name,
						`illegal move ${JSON.stringify(answer.text)}: ${check.reason}`,
						position,
					),
				);
			if (answer.report) {
				// The panel keeps what the engine said about the move it played (never a PV of another move).
				const last = this.liveInfo(side);
				this.info[side] = { ...(last ?? {}), ...answer.report, timeMs: last?.timeMs ?? Math.round(took) };
			}
			this.record(
				side,
				check.move,
				formatMove(position, check.move),
				answer.text,
				took,
				answer.report,
				nextClocks,
			);
		}
	}

	/**
	 * Plays a move: a move that replays the next taken-back move keeps the others; any other
	 * forgets them.
	 */
	private record(
		side: Side,
		move: Move,
		text: string,
		said: string,
		timeMs: number,
		report?: MoveReport,
		clocks?: readonly [SideClock, SideClock],
	): void {
		const { position, positions, moves, redo } = this.current;
		const next = playMove(position, move);
		const captures = move === PASS ? 0 : position.count[side ^ 1] - next.count[side ^ 1];
		const replayed = redo[0] !== undefined && redo[0].move === move && redo[0].side === side;
		const clockMs = clocks?.[side].leftMs;
		this.update({
			position: next,
			positions: [...positions, next],
			moves: [
				...moves,
				{
					side,
					move,
					text,
					said,
					timeMs,
					captures,
					...(report && { report }),
					...(clockMs !== undefined && { clockMs: Math.round(clockMs) }),
				},
			],
			thinking: null,
			redo: replayed ? redo.slice(1) : [],
			...(clocks && { clocks }),
		});
	}

	private finish(result: GameResult): GameResult {
		this.looping = false;
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

/** Ms as seconds with three decimals. */
function seconds(ms: number): string {
	return (ms / 1000).toFixed(3);
}

/** The line of `moves` played from `start`. */
function replay(start: Position, moves: readonly PlayedMove[]): Line {
	const positions = [start];
	for (const move of moves) positions.push(playMove(positions[positions.length - 1], move.move));
	return { positions, moves: [...moves] };
}
