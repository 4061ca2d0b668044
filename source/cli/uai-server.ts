/**
 * `blob-engine --uai`: the built-in engine speaking UAI (docs/uai.md), the protocol of
 * Ataxx GUIs and match runners (cuteataxx), on 7x7 boards under Ataxx rules.
 *
 * GUI to engine: uai, isready, uainewgame, setoption name N value V (Hash, Threads, Parallel,
 * Algorithm, Evaluation, MultiPV, and the search switches as check options), position startpos|fen FEN
 * [moves ...], go [btime B wtime W binc I winc I movestogo N] [movetime T] [depth D] [nodes N]
 * [infinite] [searchmoves M1 M2 ...], stop, quit. Engine to GUI: id, option, uaiok, readyok, info
 * (one line per completed depth, and with MultiPV N > 1 one per line of it: depth, seldepth,
 * multipv, score cp|mate, nodes, nps, time, hashfull, pv) and bestmove.
 *
 * The search runs in a worker thread, so `stop`, `isready` and `quit` are answered while it
 * thinks. After `go infinite` the best move is printed only once `stop` arrives. `x` (Blue here)
 * moves first and uses `btime`/`binc`; `o` (Red) uses `wtime`/`winc`.
 */

import { createInterface } from 'node:readline';
import { ATAXX_START_FEN, parseFen } from '../game/fen.js';
import { playMove } from '../game/make-move.js';
import { type Move, NO_MOVE } from '../game/move.js';
import { type Position } from '../game/position.js';
import { formatUaiMove, parseUaiMove } from '../game/uai-notation.js';
import { applySearchOption, SWITCHES } from '../search/option-text.js';
import { decodeDecisive } from '../search/score.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../search/search-options.js';
import { MAX_THREADS, type ParallelAlgorithm, SearchPool } from '../search/parallel/search-pool.js';
import { type SearchInfo, type SearchLimits, type SearchResult } from '../search/types.js';

/** Most lines `setoption name MultiPV` allows. */
export const MAX_MULTI_PV = 256;

/** The words of `go` that end a `searchmoves` list. */
const GO_KEYWORDS = new Set([
	'btime',
	'wtime',
	'binc',
	'winc',
	'movestogo',
	'movetime',
	'depth',
	'nodes',
	'infinite',
	'ponder',
	'mate',
]);

/** The engine's name in `id name`. */
export const ENGINE_NAME = 'blobterm 0.1';

/** UAI option names (as the GUI writes them) and the search option each sets. */
const CHECK_OPTIONS: ReadonlyArray<readonly [string, string]> = [
	['Aspiration', 'aspiration'],
	['TranspositionTable', 'tt'],
	['TTMoveOrdering', 'ttmove'],
	['CaptureOrdering', 'captures'],
	['Killers', 'killers'],
	['History', 'history'],
	['Positional', 'positional'],
];

/** Where the server reads and writes. */
export interface UaiIO {
	readonly input: NodeJS.ReadableStream;
	readonly write: (line: string) => void;
}

/**
 * Runs the UAI loop until `quit` or the end of the input.
 * @param initial search options from the command line (setoption changes them)
 */
export async function runUaiServer(
	io: UaiIO,
	initial: Partial<SearchOptions> = {},
	threads = 1,
	parallel: ParallelAlgorithm = 'lazy',
): Promise<void> {
	const server = new UaiServer(io.write, initial, threads, parallel);
	const lines = createInterface({ input: io.input, terminal: false });
	try {
		for await (const line of lines) {
			if (!server.handle(line)) break;
		}
	} finally {
		lines.close();
		await server.close();
	}
}

/** The state of one UAI session. */
class UaiServer {
	private options: Partial<SearchOptions>;
	private pool: SearchPool | null = null;
	private threads: number;
	private parallel: ParallelAlgorithm;
	private position: Position = parseFen(ATAXX_START_FEN).position;
	private searching: Promise<void> | null = null;
	/** After `go infinite`: the result waits for `stop`. */
	private infinite = false;
	private stopped = false;
	private heldResult: { position: Position; result: SearchResult } | null = null;
	/** Lines reported per depth (UCI's MultiPV). */
	private multiPv = 1;

	constructor(
		private readonly write: (line: string) => void,
		initial: Partial<SearchOptions>,
		threads: number,
		parallel: ParallelAlgorithm,
	) {
		this.options = { ...initial };
		this.threads = threads;
		this.parallel = parallel;
	}

