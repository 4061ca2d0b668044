/**
 * `blobterm analyze BOARD|RECORD`: what the engine sees in a position, one line per completed depth
 * (and per line, with `--multipv`), then its best move; `--json` prints the same as one JSON object
 * a line, for scripts. A record (saved game, match record, PGN, board file with history) gives the
 * position a half-move was played in (`--move N`), with what its engine said when it played it.
 */

import { type Variant, VARIANTS } from '../game/game-over.js';
import { formatLine, formatMove } from '../game/notation.js';
import { NO_MOVE, PASS } from '../game/move.js';
import { sideName } from '../game/position.js';
import { describeSearchOptions } from '../search/option-text.js';
import { formatScore } from '../search/score.js';
import { Searcher } from '../search/search.js';
import { formatFen } from '../game/fen.js';
import { checkMove } from '../game/legality.js';
import { type Move } from '../game/move.js';
import { parseMoveText } from '../game/notation.js';
import { type Position } from '../game/position.js';
import { parseUaiMove } from '../game/uai-notation.js';
import { quote } from '../game/user-error.js';
import { type PlayedMove } from '../match/game.js';
import { reportFields, reportText } from '../match/move-report.js';
import { readReviewGame } from '../match/review-game.js';
import { type SearchInfo } from '../search/types.js';
import { readPosition } from './board-arg.js';
import { BOUNDS } from '../game/number-args.js';
import { parseCommandLine } from './command-line.js';
import { readChoiceFlag } from './choice-flags.js';
import { UsageError } from './errors.js';
import { readNumberFlag } from './number-flags.js';
import { formatInfoLine } from './info-line.js';
import { SEARCH_FLAGS, SEARCH_FLAGS_HELP, searchOptionsFromFlags } from './search-flags.js';

const help = `
  Usage
    $ blobterm analyze BOARD [options]
    $ blobterm analyze RECORD --move N [--game N] [options]
    $ blobterm analyze --fen FEN [options]

  Searches the position and prints one line per completed depth (depth, seldepth, score in
  blobs from the side to move's view or "win in N (+M)", nodes, nps, time in ms, hashfull per
  mille, principal variation), then the best move. Without --depth or --time it thinks for 5
  seconds. RECORD is a saved game (.json), a match record (.jsonl), a PGN file (.pgn) or a
  board file with a history section: --move N analyses the position half-move N was played in
  and shows that move with what its engine said (default: the last position).

  Options
    --move N           the position before half-move N of a record (from 1)
    --game N           the game of a match record (its number) or of a PGN file (from 1)
    --multipv N        the N best moves, each with its score and line (1 to 64, default 1)
    --searchmoves M..  only these moves at the root: what does the engine think of them?
                       (UAI notation, b6 a7c5, or quoted "(0,0) > (1,1)"; up to the next flag)
    --json             one JSON object a line: the position, each report, the best move
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
    $ blobterm analyze match.jsonl --game 2 --move 13 --depth 8 --multipv 3
    $ blobterm analyze match.jsonl --game 2 --move 13 --depth 8 --searchmoves b5 --json
    $ blobterm analyze boards/default.bwb --red --time 2 --algorithm mtdf
    $ blobterm analyze --fen "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1" --depth 8
`;

/** The words of `--searchmoves`: the tokens after it up to the next flag, and the other arguments. */
export function takeSearchMoves(argv: readonly string[]): { argv: string[]; moves: string[] | null } {
	const at = argv.indexOf('--searchmoves');
	if (at < 0) return { argv: [...argv], moves: null };
	let end = at + 1;
	while (end < argv.length && !argv[end].startsWith('--') && !/\.(json|jsonl|pgn|bwb)$/.test(argv[end])) end++;
	const moves = argv.slice(at + 1, end);
	if (moves.length === 0) throw new UsageError('--searchmoves needs at least one move (b6, a7c5 or "(0,0) > (1,1)")');
	const rest = [...argv.slice(0, at), ...argv.slice(end)];
	if (rest.includes('--searchmoves')) throw new UsageError('give --searchmoves once, with every move after it');
	return { argv: rest, moves };
}

/** A move of `--searchmoves` in `position`: UAI notation or the board's notation. @throws UsageError */
function searchMove(position: Position, text: string): Move {
	const uai = parseUaiMove(position, text);
	if (uai.ok) return uai.move;
	const coords = parseMoveText(text);
	if (coords) {
		const check = checkMove(position, coords);
		if (check.ok) return check.move;
		throw new UsageError(`--searchmoves ${quote(text)}: ${check.reason}`);
	}
	throw new UsageError(`--searchmoves ${quote(text)}: ${uai.reason}`);
}

/** What the command analyses. */
interface Target {
	readonly position: Position;
	readonly name: string;
	readonly variant: Variant | null;
	/** For a record's position: the move played in it, with its report. */
	readonly played: { readonly number: number; readonly move: PlayedMove } | null;
}

