/**
 * `blobterm tune RECORD.jsonl ... --out FILE`: fits the learned evaluation's weights to the games
 * of match records by Texel tuning (`tuning/texel.ts`) and writes a weights file
 * (`search/eval-weights.ts`) that `builtin:weights=FILE` plays with.
 */

import writeFileAtomic from 'write-file-atomic';
import { TERMS } from '../search/eval-features.js';
import {
	CLASSIC_WEIGHTS,
	type NamedWeights,
	readWeightsFile,
	weightsFileOf,
	WeightsFileError,
} from '../search/eval-weights.js';
import {
	clampToSigns,
	expectedScore,
	fitK,
	fitWeights,
	meanSquaredError,
	type RealWeights,
	resampleTaper,
	roundWeights,
} from '../tuning/texel.js';
import { taperPoints, weightsOfTaperPoints } from '../search/eval-kernel.js';
import { trainingSet, TrainingDataError, type TrainingSet } from '../tuning/training-positions.js';
import { BOUNDS } from '../game/number-args.js';
import { parseCommandLine } from './command-line.js';
import { UsageError } from './errors.js';
import { readNumber, readNumberFlag } from './number-flags.js';
import { termList } from './term-list.js';

const help = `
  Usage
    $ blobterm tune [options] RECORD.jsonl ... --out FILE

  Fits the weights of the learned evaluation (eval=tuned) to the results of the games in match
  records (blobterm match --record) by Texel tuning: the quiet positions of every game, each
  with its game's result, and the weights whose evaluation, mapped to an expected score by
  1 / (1 + 10^(-K e / 400)), best predicts those results (least squares, Levenberg-Marquardt).
  A position is quiet when a 2-ply search scores within --margin of its static evaluation.
  One game in ten is held out to measure the fit on games it did not see.

  Options
    --out FILE         the weights file to write (JSON; play it with builtin:weights=FILE)
    --k K              the scaling constant (default: fitted to the starting weights)
    --iterations N     Levenberg-Marquardt iterations at most (default 50)
    --start FILE       starting weights (default: the classic evaluation's, in features)
    --taper-points N   weights at N phases evenly spaced from the opening (an empty board) to
                       the endgame (a full board), interpolated between (2 to 9; default: as
                       many as the starting weights have, 2 for the classic ones); starting
                       weights of fewer points are interpolated to N
    --skip-plies N     half-moves left out at the start of each game (default 8)
    --margin CB        quiet: 2-ply score within CB centiblobs of the static one (default 100)
    --fix TERMS        terms whose weights stay as they start, comma-separated
                       (e.g. blobs.mine,blobs.theirs: material stays 1 blob per blob)
    --ridge L          draw each weight towards its starting value: minimise the mean squared
                       error plus L times the sum of squared changes in blobs (default 0)
    --search-depth D   also search each kept position D plies deep with the starting weights
    --record-scores    use instead the score the game's engine reported for the move it played
                       from each position (the record's score; positions without one are left out)
    --scores-of NAMES  with --record-scores, only the scores of these players, comma-separated
                       (the names match gave them: builtin, or name=...); the positions where
                       another player moved are left out. A record of games against another
                       program holds its scores too, on its own scale
    --lambda L         fit to L times the game's result plus 1 - L times the expected score of
                       that search's score (default 1: results only; needs --search-depth or
                       --record-scores)
    --nonnegative TERMS  terms whose weights stay at 0 or above in both phases, comma-separated
                       (a weight that starts below starts at 0)
    --nonpositive TERMS  terms whose weights stay at 0 or below
    --help, -h         this text

  Examples
    $ blobterm tune games.jsonl --out weights.json
    $ blobterm tune a.jsonl b.jsonl --out w.json --k 1.1 --iterations 20 --start source/search/weights-ataxx.json
    $ blobterm tune games.jsonl --out w5.json --start w.json --taper-points 5
`;