	/** Handles one line. @returns false on `quit` */
	handle(raw: string): boolean {
		const line = raw.trim();
		const [command, ...args] = line.split(/\s+/);
		switch (command) {
			case 'uai':
				this.identify();
				return true;
			case 'isready':
				this.write('readyok');
				return true;
			case 'uainewgame':
				this.stopSearch();
				this.pool?.clear();
				return true;
			case 'setoption':
				this.setOption(args);
				return true;
			case 'position':
				this.setPosition(args);
				return true;
			case 'go':
				this.go(args);
				return true;
			case 'stop':
				this.stopSearch();
				return true;
			case 'quit':
				return false;
			case '':
				return true;
			default:
				this.write(`info string unknown command: ${line.slice(0, 80)}`);
				return true;
		}
	}

	/** Stops any search and ends the worker thread. */
	async close(): Promise<void> {
		this.stopSearch();
		await this.searching?.catch(() => undefined);
		await this.pool?.close();
	}

	private identify(): void {
		const full = { ...DEFAULT_SEARCH_OPTIONS, ...this.options };
		this.write(`id name ${ENGINE_NAME}`);
		this.write('id author the blobterm developers');
		this.write(`option name Hash type spin default ${full.hashMb} min 1 max 4096`);
		this.write(`option name Threads type spin default ${this.threads} min 1 max ${MAX_THREADS}`);
		this.write(`option name Parallel type combo default ${this.parallel} var lazy var ybwc`);
		this.write(`option name Algorithm type combo default ${full.algorithm} var pvs var mtdf var alphabeta`);
		this.write(`option name Evaluation type combo default ${full.evaluation} var tuned var classic`);
		this.write(`option name MultiPV type spin default 1 min 1 max ${MAX_MULTI_PV}`);
		for (const [name, key] of CHECK_OPTIONS)
			this.write(`option name ${name} type check default ${full[SWITCHES[key]] ? 'true' : 'false'}`);
		this.write('uaiok');
	}

	private setOption(args: string[]): void {
		// setoption name NAME [value VALUE]; names may hold spaces.
		const valueAt = args.indexOf('value');
		const name = args.slice(1, valueAt < 0 ? undefined : valueAt).join(' ');
		const value = valueAt < 0 ? '' : args.slice(valueAt + 1).join(' ');
		if (name.toLowerCase() === 'threads') {
			const n = Number(value);
			if (!Number.isInteger(n) || n < 1 || n > MAX_THREADS)
				this.write(`info string Threads must be an integer from 1 to ${MAX_THREADS}, got "${value}"`);
			else this.reconfigure(() => (this.threads = n));
			return;
		}
		if (name.toLowerCase() === 'multipv') {
			const n = Number(value);
			if (!Number.isInteger(n) || n < 1 || n > MAX_MULTI_PV)
				this.write(`info string MultiPV must be an integer from 1 to ${MAX_MULTI_PV}, got "${value}"`);
			else this.multiPv = n;
			return;
		}
		if (name.toLowerCase() === 'parallel') {
			if (value !== 'lazy' && value !== 'ybwc')
				this.write(`info string Parallel must be lazy or ybwc, got "${value}"`);
			else this.reconfigure(() => (this.parallel = value));
			return;
		}
		const check = CHECK_OPTIONS.find(([n]) => n.toLowerCase() === name.toLowerCase());
		const lower = name.toLowerCase();
		const key =
			lower === 'hash'
				? 'hash'
				: lower === 'algorithm'
					? 'algorithm'
					: lower === 'evaluation'
						? 'eval'
						: check?.[1];
		if (args[0] !== 'name' || key === undefined) {
			this.write(`info string unknown option: ${name || args.join(' ')}`);
			return;
		}
		try {
			const next = applySearchOption(this.options, key, value);
			if (next.hashMb !== this.options.hashMb) this.reconfigure(() => (this.options = next));
			else this.options = next;
		} catch (error) {
			this.write(`info string ${(error as Error).message}`);
		}
	}

	/** Applies a change that needs new threads (their count, the algorithm, the table size). */
	private reconfigure(change: () => void): void {
		change();
		const old = this.pool;
		this.pool = null;
		if (old) {
			old.stop();
			void old.close();
		}
	}

	private setPosition(args: string[]): void {
		let position: Position;
		let rest: string[];
		try {
			if (args[0] === 'startpos') {
				position = parseFen(ATAXX_START_FEN).position;
				rest = args.slice(1);
			} else if (args[0] === 'fen') {
				const movesAt = args.indexOf('moves');
				position = parseFen(args.slice(1, movesAt < 0 ? undefined : movesAt).join(' ')).position;
				rest = movesAt < 0 ? [] : args.slice(movesAt);
			} else {
				this.write('info string expected: position startpos|fen FEN [moves ...]');
				return;
			}
		} catch (error) {
			this.write(`info string ${(error as Error).message}`);
			return;
		}
		if (rest.length > 0 && rest[0] !== 'moves') {
			this.write(`info string expected "moves", found "${rest[0]}"`);
			return;
		}
		for (const text of rest.slice(1)) {
			const check = parseUaiMove(position, text);
			if (!check.ok) {
				this.write(`info string illegal move ${text}: ${check.reason}; position kept before it`);
				break;
			}
			position = playMove(position, check.move);
		}
		this.position = position;
	}

