/**
 * Weight files of the learned evaluation: what `blobterm tune` writes, what `weights=FILE` reads,
 * and the shipped weights, one set per rule set (`weights-ataxx.json` and `weights-blobwar.json`
 * beside this file, and `weights-blobwar-large.json` for Blob War boards larger than 8 x 8; how
 * they were made: docs/evaluation.md).
 *
 *   {
 *     "format": "blobterm-weights", "version": 1,
 *     "weights": { "blobs.mine": [OPENING, ENDGAME], ..., "tempo": [OPENING, ENDGAME] },
 *     "k": K, "fit": { ... }
 *   }
 *
 * `weights` gives every term of `eval-features.ts` an opening and an endgame weight in
 * centiblobs (integers; a file written before a term of `LATER_TERMS` existed leaves it out, and
 * it weighs 0); `k` and `fit` describe the fit that made them, for people. Version 2
 * has more taper points: every term has the same number of weights, 2 to `MAX_TAPER_POINTS`,
 * at phases evenly spaced from 0 to 1 (`[OPENING, AT 1/2, ENDGAME]` for 3; `eval-kernel.ts`).
 * Version 1 files are version 2 files of 2 points; `blobterm tune` writes version 1 when it can.
 */

import { readFileSync } from 'node:fs';
import { TERM_COUNT, TERMS } from './eval-features.js';
import { MAX_TAPER_POINTS, MAX_WEIGHT, taperPoints, type TermWeights, weightsOfTaperPoints } from './eval-kernel.js';
import shippedAtaxx from './weights-ataxx.json' with { type: 'json' };
import shippedBlobwar from './weights-blobwar.json' with { type: 'json' };
import shippedBlobwarLarge from './weights-blobwar-large.json' with { type: 'json' };
import { type Variant } from '../game/game-over.js';
import { UserError } from '../game/user-error.js';

/** A weight set with where it comes from (a file's path, or `shipped (ataxx)`, `shipped (blobwar)`). */
export interface NamedWeights extends TermWeights {
	readonly source: string;
}

/** The contents of a weights file. */
export interface WeightsFile {
	readonly format: 'blobterm-weights';
	/** 1: two taper points; 2: any number from 2 to `MAX_TAPER_POINTS`. */
	readonly version: 1 | 2;
	/** Term name to its weights at the taper points, `[opening, ..., endgame]`, centiblobs. */
	readonly weights: Readonly<Record<string, readonly number[]>>;
	/** The scaling constant of the logistic model the weights were fitted with (`tuning/texel.ts`). */
	readonly k?: number;
	/** How the weights were fitted (free form, for people). */
	readonly fit?: unknown;
}

/**
 * Terms added after weights files were first written (`territory`, 2026-12-02): a file that does
 * not name them gives them 0 at every taper point, so that it plays as it did before them.
 */
export const LATER_TERMS: readonly string[] = ['territory.mine', 'territory.theirs'];

/** A weights file that cannot be used: the message names the file and what is wrong. */
export class WeightsFileError extends UserError {}

/**
 * Reads the text of a weights file.
 * @param source the file's name, for messages
 * @throws WeightsFileError for bad JSON, another format, a missing (but for `LATER_TERMS`) or
 *   unknown term, or a weight that is not an integer within +-`MAX_WEIGHT`
 */
export function parseWeights(text: string, source: string): NamedWeights {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		throw new WeightsFileError(`${source}: not JSON (${(error as Error).message})`);
	}
	return weightsFromJson(value, source);
}

