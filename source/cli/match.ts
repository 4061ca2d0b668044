/**
 * `blobterm match [options] ENGINE_A ENGINE_B [BOARD ...]`: pit two engines against each other.
 * The help text below is its documentation; the work is done by `match/match.ts`.
 */

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Variant, VARIANTS } from '../game/game-over.js';
import { DistributedMatch } from '../distributed/distributed-match.js';
import { QueueError } from '../distributed/queue-error.js';
import { parseQueueUrl, type QueueUrl } from '../distributed/queue-url.js';
import { Match, type MatchSummary } from '../match/match.js';
import { type Opening, openingFromBoardFile, openingFromFen, readOpeningsFile } from '../match/opening.js';
import { type SprtOptions } from '../match/sprt.js';
import { formatTimeControl, parseTimeControl } from '../match/time-control.js';
import { type PlayerSpec, parsePlayerSpec } from '../players/player-spec.js';
import { finishedLine, resultTable, scoreLine } from '../ui/match-report.js';
import { MatchProgress, queueStatusLine, statusLine } from '../ui/match-progress.js';
import { plural } from '../ui/format.js';
import { parseCommandLine } from './command-line.js';
import { readChoiceFlag } from './choice-flags.js';
import { UsageError } from './errors.js';
import { onInterrupt } from './interrupt.js';
import { BOUNDS } from '../game/number-args.js';
import { readNumberFlag } from './number-flags.js';

/** The board used when none is given (the game command's default). */
const DEFAULT_BOARD = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'boards', 'default.bwb');

const help = `
  Usage
    $ blobterm match [options] ENGINE_A ENGINE_B [BOARD ...]

  Plays ENGINE_A against ENGINE_B on each BOARD (.bwb files; default: the 8x8 default board)
  and each --fen, every board twice with colours swapped (a pair), then prints W/D/L, score,
  Elo with 95% error bars, LOS, draw ratio, pentanomial pair counts and the SPRT's state.

  Engines (the game command takes the same names)
    builtin                        the built-in engine (worker threads kept between games)
    builtin:depth=6,name=deep      ... with options: depth=N (plies), name=NAME, nodes=N (node limit
                                   per move; with a generous --time, games that do not depend on
                                   the machine's load), and the search's:
                                   preset=skeleton|plain, algorithm=pvs|mtdf|alphabeta, hash=MB,
                                   aspiration|tt|ttmove|captures|jumppenalty|killers|history=on|off,
                                   countermove=on|off (the counter-move heuristic, off by default),
                                   positional|evalcache=on|off (evalcache=auto, the default: off),
                                   eval=tuned|classic, weights=FILE (see blobterm tune --help)
                                   selective|nullmove|rfp|futility|lmr|lmp|lmpcaptures|iir=on|off
                                   (selectivity); nullmove=auto (the default: off under Ataxx
                                   rules)
    ./prog   or   ti:./prog        a program speaking the tournament interface:
                                   PROGRAM BOARD_FILE TIME HALF_MOVES, TIME in seconds
    ti:./prog,args={board} {time}  ... its argument list: {board} {time} {time-ms} {moves}
    uai:./prog                     a UAI program: 7x7 boards, Ataxx rules
    uai:./prog,option.Hash=64      ... sends "setoption name Hash value 64"; args=ARGS;
                                   init=MS: time for uaiok and readyok (default 5000)
    Options of every engine: name=NAME; of programs: grace=MS (extra time before a loss).
    Options are comma-separated KEY=VALUE; quote a spec that holds spaces.

  Options
    --games N              games in all (default: one pair per board; at most 1000000)
    --concurrency N        games played at once (default 1, at most 64)
    --time S               seconds per move (default 1; 0.01 to 86400, one day)
    --tc [MOVES/]BASE[+INC]
                           a clock in place of --time, in seconds: BASE for the game (or for
                           every MOVES moves), INC added after each move, e.g. 10+0.1, 40/60;
                           a move that takes longer than the time left (and --grace for
                           programs) loses on time. UAI engines get go wtime/btime/winc/binc
                           [movestogo]; tournament-interface programs a TIME of the time
                           manager's share of their clock
    --max-moves N          half-move limit (default: twice the playable cells, at least 100;
                           1000 under Ataxx rules, whose 100-half-move clock ends games first)
    --rules R              blobwar or ataxx (default: ataxx when an engine speaks UAI)
    --fen FEN              a start position as a FEN (repeatable)
    --openings FILE        start positions from a file of FENs, one per line
    --shuffle              each round through the boards in a random order drawn from --seed
    --seed N               seed of --shuffle (default: random, kept in the record)
    --adjudicate N         a side that leads by N blobs or more over --adjudicate-plies
                           consecutive half-moves wins the game (default: off)
    --adjudicate-plies P   (default 8)
    --sprt SPEC            stop once decided: elo0=0,elo1=10[,alpha=0.05,beta=0.05]
    --record FILE          append each finished game to FILE, one JSON object per line
    --no-record-pv         leave each move's principal variation out of --record and --pgn
                           (records of long runs: about half the size)
    --resume               go on with the match in --record FILE (same command line)
    --pgn FILE             append each finished game to FILE as PGN
    --log-dir DIR          one log per game of all that is sent to and read from the engines
    --grace MS             extra time engine programs get before they lose (default 500,
                           at most 3600000)
    --queue URL            play on workers: put the pairs on the Redis queue at URL,
                           redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss://... (TLS), and
                           record the games the workers report (blobterm worker --help);
                           the engines' programs need not exist here (not with
                           --concurrency or --log-dir: those are the workers')
    --no-color             no colours (also NO_COLOR=1 or TERM=dumb)
    --help, -h             this text

  Engines that crash, hang, print garbage or illegal moves lose that game, with the reason
  recorded; the match goes on. Ctrl-C stops it: finished games stay in the record, and
  --resume plays the rest.

  Examples
    $ blobterm match builtin:depth=4 builtin:depth=2 boards/gruyere5.bwb boards/5x5.bwb
    $ blobterm match --games 100 --concurrency 2 --time 0.2 --sprt elo0=0,elo1=20 \\
        --record m.jsonl ./my-engine builtin boards/*.bwb
    $ blobterm match --time 0.5 --pgn games.pgn uai:./ataxx-engine builtin boards/ataxx.bwb
    $ blobterm match --queue redis://:secret@10.0.0.5:6379 --games 2000 --time 0.1 \\
        --sprt elo0=0,elo1=10 --record dev.jsonl \\
        uai:./dev,name=dev uai:./base,name=base boards/ataxx.bwb
`;