/** The tune command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	out: { type: 'string' },
	k: { type: 'string' },
	iterations: { type: 'string', default: '50' },
	start: { type: 'string' },
	taperPoints: { type: 'string' },
	skipPlies: { type: 'string', default: '8' },
	margin: { type: 'string', default: '100' },
	ridge: { type: 'string', default: '0' },
	fix: { type: 'string' },
	searchDepth: { type: 'string' },
	lambda: { type: 'string', default: '1' },
	recordScores: { type: 'boolean', default: false },
	scoresOf: { type: 'string' },
	nonnegative: { type: 'string' },
	nonpositive: { type: 'string' },
} as const;

/** Runs the tune command. @throws UsageError for bad arguments or unreadable input */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm tune', help, flags: FLAGS, argv });
	const { flags: given } = cli;
	if (cli.input.length === 0) throw new UsageError('tune: name at least one match record (see blobterm tune --help)');
	if (given.out === undefined) throw new UsageError('tune: --out FILE is required (where to write the weights)');
	const flags = {
		out: given.out,
		start: given.start,
		k: readNumberFlag('--k', given.k, BOUNDS.scalingK),
		iterations: readNumber('--iterations', given.iterations, BOUNDS.tuneIterations),
		taperPoints: readNumberFlag('--taper-points', given.taperPoints, BOUNDS.taperPoints),
		skipPlies: readNumber('--skip-plies', given.skipPlies, BOUNDS.skipPlies),
		margin: readNumber('--margin', given.margin, BOUNDS.quietMargin),
		ridge: readNumber('--ridge', given.ridge, BOUNDS.ridge),
		searchDepth: readNumberFlag('--search-depth', given.searchDepth, BOUNDS.tuneSearchDepth),
		lambda: readNumber('--lambda', given.lambda, BOUNDS.tuneLambda),
	};
	const recordScores = given.recordScores;
	if (recordScores && flags.searchDepth !== undefined)
		throw new UsageError('tune: --record-scores and --search-depth are two sources of search scores: give one');
	if (flags.lambda < 1 && flags.searchDepth === undefined && !recordScores)
		throw new UsageError(
			'tune: --lambda below 1 blends in search scores: give --search-depth D or --record-scores',
		);
	const scoresOf = given.scoresOf?.split(',').map((name) => name.trim());
	if (scoresOf !== undefined && !recordScores)
		throw new UsageError('tune: --scores-of chooses whose recorded scores to fit to: give --record-scores too');
	if (scoresOf?.some((name) => name === ''))
		throw new UsageError(`tune: --scores-of: expected player names separated by commas, got "${given.scoresOf}"`);
	const fixed = termList('--fix', given.fix);
	const signs = new Map<number, 1 | -1>();
	for (const [flag, list, sign] of [
		['--nonnegative', given.nonnegative, 1],
		['--nonpositive', given.nonpositive, -1],
	] as const)
		for (const t of termList(flag, list)) {
			if (signs.has(t) || fixed.includes(t))
				throw new UsageError(`${flag}: term "${TERMS[t]}" is already in --fix, --nonnegative or --nonpositive`);
			signs.set(t, sign);
		}
	const out = (line: string) => process.stdout.write(`${line}\n`);

	let start: RealWeights;
	let named: NamedWeights;
	try {
		named = flags.start === undefined ? CLASSIC_WEIGHTS : readWeightsFile(flags.start);
		start = weightsOfTaperPoints(taperPoints(named).map((list) => Array.from(list)));
	} catch (error) {
		if (error instanceof WeightsFileError) throw new UsageError(error.message);
		throw error;
	}
	let data;
	try {
		data = trainingSet(cli.input, {
			skipPlies: flags.skipPlies,
			margin: flags.margin,
			searchDepth: flags.searchDepth,
			searchWeights: named,
			recordScores,
			...(scoresOf === undefined ? {} : { scoresOf }),
		});
	} catch (error) {
		if (error instanceof TrainingDataError) throw new UsageError(error.message);
		throw error;
	}
	const { report } = data;
	let set = data.set;
	out(
		`${report.games} games in ${report.files} record${report.files === 1 ? '' : 's'}: ${report.seen} positions ` +
			`after ${flags.skipPlies} half-moves, ${report.decided} decided at 2 plies, ${report.kept} quiet (kept)` +
			(recordScores ? `, ${report.unscored} quiet without a recorded score (left out)` : '') +
			(scoresOf === undefined ? '' : `, ${report.otherEngine} quiet where another player moved (left out)`),
	);
	if (set.count === 0) throw new UsageError('tune: no quiet position in the records: nothing to fit');
	const train: number[] = [];
	const held: number[] = [];
	for (let i = 0; i < set.count; i++) (set.game[i] % 10 === 9 ? held : train).push(i);
	out(`fitting on ${train.length} positions, ${held.length} held out (every tenth game)`);
	// The fit starts inside the sign bounds: K, the starting error and the ridge's prior are the clamped start's.
	if (flags.taperPoints !== undefined && flags.taperPoints !== taperPoints(start).length) {
		out(`starting weights interpolated from ${taperPoints(start).length} to ${flags.taperPoints} taper points`);
		start = resampleTaper(start, flags.taperPoints);
	}
	const points = taperPoints(start).length;
	const pointNames = pointNamesOf(points);
	const clamped = clampToSigns(start, signs);
	const [startPoints, clampedPoints] = [taperPoints(start), taperPoints(clamped)];
	const moved = TERMS.flatMap((t, i) =>
		pointNames
			.map((name, j) => ({ name, from: startPoints[j][i], to: clampedPoints[j][i] }))
			.filter(({ from, to }) => from !== to)
			.map(({ name, from }) => `${t}.${name} ${from} to 0`),
	);
	if (moved.length > 0) out(`starting weights clamped into the sign bounds: ${moved.join(', ')}`);
	start = clamped;

	const k = flags.k ?? fitK(set, start, train);
	out(`K = ${k.toFixed(4)}${flags.k === undefined ? ' (fitted to the starting weights)' : ''}`);
	if (set.searchScore) {
		set = blendedTargets(set, set.searchScore, flags.lambda, k);
		const source = recordScores
			? "each move's recorded search score"
			: `a ${flags.searchDepth}-ply search with the starting weights`;
		out(`targets: ${flags.lambda} x result + ${round6(1 - flags.lambda)} x expected score of ${source}`);
	}
	const before = { train: meanSquaredError(set, start, k, train), held: meanSquaredError(set, start, k, held) };
	out(`starting weights: mean squared error ${before.train.toFixed(6)} (held out ${before.held.toFixed(6)})`);
	const errorName = flags.ridge > 0 ? 'mean squared error plus penalty' : 'mean squared error';
	const fitted = fitWeights(
		set,
		k,
		start,
		flags.iterations,
		train,
		(p) => out(`  iteration ${p.iterations}: ${errorName} ${p.error.toFixed(6)}`),
		flags.ridge,
		fixed,
		signs,
	);
	// Units: σ(K e) stays the same when e is scaled by c and K by 1 / c; scale so that a blob of
	// material is worth 100 in the endgame, as in the blob difference.
	const materialFixed = fixed.includes(TERMS.indexOf('blobs.mine')) || fixed.includes(TERMS.indexOf('blobs.theirs'));
	const scaled = materialFixed ? { weights: fitted, k, scale: 1 } : normalise(fitted, k);
	const rounded = roundWeights(scaled.weights);
	const real = weightsOfTaperPoints(taperPoints(rounded).map((list) => Array.from(list)));
	const kOut = scaled.k;
	if (!materialFixed)
		out(`scaled by ${scaled.scale.toFixed(4)} (a blob of material is 100 in the endgame): K = ${kOut.toFixed(4)}`);
	const after = { train: meanSquaredError(set, real, kOut, train), held: meanSquaredError(set, real, kOut, held) };
	out(`fitted weights: mean squared error ${after.train.toFixed(6)} (held out ${after.held.toFixed(6)})`);
	const file = weightsFileOf(rounded, Number(kOut.toFixed(6)), {
		method: 'Texel tuning, Levenberg-Marquardt',
		records: cli.input,
		games: report.games,
		positions: { seen: report.seen, decided: report.decided, quiet: report.kept, fitted: train.length },
		skipPlies: flags.skipPlies,
		margin: flags.margin,
		ridge: flags.ridge,
		...(flags.searchDepth === undefined ? {} : { searchDepth: flags.searchDepth, lambda: flags.lambda }),
		...(recordScores ? { recordScores: true, lambda: flags.lambda } : {}),
		...(scoresOf === undefined ? {} : { scoresOf }),
		fixed: fixed.map((t) => TERMS[t]),
		nonnegative: [...signs].filter(([, s]) => s === 1).map(([t]) => TERMS[t]),
		nonpositive: [...signs].filter(([, s]) => s === -1).map(([t]) => TERMS[t]),
		iterations: fitted.iterations,
		mse: {
			start: round6(before.train),
			startHeldOut: round6(before.held),
			fitted: round6(after.train),
			fittedHeldOut: round6(after.held),
		},
		// A blob's worth as an expected score at equal material (what 100 centiblobs mean).
		oneBlob: round6(expectedScore(100, kOut) - 0.5),
	});
	await writeFileAtomic(flags.out, `${JSON.stringify(file, null, '\t')}\n`);
	out(`weights written to ${flags.out}`);
	const width = Math.max(...TERMS.map((t) => t.length));
	const columns = pointNames.map((name) => Math.max(7, name.length));
	const fittedPoints = taperPoints(rounded);
	out(`${'term'.padEnd(width)}${pointNames.map((name, j) => `  ${name.padStart(columns[j])}`).join('')}`);
	TERMS.forEach((t, i) =>
		out(`${t.padEnd(width)}${fittedPoints.map((list, j) => `  ${String(list[i]).padStart(columns[j])}`).join('')}`),
	);
}

