import { defineConfig } from 'vitest/config';

/** `npm run test:long`: checks too long for `npm test` (the full bench signature). */
export default defineConfig({
	test: {
		include: ['test/**/*.long.ts'],
		testTimeout: 600_000,
	},
});
