/** The bench signatures the tests pin (`bench-signature.test.ts`, `test/cli/bench-search.test.ts`). */

/**
 * The bench signature at depth 7 (`blobterm bench search --depth 7`): every bench position
 * searched to 7 plies on one thread with an empty table. It changes only when the search's
 * behaviour does; a commit that changes it says so. The full signature (`blobterm bench
 * search`) is pinned in `npm run test:long`.
 *
 * Every count here is one node less for each search that re-searched a root move's leaf at depth
 * 1 before 2026-12-06 (the root now searches its moves as every other node does, and a leaf's
 * score is the same in any window): 45383 and 121683 then; the other counts of `bench-signature.test.ts`
 * were 1 to 3 nodes more, and so were those their comments give.
 */
export const SIGNATURE_DEPTH_7 = 45380;

/** Nodes of the three 7x7 bench positions searched to depth 9 under Ataxx rules. */
export const ATAXX_SIGNATURE_DEPTH_9 = 121682;