/**
 * Names of `count` taper points in messages and the weight table: `opening` and `endgame`, and
 * the points between by their phase (`phase 0.5`).
 */
function pointNamesOf(count: number): string[] {
	return Array.from({ length: count }, (_, j) =>
		j === 0 ? 'opening' : j === count - 1 ? 'endgame' : `phase ${Number((j / (count - 1)).toFixed(3))}`,
	);
}

/**
 * Weights scaled so that the endgame material weight, the mean of `blobs.mine` and minus
 * `blobs.theirs`, is 100 centiblobs, with K scaled the other way (the predictions do not change).
 * Left as they are if that weight is not positive.
 */
function normalise(weights: RealWeights, k: number): { weights: RealWeights; k: number; scale: number } {
	const material =
		(weights.endgame[TERMS.indexOf('blobs.mine')] - weights.endgame[TERMS.indexOf('blobs.theirs')]) / 2;
	const scale = material > 0 ? 100 / material : 1;
	return {
		weights: weightsOfTaperPoints(taperPoints(weights).map((list) => list.map((w) => w * scale))),
		k: k / scale,
		scale,
	};
}

/**
 * The set with each result `R` replaced by `lambda R + (1 - lambda) σ(s)`, where `s` is the
 * position's search score and σ the expected score with constant `k` (a won or lost search score
 * gives 1 or 0): the blend of game results and search scores of engine training (the "lambda" of
 * Stockfish's NNUE trainer, nnue-pytorch), here for a linear evaluation.
 */
function blendedTargets(set: TrainingSet, scores: Float64Array, lambda: number, k: number): TrainingSet {
	const result = set.result.map((r, i) => lambda * r + (1 - lambda) * expectedScore(scores[i], k));
	return { ...set, result };
}

function round6(x: number): number {
	return Number(x.toFixed(6));
}
