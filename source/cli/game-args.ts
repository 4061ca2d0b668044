/**
 * The old clients' command line (Dumas, "Guerre des blobs", 2014, section Paramètres de blobWar et blobTerm), as
 * blobterm reads it:
 *
 *   blobterm [BOARD] [PLAYER1 TIME1] [PLAYER2 TIME2] [MOVES]
 *
 * BOARD is a board file (a name ending in `.bwb`, or any first argument not followed by a
 * number). Each PLAYER is `human`, `builtin` or an engine program, followed by its TIME in
 * seconds per move; a negative TIME means that player plays Red. Where no TIME is negative, the
 * first player plays Blue and the second Red. With one player, the other side is a person.
 * MOVES is the half-move limit. Flags (`--blue`, `--red`, `--time`, `--max-moves`) say the same
 * and win over the positional form. Numbers follow the grammar and bounds of `game/number-args.ts`:
 * a TIME is 0.01 to 86400 seconds in magnitude (0 is refused, as `--time 0` is).
 */

import { UsageError } from './errors.js';
import { BOUNDS, isNumberText } from '../game/number-args.js';
import { readNumber, readSignedTime } from './number-flags.js';

/** One side's player as given on the command line. */
export interface SideSetup {
	/** `human`, `builtin`, or an engine program. */
	readonly spec: string;
	/** Seconds per move (positive). */
	readonly timeS: number;
}

/** What the command line asks for. */
export interface GameSetup {
	/** Board file, or null for the default board. */
	readonly board: string | null;
	readonly blue: SideSetup;
	readonly red: SideSetup;
	/** Half-move limit, or null for the default. */
	readonly halfMoveLimit: number | null;
}

/** Flags that can replace or complete the positional form. */
export interface GameFlags {
	readonly blue?: string;
	readonly red?: string;
	/** Seconds per move for players given without a time (default 1), already checked. */
	readonly time?: number;
	/** Half-move limit, already checked. */
	readonly maxMoves?: number;
}

/** True if a token is a number (a TIME or MOVES) rather than a board or a player. */
export function isNumberToken(token: string | undefined): boolean {
	return isNumberText(token);
}

/**
 * Reads the positional arguments and flags.
 * @throws UsageError on anything it cannot read
 */
export function parseGameArgs(tokens: readonly string[], flags: GameFlags = {}): GameSetup {
	const rest = [...tokens];
	let board: string | null = null;
	if (rest.length > 0 && !isNumberToken(rest[0]) && (rest[0].endsWith('.bwb') || !isNumberToken(rest[1]))) {
		board = rest.shift()!;
	}
	const players: Array<{ spec: string; time: string }> = [];
	while (rest.length >= 2 && !isNumberToken(rest[0])) {
		if (players.length === 2) throw new UsageError(`too many players: ${rest[0]} (at most two)`);
		const [spec, time] = rest.splice(0, 2);
		readSignedTime(`the TIME of player ${spec}`, time); // a TIME, or the error names it
		players.push({ spec, time });
	}
	let halfMoveLimit: number | null = null;
	if (rest.length === 1 && isNumberToken(rest[0])) {
		halfMoveLimit = readNumber('MOVES (the half-move limit)', rest.shift(), BOUNDS.halfMoveLimit);
	}
	if (rest.length > 0) {
		const hint = isNumberToken(rest[0]) ? '' : ' (a player must be followed by its TIME in seconds)';
		throw new UsageError(`unexpected argument "${rest[0]}"${hint}`);
	}
	if (flags.maxMoves !== undefined) halfMoveLimit = flags.maxMoves;

	const defaultTime = flags.time ?? 1;
	let blue: SideSetup = { spec: 'human', timeS: defaultTime };
	let red: SideSetup = { spec: 'human', timeS: defaultTime };
	const times = players.map((p) => readSignedTime(`the TIME of player ${p.spec}`, p.time));
	const asSide = (i: number): SideSetup => ({ spec: players[i].spec, timeS: times[i].seconds });
	if (players.length === 1) {
		if (times[0].negative) red = asSide(0);
		else blue = asSide(0);
	} else if (players.length === 2) {
		if (times[0].negative && times[1].negative)
			throw new UsageError('both players have a negative TIME: only the Red player takes a negative TIME');
		const [first, second] = times[0].negative ? [1, 0] : [0, 1];
		blue = asSide(first);
		red = asSide(second);
	}
	if (flags.blue !== undefined) blue = { spec: flags.blue, timeS: flags.time ?? blue.timeS };
	if (flags.red !== undefined) red = { spec: flags.red, timeS: flags.time ?? red.timeS };
	return { board, blue, red, halfMoveLimit };
}
