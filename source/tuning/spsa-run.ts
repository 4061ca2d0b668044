/**
 * An SPSA run over the learned evaluation's weights (`spsa.ts`), judged by games: iteration k
 * plays one game pair (an opening drawn for k, each engine once with Blue) between the built-in
 * engine with weights theta + c_k delta ("spsa+", engine A) and with theta - c_k delta ("spsa-"),
 * then moves theta by the pair's result.
 *
 * Everything goes into one match record (`match-record.ts`), so that the run can be stopped and
 * resumed, and its games serve `blobterm tune` like any match's:
 *
 *   {"type":"match", ...}                          the header (engines "spsa+ SPEC", "spsa- SPEC")
 *   {"type":"spsa-run","version":1, ...}           the run's settings (`SpsaRunLine`)
 *   {"type":"game","pair":P, ...} x 2              the pair's games
 *   {"type":"spsa","pair":P,"result":R,"theta":{...}}   theta after pair P (`SpsaStepLine`)
 *
 * A pair's three lines are written once both games are over; a stopped run abandons the pairs in
 * progress. With several pairs at once, each perturbs theta as it was when the pair started and
 * updates theta as it is when the pair ends (asynchronous SPSA, as Stockfish's fishtest does).
 */

import { BLUE, RED } from '../game/position.js';
import { type Variant } from '../game/game-over.js';
import { UserError } from '../game/user-error.js';
import { TERMS } from '../search/eval-features.js';
import { MAX_WEIGHT, taperPoints } from '../search/eval-kernel.js';
import { type NamedWeights } from '../search/eval-weights.js';
import { type PlayerSpec } from '../players/player-spec.js';
import { SearchPools } from '../players/search-pools.js';
import { type LiveGame, startMatchGame } from '../match/match-game.js';
import { matchHeader } from '../match/match.js';
import { type MatchGameLine, MatchRecordError, MatchRecordFile, type OtherLine } from '../match/match-record.js';
import { type Opening } from '../match/opening.js';
import { pointsOfA } from '../match/tally.js';
import { type SpsaSettings, spsaDraw, spsaPerturbation, spsaUpdate } from './spsa.js';

/** A weight SPSA moves: one term's weight in one phase. */
export interface SpsaParameter {
	/** Index into `TERMS`. */
	readonly term: number;
	readonly phase: 'opening' | 'endgame';
}

/** The parameter's name in records and reports: `TERM.PHASE`, as `safe.mine.opening`. */
export function parameterName(p: SpsaParameter): string {
	return `${TERMS[p.term]}.${p.phase}`;
}

/** Settings of a run. */
export interface SpsaRunOptions {
	/** The built-in engine both sides play (its weights are replaced). */
	readonly engine: Extract<PlayerSpec, { kind: 'builtin' }>;
	/** Weights at the start; the parameters not tuned keep theirs. */
	readonly start: NamedWeights;
	/** The weights tuned (at least one, each once). */
	readonly parameters: readonly SpsaParameter[];
	readonly settings: SpsaSettings;
	readonly openings: readonly Opening[];
	readonly variant: Variant;
	/** Time per move, ms (generous with a node limit, so that games do not depend on the load). */
	readonly timeMs: number;
	/** Half-move limit; null for each board's default. */
	readonly halfMoveLimit: number | null;
	/** Game pairs at once (>= 1). */
	readonly concurrency: number;
	/** Seed of the perturbations and openings; null: the record's when resuming, else random. */
	readonly seed: number | null;
	/** The match record the run writes. */
	readonly recordPath: string;
	/** Keep each move's principal variation in the record's games (default true; `MatchGameSettings.recordPv`). */
	readonly recordPv?: boolean;
	/** Go on with the run in `recordPath`. */
	readonly resume: boolean;
}

