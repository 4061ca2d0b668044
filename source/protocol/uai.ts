/**
 * UAI, the Universal Ataxx Interface (docs/uai.md), modelled on UCI: every line of it read and
 * written in one place, for both sides. The UAI player and the analysis (`players/`) write commands
 * and read replies; the UAI server (`blob-engine --uai`) reads commands and writes replies; the
 * built-in engine's logs write the same lines.
 *
 *   GUI to engine   uai, isready, uainewgame, stop, quit,
 *                   setoption name NAME [value VALUE],
 *                   position startpos|fen FEN [moves M1 M2 ...],
 *                   go [wtime T] [btime T] [winc T] [binc T] [movestogo N] [movetime T] [depth D]
 *                      [nodes N] [infinite] [searchmoves M1 M2 ...]
 *   engine to GUI   id name|author TEXT, option name NAME type KIND [default V] [min N] [max N]
 *                   [var V ...], uaiok, readyok, info ..., bestmove M [ponder M]
 *
 *   info depth 7 seldepth 9 score cp 35 nodes 120345 nps 250000 time 481 pv g2 a7c5 f6
 *
 * Parsing is tolerant, as UCI asks: tokens are split on any white space; in `info` lines each known
 * key takes its value, unknown keys are skipped, `pv` and `string` take the rest of the line;
 * `score` is `cp X` (centi-blobs), `mate N` (moves to a won game, negative when losing) or, from
 * some engines, a bare number read as centi-blobs. A `go` word that cannot be read is left out
 * with a note. Moves stay text here (UAI notation, `game/uai-notation.ts` reads them in a position).
 * Formatting writes single spaces, fields in a fixed order, so that `parse(format(x))` is `x`.
 */

import { formatFen } from '../game/fen.js';
import { playMove } from '../game/make-move.js';
import { type Move, NO_MOVE } from '../game/move.js';
import { type Position } from '../game/position.js';
import { formatUaiMove } from '../game/uai-notation.js';
import { decodeDecisive, MATE, PLY_STEP } from '../search/score.js';
import { type Clock } from '../search/time-manager.js';
import { type SearchInfo } from '../search/types.js';

// ---------------------------------------------------------------------------------------------
// GUI to engine

/** `position`: the position a game starts from and the moves played since, in UAI notation. */
export interface UaiPosition {
	/** The FEN of the first position, or null for `startpos`. */
	readonly fen: string | null;
	readonly moves: readonly string[];
}

/** The limits of a `go` (fields not given are absent). Times in ms. */
export interface UaiGo {
	/** Red's (`o`) time left, ms. */
	readonly wtime?: number;
	/** Blue's (`x`) time left, ms. */
	readonly btime?: number;
	readonly winc?: number;
	readonly binc?: number;
	readonly movestogo?: number;
	readonly movetime?: number;
	/** Plies. */
	readonly depth?: number;
	readonly nodes?: number;
	/** Search until `stop`. */
	readonly infinite?: boolean;
	/** Root moves to consider, in UAI notation. */
	readonly searchmoves?: readonly string[];
}

/** The numeric limits of `go`, in the order they are written. */
const GO_NUMBERS = ['wtime', 'btime', 'winc', 'binc', 'movestogo', 'movetime', 'depth', 'nodes'] as const;

/** Words of `go` this engine does not support, which still end a `searchmoves` list (UCI's). */
const GO_UNSUPPORTED: ReadonlyMap<string, number> = new Map([
	['ponder', 0],
	['mate', 1],
]);

/** A command from the GUI. */
export type UaiCommand =
	| { readonly type: 'uai' | 'isready' | 'uainewgame' | 'stop' | 'quit' }
	| ({ readonly type: 'setoption' } & UaiSetOption)
	| ({ readonly type: 'position' } & UaiPosition)
	| ({ readonly type: 'go' } & UaiGo);

/** `setoption`: names and values may hold single spaces. */
export interface UaiSetOption {
	readonly name: string;
	/** Absent for a button (`setoption name Clear Hash`). */
	readonly value?: string;
}

/**
 * A command line read: the command and what was left out of it (one sentence each, for `info
 * string` lines), or why it is not a command.
 */
