/**
 * Scores, from the point of view of the side to move (negamax convention), in hundredths of a
 * blob ("centiblobs", like a chess engine's centipawns): `SCALE` per blob.
 *
 * A heuristic score is a blob difference times `SCALE`, plus the optional positional term
 * (`evaluate.ts`), always well inside `±WIN_THRESHOLD`.
 * A finished game scores exactly: a draw is 0; a win found `ply` plies from the root scores
 * `MATE - PLY_STEP * ply + SCALE * margin`, a loss `-(MATE - PLY_STEP * ply) + SCALE * margin`
 * (margin = final blob difference, |margin| <= 256). So faster wins and slower losses are
 * preferred, then bigger margins (Dumas, "Guerre des blobs", 2014, section Accélérer la victoire).
 */

/** Score units per blob. */
export const SCALE = 100;
/** Base of the scores of finished games. */
export const MATE = 1_000_000_000;
/** What one ply costs a finished game's score (more than any margin: 256 * SCALE). */
export const PLY_STEP = 100_000;
/** Deepest ply the search reaches. */
export const MAX_PLY = 128;
/**
 * Most half-moves to the end a finished game's score can say. More than one search's `MAX_PLY`:
 * a table entry holds a score relative to its node, and a line that reaches it `ply` plies from
 * the root adds `ply` again, so the ends that scores carry through the table can lie further
 * away than any line searched (a long Ataxx ending: a loss 145 half-moves away found at depth
 * 110). Farther ends are said as this far (`scoreFromTable`).
 */
export const MAX_END_PLIES = 4096;
/**
 * Any score at least this large (in absolute value) is a finished game: `MATE - PLY_STEP *
 * MAX_END_PLIES`, about 5.9e8, far above any heuristic score (at most 256 blobs and the
 * evaluation's terms, at most 25 * 256 * `MAX_WEIGHT` = 6.4e7).
 */
export const WIN_THRESHOLD = MATE - PLY_STEP * MAX_END_PLIES;
/** A bound larger than any score. */
export const INFINITE_SCORE = MATE + PLY_STEP;

/**
 * The exact score of a finished game for the side to move.
 * @param mine final blobs of the side to move (after the fill rule)
 * @param theirs final blobs of the other side
 * @param ply plies from the root
 */
export function terminalScore(mine: number, theirs: number, ply: number): number {
	const margin = mine - theirs;
	if (margin > 0) return MATE - PLY_STEP * ply + SCALE * margin;
	if (margin < 0) return -(MATE - PLY_STEP * ply) + SCALE * margin;
	return 0;
}

/** True if a score is that of a finished game won or lost. */
export function isDecisive(score: number): boolean {
	return Math.abs(score) >= WIN_THRESHOLD;
}

/**
 * Plies to the end of the game and final margin (blobs) of a decisive score.
 * @returns null for a heuristic score
 */
export function decodeDecisive(score: number): { plies: number; margin: number } | null {
	if (!isDecisive(score)) return null;
	const a = Math.abs(score);
	const plies = Math.ceil((MATE - a) / PLY_STEP);
	const margin = (a - (MATE - PLY_STEP * plies)) / SCALE;
	return { plies, margin: score > 0 ? margin : -margin };
}

/**
 * A decisive score made relative to the node at `ply` (for the transposition table, which
 * holds scores of positions, not of paths from the root); other scores are unchanged.
 */
export function scoreToTable(score: number, ply: number): number {
	if (score >= WIN_THRESHOLD) return score + PLY_STEP * ply;
	if (score <= -WIN_THRESHOLD) return score - PLY_STEP * ply;
	return score;
}

/**
 * The inverse of `scoreToTable`: a table score made relative to the root again. An end that
 * would lie more than `MAX_END_PLIES` half-moves away is said to lie that far (same margin), so
 * that the score stays decisive.
 */
export function scoreFromTable(score: number, ply: number): number {
	if (score >= WIN_THRESHOLD) {
		const s = score - PLY_STEP * ply;
		return s >= WIN_THRESHOLD ? s : s + PLY_STEP * Math.ceil((WIN_THRESHOLD - s) / PLY_STEP);
	}
	if (score <= -WIN_THRESHOLD) {
		const s = score + PLY_STEP * ply;
		return s <= -WIN_THRESHOLD ? s : s - PLY_STEP * Math.ceil((s + WIN_THRESHOLD) / PLY_STEP);
	}
	return score;
}

/** A score for people: `+3`, `-1.25`, `0`, `win in 5 (+12)`, `loss in 4 (-6)`. */
export function formatScore(score: number): string {
	const decisive = decodeDecisive(score);
	if (decisive) {
		const margin = decisive.margin > 0 ? `+${decisive.margin}` : `${decisive.margin}`;
		return `${score > 0 ? 'win' : 'loss'} in ${decisive.plies} (${margin})`;
	}
	const value = score / SCALE;
	const text = Number.isInteger(value) ? String(value) : value.toFixed(2);
	return score > 0 ? `+${text}` : text;
}
