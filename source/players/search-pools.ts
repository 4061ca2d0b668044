/**
 * Search pools kept between the games of a match. Starting a built-in engine's worker threads
 * (loading the search's modules, compiling the board kernels, allocating the table) takes about a
 * second, more than a whole game at 20,000 nodes per move, and in a timed game it would be taken
 * from the first move's time. A built-in player of a match takes an idle pool of its settings when
 * its game starts and gives it back when the game ends; a pool taken again is cleared first (table,
 * killers, history, table generation), so each game plays exactly as with a fresh pool.
 *
 * The evaluation's weights are not part of a pool's settings: the built-in player sends them with
 * each search, so that players that differ only by their weights (`blobterm spsa` makes a new
 * weight set for every game pair) share pools instead of starting threads for each game.
 */

import { type PoolOptions, SearchPool } from '../search/parallel/search-pool.js';

/** Idle search pools by their settings; `close` ends them all. */
export class SearchPools {
	private readonly idle = new Map<string, SearchPool[]>();
	/** The settings' key of every pool handed out. */
	private readonly keys = new WeakMap<SearchPool, string>();
	private closed = false;

	/**
	 * A pool with these settings: an idle one, once it has forgotten its last game (`clearNow`: the
	 * game's first search does not wait behind the table's clearing), or a new one.
	 * @throws RangeError (rejected) as `new SearchPool`; Error (rejected) if the idle pool has failed
	 */
	async take(options: PoolOptions): Promise<SearchPool> {
		const key = keyOf(options);
		const idle = this.idle.get(key)?.pop();
		if (idle) {
			await idle.clearNow();
			return idle;
		}
		const pool = new SearchPool(options);
		this.keys.set(pool, key);
		return pool;
	}

	/** Gives back a pool `take` handed out (ended instead once the pools are closed, or while it is busy). */
	async give(pool: SearchPool): Promise<void> {
		const key = this.keys.get(pool);
		if (this.closed || pool.busy || key === undefined) {
			await pool.close();
			return;
		}
		const list = this.idle.get(key);
		if (list) list.push(pool);
		else this.idle.set(key, [pool]);
	}

	/** Ends every idle pool; pools given back later are ended at once. */
	async close(): Promise<void> {
		this.closed = true;
		const pools = [...this.idle.values()].flat();
		this.idle.clear();
		await Promise.all(pools.map((pool) => pool.close()));
	}
}

function keyOf(options: PoolOptions): string {
	return JSON.stringify([
		options.threads ?? 1,
		options.parallel ?? 'lazy',
		options.niceness ?? 0,
		{ ...options.search, weights: undefined },
	]);
}