export type UaiCommandParse =
	| { readonly ok: true; readonly command: UaiCommand; readonly notes: readonly string[] }
	| { readonly ok: false; readonly reason: string };

const SIMPLE_COMMANDS = new Set(['uai', 'isready', 'uainewgame', 'stop', 'quit']);

/** The tokens of a line: words split on any white space. */
function tokensOf(line: string): string[] {
	const trimmed = line.trim();
	return trimmed === '' ? [] : trimmed.split(/\s+/);
}

/**
 * Reads a line from a GUI.
 * @returns null for an empty line; otherwise the command, or why the line is not one (`unknown
 *   command: ...`, or the command's expected form)
 */
export function parseUaiCommand(line: string): UaiCommandParse | null {
	const tokens = tokensOf(line);
	if (tokens.length === 0) return null;
	const [word, ...args] = tokens;
	if (SIMPLE_COMMANDS.has(word))
		return { ok: true, command: { type: word as 'uai' | 'isready' | 'uainewgame' | 'stop' | 'quit' }, notes: [] };
	switch (word) {
		case 'setoption':
			return parseSetOption(args);
		case 'position':
			return parsePosition(args);
		case 'go':
			return parseGo(args);
		default:
			return { ok: false, reason: `unknown command: ${line.trim().slice(0, 80)}` };
	}
}

function parseSetOption(args: readonly string[]): UaiCommandParse {
	const valueAt = args.indexOf('value');
	const name = args.slice(1, valueAt < 0 ? undefined : valueAt).join(' ');
	if (args[0] !== 'name' || name === '') return { ok: false, reason: 'expected: setoption name NAME [value VALUE]' };
	const command: UaiCommand =
		valueAt < 0
			? { type: 'setoption', name }
			: { type: 'setoption', name, value: args.slice(valueAt + 1).join(' ') };
	return { ok: true, command, notes: [] };
}

function parsePosition(args: readonly string[]): UaiCommandParse {
	let fen: string | null;
	let rest: readonly string[];
	if (args[0] === 'startpos') {
		fen = null;
		rest = args.slice(1);
	} else if (args[0] === 'fen') {
		const movesAt = args.indexOf('moves');
		fen = args.slice(1, movesAt < 0 ? undefined : movesAt).join(' ');
		rest = movesAt < 0 ? [] : args.slice(movesAt);
	} else return { ok: false, reason: 'expected: position startpos|fen FEN [moves ...]' };
	if (rest.length > 0 && rest[0] !== 'moves') return { ok: false, reason: `expected "moves", found "${rest[0]}"` };
	return { ok: true, command: { type: 'position', fen, moves: rest.slice(1) }, notes: [] };
}

function isGoWord(word: string): boolean {
	return (
		word === 'infinite' ||
		word === 'searchmoves' ||
		GO_UNSUPPORTED.has(word) ||
		(GO_NUMBERS as readonly string[]).includes(word)
	);
}

function parseGo(args: readonly string[]): UaiCommandParse {
	const go: { -readonly [K in keyof UaiGo]: UaiGo[K] } = {};
	const notes: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const word = args[i];
		if (word === 'infinite') go.infinite = true;
		else if (word === 'searchmoves') {
			const moves: string[] = [];
			while (i + 1 < args.length && !isGoWord(args[i + 1])) moves.push(args[++i]);
			go.searchmoves = moves;
		} else if ((GO_NUMBERS as readonly string[]).includes(word)) {
			const text = args[i + 1];
			if (text === undefined || isGoWord(text)) notes.push(`go ${word} needs a number: left out`);
			else {
				i++;
				const n = Number(text);
				if (Number.isFinite(n)) go[word as (typeof GO_NUMBERS)[number]] = n;
				else notes.push(`go ${word} needs a number, got "${text.slice(0, 40)}": left out`);
			}
		} else if (GO_UNSUPPORTED.has(word)) {
			notes.push(`go ${word} is not supported: left out`);
			i += GO_UNSUPPORTED.get(word)!;
		} else notes.push(`go: unknown word "${word.slice(0, 40)}" left out`);
	}
	return { ok: true, command: { type: 'go', ...go }, notes };
}