/** The run's settings line, written after the header; a resumed run must have the same. */
export interface SpsaRunLine {
	readonly type: 'spsa-run';
	readonly version: 1;
	readonly iterations: number;
	readonly cEnd: number;
	readonly rEnd: number;
	/** Parameter names (`parameterName`), in theta's order. */
	readonly parameters: readonly string[];
	/** The starting weights: term to its weights at the taper points, `[opening, ..., endgame]`. */
	readonly start: Readonly<Record<string, readonly number[]>>;
}

/** One step: theta after pair `pair`. */
export interface SpsaStepLine {
	readonly type: 'spsa';
	/** Pair number, from 1 (iteration k = pair - 1). */
	readonly pair: number;
	/** Index of the pair's opening. */
	readonly opening: number;
	/** spsa+'s points less spsa-'s over the pair, -2 to 2. */
	readonly result: number;
	/** The gains used: perturbation c_k and learning rate r_k. */
	readonly c: number;
	readonly r: number;
	/** theta after the step, parameter name to value (centiblobs, 2 decimals). */
	readonly theta: Readonly<Record<string, number>>;
}

/** What a run reports as it goes. */
export interface SpsaListener {
	/** A pair is over and theta moved; `weights` are the rounded ones. */
	pairFinished?(step: SpsaStepLine, games: readonly [MatchGameLine, MatchGameLine], weights: NamedWeights): void;
}

/** How a run ended. */
export interface SpsaSummary {
	/** Pairs recorded, earlier (resume) and now. */
	readonly pairs: number;
	/** Of those, recorded before this run (resume). */
	readonly resumed: number;
	/** Pairs in progress abandoned by a stop. */
	readonly abandoned: number;
	/** `done`: every iteration was played; `stopped`: stopped by `stop()`. */
	readonly end: 'done' | 'stopped';
	/** theta at the end, in `parameters` order. */
	readonly theta: readonly number[];
	/** The weights of theta, rounded. */
	readonly weights: NamedWeights;
	/** spsa+'s points over spsa-'s games, and the games. */
	readonly points: number;
	readonly games: number;
	readonly seed: number;
}

/** A run that cannot start: its record is another run's, or not an SPSA run's. */
export class SpsaRunError extends UserError {}

/** The weights of `theta`: the start's, with each parameter rounded and clamped to +-`MAX_WEIGHT`. */
export function weightsOfTheta(
	start: NamedWeights,
	parameters: readonly SpsaParameter[],
	theta: readonly number[],
	source: string,
): NamedWeights {
	const opening = Array.from(start.opening);
	const endgame = Array.from(start.endgame);
	parameters.forEach((p, i) => {
		const w = Math.max(-MAX_WEIGHT, Math.min(MAX_WEIGHT, Math.round(theta[i])));
		(p.phase === 'opening' ? opening : endgame)[p.term] = w;
	});
	// The taper points between the opening and the endgame stay as they start.
	return { source, opening, endgame, ...(start.middle ? { middle: start.middle } : {}) };
}

/** The values of `parameters` in a weight set (theta of those weights: `weightsOfTheta`'s inverse). */
export function thetaOfWeights(weights: NamedWeights, parameters: readonly SpsaParameter[]): number[] {
	return parameters.map((p) => (p.phase === 'opening' ? weights.opening : weights.endgame)[p.term]);
}

/** An SPSA run. */
export class SpsaRun {
	private readonly names: [string, string] = ['spsa+', 'spsa-'];
	private readonly live = new Set<LiveGame>();
	private readonly pools = new SearchPools();
	private stopped = false;
	private abandoned = 0;

	/** @throws RangeError for no parameter, a parameter named twice, or settings out of range */
	constructor(readonly options: SpsaRunOptions) {
		if (options.parameters.length === 0) throw new RangeError('SPSA needs at least one parameter');
		const names = options.parameters.map(parameterName);
		if (new Set(names).size !== names.length) throw new RangeError('a parameter is named twice');
		if (options.openings.length === 0) throw new RangeError('no opening to play');
		if (!Number.isInteger(options.concurrency) || options.concurrency < 1)
			throw new RangeError(`concurrency must be an integer >= 1, got ${options.concurrency}`);
	}

