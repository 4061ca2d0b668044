/**
 * Scores, in blobs, from the point of view of the side to move (negamax convention).
 *
 * A heuristic score is a blob difference (plus, with the positional term, a fraction of a blob
 * in integer units: see `evaluate.ts`), always well inside `±WIN_THRESHOLD`.
 * A finished game scores exactly: a draw is 0; a win found `ply` plies from the root scores
 * `MATE - 1000 * ply + margin`, a loss `-(MATE - 1000 * ply) + margin` (margin = final blob
 * difference, |margin| <= 256). So faster wins and slower losses are preferred, then bigger
 * margins (handout section 2.8, "accélérer la victoire").
 */

/** Base of the scores of finished games. */
export const MATE = 1_000_000;
/** Deepest ply the search reaches. */
export const MAX_PLY = 128;
/** Any score at least this large (in absolute value) is a finished game. */
export const WIN_THRESHOLD = MATE - 1000 * MAX_PLY - 1000;
/** A bound larger than any score. */
export const INFINITE_SCORE = MATE + 1000;

/**
 * The exact score of a finished game for the side to move.
 * @param mine final blobs of the side to move (after the fill rule)
 * @param theirs final blobs of the other side
 * @param ply plies from the root
 */
export function terminalScore(mine: number, theirs: number, ply: number): number {
	const margin = mine - theirs;
	if (margin > 0) return MATE - 1000 * ply + margin;
	if (margin < 0) return -(MATE - 1000 * ply) + margin;
	return 0;
}

/** True if a score is that of a finished game won or lost. */
export function isDecisive(score: number): boolean {
	return Math.abs(score) >= WIN_THRESHOLD;
}

/**
 * Plies to the end of the game and final margin of a decisive score.
 * @returns null for a heuristic score
 */
export function decodeDecisive(score: number): { plies: number; margin: number } | null {
	if (!isDecisive(score)) return null;
	const a = Math.abs(score);
	const plies = Math.ceil((MATE - a) / 1000);
	const margin = a - (MATE - 1000 * plies);
	return { plies, margin: score > 0 ? margin : -margin };
}

/** A score for people: `+3`, `-1`, `0`, `win in 5 (+12)`, `loss in 4 (-6)`. */
export function formatScore(score: number, unit = 1): string {
	const decisive = decodeDecisive(score);
	if (decisive) {
		const margin = decisive.margin > 0 ? `+${decisive.margin}` : `${decisive.margin}`;
		return `${score > 0 ? 'win' : 'loss'} in ${decisive.plies} (${margin})`;
	}
	const value = score / unit;
	const text = Number.isInteger(value) ? String(value) : value.toFixed(2);
	return score > 0 ? `+${text}` : text;
}
