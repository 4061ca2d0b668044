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
import { pseudolegalMoves } from '../game/movegen.js';
import { type Move } from '../game/move.js';
import { type Variant } from '../game/game-over.js';
import { type Position } from '../game/position.js';
import { parseUaiMove } from '../game/uai-notation.js';
import {
	formatBestMove,
	formatInfoLine,
	formatUaiReply,
	parseUaiCommand,
	type UaiGo,
	type UaiOption,
	type UaiPosition,
	type UaiReply,
} from '../protocol/uai.js';
import { applySearchOption, SWITCHES } from '../search/option-text.js';
import { DEFAULT_SEARCH_OPTIONS, evalCacheFor, nullMoveFor, type SearchOptions } from '../search/search-options.js';
import { MAX_THREADS, type ParallelAlgorithm, SearchPool } from '../search/parallel/search-pool.js';
import { type SearchLimits, type SearchResult } from '../search/types.js';

/** Most lines `setoption name MultiPV` allows. */
export const MAX_MULTI_PV = 256;

/** The rules of every UAI position (the protocol is Ataxx's). */
const UAI_VARIANT: Variant = 'ataxx';

/** The engine's name in `id name`. */
export const ENGINE_NAME = 'blobterm 0.1';

/** UAI option names (as the GUI writes them) and the search option each sets. */
const CHECK_OPTIONS: ReadonlyArray<readonly [string, string]> = [
	['Aspiration', 'aspiration'],
	['TranspositionTable', 'tt'],
	['TTMoveOrdering', 'ttmove'],
	['CaptureOrdering', 'captures'],
	['JumpPenalty', 'jumppenalty'],
	['Killers', 'killers'],
	['CounterMoves', 'countermove'],
	['History', 'history'],
	['Positional', 'positional'],
	['EvalCache', 'evalcache'],
	['Selective', 'selective'],
	['NullMove', 'nullmove'],
	['ReverseFutility', 'rfp'],
	['Futility', 'futility'],
	['LateMoveReductions', 'lmr'],
	['LateMovePruning', 'lmp'],
	['LateMovePruningCaptures', 'lmpcaptures'],
	['InternalIterativeReduction', 'iir'],
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
			if (!(await server.handle(line))) break;
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
	/** After `uainewgame`: the threads forgetting the last game (`isready` and `go` wait for it). */
	private clearing: Promise<void> | null = null;
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

	/**
	 * Handles one line. @returns false on `quit`; for `isready`, a promise that settles once the
	 * threads are ready (warmed up, or done forgetting the last game), so that the lines after it wait
	 */
	handle(raw: string): boolean | Promise<boolean> {
		const parsed = parseUaiCommand(raw);
		if (parsed === null) return true;
		if (!parsed.ok) {
			this.info(parsed.reason);
			return true;
		}
		for (const note of parsed.notes) this.info(note);
		const command = parsed.command;
		switch (command.type) {
			case 'uai':
				this.identify();
				return true;
			case 'isready':
				return this.isReady();
			case 'uainewgame':
				this.newGame();
				return true;
			case 'setoption':
				this.setOption(command.name, command.value ?? '');
				return true;
			case 'position':
				this.setPosition(command);
				return true;
			case 'go':
				this.go(command);
				return true;
			case 'stop':
				this.stopSearch();
				return true;
			case 'quit':
				return false;
		}
	}

	/**
	 * `readyok`, after warming up new threads (`SearchPool.warmUp`, about 0.5 to 1 s): a GUI sends
	 * `isready` before a game, so the first move is not searched by code V8 has yet to optimize.
	 * During a search, or with the threads warmed, at once.
	 */
	private async isReady(): Promise<boolean> {
		if (this.clearing !== null && this.searching === null) await this.clearing;
		if (this.pool === null && this.searching === null) {
			const warming = this.newPool().warmUp(this.position, UAI_VARIANT);
			// This thread's rules too: the first move read in a position compiles the board shape's
			// kernel here (13 ms on 7x7), which would delay the `go` after that `position`.
			const [move] = pseudolegalMoves(this.position);
			if (move !== undefined) playMove(this.position, move);
			try {
				await warming;
			} catch (error) {
				this.info(`warm-up failed: ${(error as Error).message}`);
			}
		}
		this.reply({ type: 'readyok' });
		return true;
	}

	/**
	 * `uainewgame`: stops any search, then the threads forget the last game (the table, killers,
	 * history); `isready` answers once they have, and a `go` before then starts after it.
	 */
	private newGame(): void {
		this.stopSearch();
		const pool = this.pool;
		if (pool === null) return;
		const after = this.clearing ?? this.searching ?? Promise.resolve();
		const clearing: Promise<void> = after
			.then(() => (this.pool === pool ? pool.clearNow() : undefined))
			.catch((error: Error) => this.info(`uainewgame failed: ${error.message}`))
			.finally(() => {
				if (this.clearing === clearing) this.clearing = null;
			});
		this.clearing = clearing;
	}

	/** Starts the search threads of the current settings. */
	private newPool(): SearchPool {
		this.pool = new SearchPool({ threads: this.threads, parallel: this.parallel, search: this.options });
		return this.pool;
	}

	private reply(reply: UaiReply): void {
		this.write(formatUaiReply(reply));
	}

	/** An `info string` line. */
	private info(text: string): void {
		this.reply({ type: 'info', string: text });
	}

	/** Stops any search and ends the worker thread. */
	async close(): Promise<void> {
		this.stopSearch();
		await this.searching?.catch(() => undefined);
		await this.pool?.close();
	}

	private identify(): void {
		// The null move's default is the rule set's: list it (and the evaluation cache's) as a search
		// of the current position will use them.
		const set = { ...DEFAULT_SEARCH_OPTIONS, ...this.options };
		const full = {
			...set,
			nullMove: nullMoveFor(set, UAI_VARIANT),
			evalCache: evalCacheFor(set),
		};
		this.reply({ type: 'id', field: 'name', value: ENGINE_NAME });
		this.reply({ type: 'id', field: 'author', value: 'the blobterm developers' });
		const options: UaiOption[] = [
			{ name: 'Hash', kind: 'spin', default: String(full.hashMb), min: 1, max: 4096 },
			{ name: 'Threads', kind: 'spin', default: String(this.threads), min: 1, max: MAX_THREADS },
			{ name: 'Parallel', kind: 'combo', default: this.parallel, vars: ['lazy', 'ybwc'] },
			{ name: 'Algorithm', kind: 'combo', default: full.algorithm, vars: ['pvs', 'mtdf', 'alphabeta'] },
			{ name: 'Evaluation', kind: 'combo', default: full.evaluation, vars: ['tuned', 'classic'] },
			{ name: 'MultiPV', kind: 'spin', default: '1', min: 1, max: MAX_MULTI_PV },
			...CHECK_OPTIONS.map(([name, key]): UaiOption => ({
				name,
				kind: 'check',
				default: full[SWITCHES[key]] ? 'true' : 'false',
			})),
		];
		for (const option of options) this.reply({ type: 'option', ...option });
		this.reply({ type: 'uaiok' });
	}

	private setOption(name: string, value: string): void {
		if (name.toLowerCase() === 'threads') {
			const n = Number(value);
			if (!Number.isInteger(n) || n < 1 || n > MAX_THREADS)
				this.info(`Threads must be an integer from 1 to ${MAX_THREADS}, got "${value}"`);
			else this.reconfigure(() => (this.threads = n));
			return;
		}
		if (name.toLowerCase() === 'multipv') {
			const n = Number(value);
			if (!Number.isInteger(n) || n < 1 || n > MAX_MULTI_PV)
				this.info(`MultiPV must be an integer from 1 to ${MAX_MULTI_PV}, got "${value}"`);
			else this.multiPv = n;
			return;
		}
		if (name.toLowerCase() === 'parallel') {
			if (value !== 'lazy' && value !== 'ybwc') this.info(`Parallel must be lazy or ybwc, got "${value}"`);
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
		if (key === undefined) {
			this.info(`unknown option: ${name}`);
			return;
		}
		try {
			const next = applySearchOption(this.options, key, value);
			if (next.hashMb !== this.options.hashMb) this.reconfigure(() => (this.options = next));
			else this.options = next;
		} catch (error) {
			this.info(`${(error as Error).message}`);
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

	private setPosition(command: UaiPosition): void {
		let position: Position;
		try {
			position = parseFen(command.fen ?? ATAXX_START_FEN).position;
		} catch (error) {
			this.info((error as Error).message);
			return;
		}
		for (const text of command.moves) {
			const check = parseUaiMove(position, text);
			if (!check.ok) {
				this.info(`illegal move ${text}: ${check.reason}; position kept before it`);
				break;
			}
			position = playMove(position, check.move);
		}
		this.position = position;
	}

	private go(go: UaiGo): void {
		const startedAt = performance.timeOrigin + performance.now();
		if (this.searching) {
			this.info('already searching: go ignored');
			return;
		}
		const infinite = go.infinite === true;
		const blue = this.position.side === 0;
		const clock = blue ? go.btime : go.wtime;
		const increment = (blue ? go.binc : go.winc) ?? 0;
		const moveTime = go.movetime;
		const depth = go.depth;
		const nodes = go.nodes;
		const searchMoves = this.searchMoves(go.searchmoves);
		let limits: SearchLimits = {
			variant: UAI_VARIANT,
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
					clock: { timeLeftMs: clock, incrementMs: increment, movesToGo: go.movestogo },
				};
			else if (moveTime !== undefined) limits = { ...limits, timeMs: moveTime };
		}
		this.infinite = infinite;
		this.stopped = false;
		this.heldResult = null;
		const position = this.position;
		const pool = this.pool ?? this.newPool();
		const multiPv = this.multiPv;
		const options = this.options;
		const search = () => {
			const searched = pool.search(
				position,
				limits,
				{ onInfo: (info) => this.write(formatInfoLine(position, info, multiPv > 1)) },
				options,
			);
			// A `stop` that came while the threads forgot the last game.
			if (this.stopped) pool.stop();
			return searched;
		};
		this.searching = (this.clearing === null ? search() : this.clearing.then(search))
			.then((result) => {
				this.searching = null;
				if (this.infinite && !this.stopped) this.heldResult = { position, result };
				else this.write(formatBestMove(position, result.move));
			})
			.catch((error: Error) => {
				this.searching = null;
				this.info(`search failed: ${error.message}`);
				this.reply({ type: 'bestmove', move: '0000' });
			});
	}

	/**
	 * The moves of `go searchmoves`, read in the current position. A move that is not legal is left
	 * out, with an `info string`.
	 * @returns undefined when there are none
	 */
	private searchMoves(texts: readonly string[] | undefined): Move[] | undefined {
		if (texts === undefined) return undefined;
		const moves: Move[] = [];
		for (const text of texts) {
			const check = parseUaiMove(this.position, text);
			if (check.ok) moves.push(check.move);
			else this.info(`searchmoves: ${text} left out: ${check.reason}`);
		}
		return moves.length > 0 ? moves : undefined;
	}

	private stopSearch(): void {
		this.stopped = true;
		this.pool?.stop();
		if (this.heldResult) {
			this.write(formatBestMove(this.heldResult.position, this.heldResult.result.move));
			this.heldResult = null;
		}
	}
}
