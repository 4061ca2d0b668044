/**
 * The command-line flags that set search options, shared by `blob-engine`, `blobterm analyze`
 * and `blobterm bench search`.
 */

import { parseSearchOptions } from '../search/option-text.js';
import { PARALLEL_ALGORITHMS, type ParallelAlgorithm } from '../search/parallel/search-pool.js';
import { type SearchOptions } from '../search/search-options.js';
import { readChoiceFlag } from './choice-flags.js';
import { UsageError } from './errors.js';
import { BOUNDS } from '../game/number-args.js';
import { readNumberFlag } from './number-flags.js';

/** meow flag definitions of the search threads. */
export const THREAD_FLAGS = {
	threads: { type: 'string' },
	parallel: { type: 'string' },
} as const;

/** Help lines of the thread flags. */
export const THREAD_FLAGS_HELP = [
	`    --threads N        search threads of the built-in engine (default 1, at most ${BOUNDS.threads.max})`,
	'    --parallel P       how they share the work: lazy (Lazy SMP, default) or ybwc',
].join('\n');

/**
 * Reads `--threads` and `--parallel`.
 * @throws UsageError for a bad count or algorithm
 */
export function threadsFromFlags(flags: { threads?: string; parallel?: string }): {
	threads?: number;
	parallel?: ParallelAlgorithm;
} {
	const threads = readNumberFlag('--threads', flags.threads, BOUNDS.threads);
	return { threads, parallel: readChoiceFlag('--parallel', flags.parallel, PARALLEL_ALGORITHMS) };
}

/** meow flag definitions of the search options. */
export const SEARCH_FLAGS = {
	algorithm: { type: 'string' },
	hash: { type: 'string' },
	preset: { type: 'string' },
	set: { type: 'string', isMultiple: true },
} as const;

/** Help lines of the search flags. */
export const SEARCH_FLAGS_HELP = `    --algorithm A      pvs (default), mtdf or alphabeta
    --hash MB          transposition table size (default 64, 1 to ${BOUNDS.hashMb.max})
    --preset P         default, skeleton (the first engine: alpha-beta, no table) or plain
    --set KEY=VALUE    a search option, repeatable: aspiration, tt, ttmove, captures,
                       jumppenalty, killers, countermove (the counter-move heuristic, off
                       by default), history, positional, evalcache (the evaluation
                       cache: time, not nodes; auto, the default: off) = on|off;
                       eval = tuned|classic (the learned evaluation, or the blob
                       difference plus exposure);
                       weights = FILE (eval=tuned with the weights of blobterm tune);
                       exposure = N (centiblobs per exposed blob, classic); selectivity:
                       selective (off: none of the next, an exact search), nullmove, rfp
                       (reverse futility), futility, lmr (late-move reductions), lmp
                       (late-move pruning), lmpcaptures (late-move pruning of moves
                       capturing one blob too), iir (internal iterative reduction) =
                       on|off; nullmove = auto (the default: on under Blob War rules, off
                       under Ataxx rules)`;

/**
 * Search options from `--preset`, `--algorithm`, `--hash` and `--set` (in that order).
 * @throws UsageError naming the bad option
 */
export function searchOptionsFromFlags(flags: {
	preset?: string;
	algorithm?: string;
	hash?: string;
	set?: string[];
}): Partial<SearchOptions> {
	const hash = readNumberFlag('--hash', flags.hash, BOUNDS.hashMb);
	const items: string[] = [];
	if (flags.preset !== undefined) items.push(`preset=${flags.preset}`);
	if (flags.algorithm !== undefined) items.push(`algorithm=${flags.algorithm}`);
	if (hash !== undefined) items.push(`hash=${hash}`);
	items.push(...(flags.set ?? []));
	try {
		return parseSearchOptions(items);
	} catch (error) {
		throw new UsageError((error as Error).message);
	}
}
