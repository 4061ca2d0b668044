/**
 * The command-line flags that set search options, shared by `blob-engine`, `blobterm analyze`
 * and `blobterm bench search`.
 */

import { parseSearchOptions } from '../search/option-text.js';
import { type SearchOptions } from '../search/search-options.js';
import { UsageError } from './errors.js';

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
                       killers, history, positional = on|off`;

/**
 * Search options from `--preset`, `--algorithm`, `--hash` and `--set` (in that order).
 * @throws UsageError naming the bad option
 */
export function searchOptionsFromFlags(flags: { preset?: string; algorithm?: string; hash?: number; set?: string[] }): Partial<SearchOptions> {
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
