#!/usr/bin/env node
/**
 * `blob-engine`: the built-in engine as a standalone executable speaking the course's
 * tournament interface (RULES.md section 4):
 *
 *   blob-engine BOARD_FILE TIME [HALF_MOVES]
 *
 * prints one move line `(r1,c1) > (r2,c2)` on stdout and exits within TIME seconds (counted
 * from the start of the process). The sign of TIME says which colour it plays (positive Blue,
 * negative Red) and wins over the board file's history parity. Errors go to stderr, one line,
 * with exit code 2.
 */

import meow from 'meow';
import { describeEndReason, gameEnd } from './game/game-over.js';
import { NO_MOVE } from './game/move.js';
import { formatMove } from './game/notation.js';
import { playMove } from './game/make-move.js';
import { BLUE, RED, setSide } from './game/position.js';
import { formatScore } from './search/score.js';
import { Searcher } from './search/search.js';
import { loadBoardFile } from './match/load-board.js';
import { parseNumberArg, reportError, UsageError } from './cli/errors.js';

const help = `
  Usage
    $ blob-engine BOARD_FILE TIME [HALF_MOVES]
    $ blob-engine --depth N BOARD_FILE [TIME] [HALF_MOVES]

  Prints the engine's move for the position in BOARD_FILE as "(r1,c1) > (r2,c2)" and exits
  within TIME seconds. TIME > 0: the engine plays Blue; TIME < 0: Red (the sign wins over
  the board file's history). HALF_MOVES: half-moves left before the game ends by the limit.

  Options
    --depth N     search N plies (with or without a time limit)
    --verbose     print one info line per completed depth on stderr

  Examples
    $ blob-engine boards/ataxx.bwb 1.5
    $ blob-engine boards/gruyere5.bwb -0.2 40
    $ blob-engine --depth 6 boards/default.bwb
`;

/** Fraction of TIME spent searching (the rest covers start-up, output and exit). */
const TIME_SHARE = 0.9;
/** Further ms kept back from the limit. */
const SAFETY_MS = 25;

function main(): void {
	const cli = meow(help, {
		importMeta: import.meta,
		flags: {
			depth: { type: 'number' },
			verbose: { type: 'boolean', default: false },
		},
		allowUnknownFlags: false,
	});
	const [file, timeText, halfMovesText, ...rest] = cli.input;
	if (file === undefined) cli.showHelp(2);
	if (rest.length > 0) throw new UsageError(`too many arguments: ${rest.join(' ')}`);
	const depth = cli.flags.depth;
	if (depth !== undefined && (!Number.isInteger(depth) || depth < 1)) throw new UsageError(`--depth must be an integer >= 1, got ${depth}`);
	if (timeText === undefined && depth === undefined) throw new UsageError('TIME is required (or give --depth N)');
	const time = timeText === undefined ? undefined : parseNumberArg('TIME', timeText);
	let halfMovesLeft = Infinity;
	if (halfMovesText !== undefined) {
		halfMovesLeft = parseNumberArg('HALF_MOVES', halfMovesText);
		if (!Number.isInteger(halfMovesLeft) || halfMovesLeft < 0) throw new UsageError(`HALF_MOVES must be an integer >= 0, got "${halfMovesText}"`);
	}

	const { position, history } = loadBoardFile(file!);
	if (timeText !== undefined) setSide(position, timeText.trim().startsWith('-') ? RED : BLUE);
	else if (history.length === 0) setSide(position, BLUE);

	const end = gameEnd(position, 'blobwar', halfMovesLeft);
	if (end) throw new UsageError(`no legal move: the game is over (${describeEndReason(end.reason, position)})`);

	const timeMs = time === undefined ? undefined : Math.max(1, Math.abs(time) * 1000 * TIME_SHARE - performance.now() - SAFETY_MS);
	const searcher = new Searcher();
	const result = searcher.search(position, { depth, timeMs, halfMovesLeft }, {
		onInfo: cli.flags.verbose
			? (info) => {
					let p = position;
					const pv = info.pv.map((m) => {
						const text = formatMove(p, m);
						p = playMove(p, m);
						return text;
					});
					process.stderr.write(`depth ${info.depth} seldepth ${info.seldepth} score ${formatScore(info.score)} nodes ${info.nodes} nps ${info.nps} time ${info.timeMs} pv ${pv.join(' ')}\n`);
				}
			: undefined,
	});
	if (result.move === NO_MOVE) throw new UsageError('no legal move');
	process.stdout.write(`${formatMove(position, result.move)}\n`);
}

try {
	main();
} catch (error) {
	reportError('blob-engine', error);
}