	private go(args: string[]): void {
		const startedAt = performance.timeOrigin + performance.now();
		if (this.searching) {
			this.write('info string already searching: go ignored');
			return;
		}
		const number = (name: string) => {
			const i = args.indexOf(name);
			if (i < 0) return undefined;
			const n = Number(args[i + 1]);
			return Number.isFinite(n) ? n : undefined;
		};
		const infinite = args.includes('infinite');
		const blue = this.position.side === 0;
		const clock = number(blue ? 'btime' : 'wtime');
		const increment = number(blue ? 'binc' : 'winc') ?? 0;
		const moveTime = number('movetime');
		const depth = number('depth');
		const nodes = number('nodes');
		const searchMoves = this.searchMoves(args);
		let limits: SearchLimits = {
			variant: 'ataxx',
			depth: depth === undefined ? undefined : Math.max(1, Math.floor(depth)),
			nodes,
			multiPv: this.multiPv,
			searchMoves,
			startedAt,
		};
		if (!infinite) {
			// The time manager (search/time-manager.ts) plans the move from these.
			if (clock !== undefined)
				limits = {
					...limits,
					clock: { timeLeftMs: clock, incrementMs: increment, movesToGo: number('movestogo') },
				};
			else if (moveTime !== undefined) limits = { ...limits, timeMs: moveTime };
		}
		this.infinite = infinite;
		this.stopped = false;
		this.heldResult = null;
		const position = this.position;
		const pool = (this.pool ??= new SearchPool({
			threads: this.threads,
			parallel: this.parallel,
			search: this.options,
		}));
		const multiPv = this.multiPv;
		this.searching = pool
			.search(
				position,
				limits,
				{ onInfo: (info) => this.write(infoLine(position, info, multiPv > 1)) },
				this.options,
			)
			.then((result) => {
				this.searching = null;
				if (this.infinite && !this.stopped) this.heldResult = { position, result };
				else this.write(bestMoveLine(position, result.move));
			})
			.catch((error: Error) => {
				this.searching = null;
				this.write(`info string search failed: ${error.message}`);
				this.write('bestmove 0000');
			});
	}

	/**
	 * The moves after `searchmoves` (up to the next keyword of `go`), read in the current position.
	 * A move that is not legal is left out, with an `info string`.
	 * @returns undefined when there are none
	 */
	private searchMoves(args: readonly string[]): Move[] | undefined {
		const at = args.indexOf('searchmoves');
		if (at < 0) return undefined;
		const moves: Move[] = [];
		for (const text of args.slice(at + 1)) {
			if (GO_KEYWORDS.has(text)) break;
			const check = parseUaiMove(this.position, text);
			if (check.ok) moves.push(check.move);
			else this.write(`info string searchmoves: ${text} left out: ${check.reason}`);
		}
		return moves.length > 0 ? moves : undefined;
	}

	private stopSearch(): void {
		this.stopped = true;
		this.pool?.stop();
		if (this.heldResult) {
			this.write(bestMoveLine(this.heldResult.position, this.heldResult.result.move));
			this.heldResult = null;
		}
	}
}

/** `bestmove MOVE` (`0000` when there is no move: a pass, or a finished game). */
function bestMoveLine(position: Position, move: Move): string {
	return `bestmove ${move === NO_MOVE ? '0000' : formatUaiMove(position, move)}`;
}

/**
 * One `info` line: depth, seldepth, multipv (its rank, with `withMultiPv`), score (`cp` in
 * centiblobs, or `mate N` in moves, negative when losing), nodes, nps, time (ms), hashfull (per
 * mille), pv in UAI notation.
 */
export function infoLine(position: Position, info: SearchInfo, withMultiPv = false): string {
	const decisive = decodeDecisive(info.score);
	const score = decisive
		? `mate ${info.score > 0 ? Math.ceil(decisive.plies / 2) : -Math.ceil(decisive.plies / 2)}`
		: `cp ${info.score}`;
	const pv: string[] = [];
	let p = position;
	for (const move of info.pv) {
		pv.push(formatUaiMove(p, move));
		p = playMove(p, move);
	}
	return (
		`info depth ${info.depth} seldepth ${info.seldepth}${withMultiPv ? ` multipv ${info.multipv ?? 1}` : ''} ` +
		`score ${score} nodes ${info.nodes} nps ${info.nps} ` +
		`time ${info.timeMs} hashfull ${info.hashfull ?? 0}${pv.length > 0 ? ` pv ${pv.join(' ')}` : ''}`
	);
}
