#!/usr/bin/env node
/**
 * `blobterm`: entry point. Colour is settled before chalk or Ink is imported (`cli/colour-env.ts`),
 * then `cli/main.js` does the work.
 */

import './cli/colour-env.js';
import './cli/closed-pipe.js';

const { main } = await import('./cli/main.js');
await main(process.argv.slice(2));
