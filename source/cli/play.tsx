/**
 * `blobterm [BOARD] [PLAYER1 TIME1] [PLAYER2 TIME2] [MOVES]`: play a game (the default command).
 * The old clients' positional form plus flags; meow's help text below is its documentation.
 */

import { basename } from 'node:path';
import meow from 'meow';
import React from 'react';
import { type Variant } from '../game/game-over.js';
import { playMove } from '../game/make-move.js';
import { Game } from '../match/game.js';
import { gameFromBoardFile, readGameFile } from '../match/saved-game.js';
import { GameSession } from '../match/game-session.js';
import { defaultLimit } from '../match/match.js';
import { loadBoardFile } from '../match/load-board.js';
import { createPlayer } from '../players/create-player.js';
import { parsePlayerSpec } from '../players/player-spec.js';
import { type Player } from '../players/player.js';
import { App } from '../ui/App.js';
import { runPlain } from '../ui/plain.js';
import { runTui } from '../ui/run-tui.js';
import { reportError, UsageError } from './errors.js';
import { parseGameArgs } from './game-args.js';
import { THREAD_FLAGS, threadsFromFlags } from './search-flags.js';
import { shippedBoard } from './paths.js';

/** The board used when none is given. */
export const DEFAULT_BOARD = shippedBoard('default');

const help = `
  Usage
    $ blobterm [BOARD] [PLAYER1 TIME1] [PLAYER2 TIME2] [MOVES]

  Plays Blob War in the terminal. BOARD is a .bwb board file (default: the 8x8 default
  board) or a game record saved with s (.json), to go on with it. A PLAYER is human, builtin
  (the built-in engine) or the path of an engine program (tournament interface: PROGRAM
  BOARD_FILE TIME HALF_MOVES, TIME sent in seconds), named as in blobterm match --help:
  builtin:depth=6, ti:./prog,args={board} {time}, uai:./prog (a UAI engine: 7x7 boards,
  Ataxx rules). TIME is
  seconds per move; a negative TIME means that player plays Red (if no TIME is negative, the
  first player is Blue). With one player, the other side is you. MOVES is the half-move limit
  (default: twice the number of playable cells, at least 100; 1000 with a UAI engine, whose
  Ataxx rules end games by their own clock). No arguments: two people.

  Options
    --blue PLAYER        Blue's player (human, builtin or a program)
    --red PLAYER         Red's player
    --time S             seconds per move for engines given without a TIME (default 1)
    --depth N            depth limit of the built-in engine, in plies
    --threads N          search threads of the built-in engine (default 1)
    --parallel P         how they share the work: lazy (Lazy SMP, default) or ybwc
    --max-moves N        half-move limit (same as MOVES)
    --blue-args ARGS     argument list of Blue's engine program (default "{board} {time} {moves}")
    --red-args ARGS      same for Red; placeholders {board} {time} {time-ms} {moves}
    --grace MS           extra time an engine program gets before it loses (default 500)
    --plain              no TUI: one line per move, then the result (also when stdout is not a terminal)
    --no-color           no colours (also NO_COLOR=1 or TERM=dumb)
    --help               this text

  In the game
    arrows or h j k l move the cursor, Enter or Space picks a blob and plays it to a
    target (+ clone, * jump), Esc drops it; or type a move as "r1 c1 r2 c2" and press Enter
    u undo  r redo  g engine moves now  n new game  x swap sides  s save  o open  ? help  q quit

  Other commands (each has --help)
    blobterm match ...              pit two engines against each other: many games, Elo, SPRT
    blobterm analyze BOARD          what the engine sees in a position, depth by depth
    blobterm perft BOARD DEPTH      count the move tree (move generator check)
    blobterm bench perft            move generator benchmark

  Examples
    $ blobterm                                   two people on the default board
    $ blobterm --red builtin                     you (Blue) against the engine
    $ blobterm boards/ataxx.bwb builtin -2       you (Blue) against the engine, 2 s per move
    $ blobterm boards/gruyere5.bwb builtin 0.2 builtin -0.2 --plain
    $ blobterm boards/default.bwb ./my-engine 1 builtin -1 200
`;

