/**
 * A session at the board: one game after another between the same two players, with take-backs.
 * It wraps the game loop (`Game`) without changing it: each change of course (undo, redo, new
 * game, swap sides, load) abandons the running `Game` (a thinking engine is stopped, its answer
 * ignored) and starts a new one from the chosen position, with the moves before it as history.
 *
 *   undo      takes back moves until a person is to move (one move between two people; in a game
 *             against an engine, the engine's reply and the person's move; while the engine
 *             thinks, the person's move). The moves taken back can be replayed.
 *   redo      replays taken-back moves, up to the next position where a person is to move.
 *   new game  back to the start position; the moves of the game can be replayed with redo.
 *   swap      the players exchange colours, and the game goes on from the same position.
 *   load      another start position and moves (see `saved-game.ts`).
 *
 * Undo and redo are for games with a person; between two engines they do nothing. A new move
 * that differs from the next taken-back move forgets the taken-back moves.
 */

import { type Variant } from '../game/game-over.js';
import { playMove } from '../game/make-move.js';
import { type MoveCoords } from '../game/notation.js';
import { clonePosition, type Position, type Side } from '../game/position.js';
import { type HumanPlayer } from '../players/human-player.js';
import { type EngineInfo, type Player } from '../players/player.js';
import { Game, type GameOptions, type GameState, type PlayedMove } from './game.js';

/**
 * Settings of a session: those of its games (`start` is the start of the first game and of each
 * new game; `players` and `timeMs` are those at the start: a time goes with its player on a
 * swap), and the moves of a loaded game.
 */
export interface SessionOptions extends GameOptions {
	/** Moves already played from `start` (a loaded game); the session goes on after them. */
	readonly moves?: readonly PlayedMove[];
	/** Moves taken back that redo can replay, next first (a loaded game's). */
	readonly redo?: readonly PlayedMove[];
}

/** A game as loaded from a file: where it starts, what was played, what can be replayed. */
export interface LoadedGame {
	readonly start: Position;
	readonly before: readonly Position[];
	readonly moves: readonly PlayedMove[];
	readonly redo: readonly PlayedMove[];
	/** The record's half-move limit, or null to keep the session's. */
	readonly halfMoveLimit: number | null;
	readonly variant: Variant;
}

/** A snapshot of the session: the game's state over the whole line of moves, plus the session's own. */
export interface SessionState extends GameState {
	/** Moves taken back that redo can replay, next first. */
	readonly redo: readonly PlayedMove[];
	/** `[blue, red]` now (swap exchanges them). */
	readonly players: readonly [Player, Player];
	/** Time per move in ms, `[blue, red]`. */
	readonly timeMs: readonly [number, number];
	readonly variant: Variant;
	/** True while a person plays: undo and redo work. */
	readonly canTakeBack: boolean;
}

/** The moves and positions from the start: `positions.length === moves.length + 1`. */
interface Line {
	readonly positions: readonly Position[];
	readonly moves: readonly PlayedMove[];
}

/** A session of games at one board. */
export class GameSession {
	private start: Position;
	private before: readonly Position[];
	private players: [Player, Player];
	private timeMs: [number, number];
	private halfMoveLimit: number;
	private variant: Variant;
	/** Where the current `Game` started. */
	private line: Line;
	private redoMoves: readonly PlayedMove[];
	private game: Game | null = null;
	private unsubscribeGame: (() => void) | null = null;
	private current: SessionState;
	private readonly listeners = new Set<() => void>();
	private wake: (() => void) | null = null;
	private quitting = false;
	private running: Promise<void> | null = null;

	constructor(private readonly options: SessionOptions) {
		this.start = clonePosition(options.start);
		this.before = options.before ?? [];
		this.players = [options.players[0], options.players[1]];
		this.timeMs = [options.timeMs[0], options.timeMs[1]];
		this.halfMoveLimit = options.halfMoveLimit;
		this.variant = options.variant ?? 'blobwar';
		this.line = replay(this.start, options.moves ?? []);
		this.redoMoves = options.redo ?? [];
		this.current = this.snapshot();
	}

	/** The latest snapshot. */
	get state(): SessionState {
		return this.current;
	}

	/** Calls `listener` after each change of `state`. @returns a function that unsubscribes */
	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** The live thinking information of a side's engine in the running game (see `Game.liveInfo`). */
	liveInfo(side: Side): EngineInfo | null {
		return this.game?.liveInfo(side) ?? null;
	}

	/** The person to move now, if any. */
	humanToMove(): HumanPlayer | null {
		return this.game?.humanToMove() ?? null;
	}

	/**
	 * Plays a person's move (text or coordinates).
	 * @returns null if played, else why not
	 */
	submit(input: string | MoveCoords): string | null {
		if (!this.game) return 'wait: the game is being set up';
		return this.game.submit(input);
	}

	/** Asks the thinking engine to move now. */
	hurry(): void {
		this.game?.hurry();
	}

	/**
	 * Runs games until `quit`: after a game ends, waits for a command that starts another
	 * (undo, new game, swap, load). Once; later calls return the same promise.
	 */
	run(): Promise<void> {
		this.running ??= this.loop();
		return this.running;
	}

	/** Ends the session: the running game is abandoned and `run` resolves. */
	quit(): void {
		this.quitting = true;
		this.game?.abort();
		this.wake?.();
	}

