/**
 * The engine's switches: each enhancement surveyed by the course handout (Dumas, "Guerre des blobs", 2014,
 * chapter Théorie des Jeux à deux) can be turned on or off, so
 * that its effect can be measured (`blobterm bench search --compare`) and tested.
 */

import { type Variant } from '../game/game-over.js';
import { type NamedWeights } from './eval-weights.js';

/** The search driver at the root. */
export type Algorithm = 'alphabeta' | 'pvs' | 'mtdf';

/**
 * The evaluation with the positional term on (`evaluate.ts`): `classic`, the blob difference
 * plus exposure; `tuned`, the learned features with their fitted weights.
 */
export type EvaluationName = 'classic' | 'tuned';

/** What the search uses. */
export interface SearchOptions {
	/**
	 * `alphabeta`: full-window negamax alpha-beta (Knuth and Moore 1975);
	 * `pvs`: principal variation search, null windows after the first move (handout section Fenêtres: PVS);
	 * `mtdf`: MTD(f), a series of null-window searches converging on the value (Plaat et al.
	 * 1996; handout section MTD(f)), which needs the transposition table to be efficient.
	 */
	readonly algorithm: Algorithm;
	/**
	 * Aspiration windows (handout section Recherche par aspiration; not with mtdf): each iteration
	 * from depth 3 searches the root with a window of half a blob either side of the score of two
	 * depths before (where the leaves had the same side to move), doubled on each failure.
	 */
	readonly aspiration: boolean;
	/** The transposition table (handout section Tables de transposition). */
	readonly tt: boolean;
	/** Transposition table size in MB. */
	readonly hashMb: number;
	/** Order moves by blobs gained (captures, plus one for a clone): the capture count. */
	readonly captureOrdering: boolean;
	/**
	 * With `captureOrdering`: a jump that captures gains one unit less (half a blob) for each own
	 * blob next to the cell it leaves (open to a capture there), but stays above a move that
	 * captures nothing. In self-play, on against off: under Ataxx rules +57.1 ± 37.4 Elo at
	 * 100,000 nodes per move (344 games, SPRT [0, 20] H1); under Blob War rules +30.6 ± 47.2 Elo
	 * at 20,000 (182 games on the Blob War boards, SPRT [-20, 0] H1: no loss); docs/strength.md.
	 */
	readonly jumpPenalty: boolean;
	/** Try the table's move first. */
	readonly ttMoveOrdering: boolean;
	/** Killer moves: two quiet refutations per ply (the handout's section Tables de réfutation). */
	readonly killers: boolean;
	/**
	 * Counter-moves (Uiterwijk, "The countermove heuristic", ICCA Journal 15(1), 1992): the move
	 * that last refuted the other side's previous move (by the cell it went to) is tried after the
	 * killers, before the history's order. Off by default: in self-play against off (Ataxx rules,
	 * 2 s plus 0.02 s a move) +5.2 ± 11.5 Elo in 3,504 games, SPRT [0, 20] H0
	 * (docs/strength.md).
	 */
	readonly counterMoves: boolean;
	/** History heuristic (Schaeffer 1989): moves that caused cut-offs before are tried earlier. */
	readonly history: boolean;
	/** Add the positional term to the blob difference (`evaluate.ts`); off: the blob difference alone. */
	readonly positional: boolean;
	/** Which positional evaluation. */
	readonly evaluation: EvaluationName;
	/** Weight of one exposed blob in the `classic` evaluation, centiblobs. */
	readonly exposureWeight: number;
	/**
	 * The evaluation cache (`eval-cache.ts`): the learned evaluation's scores kept by Zobrist key,
	 * per thread. It changes the time, not the tree (the same scores, nodes and moves). null: the
	 * default (`evalCacheFor`), off on every board.
	 */
	readonly evalCache: boolean | null;
	/**
	 * Selectivity at all (off: the search returns the exact minimax value at its depth, whatever
	 * the switches below say).
	 */
	readonly selective: boolean;
	/**
	 * Null-move pruning: a pass searched shallower (`negamax.ts` Step 4). null: the rule set's
	 * default (`nullMoveFor`), on under Blob War rules and off under Ataxx rules.
	 */
	readonly nullMove: boolean | null;
	/** Reverse futility pruning: a static evaluation far above beta cuts off near the leaves. */
	readonly reverseFutility: boolean;
	/** Futility pruning: a static evaluation far below alpha fails low near the leaves. */
	readonly futility: boolean;
	/** Late-move reductions: moves ordered late are searched shallower first. */
	readonly lateMoveReductions: boolean;
	/** Late-move pruning: near the leaves, moves ordered late are not searched. */
	readonly lateMovePruning: boolean;
	/**
	 * Late-move pruning near the leaves also skips the moves that capture one blob, not only those
	 * that capture none (`negamax.ts`). In self-play against off: under Ataxx rules at 2 s plus
	 * 0.02 s a move, +31.5 ± 23.9 Elo (818 games, SPRT [0, 20] H1); under Blob War rules at 20,000
	 * nodes per move on the Blob War boards, +29.3 ± 31.9 Elo (380 games, SPRT [0, 20] H1;
	 * docs/strength.md).
	 */
	readonly lateMovePruningCaptures: boolean;
	/** Internal iterative reduction: a node with no table move is searched 2 plies shallower. */
	readonly internalIterativeReduction: boolean;
	/** Weights of the `tuned` evaluation; null: the shipped ones of the rule set (`eval-weights.ts`). */
	readonly weights: NamedWeights | null;
}

