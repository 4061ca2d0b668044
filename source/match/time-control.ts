/**
 * A chess clock for matches: each engine has a time for the whole game, gets an increment after
 * each of its moves, and, with a number of moves per period, its base time again after each
 * period (the time controls of cutechess-cli and of UCI/UAI's `go wtime btime winc binc
 * movestogo`). An engine whose move takes longer than the time it has left, plus its grace
 * period, loses on time.
 *
 * Written `[MOVES/]BASE[+INC]`, times in seconds: `10+0.1` (10 s for the game, 0.1 s added after
 * each move), `40/60` (60 s for every 40 moves), `40/60+0.5`.
 */

import { UserError } from '../game/user-error.js';
import { type Clock } from '../search/time-manager.js';

/** A time control. Times in ms. */
export interface TimeControl {
	/** Time for the game (or for each period of `moves` moves), ms (> 0). */
	readonly baseMs: number;
	/** Added after each move of the side that moved, ms (>= 0). */
	readonly incrementMs: number;
	/** Moves per period (each side's own moves), or null for one period, the whole game. */
	readonly moves: number | null;
}

/** A time control that cannot be read. */
export class TimeControlError extends UserError {}

/** The longest base time or increment, seconds (one day, as `--time`). */
const MAX_SECONDS = 86_400;

/**
 * Reads `[MOVES/]BASE[+INC]` (seconds; MOVES a whole number of moves).
 * @throws TimeControlError with what is wrong
 */
export function parseTimeControl(text: string): TimeControl {
	const match = /^\s*(?:(\d+)\s*\/\s*)?([0-9.]+)\s*(?:\+\s*([0-9.]+))?\s*$/.exec(text);
	const bad = (why: string) =>
		new TimeControlError(
			`time control "${text.trim().slice(0, 40)}": ${why} ` +
				'(write [MOVES/]BASE[+INC] in seconds, e.g. 10+0.1 or 40/60)',
		);
	if (!match) throw bad('cannot be read');
	const seconds = (word: string, what: string): number => {
		const n = Number(word);
		if (!/^(\d+\.?\d*|\.\d+)$/.test(word) || !Number.isFinite(n)) throw bad(`${what} "${word}" is not a number`);
		if (n > MAX_SECONDS) throw bad(`${what} ${word} s is more than one day`);
		return n;
	};
	const base = seconds(match[2], 'the base time');
	if (!(base >= 0.01)) throw bad('the base time must be at least 0.01 s');
	const increment = match[3] === undefined ? 0 : seconds(match[3], 'the increment');
	const moves = match[1] === undefined ? null : Number(match[1]);
	if (moves !== null && !(moves >= 1 && moves <= 10_000)) throw bad('the moves per period must be 1 to 10000');
	return { baseMs: Math.round(base * 1000), incrementMs: Math.round(increment * 1000), moves };
}

/** `[MOVES/]BASE[+INC]` in seconds, as `parseTimeControl` reads it (and PGN's `TimeControl` tag). */
export function formatTimeControl(control: TimeControl): string {
	const base = `${control.baseMs / 1000}`;
	const increment = control.incrementMs > 0 ? `+${control.incrementMs / 1000}` : '';
	return `${control.moves !== null ? `${control.moves}/` : ''}${base}${increment}`;
}

/** One side's clock during a game. */
export interface SideClock {
	/** Time left, whole ms (never below 0). */
	readonly leftMs: number;
	/** Moves the side has made in the game. */
	readonly movesMade: number;
}

/** A side's clock at the start of a game: the base time, no move made. */
export function startClock(control: TimeControl): SideClock {
	return { leftMs: control.baseMs, movesMade: 0 };
}

/**
 * The clock as the engine to move is told it (UAI `go`'s times, the built-in engine's search limits).
 */
export function engineClock(control: TimeControl, clock: SideClock): Clock {
	return {
		timeLeftMs: clock.leftMs,
		incrementMs: control.incrementMs,
		...(control.moves !== null && { movesToGo: control.moves - (clock.movesMade % control.moves) }),
	};
}

/**
 * A side's clock after a move that took `tookMs`: the time taken off (not below 0, rounded to
 * whole ms), the increment added, and the base again when the move ends a period.
 * @returns the new clock, and whether the move overstepped the time left by more than `graceMs`
 *   (the side loses on time)
 */
export function afterMove(
	control: TimeControl,
	clock: SideClock,
	tookMs: number,
	graceMs = 0,
): { clock: SideClock; flagged: boolean } {
	const left = clock.leftMs;
	const movesMade = clock.movesMade + 1;
	const periodEnds = control.moves !== null && movesMade % control.moves === 0;
	const leftMs = Math.max(0, Math.round(left - tookMs)) + control.incrementMs + (periodEnds ? control.baseMs : 0);
	return { clock: { leftMs, movesMade }, flagged: tookMs > left + graceMs };
}
