/**
 * `blobterm kernel BOARD`: prints the JavaScript source of the move generator compiled for the
 * board's shape (`game/shape-kernel.ts`), as it is compiled, for reading or profiling.
 */

import { kernelSource } from '../game/shape-kernel.js';
import { readPosition } from './board-arg.js';
import { parseCommandLine } from './command-line.js';
import { UsageError } from './errors.js';

const help = `
  Usage
    $ blobterm kernel BOARD
    $ blobterm kernel --fen FEN

  Prints the JavaScript source of the move generator that blobterm writes and compiles for the
  board's shape (its size and holes): move generation, copy-make with Zobrist keys, perft. The
  source ends with a sourceURL comment, so stack traces and profiles name it, for example
  blobterm-kernel-7x7.js, or blobterm-kernel-8x8-holes-HASH.js for a board with holes.

  Options
    --fen FEN          the shape of an Ataxx FEN's board (7x7, its holes) instead of a board file
    --no-color         no colours (also NO_COLOR=1 or TERM=dumb)
    --help, -h         this text

  Examples
    $ blobterm kernel boards/ataxx.bwb
    $ blobterm kernel boards/default.bwb > kernel-8x8.js
`;

/** The kernel command's flags. */
const FLAGS = {
	fen: { type: 'string' },
} as const;

/** Runs the kernel command. */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm kernel', help, flags: FLAGS, argv });
	const expected = cli.flags.fen === undefined ? 1 : 0;
	if (cli.input.length !== expected)
		throw new UsageError(
			cli.input.length > expected
				? `kernel: unexpected argument "${cli.input[expected]}" (see blobterm kernel --help)`
				: 'kernel: name a board file or give --fen FEN (see blobterm kernel --help)',
		);
	const { position } = readPosition(cli.input[0], cli.flags.fen, false);
	process.stdout.write(`${kernelSource(position.geometry)}\n`);
}