/** Every selective technique off: exact minimax values at the search's depth. */
export const EXACT_SEARCH: Pick<
	SearchOptions,
	| 'selective'
	| 'nullMove'
	| 'reverseFutility'
	| 'futility'
	| 'lateMoveReductions'
	| 'lateMovePruning'
	| 'lateMovePruningCaptures'
	| 'internalIterativeReduction'
> = {
	selective: false,
	nullMove: false,
	reverseFutility: false,
	futility: false,
	lateMoveReductions: false,
	lateMovePruning: false,
	lateMovePruningCaptures: false,
	internalIterativeReduction: false,
};

/**
 * The selectivity of the full engine: null-move pruning, reverse futility pruning, futility
 * pruning, late-move reductions, late-move pruning and internal iterative reduction. In self-play
 * on 7x7 Ataxx at 20000 nodes per move with the learned evaluation, null move, LMR and LMP beat
 * the exact search by +56.5 ± 33.7 Elo (422 games, SPRT [0, 20] accepted H1), and futility
 * pruning added to them scored +50.9 ± 32.9 Elo (440 games, H1). Reverse futility pruning scored
 * +32.6 ± 26.6 Elo at 100000 nodes per move (662 games from four-ply openings, H1) and lost
 * nothing under Blob War rules (340 games, SPRT [-20, 0] H1). Internal iterative reduction, added
 * last, scored +20.6 ± 18.6 Elo at 20000 nodes per move (1348 games, H1) and +30.5 ± 25.3 at
 * 100000 (732 games, H1), and +73.2 ± 57.9 under Blob War rules (130 games, SPRT [-20, 0] H1;
 * docs/strength.md). The null move is the rule set's (`nullMoveFor`): off under Ataxx rules.
 */
export const SELECTIVE_SEARCH: typeof EXACT_SEARCH = {
	selective: true,
	nullMove: null,
	reverseFutility: true,
	futility: true,
	lateMoveReductions: true,
	lateMovePruning: true,
	lateMovePruningCaptures: true,
	internalIterativeReduction: true,
};

