/**
 * Numbers typed by a user (command-line arguments, engine options such as `grace=500`), read in
 * one place: one grammar for both executables, and for each kind of number its unit and bounds.
 * A number outside them is refused before anything starts, so that a time beyond Node's 32-bit
 * timers or a match of 10^12 games never reaches the game loop. The executables turn a refusal
 * into a one-line error naming the argument (`cli/number-flags.ts`).
 *
 * Grammar: an optional sign, digits with an optional decimal point (or a point then digits), and
 * an optional exponent: `2`, `-0.5`, `.25`, `1e3`, `1.5E-2`. Not numbers: `Infinity`, `NaN`,
 * `0x10`, `1_000`, ` 2`, an empty value.
 */

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** True if `text` is a number in the grammar. */
export function isNumberText(text: string | undefined): text is string {
	return text !== undefined && NUMBER.test(text);
}

/** What a number may be. */
export interface NumberBounds {
	/** What it counts, for messages: `seconds`, `ms`, `plies`, `games`... */
	readonly unit: string;
	readonly min: number;
	readonly max: number;
	/** Whole numbers only. */
	readonly integer: boolean;
	/** Words after the bounds in a message, such as `(one day)`. */
	readonly note?: string;
}

/**
 * The bounds of every kind of number a user gives. Times stay far below 2^31 - 1 ms (24.8 days),
 * the longest delay Node's timers keep: a day per move plus an hour of grace.
 */