/** Writes a command as a GUI sends it. */
export function formatUaiCommand(command: UaiCommand): string {
	switch (command.type) {
		case 'setoption':
			return `setoption name ${command.name}${command.value === undefined ? '' : ` value ${command.value}`}`;
		case 'position': {
			const start = command.fen === null ? 'startpos' : `fen ${command.fen}`;
			return `position ${start}${command.moves.length > 0 ? ` moves ${command.moves.join(' ')}` : ''}`;
		}
		case 'go': {
			const words = ['go'];
			for (const key of GO_NUMBERS) if (command[key] !== undefined) words.push(key, String(command[key]));
			if (command.infinite) words.push('infinite');
			if (command.searchmoves !== undefined) words.push('searchmoves', ...command.searchmoves);
			return words.join(' ');
		}
		default:
			return command.type;
	}
}

/**
 * The times of a `go` with a clock: the mover's and the other side's time left and increments as
 * UAI names them (Blue, `x`, is `b`; Red, `o`, is `w`), and `movestogo` when the mover's clock
 * has one. Times rounded to whole ms.
 * @param side the mover (0 Blue, 1 Red)
 * @param other the other side's clock (absent: its words are left out)
 */
export function clockGo(side: number, own: Clock, other?: Clock): UaiGo {
	const blue = side === 0 ? own : other;
	const red = side === 0 ? other : own;
	const ms = (t: number) => Math.max(0, Math.round(t));
	return {
		...(red && { wtime: ms(red.timeLeftMs) }),
		...(blue && { btime: ms(blue.timeLeftMs) }),
		...(red && { winc: ms(red.incrementMs ?? 0) }),
		...(blue && { binc: ms(blue.incrementMs ?? 0) }),
		...(own.movesToGo !== undefined && { movestogo: own.movesToGo }),
	};
}

/**
 * The `position` command of a game: `position fen FEN moves M1 M2 ...`, from the position the
 * game's known moves start from (a board file's history before them has none), with its FEN's
 * full-move number counted from the start of `history`.
 * @param history the game's positions, oldest first, ending with the position to move in
 * @param moves the moves that lead along the end of `history` to its last position (`MoveRequest.moves`)
 * @throws RangeError if there are more moves than steps of `history`
 */
export function gamePosition(history: readonly Position[], moves: readonly Move[]): UaiCommand {
	const first = history.length - 1 - moves.length;
	if (first < 0) throw new RangeError(`${moves.length} moves for ${history.length} positions`);
	return {
		type: 'position',
		fen: formatFen(history[first], 1 + Math.floor(first / 2)),
		moves: moves.map((move, i) => formatUaiMove(history[first + i], move)),
	};
}

// ---------------------------------------------------------------------------------------------
// Engine to GUI

/** What one info line says (fields it does not give are absent). */
export interface UaiInfo {
	readonly depth?: number;
	readonly seldepth?: number;
	/** Rank of this line among the engine's principal variations (MultiPV), 1-based. */
	readonly multipv?: number;
	/**
	 * Score from the engine's side's view, in the units of `search/score.ts` (centiblobs): `cp X`
	 * gives X; `mate N` gives a decisive score `±(MATE - PLY_STEP * plies)`, plies = 2N - 1
	 * for N > 0 and -2N for N <= 0 (the UCI convention).
	 */
	readonly score?: number;
	readonly nodes?: number;
	readonly nps?: number;
	/** The engine's own time for this search, ms. */
	readonly timeMs?: number;
	/** Share of the transposition table in use, per mille. */
	readonly hashfull?: number;
	/** Moves in UAI notation. */
	readonly pv?: readonly string[];
	/** The text of `info string ...`. */
	readonly string?: string;
}

/** `option name NAME type KIND ...`: an option the engine offers. */
export interface UaiOption {
	readonly name: string;
	readonly kind: 'check' | 'spin' | 'combo' | 'button' | 'string';
	readonly default?: string;
	readonly min?: number;
	readonly max?: number;
	/** A combo's values. */
	readonly vars?: readonly string[];
}

/** A line from the engine. */
export type UaiReply =
	| { readonly type: 'uaiok' | 'readyok' }
	| { readonly type: 'id'; readonly field: 'name' | 'author'; readonly value: string }
	| ({ readonly type: 'option' } & UaiOption)
	| { readonly type: 'bestmove'; readonly move: string; readonly ponder?: string }
	| ({ readonly type: 'info' } & UaiInfo);

