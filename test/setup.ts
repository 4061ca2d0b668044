/**
 * Set up before every test file: fast-check draws its random cases from a fixed seed (also under
 * `npm run test:long`), so that a failure comes back on the next run. BLOBTERM_TEST_SEED picks
 * another seed, to explore; a failure prints the seed and path that reproduce it.
 */

import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.BLOBTERM_TEST_SEED ?? 20260131) | 0 });