	/** Stops the run: no new pair starts, the pairs in progress are abandoned (not recorded). */
	stop(): void {
		if (this.stopped) return;
		this.stopped = true;
		for (const live of this.live) live.game.abort();
	}

	/**
	 * Plays the iterations not yet recorded, `concurrency` pairs at once.
	 * @throws MatchRecordError, SpsaRunError for a record that cannot be used; FileWriteError,
	 *   FileReadError for one that cannot be written or read
	 */
	async run(listener: SpsaListener = {}): Promise<SpsaSummary> {
		const o = this.options;
		const engineText = o.engine.text;
		const header = matchHeader(
			{
				engines: [
					{ ...o.engine, text: `spsa+ ${engineText}` },
					{ ...o.engine, text: `spsa- ${engineText}` },
				],
				openings: o.openings,
				games: 2 * o.settings.iterations,
				concurrency: o.concurrency,
				timeMs: o.timeMs,
				halfMoveLimit: o.halfMoveLimit,
				variant: o.variant,
				seed: o.seed,
				shuffle: true, // the seed draws the openings: a resumed run must keep it
			},
			this.names,
		);
		const opened = await MatchRecordFile.open(o.recordPath, header, o.resume);
		const file = opened.file;
		try {
			const seed = opened.header.seed;
			const runLine = this.runLine();
			const earlier = this.readSteps(runLine, opened.others, opened.games.length > 0);
			if (earlier.fresh) await file.appendOther(runLine);
			let theta = earlier.theta;
			// The games of the recorded steps (a pair cut short by a kill has games but no step).
			const stepPairs = new Set(earlier.steps.map((s) => s.pair));
			const counted = opened.games.filter((g) => stepPairs.has(g.pair));
			let points = counted.reduce((sum, g) => sum + pointsOfA(g), 0);
			let games = counted.length;
			let nextPair = Math.max(0, ...opened.games.map((g) => g.pair), ...earlier.steps.map((s) => s.pair)) + 1;
			let recorded = earlier.steps.length;
			const worker = async () => {
				while (!this.stopped && nextPair <= o.settings.iterations) {
					const pair = nextPair++;
					const k = pair - 1;
					const perturbation = spsaPerturbation(o.settings, theta, k, seed);
					const opening = spsaDraw(seed, k, o.openings.length);
					const engine = (values: readonly number[], sign: string): PlayerSpec => ({
						...o.engine,
						search: { ...o.engine.search, weights: this.weights(values, `spsa pair ${pair} ${sign}`) },
					});
					const engines: [PlayerSpec, PlayerSpec] = [
						engine(perturbation.plus, '+'),
						engine(perturbation.minus, '-'),
					];
					const first = await this.playGame(engines, pair, 2 * pair - 1, opening);
					if (!first) return;
					const second = await this.playGame(engines, pair, 2 * pair, opening);
					if (!second) return;
					const score = pointsOfA(first) + pointsOfA(second);
					const result = 2 * score - 2;
					theta = spsaUpdate(theta, perturbation, result, MAX_WEIGHT);
					const step: SpsaStepLine = {
						type: 'spsa',
						pair,
						opening,
						result,
						c: round(perturbation.gains.c, 4),
						r: round(perturbation.gains.r, 6),
						theta: Object.fromEntries(o.parameters.map((p, i) => [parameterName(p), round(theta[i], 2)])),
					};
					await file.append(first);
					await file.append(second);
					await file.appendOther(step);
					recorded++;
					points += score;
					games += 2;
					listener.pairFinished?.(step, [first, second], this.weights(theta, `spsa after pair ${pair}`));
				}
			};
			await Promise.all(Array.from({ length: o.concurrency }, worker));
			return {
				pairs: recorded,
				resumed: earlier.steps.length,
				abandoned: this.abandoned,
				end: this.stopped ? 'stopped' : 'done',
				theta,
				weights: this.weights(theta, 'spsa'),
				points,
				games,
				seed,
			};
		} finally {
			await this.pools.close();
			await file.close();
		}
	}

