import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:long`: the whole suite with its long exhaustive checks in full (many more random
 * search trees and boards, deep perft: see test/long-tests.ts), and the checks too long for
 * `npm test` at all (`test/**\/*.long.ts`: the full bench signature). Several minutes.
 */
export default mergeConfig(
	base,
	defineConfig({
		test: {
			include: ['test/**/*.long.ts'],
			env: { BLOBTERM_LONG_TESTS: '1' },
			testTimeout: 600_000,
		},
	}),
);
