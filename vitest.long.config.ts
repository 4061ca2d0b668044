import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:long`: the whole suite with the long exhaustive checks in full (many more random
 * trees and boards: see test/long-tests.ts). Several minutes on a 2-core machine.
 */
export default mergeConfig(
	base,
	defineConfig({
		test: {
			env: { BLOBTERM_LONG_TESTS: '1' },
			testTimeout: 300_000,
		},
	}),
);
