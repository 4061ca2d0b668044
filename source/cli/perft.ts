/**
 * `blobterm perft BOARD DEPTH`: counts the leaves of the move tree to each depth, with time and
 * nodes per second; `--divide` splits the count under each root move.
 */

import { VARIANTS } from '../game/game-over.js';
import { formatMove } from '../game/notation.js';
import { type MoveListing } from '../game/movegen.js';
import { PASS } from '../game/move.js';
import { perft, perftDivide } from '../game/perft.js';
import { sideName } from '../game/position.js';
import { readPosition } from './board-arg.js';
import { BOUNDS } from '../game/number-args.js';
import { parseCommandLine } from './command-line.js';
import { readChoice } from './choice-flags.js';
import { UsageError } from './errors.js';
import { readNumber } from './number-flags.js';

const help = `
  Usage
    $ blobterm perft BOARD DEPTH [options]
    $ blobterm perft DEPTH --fen FEN [options]

  Counts the positions reached by all legal move sequences of 1 to DEPTH half-moves (DEPTH
  from 1 to 30), with seconds and nodes per second (conventions and reference counts:
  docs/rules.md, Perft).

  Options
    --red          Red to move (default: the board file's history parity, else Blue)
    --pairs        count clones once per (from, to) pair, as the old client listed them
                   (default: once per destination, as Ataxx does)
    --rules R      blobwar (default) or ataxx (pass when stuck, 100 half-move clock)
    --fen FEN      start from an Ataxx FEN instead of a board file
    --divide       the count under each root move, at DEPTH
    --made         make every leaf (default: count the last half-move's moves without making them)
    --no-color     no colours (also NO_COLOR=1 or TERM=dumb)
    --help, -h     this text

  Examples
    $ blobterm perft boards/ataxx.bwb 6
    $ blobterm perft boards/ataxx.bwb 5 --pairs
    $ blobterm perft 5 --fen "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1" --rules ataxx
    $ blobterm perft boards/default.bwb 4 --divide
`;

/** The perft command's flags. */
const FLAGS = {
	red: { type: 'boolean', default: false },
	pairs: { type: 'boolean', default: false },
	rules: { type: 'string', default: 'blobwar' },
	fen: { type: 'string' },
	divide: { type: 'boolean', default: false },
	made: { type: 'boolean', default: false },
} as const;

/** Runs the perft command. */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm perft', help, flags: FLAGS, argv });
	const { flags } = cli;
	const expected = flags.fen === undefined ? 2 : 1;
	if (cli.input.length !== expected)
		throw new UsageError(
			cli.input.length > expected
				? `perft: unexpected argument "${cli.input[expected]}" (see blobterm perft --help)`
				: `perft: expected ${flags.fen === undefined ? 'BOARD DEPTH' : 'DEPTH with --fen'} ` +
						'(see blobterm perft --help)',
		);
	const depth = readNumber('DEPTH', cli.input[expected - 1], BOUNDS.perftDepth);
	const variant = readChoice('--rules', flags.rules, VARIANTS);
	const listing: MoveListing = flags.pairs ? 'pairs' : 'by-destination';
	const { position, name } = readPosition(flags.fen === undefined ? cli.input[0] : undefined, flags.fen, flags.red);
	const g = position.geometry;
	const out = (line: string) => process.stdout.write(`${line}\n`);
	out(
		`perft ${name}: ${g.rows}x${g.cols}, ${sideName(position.side)} to move, ` +
			`${variant === 'ataxx' ? 'Ataxx' : 'Blob War'} rules, ` +
			`clones ${flags.pairs ? 'by (from, to) pair' : 'by destination'}, ` +
			`${flags.made ? 'every leaf made' : 'bulk counting'}`,
	);
	const options = { listing, variant, made: flags.made };
	if (flags.divide) {
		const start = performance.now();
		const split = perftDivide(position, depth, options);
		const seconds = (performance.now() - start) / 1000;
		let total = 0;
		for (const [move, count] of split) {
			out(`${(move === PASS ? 'pass' : formatMove(position, move)).padEnd(16)} ${count}`);
			total += count;
		}
		out(`moves ${split.length}  nodes ${total}  seconds ${seconds.toFixed(3)}  nps ${nps(total, seconds)}`);
		return;
	}
	out(`${'depth'.padStart(5)} ${'nodes'.padStart(16)} ${'seconds'.padStart(9)} ${'nps'.padStart(12)}`);
	for (let d = 1; d <= depth; d++) {
		const start = performance.now();
		const count = perft(position, d, options);
		const seconds = (performance.now() - start) / 1000;
		out(
			`${String(d).padStart(5)} ${String(count).padStart(16)} ` +
				`${seconds.toFixed(3).padStart(9)} ${nps(count, seconds).padStart(12)}`,
		);
	}
}

/** Nodes per second in words: `1.61 G`, `160 M`, or `-` when too quick to measure. */
export function nps(nodes: number, seconds: number): string {
	if (seconds < 0.001) return '-';
	const rate = nodes / seconds;
	if (rate >= 1e9) return `${(rate / 1e9).toFixed(2)} G`;
	if (rate >= 1e6) return `${(rate / 1e6).toFixed(1)} M`;
	return `${(rate / 1e3).toFixed(1)} k`;
}