/** The analyze command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	red: { type: 'boolean', default: false },
	depth: { type: 'string' },
	time: { type: 'string' },
	fen: { type: 'string' },
	rules: { type: 'string' },
	movesLeft: { type: 'string' },
	move: { type: 'string' },
	game: { type: 'string' },
	multipv: { type: 'string' },
	json: { type: 'boolean', default: false },
	...SEARCH_FLAGS,
} as const;

/** Runs the analyze command. */
export async function run(argvIn: readonly string[]): Promise<void> {
	const { argv, moves: searchMoveTexts } = takeSearchMoves(argvIn);
	const cli = parseCommandLine({ command: 'blobterm analyze', help, flags: FLAGS, argv });
	const { flags } = cli;
	const expected = flags.fen === undefined ? 1 : 0;
	if (cli.input.length !== expected)
		throw new UsageError(
			cli.input.length > expected
				? `analyze: unexpected argument "${cli.input[expected]}" (see blobterm analyze --help)`
				: 'analyze: name a board file or a record, or give --fen FEN (see blobterm analyze --help)',
		);
	const depth = readNumberFlag('--depth', flags.depth, BOUNDS.depth);
	const timeS = readNumberFlag('--time', flags.time, BOUNDS.moveSeconds);
	const movesLeft = readNumberFlag('--moves-left', flags.movesLeft, BOUNDS.halfMovesLeft);
	const multiPv = readNumberFlag('--multipv', flags.multipv, BOUNDS.multiPv) ?? 1;
	const move = readNumberFlag('--move', flags.move, BOUNDS.halfMoveNumber);
	const gameNumber = readNumberFlag('--game', flags.game, BOUNDS.gameNumber);
	const givenRules = readChoiceFlag('--rules', flags.rules, VARIANTS);
	const target = await readTarget(cli.input[0], { fen: flags.fen, red: flags.red, move, game: gameNumber });
	const rules: Variant = givenRules ?? target.variant ?? (flags.fen === undefined ? 'blobwar' : 'ataxx');
	const options = searchOptionsFromFlags(flags);
	const { position, name } = target;
	const searchMoves = searchMoveTexts?.map((text) => searchMove(position, text));
	const g = position.geometry;
	const out = (line: string) => process.stdout.write(`${line}\n`);
	const json = (value: object) => out(JSON.stringify(value));
	const timeMs = timeS !== undefined ? timeS * 1000 : depth === undefined ? 5000 : undefined;
	if (flags.json) {
		json({
			type: 'position',
			name,
			fen: formatFen(position),
			sideToMove: sideName(position.side),
			rules,
			options: describeSearchOptions(options),
			...(target.played && {
				played: {
					halfMove: target.played.number,
					move: target.played.move.text,
					timeMs: Math.round(target.played.move.timeMs),
					...reportFields(target.played.move.report),
				},
			}),
		});
	} else {
		out(
			`analyze ${name}: ${g.rows}x${g.cols}, ${sideName(position.side)} to move, ` +
				`${rules === 'ataxx' ? 'Ataxx' : 'Blob War'} rules, ${describeSearchOptions(options)}`,
		);
		if (target.played) {
			const { number, move } = target.played;
			const report = reportText(move.report);
			const pv = move.report?.pv ? ` pv ${move.report.pv.join(' ')}` : '';
			out(`played ${number}. ${sideName(move.side)} ${move.text}${report ? ` ${report}` : ''}${pv}`);
		}
	}
	const searcher = new Searcher(options);
	const result = searcher.search(
		position,
		{
			depth,
			timeMs,
			halfMovesLeft: movesLeft,
			variant: rules,
			multiPv,
			searchMoves,
		},
		{
			onInfo: (info) => {
				if (flags.json) json(infoObject(position, info));
				else out(`${multiPv > 1 ? `multipv ${info.multipv ?? 1} ` : ''}${formatInfoLine(position, info)}`);
			},
		},
	);
	if (result.move === NO_MOVE) throw new UsageError('no legal move: the game is over');
	const best = result.move === PASS ? 'pass' : formatMove(position, result.move);
	if (flags.json)
		json({
			type: 'bestmove',
			move: best,
			score: result.score,
			scoreText: formatScore(result.score),
			depth: result.depth,
			nodes: result.nodes,
			timeMs: Math.round(result.timeMs),
			pv: formatLine(position, result.pv),
		});
	else out(`bestmove ${best} score ${formatScore(result.score)} depth ${result.depth}`);
}

/** One report as a JSON object: score in centiblobs (side to move's view) and as text, PV in the board's notation. */
function infoObject(position: Position, info: SearchInfo): object {
	return {
		type: 'info',
		depth: info.depth,
		seldepth: info.seldepth,
		multipv: info.multipv ?? 1,
		score: info.score,
		scoreText: formatScore(info.score),
		nodes: info.nodes,
		nps: info.nps,
		timeMs: Math.round(info.timeMs),
		hashfull: info.hashfull ?? 0,
		pv: formatLine(position, info.pv),
	};
}

/** The position to analyse: a FEN, a board file, or a record's position before half-move `--move`. */
async function readTarget(
	file: string | undefined,
	flags: { fen?: string; red: boolean; move?: number; game?: number },
): Promise<Target> {
	const isRecord =
		file !== undefined && (flags.move !== undefined || flags.game !== undefined || !file.endsWith('.bwb'));
	if (flags.fen !== undefined || !isRecord) {
		if (flags.move !== undefined)
			throw new UsageError('--move is for a record (a saved game, match record or PGN)');
		const { position, name } = readPosition(file, flags.fen, flags.red);
		return { position, name, variant: null, played: null };
	}
	const game = await readReviewGame(file, flags.game);
	const n = game.moves.length;
	const number = flags.move ?? n + 1;
	if (number > n + 1)
		throw new UsageError(
			`--move ${number}: ${game.label} has ${n} half-moves (--move ${n + 1} is the last position)`,
		);
	const position = game.positions[number - 1];
	return {
		position,
		name: `${game.label}, before half-move ${number}`,
		variant: game.variant,
		played: number <= n ? { number, move: game.moves[number - 1] } : null,
	};
}