const NUMBER_KEYS: Record<string, 'depth' | 'seldepth' | 'multipv' | 'nodes' | 'nps' | 'timeMs' | 'hashfull'> = {
	depth: 'depth',
	seldepth: 'seldepth',
	multipv: 'multipv',
	nodes: 'nodes',
	nps: 'nps',
	time: 'timeMs',
	hashfull: 'hashfull',
};

const OPTION_KINDS = new Set(['check', 'spin', 'combo', 'button', 'string']);

/**
 * Reads a line from an engine.
 * @returns the reply, or null for a line that is none (an engine's other output, or `bestmove`
 *   without a move)
 */
export function parseUaiReply(line: string): UaiReply | null {
	const tokens = tokensOf(line);
	switch (tokens[0]) {
		case 'uaiok':
		case 'readyok':
			return tokens.length === 1 ? { type: tokens[0] } : null;
		case 'id':
			return tokens[1] === 'name' || tokens[1] === 'author'
				? { type: 'id', field: tokens[1], value: tokens.slice(2).join(' ') }
				: null;
		case 'option':
			return parseOption(tokens);
		case 'bestmove':
			if (tokens[1] === undefined) return null;
			return tokens[2] === 'ponder' && tokens[3] !== undefined
				? { type: 'bestmove', move: tokens[1], ponder: tokens[3] }
				: { type: 'bestmove', move: tokens[1] };
		case 'info': {
			const info = parseInfoLine(line);
			return info && { type: 'info', ...info };
		}
		default:
			return null;
	}
}

/**
 * The move of a `bestmove` line (`''` for a bare `bestmove`), or undefined for another line: the
 * UAI player and the analysis wait for it.
 */
export function bestMoveOf(line: string): string | undefined {
	const tokens = tokensOf(line);
	return tokens[0] === 'bestmove' ? (tokens[1] ?? '') : undefined;
}

function parseOption(tokens: readonly string[]): UaiReply | null {
	// Names, defaults and values may hold spaces: each runs to the next keyword.
	const keywords = new Set(['name', 'type', 'default', 'min', 'max', 'var']);
	const fields = new Map<string, string>();
	const vars: string[] = [];
	for (let i = 1; i < tokens.length;) {
		const key = tokens[i];
		if (!keywords.has(key)) return null;
		let j = i + 1;
		while (j < tokens.length && !keywords.has(tokens[j])) j++;
		const value = tokens.slice(i + 1, j).join(' ');
		if (key === 'var') vars.push(value);
		else fields.set(key, value);
		i = j;
	}
	const name = fields.get('name');
	const kind = fields.get('type');
	if (!name || kind === undefined || !OPTION_KINDS.has(kind)) return null;
	const number = (key: string) => {
		const text = fields.get(key);
		const n = Number(text);
		return text !== undefined && text !== '' && Number.isFinite(n) ? n : undefined;
	};
	const min = number('min');
	const max = number('max');
	return {
		type: 'option',
		name,
		kind: kind as UaiOption['kind'],
		...(fields.has('default') && { default: fields.get('default') }),
		...(min !== undefined && { min }),
		...(max !== undefined && { max }),
		...(vars.length > 0 && { vars }),
	};
}

/** Reads an `info ...` line; null if the line is not one. */
export function parseInfoLine(line: string): UaiInfo | null {
	const tokens = tokensOf(line);
	if (tokens[0] !== 'info') return null;
	const info: { -readonly [K in keyof UaiInfo]: UaiInfo[K] } = {};
	for (let i = 1; i < tokens.length; i++) {
		const key = tokens[i];
		if (key === 'pv') {
			info.pv = tokens.slice(i + 1);
			break;
		}
		if (key === 'string') {
			info.string = tokens.slice(i + 1).join(' ');
			break;
		}
		if (key === 'score') {
			const kind = tokens[i + 1];
			if (kind === 'cp' || kind === 'mate') {
				const n = Number(tokens[i + 2]);
				if (Number.isFinite(n) && tokens[i + 2] !== undefined) info.score = kind === 'cp' ? n : mateScore(n);
				i += 2;
			} else {
				const n = Number(kind);
				if (kind !== undefined && Number.isFinite(n)) {
					info.score = n;
					i += 1;
				}
			}
			while (tokens[i + 1] === 'lowerbound' || tokens[i + 1] === 'upperbound') i++;
			continue;
		}
		const field = NUMBER_KEYS[key];
		if (field) {
			const n = Number(tokens[i + 1]);
			if (tokens[i + 1] !== undefined && Number.isFinite(n)) {
				info[field] = n;
				i++;
			}
		}
	}
	return info;
}

