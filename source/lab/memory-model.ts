/**
 * The memory delays of PABSim's simplified shared-memory multiprocessor (Manohararajah, "Parallel
 * Alpha-Beta Search on Shared Memory Multiprocessors", 2001, section 6.2): each processor has a
 * cache of unbounded size, kept coherent by the MSI protocol and a directory at each block's home
 * node (the processor whose memory holds it). A read or a write costs the ticks of the thesis's
 * Table 6.1 or 6.2 by the block's state in the reader's cache (modified, shared or invalid), its
 * state at home (dirty: one cache holds it modified; clean) and its home (local or remote):
 *
 * | read: cache | home  | home node | ticks |   | write: cache | home  | home node | ticks |
 * | ----------- | ----- | --------- | ----: | - | ------------ | ----- | --------- | ----: |
 * | M or S      | any   | any       |     0 |   | M            | any   | any       |     0 |
 * | I           | clean | local     |     1 |   | S or I       | clean | local     |     1 |
 * | I           | clean | remote    |     2 |   | S            | clean | remote    |     2 |
 * | I           | dirty | local     |     2 |   | I            | clean | remote    |     3 |
 * | I           | dirty | remote    |     3 |   | I            | dirty | local     |     2 |
 * |             |       |           |       |   | I            | dirty | remote    |     4 |
 *
 * A read leaves the block shared by the reader (and by a former holder of the modified copy, the
 * block clean again); a write leaves it modified in the writer's cache alone. A block is one
 * record of the shared tree (the thesis: "a single block is usually enough to store all the data
 * at a node"), and the global split lock with the cached split point one block more. A record
 * made by a processor starts modified in that processor's cache, its home that processor's memory:
 * a search on one processor pays nothing, so that the sequential tick counts stay the thesis's
 * (Table 6.3).
 */

/** Directory and cache states of the blocks of one simulated search, for processors 0 to 63. */
export class MemoryModel {
	/** Home processor of each block. */
	private readonly home: Int8Array;
	/** The processor holding each block modified (dirty at home), or -1 (clean). */
	private readonly owner: Int8Array;
	/** Processors 0 to 31 holding a valid copy of each block (the owner included). */
	private readonly sharersLo: Int32Array;
	/** Processors 32 to 63 holding a valid copy. */
	private readonly sharersHi: Int32Array;
	/** Ticks charged so far (reads and writes). */
	ticks = 0;

	/**
	 * @param blocks blocks tracked (0 to blocks - 1), each clean, cached nowhere, at processor 0's home
	 * @throws RangeError if `blocks` is not a positive integer
	 */
	constructor(readonly blocks: number) {
		if (!Number.isInteger(blocks) || blocks < 1)
			throw new RangeError(`blocks must be a positive integer, got ${blocks}`);
		this.home = new Int8Array(blocks);
		this.owner = new Int8Array(blocks).fill(-1);
		this.sharersLo = new Int32Array(blocks);
		this.sharersHi = new Int32Array(blocks);
	}

	/** Forgets every cached copy: each block clean, cached nowhere, at processor 0's home. */
	reset(): void {
		this.home.fill(0);
		this.owner.fill(-1);
		this.sharersLo.fill(0);
		this.sharersHi.fill(0);
		this.ticks = 0;
	}

	/** Block `b` made anew by processor `p` (a record allocated): modified in p's cache, p its home. */
	made(p: number, b: number): void {
		this.home[b] = p;
		this.owner[b] = p;
		this.setOnly(p, b);
	}

	/** True if processor `p` holds a valid copy of block `b`. */
	cached(p: number, b: number): boolean {
		return p < 32 ? (this.sharersLo[b] & (1 << p)) !== 0 : (this.sharersHi[b] & (1 << (p - 32))) !== 0;
	}

	/** Processor `p` reads block `b`: returns the ticks of Table 6.1 and updates the states. */
	read(p: number, b: number): number {
		if (this.cached(p, b)) return 0;
		const local = this.home[b] === p;
		const dirty = this.owner[b] >= 0;
		const ticks = dirty ? (local ? 2 : 3) : local ? 1 : 2;
		// The modified copy is written back: the block is clean, its former holder keeps a shared copy.
		this.owner[b] = -1;
		if (p < 32) this.sharersLo[b] |= 1 << p;
		else this.sharersHi[b] |= 1 << (p - 32);
		this.ticks += ticks;
		return ticks;
	}

	/** Processor `p` writes block `b`: returns the ticks of Table 6.2 and updates the states. */
	write(p: number, b: number): number {
		const owner = this.owner[b];
		if (owner === p) return 0;
		const local = this.home[b] === p;
		let ticks: number;
		if (owner >= 0) ticks = local ? 2 : 4;
		else if (local) ticks = 1;
		else ticks = this.cached(p, b) ? 2 : 3;
		this.owner[b] = p;
		this.setOnly(p, b);
		this.ticks += ticks;
		return ticks;
	}

	private setOnly(p: number, b: number): void {
		this.sharersLo[b] = p < 32 ? 1 << p : 0;
		this.sharersHi[b] = p < 32 ? 0 : 1 << (p - 32);
	}
}