/**
 * The full engine. The positional term is on: in self-play at 0.1 s per move it scored 36-16
 * with 8 draws against the blob difference alone (+120 ± 89 Elo, 60 games on six boards).
 * Aspiration windows are on, half a blob either side of the score of two depths before (the same
 * side to move at the leaves): in self-play SPRTs under Ataxx rules at 20,000 nodes per move,
 * windows around the previous depth's score +20.4 ± 18.5 Elo against none, that centre two depths
 * back +19.2 ± 16.8 against it, half a blob +27.2 ± 23.9 against one (docs/strength.md). The evaluation is
 * the learned one: in self-play SPRTs against the classic one it scored 91-15 on 7x7 Ataxx at
 * depth 4 (+313 ± 102 Elo, 106 games) and 104-54 with 10 draws on the Blob War boards at depth 3
 * (+107 ± 54 Elo, 168 games); at 20,000 nodes per move +255 ± 86 and +76 ± 46 (docs/strength.md).
 */
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
	algorithm: 'pvs',
	aspiration: true,
	tt: true,
	hashMb: 64,
	captureOrdering: true,
	jumpPenalty: true,
	ttMoveOrdering: true,
	killers: true,
	counterMoves: false,
	history: true,
	positional: true,
	evaluation: 'tuned',
	exposureWeight: 25,
	evalCache: null,
	...SELECTIVE_SEARCH,
	weights: null,
};

/** The walking skeleton's engine: plain alpha-beta, blob difference, moves ordered by gain only. */
export const SKELETON_SEARCH_OPTIONS: SearchOptions = {
	algorithm: 'alphabeta',
	aspiration: false,
	tt: false,
	hashMb: 1,
	captureOrdering: true,
	jumpPenalty: false,
	ttMoveOrdering: false,
	killers: false,
	counterMoves: false,
	history: false,
	positional: false,
	evaluation: 'classic',
	exposureWeight: 25,
	evalCache: false,
	...EXACT_SEARCH,
	weights: null,
};

/** Options with every enhancement off: plain alpha-beta in generation order. */
export const PLAIN_SEARCH_OPTIONS: SearchOptions = { ...SKELETON_SEARCH_OPTIONS, captureOrdering: false };

/** Named presets, for command lines. */
export const SEARCH_PRESETS: Readonly<Record<string, SearchOptions>> = {
	default: DEFAULT_SEARCH_OPTIONS,
	skeleton: SKELETON_SEARCH_OPTIONS,
	plain: PLAIN_SEARCH_OPTIONS,
};

/**
 * Whether the search prunes with the null move under `variant`'s rules: `options.nullMove` when
 * set, else the rule set's default. Under Ataxx rules the null move is off: in self-play without it
 * against with it, 100,000 nodes per move from four-ply openings, +40.9 ± 32.6 Elo (444 games,
 * SPRT [0, 20] H1; docs/strength.md). Under Blob War rules it stays on: without it, 20,000 nodes
 * per move on the Blob War boards, 365 / 135 / 359 in 859 games (SPRT [0, 20] H0), and it takes
 * the bench from 967,797 nodes to 782,845.
 */
export function nullMoveFor(options: Pick<SearchOptions, 'nullMove'>, variant: Variant): boolean {
	return options.nullMove ?? variant === 'blobwar';
}

/**
 * Whether the search caches the learned evaluation: `options.evalCache` when set, else off, on
 * every board. A probe costs a cache miss and every leaf its Zobrist key, where the search
 * scores a leaf without making it (`EvalKernel.leaf`, one WebAssembly call). With the same
 * trees, time to the same depths without it against with it (medians of alternated runs;
 * docs/benchmarks.md): 9x9 4% to 16% less, 10x10 3% to 12%, 12x12 6% to 12%, the 16x16 bench
 * position about 12% (until then the cache was on for boards of more than 64 cells, where it
 * saved 5% to 34%).
 */
export function evalCacheFor(options: Pick<SearchOptions, 'evalCache'>): boolean {
	return options.evalCache ?? false;
}
