#!/usr/bin/env node
/**
 * `blobterm`: entry point. Colour is settled before chalk or Ink is imported (chalk 5 reads the
 * environment once, and ignores NO_COLOR in a terminal), then `cli/main.js` does the work.
 */

const argv = process.argv.slice(2);
if (argv.includes('--no-color') || (process.env.NO_COLOR ?? '') !== '' || process.env.TERM === 'dumb') {
	process.env.FORCE_COLOR = '0';
}
const { main } = await import('./cli/main.js');
await main(argv);