	/** The rounded weights of theta. */
	weights(theta: readonly number[], source: string): NamedWeights {
		return weightsOfTheta(this.options.start, this.options.parameters, theta, source);
	}

	private runLine(): SpsaRunLine {
		const o = this.options;
		const start: Record<string, number[]> = {};
		TERMS.forEach((t, i) => (start[t] = taperPoints(o.start).map((list) => list[i])));
		return {
			type: 'spsa-run',
			version: 1,
			iterations: o.settings.iterations,
			cEnd: o.settings.cEnd,
			rEnd: o.settings.rEnd,
			parameters: o.parameters.map(parameterName),
			start,
		};
	}

	/**
	 * The steps already in the record and theta after the last one (the start's weights if none).
	 * @param others the record's lines other than its header and games (`MatchRecordFile.open`)
	 * @param hasGames whether the record holds games (without a settings line: a match's record)
	 */
	private readSteps(
		wanted: SpsaRunLine,
		others: readonly OtherLine[],
		hasGames: boolean,
	): { fresh: boolean; steps: SpsaStepLine[]; theta: number[] } {
		const path = this.options.recordPath;
		const startTheta = thetaOfWeights(this.options.start, this.options.parameters);
		const runLine = others.find((l) => l.type === 'spsa-run') as SpsaRunLine | undefined;
		if (!runLine) {
			if (hasGames)
				throw new SpsaRunError(`${path} is the record of a match, not of an SPSA run: name another file`);
			return { fresh: true, steps: [], theta: startTheta };
		}
		for (const key of ['iterations', 'cEnd', 'rEnd', 'parameters', 'start'] as const)
			if (JSON.stringify(runLine[key]) !== JSON.stringify(wanted[key]))
				throw new MatchRecordError(
					`record file ${path} is of another SPSA run (${key}: ${JSON.stringify(runLine[key])} in the ` +
						`record, ${JSON.stringify(wanted[key])} now): ` +
						'run the same command to resume it, or name another file',
				);
		const steps = others.filter((l) => l.type === 'spsa') as unknown as SpsaStepLine[];
		const last = steps.at(-1);
		const theta = last ? this.options.parameters.map((p) => last.theta[parameterName(p)]) : startTheta;
		if (theta.some((t) => typeof t !== 'number' || !Number.isFinite(t)))
			throw new MatchRecordError(`${path}: the last SPSA step lacks a parameter's value: the record is damaged`);
		return { fresh: false, steps, theta };
	}

	/** Plays one game of a pair; null if it was abandoned by a stop. */
	private async playGame(
		engines: [PlayerSpec, PlayerSpec],
		pair: number,
		game: number,
		opening: number,
	): Promise<MatchGameLine | null> {
		if (this.stopped) {
			this.abandoned++;
			return null;
		}
		const o = this.options;
		const started = startMatchGame(
			{
				engines,
				names: this.names,
				timeMs: o.timeMs,
				halfMoveLimit: o.halfMoveLimit,
				variant: o.variant,
				pools: this.pools,
				recordPv: o.recordPv,
			},
			{ game, pair, opening, engineA: game % 2 === 1 ? BLUE : RED },
			o.openings[opening],
		);
		this.live.add(started.live);
		try {
			if (this.stopped) started.live.game.abort();
			const record = await started.finished;
			if (!record) this.abandoned++;
			return record;
		} finally {
			this.live.delete(started.live);
		}
	}
}

function round(x: number, digits: number): number {
	const f = 10 ** digits;
	return Math.round(x * f) / f;
}
