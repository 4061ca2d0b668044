/**
 * Which game plays which opening with which colours. Games are numbered from 1; games 2k - 1
 * and 2k form pair k: the same opening, engine A playing Blue in the first and Red in the
 * second. Pairs go through the openings in order, cycle after cycle; with `shuffle`, each cycle
 * takes its own order, drawn from the seed (so a resumed match schedules the same games).
 */

import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { BLUE, RED, type Side } from '../game/position.js';

/** One game of the schedule. */
export interface ScheduledGame {
	/** Game number, from 1. */
	readonly game: number;
	/** Pair number, from 1. */
	readonly pair: number;
	/** Index of its opening. */
	readonly opening: number;
	/** The colour engine A plays. */
	readonly engineA: Side;
}

/** The schedule of a match. */
export class Schedule {
	private readonly orders: number[][] = [];
	private readonly rng;

	/**
	 * @param openings number of openings (at least 1)
	 * @param seed seed of the shuffles (any integer)
	 * @param shuffle whether each cycle through the openings takes a random order
	 */
	constructor(
		readonly openings: number,
		readonly seed: number,
		readonly shuffle: boolean,
	) {
		this.rng = xoroshiro128plus(seed | 0);
	}

	/** Game `game` (from 1). */
	game(game: number): ScheduledGame {
		const pairIndex = Math.floor((game - 1) / 2);
		const cycle = Math.floor(pairIndex / this.openings);
		const opening = this.order(cycle)[pairIndex % this.openings];
		return { game, pair: pairIndex + 1, opening, engineA: game % 2 === 1 ? BLUE : RED };
	}

	/**
	 * The openings' order in a cycle: Fisher-Yates shuffles (Knuth, TAOCP vol. 2, 3.4.2, algorithm
	 * P), drawn cycle after cycle.
	 */
	private order(cycle: number): number[] {
		while (this.orders.length <= cycle) {
			const order = Array.from({ length: this.openings }, (_, i) => i);
			if (this.shuffle) {
				for (let i = order.length - 1; i > 0; i--) {
					const j = uniformInt(this.rng, 0, i);
					[order[i], order[j]] = [order[j], order[i]];
				}
			}
			this.orders.push(order);
		}
		return this.orders[cycle];
	}
}
