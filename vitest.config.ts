import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
		setupFiles: ['test/setup.ts'],
		// A private TMPDIR for the run; anything left in it at the end fails the run.
		globalSetup: ['test/global-setup.ts'],
		testTimeout: 30_000,
		hookTimeout: 30_000,
	},
});
