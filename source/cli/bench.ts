/**
 * `blobterm bench KIND`: fixed benchmarks whose tables go in the README. `perft` measures the
 * move generator.
 */

import meow from 'meow';
import { UsageError } from './errors.js';

const help = `
  Usage
    $ blobterm bench perft [--reference]

  perft   the move generator: perft of the 7x7 start to depth 6, the 8x8 default board (with
          holes) to depth 6 and a 16x16 board to depth 5, bulk (last half-move counted) and with
          every leaf made; nodes, seconds (best of 3 runs) and millions of nodes per second, as a
          Markdown table, with the machine it ran on; --reference also times the plain
          reference generator (bulk) for comparison
`;

/** Runs the bench command. */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = meow(help, { importMeta: import.meta, argv: [...argv], flags: { reference: { type: 'boolean', default: false } }, allowUnknownFlags: false });
	const [kind, ...rest] = cli.input;
	if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
	switch (kind) {
		case 'perft':
			(await import('./bench-perft.js')).benchPerft((line) => process.stdout.write(`${line}\n`), cli.flags.reference);
			return;
		case undefined:
			cli.showHelp(2);
			return;
		default:
			throw new UsageError(`unknown benchmark "${kind}" (try: blobterm bench perft)`);
	}
}
