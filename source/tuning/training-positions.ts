/**
 * Training positions for Texel tuning: the positions of the games in match records
 * (`match/record.ts`), each with the game's result from its side to move's view, kept only when
 * quiet.
 *
 * Quiet, for this game: Ataxx and Blob War have no "quiet moves" in the chess sense (nearly
 * every move captures), so the test is on the value instead: a position is quiet when a 2-ply
 * search (the side to move's best move and the best reply, blob difference plus exposure at the
 * leaves) scores within `margin` of the static evaluation of the position itself. Where a capture
 * sequence is under way the static evaluation is wrong by the blobs about to change colour, and
 * a fit to such positions would learn the noise of the exchange instead of the position's worth.
 * Also left out: the first `skipPlies` half-moves of each game (openings, shared by many games),
 * finished positions, and positions the 2-ply search already finds won or lost (their result
 * says nothing about the features). Texel tuning does the same with a quiescence search (Peter
 * Österlund, "Texel's Tuning Method", Chess Programming Wiki, 2014).
 */

import { readFileSync } from 'node:fs';
import { parseFen } from '../game/fen.js';
import { gameEnd, type Variant } from '../game/game-over.js';
import { checkMove } from '../game/legality.js';
import { playMove } from '../game/make-move.js';
import { type Move, PASS } from '../game/move.js';
import { parseMoveText } from '../game/notation.js';
import { type Position } from '../game/position.js';
import { shapeKernel } from '../game/shape-kernel.js';
import { featureMasks, PHASE_ONE, TERM_COUNT } from '../search/eval-features.js';
import { evalKernel } from '../search/eval-kernel.js';
import { CLASSIC_WEIGHTS, type NamedWeights } from '../search/eval-weights.js';
import { evalTables, evaluate } from '../search/evaluate.js';
import { isDecisive } from '../search/score.js';
import { Searcher } from '../search/search.js';
import { DEFAULT_SEARCH_OPTIONS } from '../search/search-options.js';
import { type MatchGameLine } from '../match/match-record.js';
import { readReportFields } from '../match/move-report.js';
import { UserError } from '../game/user-error.js';

/** A record that cannot be read: the message names the file, the line and what is wrong. */
export class TrainingDataError extends UserError {}

/** How positions are picked. */
export interface SelectionOptions {
	/** Half-moves left out at the start of each game (default 8). */
	readonly skipPlies?: number;
	/** Largest difference between the 2-ply score and the static evaluation, centiblobs (default 100). */
	readonly margin?: number;
	/**
	 * Also search every kept position to this depth (plies) with the `tuned` evaluation and
	 * `searchWeights`, and keep the score in `TrainingSet.searchScore` (default: no search).
	 */
	readonly searchDepth?: number;
	/** The weights of that search (default: the shipped weights of each game's rules). */
	readonly searchWeights?: NamedWeights;
	/**
	 * Keep, in `TrainingSet.searchScore`, the score the game's own engine reported for the move it
	 * played from each kept position (the record's `score`), instead of searching again; positions
	 * whose move has no reported score (a book move, an engine that reports none) are left out.
	 * Not with `searchDepth`.
	 */
	readonly recordScores?: boolean;
	/**
	 * With `recordScores`: the names of the engines whose scores are kept (the record's `blue` and
	 * `red`, as `match` names its players); the positions where another engine moved are left out.
	 * A match against another program records that program's scores too, on its own scale and
	 * from its own evaluation. Default: every engine's.
	 */
	readonly scoresOf?: readonly string[];
}

/**
 * Positions as a table: row `i` has `TERM_COUNT` feature values at `features[i * TERM_COUNT ..]`,
 * its phase in `phase[i]` (0..1, the evaluation's fixed-point phase over `PHASE_ONE`) and its
 * game's result for the side to move in `result[i]` (1 won, 0.5 drawn, 0 lost).
 */