export const BOUNDS = {
	/** Time per move, s: from 10 ms to one day. */
	moveSeconds: { unit: 'seconds', min: 0.01, max: 86_400, integer: false, note: '(one day)' },
	/** Extra time an engine program gets before it loses, ms: up to one hour. */
	graceMs: { unit: 'ms', min: 0, max: 3_600_000, integer: false, note: '(one hour)' },
	/** Time a UAI engine gets for each handshake answer, ms: up to ten minutes. */
	handshakeMs: { unit: 'ms', min: 1, max: 600_000, integer: false, note: '(ten minutes)' },
	/** Games of a match. */
	games: { unit: 'games', min: 1, max: 1_000_000, integer: true },
	/** Games played at once. */
	concurrency: { unit: 'games', min: 1, max: 64, integer: true },
	/** Half-move limit of a game. */
	halfMoveLimit: { unit: 'half-moves', min: 1, max: 1_000_000, integer: true },
	/** Half-moves left before the limit (engine and analysis). */
	halfMovesLeft: { unit: 'half-moves', min: 0, max: 1_000_000, integer: true },
	/** Search depth. */
	depth: { unit: 'plies', min: 1, max: 120, integer: true },
	/** Node limit of a search. */
	nodes: { unit: 'nodes', min: 1, max: 1e12, integer: true },
	/** perft depth. */
	perftDepth: { unit: 'plies', min: 1, max: 30, integer: true },
	/** Search threads (the search's `MAX_THREADS`; a test keeps them equal). */
	threads: { unit: 'threads', min: 1, max: 64, integer: true },
	/** Transposition table size, MB (the search's own bound; a test keeps them equal). */
	hashMb: { unit: 'MB', min: 1, max: 4096, integer: true },
	/** Seed of a random draw (a 32-bit integer). */
	seed: { unit: 'integer', min: -2_147_483_648, max: 2_147_483_647, integer: true },
	/** Blob lead that adjudicates a game. */
	adjudicateBlobs: { unit: 'blobs', min: 1, max: 256, integer: true },
	/** Runs of each measure of `blobterm bench time`. */
	benchRepeat: { unit: 'runs', min: 1, max: 100, integer: true },
	/** Consecutive half-moves the lead must hold. */
	adjudicatePlies: { unit: 'half-moves', min: 1, max: 10_000, integer: true },
	/** Lines of a multi-PV analysis. */
	multiPv: { unit: 'lines', min: 1, max: 64, integer: true },
	/** Half-moves played of a recorded game (0: its start). */
	halfMovesPlayed: { unit: 'half-moves', min: 0, max: 1_000_000, integer: true },
	/** A half-move of a recorded game, counted from 1. */
	halfMoveNumber: { unit: 'half-moves', min: 1, max: 1_000_000, integer: true },
	/** A game of a match record or a PGN file, counted from 1. */
	gameNumber: { unit: 'games', min: 1, max: 1_000_000, integer: true },
	/** Half-moves from the start of an opening book (`blobterm openings`; 6 on 16x16 is 10^10 lines). */
	openingPlies: { unit: 'half-moves', min: 0, max: 6, integer: true },
	/** Positions drawn from each board's openings. */
	openingSample: { unit: 'positions', min: 1, max: 1_000_000, integer: true },
	/** Levenberg-Marquardt iterations of `blobterm tune`. */
	tuneIterations: { unit: 'iterations', min: 1, max: 10_000, integer: true },
	/** Taper points of the learned evaluation's weights, evenly spaced in phase (`eval-kernel.ts`). */
	taperPoints: { unit: 'taper points', min: 2, max: 9, integer: true },
	/** Half-moves left out at the start of each training game. */
	skipPlies: { unit: 'half-moves', min: 0, max: 10_000, integer: true },
	/** Largest gap between a 2-ply score and the static one in a quiet position, centiblobs. */
	quietMargin: { unit: 'centiblobs', min: 0, max: 100_000, integer: false },
	/** Depth of the search whose scores Texel tuning blends into its targets, plies. */
	tuneSearchDepth: { unit: 'plies', min: 1, max: 12, integer: true },
	/** Weight of the game's result in a blended target (the search's score has 1 minus it). */
	tuneLambda: { unit: 'weight', min: 0, max: 1, integer: false },
	/** Ridge penalty of the fit, per squared blob of change. */
	ridge: { unit: 'penalty', min: 0, max: 1_000_000, integer: false },
	/** Scaling constant K of Texel tuning (expected score 1 / (1 + 10^(-K e / 400)), e in centiblobs). */
	scalingK: { unit: 'K', min: 0.000001, max: 1000, integer: false },
	/** Iterations (game pairs) of `blobterm spsa`. */
	spsaIterations: { unit: 'pairs', min: 1, max: 1_000_000, integer: true },
	/** SPSA's perturbation at the last iteration, centiblobs. */
	spsaPerturbation: { unit: 'centiblobs', min: 0.01, max: 10_000, integer: false },
	/** SPSA's learning rate at the last iteration (a_N / c_N^2). */
	spsaLearningRate: { unit: 'rate', min: 0.000001, max: 100, integer: false },
} as const satisfies Record<string, NumberBounds>;

/** `a whole number of plies from 1 to 120`, `a number of seconds from 0.01 to 86400 (one day)`. */
export function describeBounds(bounds: NumberBounds): string {
	const what = bounds.integer
		? bounds.unit === 'integer'
			? 'an integer'
			: `a whole number of ${bounds.unit}`
		: `a number of ${bounds.unit}`;
	return `${what} from ${bounds.min} to ${bounds.max}${bounds.note ? ` ${bounds.note}` : ''}`;
}

/** A checked number: its value, or what was expected (`a whole number of plies from 1 to 120`). */
export type CheckedNumber =
	{ readonly ok: true; readonly value: number } | { readonly ok: false; readonly expected: string };

/** Checks `text` against the grammar and `bounds` (`-0` reads as 0). */
export function checkNumber(text: string, bounds: NumberBounds): CheckedNumber {
	const value = Number(text);
	if (
		!isNumberText(text) ||
		!Number.isFinite(value) ||
		value < bounds.min ||
		value > bounds.max ||
		(bounds.integer && !Number.isInteger(value))
	)
		return { ok: false, expected: describeBounds(bounds) };
	return { ok: true, value: value === 0 ? 0 : value };
}

/** At most a few dozen characters of what the user typed, quoted, for an error message. */
export function quoteInput(text: string): string {
	return JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text);
}
