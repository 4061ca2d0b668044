/**
 * Long exhaustive checks run in full under `npm run test:long` (`vitest.long.config.ts` sets
 * BLOBTERM_LONG_TESTS=1); `npm test` runs the same checks on fewer random cases, so that the
 * suite stays short on a loaded 2-core machine.
 */

/** True under `npm run test:long`. */
export const LONG_TESTS = process.env.BLOBTERM_LONG_TESTS === '1';

/** The number of random cases of a property test: `short` in `npm test`, `long` in `npm run test:long`. */
export function runs(short: number, long: number): number {
	return LONG_TESTS ? long : short;
}
