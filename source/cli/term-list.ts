/** Lists of evaluation terms on command lines (`blobterm tune --fix`, `blobterm spsa --terms`). */

import { TERMS } from '../search/eval-features.js';
import { UsageError } from './errors.js';

/**
 * The indices into `TERMS` of a comma-separated list of terms (empty for none).
 * @throws UsageError for an unknown term
 */
export function termList(flag: string, list: string | undefined): number[] {
	return (list ?? '')
		.split(',')
		.map((t) => t.trim())
		.filter((t) => t !== '')
		.map((t) => {
			const index = TERMS.indexOf(t);
			if (index < 0) throw new UsageError(`${flag}: unknown term "${t}" (terms: ${TERMS.join(', ')})`);
			return index;
		});
}
