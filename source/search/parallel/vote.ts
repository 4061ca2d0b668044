/**
 * Lazy SMP's choice of the move to play: a vote of the threads, as Stockfish does it
 * (`Thread::get_best_thread`, Stockfish 11 and later): each thread's move gets
 * `(score - lowest score + 14 centiblobs) * completed depth` votes from it; the thread whose move
 * has the most votes wins, a proven win is preferred to any heuristic score, and a deeper thread
 * wins a tie. Thread 0 alone would throw away the deeper iterations its helpers completed.
 */

import { isDecisive } from '../score.js';
import { type SearchResult } from '../types.js';

/** Extra votes per depth that every thread's move gets (Stockfish's 14 centipawns). */
const VOTE_FLOOR = 14;

/**
 * The result the threads vote for.
 * @param results one result per thread, thread 0 first (at least one)
 */
export function voteResult(results: readonly SearchResult[]): SearchResult {
	const voters = results.filter((r) => r.depth > 0 && r.move >= 0);
	if (voters.length === 0) return results[0];
	const lowest = Math.min(...voters.map((r) => r.score));
	const votes = new Map<number, number>();
	for (const r of voters) votes.set(r.move, (votes.get(r.move) ?? 0) + (r.score - lowest + VOTE_FLOOR) * r.depth);
	let best = voters[0];
	for (const r of voters.slice(1)) {
		const bestWins = isDecisive(best.score) && best.score > 0;
		const wins = isDecisive(r.score) && r.score > 0;
		if (wins || bestWins) {
			// A proven win: the fastest one (the highest score) is played.
			if (r.score > best.score) best = r;
			continue;
		}
		const difference = votes.get(r.move)! - votes.get(best.move)!;
		if (difference > 0 || (difference === 0 && r.depth > best.depth)) best = r;
	}
	return best;
}