export interface TrainingSet {
	readonly count: number;
	readonly features: Float64Array;
	readonly phase: Float64Array;
	readonly result: Float64Array;
	/** The game each row comes from (its index in the order read, from 0). */
	readonly game: Int32Array;
	/**
	 * With `SelectionOptions.searchDepth`: the score of that search, centiblobs for the side to
	 * move (a won or lost score as the search returns it, `score.ts`). With
	 * `SelectionOptions.recordScores`: the recorded score, in the same units (`readReportFields`).
	 */
	readonly searchScore?: Float64Array;
}

/** What was read and kept. */
export interface SelectionReport {
	readonly files: number;
	readonly games: number;
	/** Positions seen after the skipped plies (not finished). */
	readonly seen: number;
	/** Of them, decided by the 2-ply search. */
	readonly decided: number;
	/** Of them, kept as quiet. */
	readonly kept: number;
	/** With `recordScores`: quiet positions left out because their move has no recorded score. */
	readonly unscored: number;
	/** With `scoresOf`: quiet positions left out because another engine moved from them. */
	readonly otherEngine: number;
}

/**
 * One game of a record: start position, moves, rules, half-move limit and Blue's result (1, 0.5,
 * 0), and for each move the score its engine reported (centiblobs from the mover's view, a won or
 * lost score as the search returns it: `readReportFields`; `null` where none was reported).
 */
export interface RecordedGame {
	readonly start: Position;
	readonly moves: readonly Move[];
	readonly scores: readonly (number | null)[];
	readonly variant: Variant;
	readonly halfMoveLimit: number;
	readonly blueScore: number;
	/** The names of the players of Blue and Red, as the record gives them. */
	readonly blue: string;
	readonly red: string;
}

/**
 * The games of a JSONL match record, replayed for legality.
 * @throws TrainingDataError for a file that cannot be read, a line that is not JSON, a game
 *   whose FEN or moves do not replay, or a move whose reported fields are malformed
 */
