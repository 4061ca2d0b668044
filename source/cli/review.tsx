/**
 * `blobterm review FILE`: step through a recorded game with what the engines said at each move,
 * the score graph, the turning points, live analysis and the engines' I/O (`ui/ReviewApp.tsx`).
 * Without a terminal (or with `--plain`) it prints the game, its turning points and its graph.
 */

import React from 'react';
import { sideName } from '../game/position.js';
import { blueScores, turningPoints } from '../match/game-scores.js';
import { IoLog } from '../match/io-log.js';
import { readReviewGame, type ReviewGame } from '../match/review-game.js';
import { type Analysis, BuiltinAnalysis, UaiAnalysis } from '../players/analysis.js';
import { parsePlayerSpec } from '../players/player-spec.js';
import { BOUNDS } from '../game/number-args.js';
import { reviewMoveLine } from '../ui/ReviewApp.js';
import { ReviewApp } from '../ui/ReviewApp.js';
import { runTui } from '../ui/run-tui.js';
import { scoreGraph } from '../ui/score-graph.js';
import { parseCommandLine } from './command-line.js';
import { reportError, UsageError } from './errors.js';
import { readNumberFlag } from './number-flags.js';

const help = `
  Usage
    $ blobterm review FILE [options]

  Opens a recorded game: a game saved with s (.json), a match record (--record, JSON Lines),
  a PGN file (--pgn), or a board file with a history section. Each move shows what its engine
  said when it played it: score (blobs, from the mover's view; +M5 wins in 5 half-moves), depth
  and principal variation. Below the board: a graph of the score over the game (Blue's view),
  and the turning points, the moves after which the mover's own score fell most.

  Options
    --game N        the game of a match record (its number) or of a PGN file (from 1; default 1)
    --move N        start at the position after half-move N (default: the end)
    --engine SPEC   analysis engine: builtin (default), builtin:threads=N, or uai:PROGRAM
                    (UAI engines, for 7x7 Ataxx games); twice for two engines side by side
    --threads N     search threads of the built-in analysis (default: every core)
    --plain         print the game, its turning points and its graph instead of the screen
    --help, -h      this text
    --version, -v   the version

  Keys
    Left Right (h l) step a half-move, Home End the ends, g N Enter go to half-move N,
    t T next and previous turning point, a analysis on or off, + - lines of analysis,
    i engine I/O pane (PageUp PageDown), e export the position (FEN and .bwb), ? help, q quit

  Examples
    $ blobterm review match.jsonl --game 3
    $ blobterm review match.pgn --game 3 --move 20
    $ blobterm review default-game.json --engine builtin --engine uai:./my-engine
`;

/** The review command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	game: { type: 'string' },
	move: { type: 'string' },
	engine: { type: 'string', isMultiple: true },
	threads: { type: 'string' },
	plain: { type: 'boolean', default: false },
} as const;

/** Runs the review command. */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm review', help, flags: FLAGS, argv });
	const { flags } = cli;
	if (cli.input.length !== 1) throw new UsageError('review takes one FILE (see blobterm review --help)');
	const gameNumber = readNumberFlag('--game', flags.game, BOUNDS.gameNumber);
	const move = readNumberFlag('--move', flags.move, BOUNDS.halfMovesPlayed);
	const threads = readNumberFlag('--threads', flags.threads, BOUNDS.threads);
	const game = await readReviewGame(cli.input[0], gameNumber);
	if (move !== undefined && move > game.moves.length)
		throw new UsageError(`--move ${move}: the game has ${game.moves.length} half-moves`);
	const engines = flags.engine && flags.engine.length > 0 ? flags.engine : ['builtin'];
	if (engines.length > 2) throw new UsageError('at most two --engine');

	if (flags.plain || !process.stdout.isTTY || !process.stdin.isTTY) {
		// A reader that stops early (`| head`) is not an error.
		process.stdout.on('error', (error: NodeJS.ErrnoException) => {
			if (error.code !== 'EPIPE') throw error;
		});
		process.stdout.write(`${plainReview(game).join('\n')}\n`);
		return;
	}
	const io = new IoLog();
	const analyses = engines.map((text) => makeAnalysis(text, threads, io));
	try {
		await runTui(<ReviewApp game={game} analyses={analyses} io={io} start={move} />, {
			onCrash: (error) => reportError('blobterm', error),
		});
	} finally {
		await Promise.all(analyses.map((a) => a.close()));
	}
}

/**
 * An analysis engine from its name: `builtin[:threads=N,name=NAME]` or `uai:PROGRAM[,...]`.
 * @throws PlayerSpecError, UsageError for a name that is not one
 */
export function makeAnalysis(text: string, threads: number | undefined, io: IoLog): Analysis {
	const spec = parsePlayerSpec(text);
	if (spec.kind === 'builtin')
		return new BuiltinAnalysis({
			threads: spec.threads ?? threads,
			name: spec.name ?? 'builtin',
			log: io.logger(`analysis ${spec.name ?? 'builtin'}`),
		});
	if (spec.kind === 'uai') {
		const name = spec.name ?? spec.program;
		return new UaiAnalysis({
			command: spec.command,
			args: spec.args,
			options: spec.options,
			name,
			replyMs: spec.initMs,
			log: io.logger(`analysis ${name}`),
		});
	}
	throw new UsageError(`--engine ${text}: analysis takes builtin or uai:PROGRAM`);
}

/** The review as text: title, one line per move with its report, turning points, the graph. */
export function plainReview(game: ReviewGame, width = 80): string[] {
	const lines = [
		`${game.label}: Blue ${game.names[0]}, Red ${game.names[1]}${game.result ? `, ${game.result}` : ''}`,
	];
	game.moves.forEach((_, i) => lines.push(reviewMoveLine(game, i).trimStart()));
	const points = turningPoints(game.moves);
	lines.push(points.length === 0 ? 'Turning points: none' : 'Turning points:');
	for (const p of points) {
		const m = game.moves[p.index];
		lines.push(
			`  ${p.index + 1}. ${sideName(p.side)} ${m.text}: ${p.before.toFixed(2)} then ${p.after.toFixed(2)} ` +
				`(drop ${p.drop.toFixed(2)})`,
		);
	}
	lines.push("Score graph (Blue's view, blobs):");
	lines.push(...scoreGraph(blueScores(game.moves).scores, game.moves.length, width, 9).lines);
	return lines;
}
