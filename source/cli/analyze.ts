/**
 * `blobterm analyze BOARD`: what the engine sees in a position, one line per completed depth,
 * then its best move.
 */

import { type Variant } from '../game/game-over.js';
import { formatMove } from '../game/notation.js';
import { NO_MOVE, PASS } from '../game/move.js';
import { sideName } from '../game/position.js';
import { describeSearchOptions } from '../search/option-text.js';
import { formatScore } from '../search/score.js';
import { Searcher } from '../search/search.js';
import { readPosition } from './board-arg.js';
import { BOUNDS } from '../game/number-args.js';
import { parseCommandLine } from './command-line.js';
import { UsageError } from './errors.js';
import { readNumberFlag } from './number-flags.js';
import { formatInfoLine } from './info-line.js';
import { SEARCH_FLAGS, SEARCH_FLAGS_HELP, searchOptionsFromFlags } from './search-flags.js';

const help = `
  Usage
    $ blobterm analyze BOARD [options]
    $ blobterm analyze --fen FEN [options]

  Searches the position and prints one line per completed depth (depth, seldepth, score in
  blobs or "win in N (+M)", nodes, nps, time in ms, hashfull per mille, principal variation),
  then the best move. Without --depth or --time it thinks for 5 seconds.

  Options
    --red              Red to move (default: the board file's history parity, else Blue)
    --depth N          search to depth N (plies, 1 to 120)
    --time S           search for S seconds (0.01 to 86400)
    --fen FEN          an Ataxx FEN instead of a board file (then --rules ataxx is the default)
    --rules R          blobwar or ataxx
    --moves-left N     half-moves left before the game ends by the limit (default: no limit)
${SEARCH_FLAGS_HELP}
    --no-color         no colours (also NO_COLOR=1 or TERM=dumb)
    --help, -h         this text

  Examples
    $ blobterm analyze boards/ataxx.bwb --depth 9
    $ blobterm analyze boards/default.bwb --red --time 2 --algorithm mtdf
    $ blobterm analyze --fen "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1" --depth 8
`;

/** The analyze command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	red: { type: 'boolean', default: false },
	depth: { type: 'string' },
	time: { type: 'string' },
	fen: { type: 'string' },
	rules: { type: 'string' },
	movesLeft: { type: 'string' },
	...SEARCH_FLAGS,
} as const;

/** Runs the analyze command. */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm analyze', help, flags: FLAGS, argv });
	const { flags } = cli;
	const expected = flags.fen === undefined ? 1 : 0;
	if (cli.input.length !== expected)
		throw new UsageError(
			cli.input.length > expected
				? `analyze: unexpected argument "${cli.input[expected]}" (see blobterm analyze --help)`
				: 'analyze: name a board file or give --fen FEN (see blobterm analyze --help)',
		);
	const depth = readNumberFlag('--depth', flags.depth, BOUNDS.depth);
	const timeS = readNumberFlag('--time', flags.time, BOUNDS.moveSeconds);
	const movesLeft = readNumberFlag('--moves-left', flags.movesLeft, BOUNDS.halfMovesLeft);
	const rules = flags.rules ?? (flags.fen === undefined ? 'blobwar' : 'ataxx');
	if (rules !== 'blobwar' && rules !== 'ataxx')
		throw new UsageError(`--rules must be blobwar or ataxx, got "${rules}"`);
	const options = searchOptionsFromFlags(flags);
	const { position, name } = readPosition(cli.input[0], flags.fen, flags.red);
	const g = position.geometry;
	const out = (line: string) => process.stdout.write(`${line}\n`);
	const timeMs = timeS !== undefined ? timeS * 1000 : depth === undefined ? 5000 : undefined;
	out(
		`analyze ${name}: ${g.rows}x${g.cols}, ${sideName(position.side)} to move, ` +
			`${rules === 'ataxx' ? 'Ataxx' : 'Blob War'} rules, ${describeSearchOptions(options)}`,
	);
	const searcher = new Searcher(options);
	const result = searcher.search(
		position,
		{ depth, timeMs, halfMovesLeft: movesLeft, variant: rules as Variant },
		{ onInfo: (info) => out(formatInfoLine(position, info)) },
	);
	if (result.move === NO_MOVE) throw new UsageError('no legal move: the game is over');
	out(
		`bestmove ${result.move === PASS ? 'pass' : formatMove(position, result.move)} ` +
			`score ${formatScore(result.score)} depth ${result.depth}`,
	);
}
