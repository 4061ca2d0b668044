/**
 * The terms of the learned evaluation (`evaluate.ts`): geometric features of a position that mean
 * the same on every board shape, and the per-shape masks they are counted with.
 *
 * Each feature counts cells of one side; the side to move ("mine") and the other ("theirs") have
 * a weight each, so the evaluation can tell that the side to move acts first (a blob of theirs
 * open to capture is worth more to the side to move than one of its own). On a board of
 * `playable` cells, with `f` of them filled:
 *
 *   blobs    blobs of the side
 *   safe     blobs with no empty neighbour: no move can land next to them, so they cannot be
 *            captured until a neighbour empties (only a jump away from it empties a cell)
 *   unsafe   blobs next to an empty cell that the other side reaches (by a clone or a jump):
 *            capturable by the other side's next move
 *   edge     blobs on the outer edge of the board (corners left out)
 *   corner   blobs on a corner: a cell with at most 3 playable neighbours (the board's four
 *            corners, and cells that holes wall in as much)
 *   hole     blobs next to a hole (fewer cells around them to be captured from)
 *   clone    empty cells the side reaches by a clone (its blobs' neighbours): mobility
 *   jump     empty cells the side reaches only by a jump (distance exactly 2 from its blobs)
 *   capture  the most blobs of the other side next to one empty cell the side reaches: what its
 *            best move would capture if it were to move (for the side to move, the capture
 *            under way; for the other, its threat). In Ataxx nearly every move captures, and a
 *            static score that ignores the capture at hand swings between odd and even depths
 *   target2, target3, target4
 *            empty cells that the other side reaches (by a clone or a jump) with at least 2, 3
 *            or 4 of the side's blobs around them: every capture of that size waiting for the
 *            other side, not only the largest (`capture`). Weighted together they price a cell
 *            by the blobs it would lose, more than in proportion: a side whose blobs leave gaps
 *            with many blobs around them is open to large captures for many moves
 *   territory
 *            empty cells next to the side's blobs that the other side reaches by no move
 *            (neither a clone nor a jump): cells the side fills when it chooses, which no move
 *            of the other side takes first
 *   tempo    1 for the side to move (no "theirs" term)
 *
 * Exposure, the classic evaluation's term (blobs next to an empty cell), is `blobs - safe`.
 * The phase is `f / playable` (0 at an empty board, 1 when full), a quantity every board shape
 * shares; each term has an opening and an endgame weight, and possibly weights at taper points
 * between, interpolated by the phase. Counting is done with bitboard masks and popcounts, never
 * cell by cell (`eval-kernel.ts`).
 */

import { type Geometry } from '../game/geometry.js';

/** The features counted for each side, in the order of a feature vector. */
export const SIDE_FEATURES = [
	'blobs',
	'safe',
	'unsafe',
	'edge',
	'corner',
	'hole',
	'clone',
	'jump',
	'capture',
	'target2',
	'target3',
	'target4',
	'territory',
] as const;

/** One feature of a side. */
export type SideFeature = (typeof SIDE_FEATURES)[number];

/**
 * The terms of the evaluation, in the order of a feature vector: each side feature of the side
 * to move (`blobs.mine`), then of the other side (`blobs.theirs`), then `tempo`.
 */
export const TERMS: readonly string[] = [
	...SIDE_FEATURES.map((f) => `${f}.mine`),
	...SIDE_FEATURES.map((f) => `${f}.theirs`),
	'tempo',
];

/** Number of terms (the length of a feature vector). */
export const TERM_COUNT = TERMS.length;

/** Index of `tempo` in a feature vector. */
export const TEMPO = TERM_COUNT - 1;

/** Fixed-point scale of the phase: a phase of 1 is `PHASE_ONE`. */
export const PHASE_ONE = 256;

/** Per-shape masks of the geometric features, `geometry.words` words each (bit layout of `geometry.ts`). */
export interface FeatureMasks {
	/** Playable cells on the outer edge of the board that are not corners. */
	readonly edge: Int32Array;
	/** Playable cells with at most 3 playable neighbours. */
	readonly corner: Int32Array;
	/** Playable cells with a hole among their 8 neighbours. */
	readonly hole: Int32Array;
	/**
	 * `phase[f]`: the phase with `f` cells filled, `round(PHASE_ONE * f / playable)`, for
	 * `f = 0 .. playable`.
	 */
	readonly phase: Int32Array;
}

const cache = new Map<string, FeatureMasks>();

/** The feature masks of a board shape (built once per shape, then cached). */
export function featureMasks(g: Geometry): FeatureMasks {
	let masks = cache.get(g.id);
	if (!masks) {
		masks = buildMasks(g);
		cache.set(g.id, masks);
	}
	return masks;
}

function buildMasks(g: Geometry): FeatureMasks {
	const W = g.words;
	const edge = new Int32Array(W);
	const corner = new Int32Array(W);
	const hole = new Int32Array(W);
	for (let cell = 0; cell < g.cells; cell++) {
		if (g.isHole[cell]) continue;
		const r = g.cellRow[cell];
		const c = g.cellCol[cell];
		let playableNeighbours = 0;
		let holeNeighbour = false;
		for (let dr = -1; dr <= 1; dr++) {
			for (let dc = -1; dc <= 1; dc++) {
				if (dr === 0 && dc === 0) continue;
				const rr = r + dr;
				const cc = c + dc;
				if (rr < 0 || cc < 0 || rr >= g.rows || cc >= g.cols) continue;
				if (g.isHole[rr * g.cols + cc]) holeNeighbour = true;
				else playableNeighbours++;
			}
		}
		const w = g.cellWord[cell];
		const bit = g.cellBit[cell];
		const isCorner = playableNeighbours <= 3;
		if (isCorner) corner[w] |= bit;
		else if (r === 0 || c === 0 || r === g.rows - 1 || c === g.cols - 1) edge[w] |= bit;
		if (holeNeighbour) hole[w] |= bit;
	}
	const phase = new Int32Array(g.playableCount + 1);
	for (let f = 0; f <= g.playableCount; f++)
		phase[f] = g.playableCount === 0 ? 0 : Math.round((PHASE_ONE * f) / g.playableCount);
	return { edge, corner, hole, phase };
}
