/**
 * `blobterm spsa [options] --record FILE --out FILE [BOARD ...]`: tunes the learned evaluation's
 * weights by games, with SPSA (`tuning/spsa.ts`, `tuning/spsa-run.ts`), and writes them as a
 * weights file that `builtin:weights=FILE` plays with.
 */

import writeFileAtomic from 'write-file-atomic';
import { type Variant, VARIANTS } from '../game/game-over.js';
import { BOUNDS } from '../game/number-args.js';
import { TERM_COUNT, TERMS } from '../search/eval-features.js';
import {
	type NamedWeights,
	readWeightsFile,
	SHIPPED_WEIGHTS,
	weightsFileOf,
	WeightsFileError,
} from '../search/eval-weights.js';
import { type Opening, openingFromBoardFile, openingFromFen, readOpeningsFile } from '../match/opening.js';
import { parsePlayerSpec } from '../players/player-spec.js';
import { parameterName, type SpsaParameter, SpsaRun, type SpsaSummary, thetaOfWeights } from '../tuning/spsa-run.js';
import { spsaGains } from '../tuning/spsa.js';
import { MatchProgress } from '../ui/match-progress.js';
import { plural } from '../ui/format.js';
import { parseCommandLine } from './command-line.js';
import { readChoice } from './choice-flags.js';
import { UsageError } from './errors.js';
import { onInterrupt } from './interrupt.js';
import { readNumber, readNumberFlag } from './number-flags.js';
import { termList } from './term-list.js';

const help = `
  Usage
    $ blobterm spsa [options] --record FILE --out FILE [BOARD ...]

  Tunes the weights of the learned evaluation (eval=tuned) by games, with SPSA (Spall 1992):
  each iteration perturbs every tuned weight at once by +-c, plays one game pair (an opening
  drawn at random, each side once with Blue) between the engine with the weights plus the
  perturbation (spsa+) and with the weights minus it (spsa-), and moves every weight towards
  the side that scored more. The perturbation c and the learning rate r decay as Spall
  recommends (alpha 0.602, gamma 0.101, A = 10% of the iterations); --c-end and --r-end give
  their values at the last iteration, as Stockfish's fishtest does.

  The games and each step go to the --record file (a match record: blobterm tune reads its
  games too); --resume goes on with a stopped run. After each pair the weights so far are
  written to --out.

  Options
    --record FILE      the run's record (required; JSON Lines, as blobterm match --record)
    --no-record-pv     leave each move's principal variation out of the record's games
                       (half the size: a run of 2,000 pairs at 20,000 nodes per move on
                       7x7 writes about 44 MB instead of 88)
    --resume           go on with the run in --record FILE (same command line)
    --out FILE         the weights file written after each pair (required)
    --start FILE       starting weights (default: the shipped weights of --rules; under Blob
                       War rules those of boards up to 8 x 8)
    --engine SPEC      the built-in engine both sides play (default builtin:nodes=20000);
                       any builtin option of blobterm match but weights=
    --terms TERMS      the terms tuned, comma-separated (default: every term)
    --fix TERMS        terms left as they start (e.g. blobs.mine,blobs.theirs)
    --phases P         opening, endgame or both (default both): which weight of each term
    --iterations N     game pairs in all (default 1000)
    --c-end CB         the perturbation at the last iteration, centiblobs (default 10)
    --r-end R          the learning rate at the last iteration (default 0.002)
    --openings FILE    start positions from a file of FENs, one per line
    --fen FEN          a start position as a FEN (repeatable)
    --rules R          blobwar or ataxx (default blobwar)
    --time S           seconds per move (default 10: generous, the node limit decides)
    --max-moves N      half-move limit (default: as blobterm match)
    --concurrency N    game pairs at once (default 1, at most 64)
    --seed N           seed of the perturbations and openings (default: random, kept in the record)
    --help, -h         this text

  Example
    $ blobterm openings --plies 4 --rules ataxx --sample 2000 --seed 3 boards/ataxx.bwb > book.txt
    $ blobterm spsa --rules ataxx --openings book.txt --engine builtin:nodes=20000 \\
        --fix blobs.mine,blobs.theirs --iterations 2000 --concurrency 2 \\
        --record spsa.jsonl --out spsa-weights.json
`;