/** The match command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	games: { type: 'string' },
	concurrency: { type: 'string' },
	time: { type: 'string' },
	tc: { type: 'string' },
	maxMoves: { type: 'string' },
	rules: { type: 'string' },
	fen: { type: 'string', isMultiple: true },
	openings: { type: 'string' },
	shuffle: { type: 'boolean', default: false },
	seed: { type: 'string' },
	adjudicate: { type: 'string' },
	adjudicatePlies: { type: 'string' },
	sprt: { type: 'string' },
	record: { type: 'string' },
	recordPv: { type: 'boolean', default: true },
	resume: { type: 'boolean', default: false },
	pgn: { type: 'string' },
	logDir: { type: 'string' },
	grace: { type: 'string' },
	queue: { type: 'string' },
	color: { type: 'boolean', default: true },
} as const;

/** Runs a match as the command line asks. @throws user errors (reported by `main`) */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm match', help, flags: FLAGS, argv });
	const flags = cli.flags;
	const [specA, specB, ...boards] = cli.input;
	if (specB === undefined)
		throw new UsageError(
			'match: name two engines, e.g. blobterm match builtin:depth=4 builtin:depth=2 (see blobterm match --help)',
		);
	// A distributed match's programs are on its workers, not necessarily here.
	const local = { checkProgram: flags.queue === undefined };
	const engines: [PlayerSpec, PlayerSpec] = [parsePlayerSpec(specA, local), parsePlayerSpec(specB, local)];
	const queue = flags.queue === undefined ? null : queueUrl(flags.queue);
	if (queue && flags.concurrency !== undefined)
		throw new UsageError(
			'--concurrency is not for a match on a queue: give it to the workers (blobterm worker URL --concurrency N)',
		);
	if (queue && flags.logDir !== undefined)
		throw new UsageError('--log-dir is not for a match on a queue: its games are played by the workers');
	const usesUai = engines.some((e) => e.kind === 'uai');

	const openings: Opening[] = boards.map((board) => openingFromBoardFile(board));
	for (const fen of flags.fen ?? []) openings.push(openingFromFen(fen));
	if (flags.openings !== undefined) openings.push(...readOpeningsFile(flags.openings));
	if (openings.length === 0) openings.push(openingFromBoardFile(DEFAULT_BOARD));
	if (usesUai) {
		const odd = openings.find((o) => o.position.geometry.rows !== 7 || o.position.geometry.cols !== 7);
		if (odd)
			throw new UsageError(
				`UAI engines play on 7x7 boards: ${odd.label} is ` +
					`${odd.position.geometry.rows} x ${odd.position.geometry.cols}`,
			);
	}
	const variant: Variant = readChoiceFlag('--rules', flags.rules, VARIANTS) ?? (usesUai ? 'ataxx' : 'blobwar');
	if (flags.tc !== undefined && flags.time !== undefined)
		throw new UsageError('give --time (seconds per move) or --tc (a clock), not both');
	const timeControl = flags.tc === undefined ? null : parseTimeControl(flags.tc);
	const timeS = timeControl
		? timeControl.baseMs / 1000
		: (readNumberFlag('--time', flags.time, BOUNDS.moveSeconds) ?? 1);
	const graceMs = readNumberFlag('--grace', flags.grace, BOUNDS.graceMs) ?? 500;
	const maxMoves = readNumberFlag('--max-moves', flags.maxMoves, BOUNDS.halfMoveLimit);
	const seed = readNumberFlag('--seed', flags.seed, BOUNDS.seed);
	const concurrency = readNumberFlag('--concurrency', flags.concurrency, BOUNDS.concurrency) ?? 1;
	const adjudicatePlies = readNumberFlag('--adjudicate-plies', flags.adjudicatePlies, BOUNDS.adjudicatePlies) ?? 8;
	const margin = readNumberFlag('--adjudicate', flags.adjudicate, BOUNDS.adjudicateBlobs);
	const adjudication = margin === undefined ? null : { margin, plies: adjudicatePlies };
	const sprt = flags.sprt === undefined ? null : parseSprt(flags.sprt);
	const games = readNumberFlag('--games', flags.games, BOUNDS.games) ?? 2 * openings.length;
	if (games > 2 * openings.length && engines.every(isRepeatable))
		process.stderr.write(
			`blobterm: warning: both engines search to a fixed depth or node count on one thread, so a ` +
				`pair of games on an opening is played the same way each time: the games past the first ` +
				`${2 * openings.length} (2 per opening) repeat earlier ones and add nothing; give more openings ` +
				`(blobterm openings) instead\n`,
		);

	const options = {
		engines,
		openings,
		games,
		concurrency,
		timeMs: timeS * 1000,
		timeControl,
		halfMoveLimit: maxMoves ?? null,
		variant,
		graceMs,
		adjudication,
		sprt,
		seed: seed ?? null,
		shuffle: flags.shuffle,
		recordPath: flags.record ?? null,
		recordPv: flags.recordPv,
		pgnPath: flags.pgn ?? null,
		logDir: flags.logDir ?? null,
		resume: flags.resume,
	};
	const match = queue ? new DistributedMatch(options, queue) : new Match(options);

	const out = process.stdout;
	out.write(
		`Match: ${match.names[0]} vs ${match.names[1]}, ${plural(games, 'game')} ` +
			`on ${plural(openings.length, 'board')}, ` +
			`${timeControl ? `time control ${formatTimeControl(timeControl)} s` : `${timeS} s per move`}, ` +
			`${variant === 'ataxx' ? 'Ataxx' : 'Blob War'} rules, ` +
			`${queue ? `on the queue ${queue.display}` : `${concurrency} at once`}\n`,
	);
	const summary = match instanceof Match ? await playLocally(match, games) : await playOnQueue(match);
	const notes: string[] = [];
	if (summary.resumed > 0)
		notes.push(
			`Resumed: ${plural(summary.resumed, 'game')} ${summary.resumed === 1 ? 'was' : 'were'} ` +
				`already in ${flags.record}.`,
		);
	if (summary.end === 'sprt')
		notes.push(
			`SPRT decided` +
				`${summary.abandoned > 0 ? `: ${plural(summary.abandoned, 'game')} in progress abandoned` : ''}.`,
		);
	if (summary.end === 'stopped')
		notes.push(
			`Stopped: ${plural(summary.abandoned, 'game')} in progress abandoned.` +
				`${flags.record ? ' Add --resume to the same command to play the rest.' : ''}`,
		);
	const table = resultTable(
		match.names,
		summary.tally,
		sprt && summary.sprt ? { options: sprt, state: summary.sprt } : null,
	);
	out.write(`${[...notes, ...table].join('\n')}\n`);
	if (summary.end === 'stopped') process.exitCode = 130;
}

