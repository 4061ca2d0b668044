/**
 * `blobterm [BOARD] [PLAYER1 TIME1] [PLAYER2 TIME2] [MOVES]`: play a game (the default command).
 * The old clients' positional form plus flags; meow's help text below is its documentation.
 */

import { readdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Variant } from '../game/game-over.js';
import { playMove } from '../game/make-move.js';
import { Game } from '../match/game.js';
import { gameFromBoardFile, readGameFile } from '../match/saved-game.js';
import { GameLog } from '../match/game-log.js';
import { fileErrorWords, makeDirectory } from '../match/user-files.js';
import { printable } from '../players/printable.js';
import { IoLog } from '../match/io-log.js';
import { defaultLimit, engineNames } from '../match/match.js';
import { loadBoardFile } from '../match/load-board.js';
import { createPlayer } from '../players/create-player.js';
import { parsePlayerSpec, type PlayerSpec, specName } from '../players/player-spec.js';
import { type Player } from '../players/player.js';
import { runPlain } from '../ui/plain.js';
import { reportError, UsageError } from './errors.js';
import { makeAnalysis } from './review.js';
import { parseCommandLine } from './command-line.js';
import { parseGameArgs } from './game-args.js';
import { BOUNDS } from '../game/number-args.js';
import { readNumberFlag } from './number-flags.js';
import { THREAD_FLAGS, threadsFromFlags } from './search-flags.js';
import { shippedBoard } from './paths.js';

/** The board used when none is given. */
export const DEFAULT_BOARD = shippedBoard('default');

const help = `
  Usage
    $ blobterm [BOARD] [PLAYER1 TIME1] [PLAYER2 TIME2] [MOVES] [options]
    $ blobterm COMMAND ...          (commands below)

  Plays Blob War in the terminal. BOARD is a .bwb board file (default: the 8x8 default
  board) or a game record saved with s (.json), to go on with it.

  A PLAYER is human, builtin (the built-in engine) or an engine program, named as in
  blobterm match --help: builtin:depth=6, ./prog or ti:./prog (tournament interface:
  PROGRAM BOARD_FILE TIME HALF_MOVES, TIME sent in seconds), ti:./prog,args={board} {time},
  uai:./prog (a UAI engine: 7x7 boards, Ataxx rules).

  TIME is seconds per move, from 0.01 to 86400 (one day); a negative TIME means that player
  plays Red (if no TIME is negative, the first player is Blue). 0 is refused, as --time 0 is.
  With one player, the other side is you; with none, two people play.

  MOVES is the half-move limit, from 1 to 1000000 (default: twice the number of playable
  cells, at least 100; 1000 with a UAI engine, whose Ataxx rules end games by their own clock).

  Options
    --blue PLAYER        Blue's player (human, builtin or a program)
    --red PLAYER         Red's player
    --time S             seconds per move of players given without a TIME (default 1)
    --depth N            depth limit of the built-in engine, in plies (1 to 120)
    --threads N          search threads of the built-in engine (default 1)
    --parallel P         how they share the work: lazy (Lazy SMP, default) or ybwc
    --max-moves N        half-move limit (same as MOVES)
    --blue-args ARGS     argument list of Blue's engine program (default "{board} {time} {moves}")
    --red-args ARGS      same for Red; placeholders {board} {time} {time-ms} {moves}
    --grace MS           extra time an engine program gets before it loses (default 500,
                         at most 3600000)
    --log-dir DIR        write every line sent to and read from the engines to DIR/game-NNNN.log
    --analysis-engine E  the engine of analysis mode (a): builtin (default) or uai:PROGRAM; twice
                         for two side by side
    --plain              no TUI: one line per move, then the result (also when stdout is not
                         a terminal)
    --no-color           no colours (also NO_COLOR=1 or TERM=dumb)
    --help, -h           this text (blobterm help COMMAND: a command's)
    --version, -v        the version

  In the game
    arrows or h j k l move the cursor, Enter or Space picks a blob and plays it to a
    target (+ clone, * jump), Esc drops it; or type a move as "r1 c1 r2 c2" and press Enter
    u undo  r redo  g engine moves now  p pause  n new game  x swap sides  s save  o open
    a analysis (] [ more, fewer lines)  i engine I/O  e export the position  ? help
    q quit (exit code 0)  Ctrl-C quit (exit code 130)

  Commands (each answers --help)
    blobterm match ENGINE_A ENGINE_B [BOARD ...]   many games between two engines: Elo, SPRT
    blobterm worker URL                            play the games of matches on a Redis queue
    blobterm analyze BOARD|RECORD                  what the engine sees, depth by depth
    blobterm review FILE                           a recorded game, move by move, with scores
    blobterm perft BOARD DEPTH                     count the move tree (move generator check)
    blobterm bench perft                           move generator benchmark
    blobterm bench search                          search benchmark: the bench signature
    blobterm bench parallel                        Lazy SMP and YBWC against one thread
    blobterm bench queue URL                       games per second of a distributed match
    blobterm kernel BOARD                          the compiled move generator's source
    blobterm lab trees|simulate|parallel|...       the parallel alpha-beta lab
    blobterm openings BOARD ...                    opening books (FENs) for match --openings
    blobterm tune RECORD.jsonl ... --out FILE      fit the learned evaluation's weights (Texel)
    blobterm help [COMMAND]                        this text, or a command's

  Examples
    $ blobterm                                   two people on the default board
    $ blobterm --red builtin                     you (Blue) against the engine
    $ blobterm boards/ataxx.bwb builtin -2       you (Blue) against the engine, 2 s per move
    $ blobterm boards/gruyere5.bwb builtin 0.2 builtin -0.2 --plain
    $ blobterm boards/default.bwb ./my-engine 1 builtin -1 200
`;