/** The spsa command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	record: { type: 'string' },
	recordPv: { type: 'boolean', default: true },
	resume: { type: 'boolean', default: false },
	out: { type: 'string' },
	start: { type: 'string' },
	engine: { type: 'string', default: 'builtin:nodes=20000' },
	terms: { type: 'string' },
	fix: { type: 'string' },
	phases: { type: 'string', default: 'both' },
	iterations: { type: 'string', default: '1000' },
	cEnd: { type: 'string', default: '10' },
	rEnd: { type: 'string', default: '0.002' },
	openings: { type: 'string' },
	fen: { type: 'string', isMultiple: true },
	rules: { type: 'string', default: 'blobwar' },
	time: { type: 'string', default: '10' },
	maxMoves: { type: 'string' },
	concurrency: { type: 'string', default: '1' },
	seed: { type: 'string' },
} as const;

/** Runs the spsa command. @throws UsageError for bad arguments or unreadable input */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm spsa', help, flags: FLAGS, argv });
	const { flags } = cli;
	if (flags.record === undefined) throw new UsageError('spsa: --record FILE is required (the run and its games)');
	if (flags.out === undefined) throw new UsageError('spsa: --out FILE is required (where to write the weights)');
	const variant: Variant = readChoice('--rules', flags.rules, VARIANTS);
	const engine = parsePlayerSpec(flags.engine);
	if (engine.kind !== 'builtin')
		throw new UsageError(`--engine: SPSA tunes the built-in engine, got "${flags.engine}"`);
	if (engine.search.weights)
		throw new UsageError('--engine: no weights= here: the starting weights are --start FILE');
	if (engine.search.evaluation === 'classic' || engine.search.positional === false)
		throw new UsageError('--engine: SPSA tunes the learned evaluation (eval=tuned, positional=on)');

	let start: NamedWeights;
	try {
		start = flags.start === undefined ? SHIPPED_WEIGHTS[variant] : readWeightsFile(flags.start);
	} catch (error) {
		if (error instanceof WeightsFileError) throw new UsageError(error.message);
		throw error;
	}
	const parameters = spsaParameters(flags.terms, flags.fix, flags.phases);

	const openings: Opening[] = cli.input.map((board) => openingFromBoardFile(board));
	for (const fen of flags.fen ?? []) openings.push(openingFromFen(fen));
	if (flags.openings !== undefined) openings.push(...readOpeningsFile(flags.openings));
	if (openings.length === 0)
		throw new UsageError('spsa: give the start positions: --openings FILE, --fen FEN or board files');

	const settings = {
		iterations: readNumber('--iterations', flags.iterations, BOUNDS.spsaIterations),
		cEnd: readNumber('--c-end', flags.cEnd, BOUNDS.spsaPerturbation),
		rEnd: readNumber('--r-end', flags.rEnd, BOUNDS.spsaLearningRate),
	};
	const timeS = readNumber('--time', flags.time, BOUNDS.moveSeconds);
	const spsa = new SpsaRun({
		engine,
		start,
		parameters,
		settings,
		openings,
		variant,
		timeMs: timeS * 1000,
		halfMoveLimit: readNumberFlag('--max-moves', flags.maxMoves, BOUNDS.halfMoveLimit) ?? null,
		concurrency: readNumber('--concurrency', flags.concurrency, BOUNDS.concurrency),
		seed: readNumberFlag('--seed', flags.seed, BOUNDS.seed) ?? null,
		recordPath: flags.record,
		recordPv: flags.recordPv,
		resume: flags.resume,
	});

	const out = process.stdout;
	const first = spsaGains(settings, 0);
	out.write(
		`SPSA: ${plural(parameters.length, 'weight')} of ${engine.text}, ${plural(settings.iterations, 'game pair')} ` +
			`on ${plural(openings.length, 'opening')}, ${variant === 'ataxx' ? 'Ataxx' : 'Blob War'} rules; ` +
			`c ${first.c.toFixed(2)} to ${settings.cEnd}, r ${first.r.toFixed(5)} to ${settings.rEnd}\n`,
	);
	const outPath = flags.out;
	let writes = Promise.resolve();
	const save = (weights: NamedWeights, pairs: number) => {
		const file = weightsFileOf(weights, undefined, {
			method: 'SPSA (Spall 1992) on game pairs',
			command: `blobterm spsa ${argv.join(' ')}`,
			pairs,
		});
		writes = writes.then(() => writeFileAtomic(outPath, `${JSON.stringify(file, null, '\t')}\n`));
		return writes;
	};

	let played = 0;
	const progress = new MatchProgress(out, () => `SPSA: pair ${played} of ${settings.iterations}`);
	const stopping = onInterrupt(() => {
		progress.lines(['Stopping: the pairs in progress are abandoned (not recorded)...']);
		spsa.stop();
	});
	let summary: SpsaSummary;
	try {
		progress.start();
		summary = await spsa.run({
			pairFinished: (step, _games, weights) => {
				played = step.pair;
				progress.lines([
					`pair ${step.pair}: ${step.result > 0 ? '+' : ''}${step.result} for spsa+ ` +
						`(opening ${step.opening + 1}, c ${step.c.toFixed(2)}, r ${step.r.toFixed(5)})`,
				]);
				void save(weights, step.pair).catch(() => {});
			},
		});
	} finally {
		progress.stop();
		stopping.off();
	}
	await writes.catch(() => {});
	await save(summary.weights, summary.pairs);
	const lines: string[] = [];
	if (summary.resumed > 0) lines.push(`Resumed: ${plural(summary.resumed, 'pair')} already in ${flags.record}.`);
	if (summary.end === 'stopped')
		lines.push(
			`Stopped: ${plural(summary.abandoned, 'pair')} in progress abandoned. ` +
				'Add --resume to the same command to play the rest.',
		);
	lines.push(
		`${plural(summary.pairs, 'pair')} played (seed ${summary.seed}); spsa+ scored ` +
			`${summary.points} of ${summary.games}.`,
		'',
		'| weight | start | now | change |',
		'|---|---:|---:|---:|',
		...thetaOfWeights(start, parameters).map((s, i) => {
			const now = summary.theta[i];
			return `| ${parameterName(parameters[i])} | ${s} | ${now.toFixed(1)} | ${(now - s).toFixed(1)} |`;
		}),
		'',
		`Weights written to ${outPath}.`,
	);
	out.write(`${lines.join('\n')}\n`);
	if (summary.end === 'stopped') process.exitCode = 130;
}

/**
 * The tuned parameters: each term of `--terms` (default all) not in `--fix`, in the phases of
 * `--phases`, in `TERMS` order.
 * @throws UsageError for an unknown term or phase, or no parameter left
 */
export function spsaParameters(terms: string | undefined, fix: string | undefined, phases: string): SpsaParameter[] {
	const chosen = terms === undefined ? Array.from({ length: TERM_COUNT }, (_, i) => i) : termList('--terms', terms);
	const fixed = new Set(termList('--fix', fix));
	readChoice('--phases', phases, ['opening', 'endgame', 'both']);
	const out: SpsaParameter[] = [];
	for (let t = 0; t < TERM_COUNT; t++) {
		if (!chosen.includes(t) || fixed.has(t)) continue;
		if (phases !== 'endgame') out.push({ term: t, phase: 'opening' });
		if (phases !== 'opening') out.push({ term: t, phase: 'endgame' });
	}
	if (out.length === 0)
		throw new UsageError(`spsa: no weight left to tune (terms: ${TERMS.join(', ')}); check --terms and --fix`);
	return out;
}
