/**
 * `blobterm openings BOARD... --plies N [--sample K --seed S] [--rules R]`: prints opening books
 * (one FEN per line) for `blobterm match --openings`; the work is done by `tuning/opening-book.ts`.
 */

import meow from 'meow';
import { type Variant } from '../game/game-over.js';
import { openingFens, sample } from '../tuning/opening-book.js';
import { readPosition } from './board-arg.js';
import { UsageError } from './errors.js';

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

  Examples
    $ blobterm openings --plies 2 --rules ataxx boards/ataxx.bwb > openings/ataxx-2ply.txt
    $ blobterm openings --plies 4 --sample 500 --seed 7 boards/default.bwb boards/gruyere5.bwb
`;

/** Runs the openings command. @throws UsageError, BoardFileError, FileReadError */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = meow(help, {
		importMeta: import.meta,
		argv: [...argv],
		flags: {
			plies: { type: 'number', default: 2 },
			sample: { type: 'number' },
			seed: { type: 'number', default: 1 },
			rules: { type: 'string', default: 'blobwar' },
		},
		allowUnknownFlags: false,
	});
	const { flags } = cli;
	if (cli.input.length === 0)
		throw new UsageError('openings: name at least one board file (see blobterm openings --help)');
	if (!Number.isInteger(flags.plies) || flags.plies < 0 || flags.plies > 6)
		throw new UsageError(`--plies must be a whole number from 0 to 6, got ${flags.plies}`);
	if (flags.sample !== undefined && (!Number.isInteger(flags.sample) || flags.sample < 1))
		throw new UsageError(`--sample must be a whole number >= 1, got ${flags.sample}`);
	if (!Number.isInteger(flags.seed)) throw new UsageError(`--seed must be an integer, got ${flags.seed}`);
	if (flags.rules !== 'blobwar' && flags.rules !== 'ataxx')
		throw new UsageError(`--rules must be blobwar or ataxx, got "${flags.rules}"`);
	const lines: string[] = [];
	for (const board of cli.input) {
		const { position } = readPosition(board, undefined, false);
		const fens = openingFens(position, flags.plies, flags.rules as Variant);
		lines.push(...(flags.sample === undefined ? fens : sample(fens, flags.sample, flags.seed)));
	}
	process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
}
