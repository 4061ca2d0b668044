/**
 * Search options as text, one reader for every place a user sets them: `blob-engine --set`,
 * `builtin:...` player names, `blobterm analyze`, `blobterm bench search`, UAI `setoption`.
 *
 *   preset=default|skeleton|plain     all options at once (applied first)
 *   algorithm=pvs|mtdf|alphabeta
 *   hash=MB                           transposition table size, 1..4096
 *   eval=classic|tuned                the positional evaluation (`evaluate.ts`)
 *   weights=FILE                      the tuned evaluation with the weights of FILE (`blobterm tune`)
 *   exposure=N                        centiblobs per exposed blob in the classic evaluation, 0..1000
 *   aspiration|tt|ttmove|captures|jumppenalty|killers|countermove|history|positional|evalcache=on|off
 *   selective|nullmove|rfp|futility|lmr|lmp|lmpcaptures|iir=on|off    selectivity (selective=off: all off;
 *                                     lmpcaptures: late-move pruning near the leaves skips the moves
 *                                     capturing one blob too)
 *   nullmove=auto                     the rule set's default: on under Blob War rules, off under Ataxx rules
 *   evalcache=auto                    the default: off
 */

import { readWeightsFile, WeightsFileError } from './eval-weights.js';
import { type Algorithm, type EvaluationName, SEARCH_PRESETS, type SearchOptions } from './search-options.js';
import { UserError } from '../game/user-error.js';

/** An option that cannot be read: the message says which and what is allowed. */
export class SearchOptionError extends UserError {}

/** Switch names as written, and the option each sets. */
export const SWITCHES: Readonly<Record<string, keyof SearchOptions>> = {
	aspiration: 'aspiration',
	tt: 'tt',
	ttmove: 'ttMoveOrdering',
	captures: 'captureOrdering',
	jumppenalty: 'jumpPenalty',
	killers: 'killers',
	countermove: 'counterMoves',
	history: 'history',
	positional: 'positional',
	evalcache: 'evalCache',
	selective: 'selective',
	nullmove: 'nullMove',
	rfp: 'reverseFutility',
	futility: 'futility',
	lmr: 'lateMoveReductions',
	lmp: 'lateMovePruning',
	lmpcaptures: 'lateMovePruningCaptures',
	iir: 'internalIterativeReduction',
};

/** The switches that also take `auto`: null, a default that depends on the rule set or the board. */
const AUTO_SWITCHES: ReadonlySet<keyof SearchOptions> = new Set(['nullMove', 'evalCache']);

/** Every key `applySearchOption` reads. */
export const SEARCH_OPTION_KEYS = [
	'preset',
	'algorithm',
	'hash',
	'eval',
	'weights',
	'exposure',
	...Object.keys(SWITCHES),
];

const ALGORITHMS: readonly Algorithm[] = ['pvs', 'mtdf', 'alphabeta'];
const EVALUATIONS: readonly EvaluationName[] = ['classic', 'tuned'];

/**
 * Sets one option (key case-insensitive) on a partial set of options.
 * @returns the options with the change
 * @throws SearchOptionError for an unknown key or a bad value
 */
export function applySearchOption(options: Partial<SearchOptions>, key: string, value: string): Partial<SearchOptions> {
	const k = key.trim().toLowerCase();
	const v = value.trim().toLowerCase();
	if (k === 'preset') {
		const preset = SEARCH_PRESETS[v];
		if (!preset)
			throw new SearchOptionError(
				`preset must be one of ${Object.keys(SEARCH_PRESETS).join(', ')}, got "${value}"`,
			);
		return { ...preset };
	}
	if (k === 'algorithm') {
		if (!ALGORITHMS.includes(v as Algorithm))
			throw new SearchOptionError(`algorithm must be one of ${ALGORITHMS.join(', ')}, got "${value}"`);
		return { ...options, algorithm: v as Algorithm };
	}
	if (k === 'hash') {
		const mb = Number(v);
		if (v === '' || !Number.isInteger(mb) || mb < 1 || mb > 4096)
			throw new SearchOptionError(`hash must be a whole number of MB from 1 to 4096, got "${value}"`);
		return { ...options, hashMb: mb };
	}
	if (k === 'eval') {
		if (!EVALUATIONS.includes(v as EvaluationName))
			throw new SearchOptionError(`eval must be one of ${EVALUATIONS.join(', ')}, got "${value}"`);
		return { ...options, evaluation: v as EvaluationName };
	}
	if (k === 'weights') {
		try {
			return { ...options, evaluation: 'tuned', weights: readWeightsFile(value.trim()) };
		} catch (error) {
			if (error instanceof WeightsFileError) throw new SearchOptionError(`weights: ${error.message}`);
			throw error;
		}
	}
	if (k === 'exposure') {
		const weight = Number(v);
		if (v === '' || !Number.isInteger(weight) || weight < 0 || weight > 1000)
			throw new SearchOptionError(`exposure must be a whole number of centiblobs from 0 to 1000, got "${value}"`);
		return { ...options, exposureWeight: weight };
	}
	const field = SWITCHES[k];
	if (field && AUTO_SWITCHES.has(field) && v === 'auto') return { ...options, [field]: null };
	if (field) {
		if (['on', 'true', '1', 'yes'].includes(v)) return { ...options, [field]: true };
		if (['off', 'false', '0', 'no'].includes(v)) return { ...options, [field]: false };
		throw new SearchOptionError(
			`${k} must be ${AUTO_SWITCHES.has(field) ? 'on, off or auto' : 'on or off'}, got "${value}"`,
		);
	}
	throw new SearchOptionError(`unknown search option "${key}" (options: ${SEARCH_OPTION_KEYS.join(', ')})`);
}

/**
 * Reads `KEY=VALUE` items in order (a preset first, wherever it is written, so that later items refine it).
 * @throws SearchOptionError as `applySearchOption`, or for an item without `=`
 */
export function parseSearchOptions(items: readonly string[]): Partial<SearchOptions> {
	const pairs = items.map((item) => {
		const eq = item.indexOf('=');
		if (eq <= 0)
			throw new SearchOptionError(
				`expected KEY=VALUE, got "${item}" (options: ${SEARCH_OPTION_KEYS.join(', ')})`,
			);
		return [item.slice(0, eq), item.slice(eq + 1)] as const;
	});
	let options: Partial<SearchOptions> = {};
	for (const [key, value] of [
		...pairs.filter(([k]) => k.trim().toLowerCase() === 'preset'),
		...pairs.filter(([k]) => k.trim().toLowerCase() !== 'preset'),
	]) {
		options = applySearchOption(options, key, value);
	}
	return options;
}

/** Options as `key=value` text, for headings and records (only what differs from the default preset). */
export function describeSearchOptions(options: Partial<SearchOptions>): string {
	const full = { ...SEARCH_PRESETS.default, ...options };
	const parts: string[] = [`algorithm=${full.algorithm}`];
	for (const [name, field] of Object.entries(SWITCHES))
		if (full[field] !== SEARCH_PRESETS.default[field])
			parts.push(`${name}=${full[field] === null ? 'auto' : full[field] ? 'on' : 'off'}`);
	if (full.positional) {
		if (full.evaluation === 'tuned' && full.weights) parts.push(`weights=${full.weights.source}`);
		else if (full.evaluation !== SEARCH_PRESETS.default.evaluation) parts.push(`eval=${full.evaluation}`);
		if (full.evaluation === 'classic') parts.push(`exposure=${full.exposureWeight}`);
	}
	if (full.tt) parts.push(`hash=${full.hashMb}`);
	return parts.join(',');
}