/** Plays a match on this machine, with its progress on the terminal. */
async function playLocally(match: Match, games: number): Promise<MatchSummary> {
	const progress = new MatchProgress(process.stdout, () => statusLine(match, match.finished().length, games));
	const stopping = onInterrupt(() => {
		progress.lines(['Stopping: the games in progress are abandoned (not recorded)...']);
		match.stop();
	});
	try {
		progress.start();
		return await match.run({
			gameFinished: (record, totals, sprtState) =>
				progress.lines([finishedLine(record), scoreLine(match.names, totals, sprtState)]),
		});
	} finally {
		progress.stop();
		stopping.off();
	}
}

/** Coordinates a match played by workers, with its progress on the terminal. */
async function playOnQueue(match: DistributedMatch): Promise<MatchSummary> {
	const progress = new MatchProgress(process.stdout, () => queueStatusLine(match.progress()));
	const stopping = onInterrupt(() => {
		progress.lines(['Stopping: the workers drop the games in progress (not recorded)...']);
		match.stop();
	});
	try {
		progress.start();
		return await match.run({
			gameFinished: (record, totals, sprtState) =>
				progress.lines([
					`${finishedLine(record)}${record.worker ? ` [${record.worker}]` : ''}`,
					scoreLine(match.names, totals, sprtState),
				]),
			refused: (refusal) =>
				progress.lines([`Worker ${refusal.worker} refused pair ${refusal.pair}: ${refusal.reason}`]),
			ignored: (why) => progress.lines([`Warning: ${why}`]),
			connection: (lost) =>
				progress.lines([lost === null ? 'Connected to Redis again.' : `${lost}; reconnecting...`]),
			cleaning: (held) => progress.lines([`Waiting for the workers to drop ${held} pairs in progress...`]),
			leftBehind: (held) =>
				progress.lines([
					`Warning: ${held} pairs still held by workers that do not answer were left on the queue; ` +
						'they are dropped by the workers that take them.',
				]),
		});
	} finally {
		progress.stop();
		stopping.off();
	}
}