/** The weights of a parsed weights file. @throws WeightsFileError as `parseWeights` */
export function weightsFromJson(value: unknown, source: string): NamedWeights {
	const file = value as Partial<WeightsFile> | null;
	if (
		typeof file !== 'object' ||
		file === null ||
		file.format !== 'blobterm-weights' ||
		(file.version !== 1 && file.version !== 2)
	)
		throw new WeightsFileError(
			`${source}: not a blobterm weights file (format "blobterm-weights", version 1 or 2)`,
		);
	const table = file.weights;
	if (typeof table !== 'object' || table === null) throw new WeightsFileError(`${source}: no "weights" object`);
	for (const name of Object.keys(table))
		if (!TERMS.includes(name))
			throw new WeightsFileError(`${source}: unknown term "${name}" (terms: ${TERMS.join(', ')})`);
	const first = table[TERMS[0]];
	const count = file.version === 1 || !Array.isArray(first) ? 2 : first.length;
	if (count < 2 || count > MAX_TAPER_POINTS)
		throw new WeightsFileError(`${source}: 2 to ${MAX_TAPER_POINTS} taper points per term, got ${count}`);
	const shape = count === 2 ? '[opening, endgame]' : `${count} weights, [opening, ..., endgame]`;
	const points: number[][] = Array.from({ length: count }, () => []);
	for (const name of TERMS) {
		const list = table[name] ?? (LATER_TERMS.includes(name) ? new Array<number>(count).fill(0) : undefined);
		if (!Array.isArray(list) || list.length !== count)
			throw new WeightsFileError(`${source}: term "${name}" needs ${shape}`);
		for (const w of list)
			if (!Number.isInteger(w) || Math.abs(w) > MAX_WEIGHT)
				throw new WeightsFileError(
					`${source}: term "${name}": weights are integers within +-${MAX_WEIGHT}, got ${JSON.stringify(w)}`,
				);
		list.forEach((w, j) => points[j].push(w));
	}
	return { source, ...weightsOfTaperPoints(points) };
}

/**
 * Reads a weights file.
 * @throws WeightsFileError if it cannot be read or used
 */
export function readWeightsFile(path: string): NamedWeights {
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new WeightsFileError(
			`cannot read weights file ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
		);
	}
	return parseWeights(text, path);
}

/**
 * A weights file's JSON object for a weight set (terms in `TERMS` order): version 1 for two taper
 * points, else version 2.
 */
export function weightsFileOf(weights: TermWeights, k?: number, fit?: unknown): WeightsFile {
	const points = taperPoints(weights);
	const table: Record<string, number[]> = {};
	for (let i = 0; i < TERM_COUNT; i++) table[TERMS[i]] = points.map((list) => list[i]);
	const version = points.length === 2 ? 1 : 2;
	return { format: 'blobterm-weights', version, weights: table, ...(k === undefined ? {} : { k }), fit };
}

/**
 * The shipped weights of each rule set: `weights-ataxx.json` for Ataxx rules (a pass, the
 * 100-half-move clock), `weights-blobwar.json` for Blob War rules (the empty cells go to the side
 * that can still move), on every board shape but the large boards of `SHIPPED_LARGE_WEIGHTS`.
 */
export const SHIPPED_WEIGHTS: Readonly<Record<Variant, NamedWeights>> = {
	ataxx: weightsFromJson(shippedAtaxx, 'shipped (ataxx)'),
	blobwar: weightsFromJson(shippedBlobwar, 'shipped (blobwar)'),
};

/**
 * Boards of more cells than this (rows times columns, holes included: 8 x 8) are large. Under
 * Blob War rules they have weights of their own, fitted to 16 x 16 games: the fit on the smaller
 * boards' games lost on 16 x 16 (docs/evaluation.md).
 */
export const LARGE_BOARD_CELLS = 64;

/** Rule sets with weights of their own for large boards (`weights-blobwar-large.json`). */
export const SHIPPED_LARGE_WEIGHTS: Readonly<Partial<Record<Variant, NamedWeights>>> = {
	blobwar: weightsFromJson(shippedBlobwarLarge, 'shipped (blobwar, large boards)'),
};

/**
 * The shipped weights a search under `variant` uses on a board of `cells` cells (rows times
 * columns): the large-board set of the rule set if it has one and the board has more than
 * `LARGE_BOARD_CELLS`, else the rule set's.
 */
export function shippedWeights(variant: Variant, cells: number): NamedWeights {
	return (cells > LARGE_BOARD_CELLS ? SHIPPED_LARGE_WEIGHTS[variant] : undefined) ?? SHIPPED_WEIGHTS[variant];
}

/**
 * The classic evaluation in terms of the features: `100 * blobs - 25 * exposed` per side with
 * `exposed = blobs - safe` is `75 * blobs + 25 * safe`, in both phases. The start point of a fit.
 */
export const CLASSIC_WEIGHTS: NamedWeights = (() => {
	const opening = new Array<number>(TERM_COUNT).fill(0);
	const set = (name: string, w: number) => (opening[TERMS.indexOf(name)] = w);
	set('blobs.mine', 75);
	set('safe.mine', 25);
	set('blobs.theirs', -75);
	set('safe.theirs', -25);
	return { source: 'classic', opening, endgame: [...opening] };
})();
