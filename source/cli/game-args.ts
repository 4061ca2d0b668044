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
 * and win over the positional form.
 */

import { UsageError } from './errors.js';

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
	/** Seconds per move for players given without a time (default 1). */
	readonly time?: number;
	readonly maxMoves?: number;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** True if a token is a number as the old clients wrote times (`2.4`, `-1`, `.5`). */
export function isNumberToken(token: string | undefined): boolean {
	return token !== undefined && NUMBER.test(token);
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
	while (rest.length >= 2 && !isNumberToken(rest[0]) && isNumberToken(rest[1])) {
		if (players.length === 2) throw new UsageError(`too many players: ${rest[0]} (at most two)`);
		players.push({ spec: rest.shift()!, time: rest.shift()! });
	}
	let halfMoveLimit: number | null = null;
	if (rest.length === 1 && isNumberToken(rest[0])) {
		halfMoveLimit = Number(rest.shift());
	}
	if (rest.length > 0) {
		const hint = isNumberToken(rest[0]) ? '' : ' (a player must be followed by its TIME in seconds)';
		throw new UsageError(`unexpected argument "${rest[0]}"${hint}`);
	}
	if (flags.maxMoves !== undefined) halfMoveLimit = flags.maxMoves;
	if (halfMoveLimit !== null && (!Number.isInteger(halfMoveLimit) || halfMoveLimit < 1)) {
		throw new UsageError(`the half-move limit must be an integer >= 1, got ${halfMoveLimit}`);
	}

	const defaultTime = flags.time ?? 1;
	if (!(defaultTime > 0)) throw new UsageError(`--time must be a number of seconds > 0, got ${defaultTime}`);
	let blue: SideSetup = { spec: 'human', timeS: defaultTime };
	let red: SideSetup = { spec: 'human', timeS: defaultTime };
	const negative = players.map((p) => p.time.startsWith('-'));
	const asSide = (p: { spec: string; time: string }): SideSetup => {
		const t = Math.abs(Number(p.time));
		return { spec: p.spec, timeS: t > 0 ? t : defaultTime };
	};
	if (players.length === 1) {
		if (negative[0]) red = asSide(players[0]);
		else blue = asSide(players[0]);
	} else if (players.length === 2) {
		if (negative[0] && negative[1])
			throw new UsageError('both players have a negative TIME: only the Red player takes a negative TIME');
		const [first, second] = negative[0] ? [players[1], players[0]] : [players[0], players[1]];
		blue = asSide(first);
		red = asSide(second);
	}
	if (flags.blue !== undefined) blue = { spec: flags.blue, timeS: flags.time ?? blue.timeS };
	if (flags.red !== undefined) red = { spec: flags.red, timeS: flags.time ?? red.timeS };
	return { board, blue, red, halfMoveLimit };
}