/** The URL of `--queue`. @throws UsageError for a bad one */
function queueUrl(text: string): QueueUrl {
	try {
		return parseQueueUrl(text);
	} catch (error) {
		if (error instanceof QueueError) throw new UsageError(`--queue: ${error.message}`);
		throw error;
	}
}

/**
 * Reads `elo0=0,elo1=10[,alpha=0.05,beta=0.05]`.
 * @throws UsageError for anything else
 */
export function parseSprt(text: string): SprtOptions {
	const values: Record<string, number> = { alpha: 0.05, beta: 0.05 };
	for (const item of text.split(',')) {
		const m = /^\s*(elo0|elo1|alpha|beta)\s*=\s*(\S+)\s*$/.exec(item);
		if (!m || !Number.isFinite(Number(m[2])))
			throw new UsageError(`--sprt: expected elo0=N,elo1=N[,alpha=P,beta=P], found "${item}"`);
		values[m[1]] = Number(m[2]);
	}
	if (values.elo0 === undefined || values.elo1 === undefined)
		throw new UsageError('--sprt: elo0 and elo1 are required, e.g. --sprt elo0=0,elo1=10');
	return { elo0: values.elo0, elo1: values.elo1, alpha: values.alpha, beta: values.beta };
}

/**
 * Whether an engine plays the same move in the same position every time: the built-in engine
 * with a depth or node limit on one thread (its table starts empty each game; a clock that cuts
 * the search short is the exception, and `--time` is meant to be generous there).
 */
function isRepeatable(spec: PlayerSpec): boolean {
	return (
		spec.kind === 'builtin' &&
		(spec.depth !== undefined || spec.nodes !== undefined) &&
		(spec.threads === undefined || spec.threads <= 1)
	);
}
