/**
 * `blobterm openings BOARD... --plies N [--sample K --seed S] [--rules R]`: prints opening books
 * (one FEN per line) for `blobterm match --openings`; the work is done by `tuning/opening-book.ts`.
 */

import { VARIANTS } from '../game/game-over.js';
import { BOUNDS } from '../game/number-args.js';
import { openingFens, sample } from '../tuning/opening-book.js';
import { readPosition } from './board-arg.js';
import { parseCommandLine } from './command-line.js';
import { readChoice } from './choice-flags.js';
import { UsageError } from './errors.js';
import { readNumber, readNumberFlag } from './number-flags.js';

const help = `
  Usage
    $ blobterm openings [options] BOARD ...

  Prints, one FEN per line, every distinct position reached from each BOARD's start (.bwb
  files) after --plies half-moves (clones by destination, every jump; finished games left
  out), for blobterm match --openings FILE. Self-play at a fixed depth repeats itself: the
  openings are what makes its games differ.

  Options
    --plies N     half-moves from the start, 0 to 6 (default 2)
    --sample K    only K of each board's positions, drawn at random (seeded by --seed)
    --seed S      seed of --sample (default 1)
    --rules R     blobwar (default) or ataxx (a side with no move passes)
    --help, -h    this text

  Examples
    $ blobterm openings --plies 2 --rules ataxx boards/ataxx.bwb > openings/ataxx-2ply.txt
    $ blobterm openings --plies 4 --sample 500 --seed 7 boards/default.bwb boards/gruyere5.bwb
`;

/** The openings command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	plies: { type: 'string', default: '2' },
	sample: { type: 'string' },
	seed: { type: 'string', default: '1' },
	rules: { type: 'string', default: 'blobwar' },
} as const;

/** Runs the openings command. @throws UsageError, BoardFileError, FileReadError */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm openings', help, flags: FLAGS, argv });
	const { flags: given } = cli;
	if (cli.input.length === 0)
		throw new UsageError('openings: name at least one board file (see blobterm openings --help)');
	const flags = {
		rules: given.rules,
		plies: readNumber('--plies', given.plies, BOUNDS.openingPlies),
		sample: readNumberFlag('--sample', given.sample, BOUNDS.openingSample),
		seed: readNumber('--seed', given.seed, BOUNDS.seed),
	};
	const variant = readChoice('--rules', flags.rules, VARIANTS);
	const lines: string[] = [];
	for (const board of cli.input) {
		const { position } = readPosition(board, undefined, false);
		const fens = openingFens(position, flags.plies, variant);
		// A loop, not push(...): a 6-ply book holds millions of lines, past the arguments a call takes.
		for (const fen of flags.sample === undefined ? fens : sample(fens, flags.sample, flags.seed)) lines.push(fen);
	}
	process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
}