export function readRecordedGames(path: string): RecordedGame[] {
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new TrainingDataError(
			`cannot read record ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
		);
	}
	const games: RecordedGame[] = [];
	text.split('\n').forEach((line, i) => {
		if (line.trim() === '') return;
		const where = `${path}:${i + 1}`;
		let value: { type?: unknown };
		try {
			value = JSON.parse(line) as { type?: unknown };
		} catch {
			throw new TrainingDataError(`${where}: not JSON: is this a blobterm match record (--record)?`);
		}
		if (value.type !== 'game') return;
		const game = value as MatchGameLine;
		let pos: Position;
		try {
			pos = parseFen(game.fen).position;
		} catch (error) {
			throw new TrainingDataError(`${where}: ${(error as Error).message}`);
		}
		const start = pos;
		const moves: Move[] = [];
		const scores: (number | null)[] = [];
		for (const [j, item] of (game.moves ?? []).entries()) {
			try {
				scores.push(readReportFields(item as unknown as Record<string, unknown>)?.score ?? null);
			} catch (error) {
				throw new TrainingDataError(`${where}: move ${j + 1}: ${(error as Error).message}`);
			}
			let move: Move;
			if (item.move === 'pass') move = PASS;
			else {
				const coords = parseMoveText(item.move);
				const check = coords ? checkMove(pos, coords) : { ok: false as const, reason: 'not a move' };
				if (!check.ok) throw new TrainingDataError(`${where}: move ${j + 1} "${item.move}": ${check.reason}`);
				move = check.move;
			}
			moves.push(move);
			pos = playMove(pos, move);
		}
		const blueScore = game.result === '1-0' ? 1 : game.result === '0-1' ? 0 : 0.5;
		const variant: Variant = game.variant === 'ataxx' ? 'ataxx' : 'blobwar';
		const halfMoveLimit = Number.isInteger(game.halfMoveLimit) ? game.halfMoveLimit : Infinity;
		const [blue, red] = [String(game.blue ?? ''), String(game.red ?? '')];
		games.push({ start, moves, scores, variant, halfMoveLimit, blueScore, blue, red });
	});
	return games;
}

/**
 * The quiet positions of the games of `paths` with their features (`eval-features.ts`).
 * @throws TrainingDataError as `readRecordedGames`, and for a name of `scoresOf` that no game's
 *   player has
 */
export function trainingSet(
	paths: readonly string[],
	options: SelectionOptions = {},
): { set: TrainingSet; report: SelectionReport } {
	const skipPlies = options.skipPlies ?? 8;
	const margin = options.margin ?? 100;
	const probe = new Searcher({ ...DEFAULT_SEARCH_OPTIONS, evaluation: 'classic', tt: false, hashMb: 1 });
	const classic = { ...DEFAULT_SEARCH_OPTIONS, evaluation: 'classic' as const };
	const deep =
		options.searchDepth === undefined
			? null
			: {
					depth: options.searchDepth,
					searcher: new Searcher({
						...DEFAULT_SEARCH_OPTIONS,
						weights: options.searchWeights ?? null,
						hashMb: 2,
					}),
				};
	if (deep && options.recordScores)
		throw new RangeError('trainingSet: searchDepth and recordScores are two sources of the same scores');
	const scoresOf = options.recordScores && options.scoresOf ? new Set(options.scoresOf) : null;
	const players = new Set<string>();
	const searchScores: number[] = [];
	const rows: number[] = [];
	const phases: number[] = [];
	const results: number[] = [];
	const gameOf: number[] = [];
	const row = new Float64Array(TERM_COUNT);
	let games = 0;
	let seen = 0;
	let decided = 0;
	let unscored = 0;
	let otherEngine = 0;
	for (const path of paths) {
		for (const game of readRecordedGames(path)) {
			players.add(game.blue).add(game.red);
			let pos = game.start;
			for (let ply = 0; ply <= game.moves.length; ply++) {
				const halfMovesLeft = game.halfMoveLimit - ply;
				if (ply >= skipPlies && gameEnd(pos, game.variant, halfMovesLeft) === null) {
					seen++;
					const g = pos.geometry;
					const mine = pos.count[pos.side];
					const theirs = pos.count[pos.side ^ 1];
					const tables = evalTables(g, classic, game.variant);
					const stand = evaluate(shapeKernel(g), pos.bb, 0, pos.side, mine, theirs, tables);
					const score = probe.search(pos, { depth: 2, variant: game.variant, halfMovesLeft }).score;
					if (isDecisive(score)) decided++;
					else if (Math.abs(score - stand) <= margin) {
						// With recordScores, the score of the move played from here (null: none recorded).
						const recorded = options.recordScores ? (game.scores[ply] ?? null) : 0;
						if (scoresOf !== null && !scoresOf.has(pos.side === 0 ? game.blue : game.red)) otherEngine++;
						else if (recorded === null) unscored++;
						else {
							evalKernel(g, CLASSIC_WEIGHTS).features(pos.bb, 0, pos.side, row, 0);
							for (let t = 0; t < TERM_COUNT; t++) rows.push(row[t]);
							phases.push(featureMasks(g).phase[mine + theirs] / PHASE_ONE);
							results.push(pos.side === 0 ? game.blueScore : 1 - game.blueScore);
							gameOf.push(games);
							if (options.recordScores) searchScores.push(recorded);
							if (deep) {
								deep.searcher.clear();
								const limits = { depth: deep.depth, variant: game.variant, halfMovesLeft };
								searchScores.push(deep.searcher.search(pos, limits).score);
							}
						}
					}
				}
				if (ply < game.moves.length) pos = playMove(pos, game.moves[ply]);
			}
			games++;
		}
	}
	for (const name of scoresOf ?? [])
		if (!players.has(name))
			throw new TrainingDataError(
				`no game of the records has a player named ${JSON.stringify(name)} ` +
					`(the players: ${[...players].join(', ')})`,
			);
	const set: TrainingSet = {
		count: results.length,
		features: Float64Array.from(rows),
		phase: Float64Array.from(phases),
		result: Float64Array.from(results),
		game: Int32Array.from(gameOf),
		...(deep || options.recordScores ? { searchScore: Float64Array.from(searchScores) } : {}),
	};
	return { set, report: { files: paths.length, games, seen, decided, kept: set.count, unscored, otherEngine } };
}