/**
 * The log file of this session in `dir` (created if missing): `game-NNNN.log`, the first number no
 * log there has yet.
 * @throws FileWriteError if the folder or the file cannot be made; UsageError if the folder cannot be read
 */
async function openGameLog(dir: string): Promise<GameLog> {
	await makeDirectory(dir, 'log directory');
	let names: string[];
	try {
		names = await readdir(dir);
	} catch (error) {
		throw new UsageError(`--log-dir ${printable(dir)}: ${fileErrorWords(error)}`);
	}
	const used = names
		.map((name) => /^game-(\d+)\.log$/.exec(name))
		.filter((m): m is RegExpExecArray => m !== null)
		.map((m) => Number(m[1]));
	return GameLog.open(dir, Math.max(0, ...used) + 1);
}

/** The game command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	blue: { type: 'string' },
	red: { type: 'string' },
	time: { type: 'string' },
	depth: { type: 'string' },
	...THREAD_FLAGS,
	maxMoves: { type: 'string' },
	blueArgs: { type: 'string' },
	redArgs: { type: 'string' },
	grace: { type: 'string' },
	plain: { type: 'boolean', default: false },
	color: { type: 'boolean', default: true },
	logDir: { type: 'string' },
	analysisEngine: { type: 'string', isMultiple: true },
} as const;

/** Plays one game as the command line asks. @throws user errors (reported by `main`) */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm', help, flags: FLAGS, argv });
	const flags = cli.flags;
	const depth = readNumberFlag('--depth', flags.depth, BOUNDS.depth);
	const graceMs = readNumberFlag('--grace', flags.grace, BOUNDS.graceMs) ?? 500;
	const threads = threadsFromFlags(flags);
	const setup = parseGameArgs(cli.input, {
		blue: flags.blue,
		red: flags.red,
		time: readNumberFlag('--time', flags.time, BOUNDS.moveSeconds),
		maxMoves: readNumberFlag('--max-moves', flags.maxMoves, BOUNDS.halfMoveLimit),
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
	// Two engines of the same name (builtin and builtin:depth=3) are told apart by their specs.
	const names = specs.map(specName);
	if (names[0] === names[1] && specs.every((spec) => spec.kind !== 'human')) {
		const [a, b] = engineNames([specs[0], specs[1]]);
		names[0] = a;
		names[1] = b;
	}
	const io = new IoLog();
	let gameLog: GameLog | null = null;
	if (flags.logDir !== undefined) gameLog = await openGameLog(flags.logDir);
	gameLog?.line(`blobterm ${argv.join(' ')}: Blue ${names[0]}, Red ${names[1]} on ${boardPath}`);
	const makePlayer = (side: 0 | 1, args: string | undefined): Player => {
		const label = `${side === 0 ? 'Blue' : 'Red'} ${names[side]}`;
		return createPlayer({ ...specs[side], name: names[side] } as PlayerSpec, {
			depth,
			...threads,
			args: args?.trim().split(/\s+/),
			graceMs,
			log: io.logger(label, gameLog?.logger(label)),
		});
	};
	const players: [Player, Player] = [makePlayer(0, flags.blueArgs), makePlayer(1, flags.redArgs)];
	const timeMs: [number, number] = [setup.blue.timeS * 1000, setup.red.timeS * 1000];

	if (flags.plain || !process.stdout.isTTY || !process.stdin.isTTY) {
		// One game from the loaded position; the loaded moves are its history and count against the limit.
		const line = [loaded.start];
		for (const move of loaded.moves) line.push(playMove(line[line.length - 1], move.move));
		const game = new Game({
			start: line[line.length - 1],
			before: [...loaded.before, ...line.slice(0, -1)],
			beforeMoves: loaded.moves.map((m) => m.move),
			players,
			timeMs,
			halfMoveLimit: halfMoveLimit - loaded.moves.length,
			variant,
		});
		try {
			await runPlain(game, { out: process.stdout, input: process.stdin });
		} finally {
			await game.close();
			gameLog?.line(`game over: ${game.state.result?.reason ?? 'abandoned'}`);
			await gameLog?.close();
		}
		return;
	}
	const analysisSpecs = flags.analysisEngine && flags.analysisEngine.length > 0 ? flags.analysisEngine : ['builtin'];
	if (analysisSpecs.length > 2) throw new UsageError('at most two --analysis-engine');
	const analyses = analysisSpecs.map((text) => makeAnalysis(text, undefined, io));
	const game = new Game({
		start: loaded.start,
		before: loaded.before,
		moves: loaded.moves,
		redo: loaded.redo,
		players,
		timeMs,
		halfMoveLimit,
		halfMoveLimitGiven: setup.halfMoveLimit !== null,
		variant,
	});
	try {
		// Ink is loaded only here: it takes a while, and help, errors and --plain do without it.
		const [{ App }, { runTui }] = await Promise.all([import('../ui/App.js'), import('../ui/run-tui.js')]);
		void game.run();
		// q exits 0; Ctrl-C exits 130, as a process stopped by SIGINT does (and as match does).
		const onQuit = (how: 'quit' | 'interrupt') => {
			if (how === 'interrupt') process.exitCode = 130;
			game.abort();
		};
		await runTui(<App game={game} boardName={basename(boardPath)} onQuit={onQuit} io={io} analyses={analyses} />, {
			onCrash: (error) => reportError('blobterm', error),
		});
		game.abort();
	} finally {
		await Promise.all([game.close(), ...analyses.map((a) => a.close())]);
		await gameLog?.close();
	}
}