	/** Closes both players (threads, processes). */
	async close(): Promise<void> {
		await Promise.all(this.players.map((p) => p.close()));
	}

	/**
	 * Takes moves back until a person is to move (see the module comment).
	 * @returns false if there is nothing to take back or no person plays
	 */
	undo(): boolean {
		const line = this.fullLine();
		if (!this.current.canTakeBack || line.moves.length === 0) return false;
		let n = line.moves.length - 1;
		while (n > 0 && this.players[line.positions[n].side].kind !== 'human') n--;
		const undone = line.moves.slice(n);
		this.restart({ positions: line.positions.slice(0, n + 1), moves: line.moves.slice(0, n) }, [
			...undone,
			...this.redoMoves,
		]);
		return true;
	}

	/**
	 * Replays taken-back moves up to the next position where a person is to move.
	 * @returns false if there is nothing to replay or no person plays
	 */
	redo(): boolean {
		if (!this.current.canTakeBack || this.redoMoves.length === 0) return false;
		const line = this.fullLine();
		const positions = [...line.positions];
		const moves = [...line.moves];
		let k = 0;
		do {
			const move = this.redoMoves[k++];
			moves.push(move);
			positions.push(playMove(positions[positions.length - 1], move.move));
		} while (k < this.redoMoves.length && this.players[positions[positions.length - 1].side].kind !== 'human');
		this.restart({ positions, moves }, this.redoMoves.slice(k));
		return true;
	}

	/** Starts again from the start position; the moves played can be replayed with redo. */
	newGame(): void {
		const line = this.fullLine();
		const redo = line.moves.length > 0 ? line.moves : this.redoMoves;
		this.restart({ positions: [this.start], moves: [] }, redo);
	}

	/** The players exchange colours (with their times); the game goes on from the same position. */
	swapSides(): void {
		this.players = [this.players[1], this.players[0]];
		this.timeMs = [this.timeMs[1], this.timeMs[0]];
		this.restart(this.fullLine(), this.redoMoves);
	}

	/** Replaces the game with a loaded one (same players); it goes on after its moves. */
	load(loaded: LoadedGame): void {
		this.start = clonePosition(loaded.start);
		this.before = loaded.before;
		this.variant = loaded.variant;
		this.halfMoveLimit = loaded.halfMoveLimit ?? this.options.halfMoveLimit;
		this.restart(replay(this.start, loaded.moves), loaded.redo);
	}

	private async loop(): Promise<void> {
		while (!this.quitting) {
			const game = this.startGame();
			await game.run();
			if (this.quitting) break;
			// Ended by the rules or a forfeit (not replaced): wait for a command.
			if (this.game === game) await new Promise<void>((resolve) => (this.wake = resolve));
			this.wake = null;
		}
		this.unsubscribeGame?.();
	}

	private startGame(): Game {
		const { positions, moves } = this.line;
		const game = new Game({
			start: positions[positions.length - 1],
			before: [...this.before, ...positions.slice(0, -1)],
			players: this.players,
			timeMs: this.timeMs,
			halfMoveLimit: this.halfMoveLimit - moves.length,
			variant: this.variant,
			watchdogMs: this.options.watchdogMs,
		});
		this.game = game;
		this.unsubscribeGame = game.subscribe(() => this.onGameChange(game));
		this.publish();
		void game.run();
		return game;
	}

	private onGameChange(game: Game): void {
		if (game !== this.game) return;
		// A move that replays the next taken-back move keeps the others; any other forgets them.
		const played = game.state.moves;
		const seen = this.current.moves.length - this.line.moves.length;
		for (let i = Math.max(0, seen); i < played.length; i++) {
			const next = this.redoMoves[0];
			this.redoMoves =
				next && next.move === played[i].move && next.side === played[i].side ? this.redoMoves.slice(1) : [];
		}
		this.publish();
	}

	/** Abandons the running game and goes on from `line` (the loop starts the next game). */
	private restart(line: Line, redo: readonly PlayedMove[]): void {
		const old = this.game;
		this.unsubscribeGame?.();
		this.unsubscribeGame = null;
		this.game = null;
		this.line = line;
		this.redoMoves = redo;
		old?.abort();
		this.publish();
		this.wake?.();
	}

	/** The line from the start to the current position, the running game's moves included. */
	private fullLine(): Line {
		const game = this.game;
		if (!game) return this.line;
		const { positions, moves } = game.state;
		return { positions: [...this.line.positions, ...positions.slice(1)], moves: [...this.line.moves, ...moves] };
	}

	private snapshot(): SessionState {
		const { positions, moves } = this.fullLine();
		const state = this.game?.state;
		return {
			positions,
			moves,
			position: positions[positions.length - 1],
			result: state?.result ?? null,
			thinking: state?.thinking ?? null,
			halfMoveLimit: this.halfMoveLimit,
			redo: this.redoMoves,
			players: this.players,
			timeMs: this.timeMs,
			variant: this.variant,
			canTakeBack: this.players.some((p) => p.kind === 'human'),
		};
	}

	private publish(): void {
		this.current = this.snapshot();
		for (const listener of this.listeners) listener();
	}
}

/** The line of `moves` played from `start`. */
function replay(start: Position, moves: readonly PlayedMove[]): Line {
	const positions = [start];
	for (const move of moves) positions.push(playMove(positions[positions.length - 1], move.move));
	return { positions, moves: [...moves] };
}
