/**
 * The command-line flags that set search options, shared by `blob-engine`, `blobterm analyze`
 * and `blobterm bench search`.
 */

import { parseSearchOptions } from '../search/option-text.js';
import { MAX_THREADS, type ParallelAlgorithm } from '../search/parallel/search-pool.js';
import { type SearchOptions } from '../search/search-options.js';
import { UsageError } from './errors.js';

/** meow flag definitions of the search threads. */
export const THREAD_FLAGS = {
	threads: { type: 'number' },
	parallel: { type: 'string' },
} as const;

/** Help lines of the thread flags. */
export const THREAD_FLAGS_HELP = `    --threads N        search threads of the built-in engine (default 1)
    --parallel P       how they share the work: lazy (Lazy SMP, default) or ybwc`;

/**
 * Reads `--threads` and `--parallel`.
 * @throws UsageError for a bad count or algorithm
 */
export function threadsFromFlags(flags: { threads?: number; parallel?: string }): {
	threads?: number;
	parallel?: ParallelAlgorithm;
} {
	if (
		flags.threads !== undefined &&
		(!Number.isInteger(flags.threads) || flags.threads < 1 || flags.threads > MAX_THREADS)
	) {
		throw new UsageError(`--threads must be an integer from 1 to ${MAX_THREADS}, got ${flags.threads}`);
	}
	if (flags.parallel !== undefined && flags.parallel !== 'lazy' && flags.parallel !== 'ybwc')
		throw new UsageError(`--parallel must be lazy or ybwc, got "${flags.parallel}"`);
	return { threads: flags.threads, parallel: flags.parallel as ParallelAlgorithm | undefined };
}

/** meow flag definitions of the search options. */
export const SEARCH_FLAGS = {
	algorithm: { type: 'string' },
	hash: { type: 'number' },
	preset: { type: 'string' },
	set: { type: 'string', isMultiple: true },
} as const;

/** Help lines of the search flags. */
export const SEARCH_FLAGS_HELP = `    --algorithm A      pvs (default), mtdf or alphabeta
    --hash MB          transposition table size (default 64)
    --preset P         default, skeleton (the first engine: alpha-beta, no table) or plain
    --set KEY=VALUE    a search switch, repeatable: aspiration, tt, ttmove, captures,
                       killers, history, positional = on|off; selectivity: selective (off:
                       none of the next, an exact search), nullmove, rfp (reverse futility),
                       futility, lmr (late-move reductions), lmp (late-move pruning) = on|off`;

/**
 * Search options from `--preset`, `--algorithm`, `--hash` and `--set` (in that order).
 * @throws UsageError naming the bad option
 */
export function searchOptionsFromFlags(flags: {
	preset?: string;
	algorithm?: string;
	hash?: number;
	set?: string[];
}): Partial<SearchOptions> {
	const items: string[] = [];
	if (flags.preset !== undefined) items.push(`preset=${flags.preset}`);
	if (flags.algorithm !== undefined) items.push(`algorithm=${flags.algorithm}`);
	if (flags.hash !== undefined) items.push(`hash=${flags.hash}`);
	items.push(...(flags.set ?? []));
	try {
		return parseSearchOptions(items);
	} catch (error) {
		throw new UsageError((error as Error).message);
	}
}