/** Plays one game as the command line asks. @throws user errors (reported by `main`) */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = meow(help, {
		importMeta: import.meta,
		argv: [...argv],
		flags: {
			blue: { type: 'string' },
			red: { type: 'string' },
			time: { type: 'number' },
			depth: { type: 'number' },
			...THREAD_FLAGS,
			maxMoves: { type: 'number' },
			blueArgs: { type: 'string' },
			redArgs: { type: 'string' },
			grace: { type: 'number', default: 500 },
			plain: { type: 'boolean', default: false },
			color: { type: 'boolean', default: true },
		},
		allowUnknownFlags: false,
	});
	const flags = cli.flags;
	if (flags.depth !== undefined && (!Number.isInteger(flags.depth) || flags.depth < 1))
		throw new UsageError(`--depth must be an integer >= 1, got ${flags.depth}`);
	if (!(flags.grace >= 0)) throw new UsageError(`--grace must be a number of ms >= 0, got ${flags.grace}`);
	const threads = threadsFromFlags(flags);
	const setup = parseGameArgs(cli.input, {
		blue: flags.blue,
		red: flags.red,
		time: flags.time,
		maxMoves: flags.maxMoves,
	});
	const boardPath = setup.board ?? DEFAULT_BOARD;
	const loaded = boardPath.endsWith('.json')
		? await readGameFile(boardPath)
		: gameFromBoardFile(loadBoardFile(boardPath));
	const specs = [parsePlayerSpec(setup.blue.spec), parsePlayerSpec(setup.red.spec)];
	const variant: Variant = specs.some((spec) => spec.kind === 'uai') ? 'ataxx' : loaded.variant;
	const geometry = loaded.start.geometry;
	if (
		variant === 'ataxx' &&
		specs.some((spec) => spec.kind === 'uai') &&
		(geometry.rows !== 7 || geometry.cols !== 7)
	) {
		throw new UsageError(`UAI engines play on 7x7 boards: ${boardPath} is ${geometry.rows} x ${geometry.cols}`);
	}
	const halfMoveLimit = setup.halfMoveLimit ?? loaded.halfMoveLimit ?? defaultLimit(variant, geometry);
	const makePlayer = (side: 0 | 1, args: string | undefined): Player =>
		createPlayer(specs[side], {
			depth: flags.depth,
			...threads,
			args: args?.trim().split(/\s+/),
			graceMs: flags.grace,
		});
	const players: [Player, Player] = [makePlayer(0, flags.blueArgs), makePlayer(1, flags.redArgs)];
	const timeMs: [number, number] = [setup.blue.timeS * 1000, setup.red.timeS * 1000];

	if (flags.plain || !process.stdout.isTTY || !process.stdin.isTTY) {
		// One game from the loaded position; the loaded moves are its history and count against the limit.
		const line = [loaded.start];
		for (const move of loaded.moves) line.push(playMove(line[line.length - 1], move.move));
		const game = new Game({
			start: line[line.length - 1],
			before: [...loaded.before, ...line.slice(0, -1)],
			players,
			timeMs,
			halfMoveLimit: halfMoveLimit - loaded.moves.length,
			variant,
		});
		try {
			await runPlain(game, { out: process.stdout, input: process.stdin });
		} finally {
			await game.close();
		}
		return;
	}
	const session = new GameSession({
		start: loaded.start,
		before: loaded.before,
		moves: loaded.moves,
		redo: loaded.redo,
		players,
		timeMs,
		halfMoveLimit,
		variant,
	});
	try {
		void session.run();
		await runTui(<App session={session} boardName={basename(boardPath)} onQuit={() => session.quit()} />, {
			onCrash: (error) => reportError('blobterm', error),
		});
		session.quit();
	} finally {
		await session.close();
	}
}