/** The score of a `score mate N` (see `UaiInfo.score`). */
export function mateScore(n: number): number {
	const plies = n > 0 ? 2 * n - 1 : -2 * n;
	return n > 0 ? MATE - PLY_STEP * plies : -(MATE - PLY_STEP * plies);
}

/** `cp X`, or `mate N` for a decisive score (moves to the end, negative when losing). */
function formatScore(score: number): string {
	const decisive = decodeDecisive(score);
	if (!decisive) return `cp ${score}`;
	const moves = Math.ceil(decisive.plies / 2);
	return `mate ${score > 0 ? moves : -moves}`;
}

/**
 * Writes an `info` line: depth, seldepth, multipv, score, nodes, nps, time, hashfull, then pv or
 * string (each takes the rest of the line, so `string` is written only without a pv).
 */
export function formatInfo(info: UaiInfo): string {
	const words = ['info'];
	if (info.depth !== undefined) words.push('depth', String(info.depth));
	if (info.seldepth !== undefined) words.push('seldepth', String(info.seldepth));
	if (info.multipv !== undefined) words.push('multipv', String(info.multipv));
	if (info.score !== undefined) words.push('score', formatScore(info.score));
	if (info.nodes !== undefined) words.push('nodes', String(info.nodes));
	if (info.nps !== undefined) words.push('nps', String(info.nps));
	if (info.timeMs !== undefined) words.push('time', String(info.timeMs));
	if (info.hashfull !== undefined) words.push('hashfull', String(info.hashfull));
	if (info.pv !== undefined && info.pv.length > 0) words.push('pv', ...info.pv);
	else if (info.string !== undefined) words.push('string', info.string);
	return words.join(' ');
}

/** Writes a line as an engine sends it. */
export function formatUaiReply(reply: UaiReply): string {
	switch (reply.type) {
		case 'id':
			return `id ${reply.field} ${reply.value}`;
		case 'option': {
			const words = ['option', 'name', reply.name, 'type', reply.kind];
			if (reply.default !== undefined) words.push('default', reply.default);
			if (reply.min !== undefined) words.push('min', String(reply.min));
			if (reply.max !== undefined) words.push('max', String(reply.max));
			for (const value of reply.vars ?? []) words.push('var', value);
			return words.join(' ');
		}
		case 'bestmove':
			return `bestmove ${reply.move}${reply.ponder === undefined ? '' : ` ponder ${reply.ponder}`}`;
		case 'info': {
			const { type: _type, ...info } = reply;
			return formatInfo(info);
		}
		default:
			return reply.type;
	}
}

/**
 * One `info` line of the built-in engine: depth, seldepth, multipv (its rank, with `withMultiPv`),
 * score (`cp` in centiblobs, or `mate N` in moves, negative when losing), nodes, nps, time (ms),
 * hashfull (per mille), pv in UAI notation.
 */
export function formatInfoLine(position: Position, info: SearchInfo, withMultiPv = false): string {
	const pv: string[] = [];
	let p = position;
	for (const move of info.pv) {
		pv.push(formatUaiMove(p, move));
		p = playMove(p, move);
	}
	return formatInfo({
		depth: info.depth,
		seldepth: info.seldepth,
		...(withMultiPv && { multipv: info.multipv ?? 1 }),
		score: info.score,
		nodes: info.nodes,
		nps: info.nps,
		timeMs: Math.round(info.timeMs),
		hashfull: info.hashfull ?? 0,
		pv,
	});
}

/** `bestmove M` for a move found in `position`, with `0000` for none (a pass, or a finished game). */
export function formatBestMove(position: Position, move: Move): string {
	return formatUaiReply({ type: 'bestmove', move: move === NO_MOVE ? '0000' : formatUaiMove(position, move) });
}
