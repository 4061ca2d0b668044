/**
 * Move generation and perft compiled per board shape: the fast path of the rules.
 *
 * For each geometry (rows, columns, holes) the code below writes JavaScript source with the
 * shape baked in as constants (number of words, shifts, edge and playable masks) and compiles it
 * once with `new Function`, under the name `kernelName` gives it (`blobterm-kernel-7x7.js`) so
 * that stack traces point to it. Positions are passed as 32-bit words in function arguments
 * (copy-make through arguments: no allocation, no BigInt). Layout of the words: see `geometry.ts`
 * (whole rows per word). The generators list pseudolegal moves (the rule: `movegen.ts`).
 *
 * - Clone targets of a set of blobs: one dilation by shifts. Within a word, a shift by 1 moves a
 *   cell one column (edge columns masked off), a shift by `cols` moves it one row; the last row of
 *   word w-1 and the first row of word w+1 are carried in by shifts of `(rowsPerWord - 1) * cols`.
 * - Jump targets and captures: per-cell masks, indexed by bit index `k = word * 32 + bit`.
 * - Popcount: a 16-bit table (two lookups per word).
 *
 * The simple per-cell generator in `movegen-reference.ts` states the rules plainly; property
 * tests check that both list exactly the same moves, and perft tests that both count the same.
 */

import { cellDistance, type Geometry } from './geometry.js';
import { type Move } from './move.js';
import {
	ZOBRIST_FLIP_HI,
	ZOBRIST_FLIP_LO,
	ZOBRIST_HI,
	ZOBRIST_LO,
	ZOBRIST_SIDE_HI,
	ZOBRIST_SIDE_LO,
} from './zobrist.js';

/** Set bits of each 16-bit value. */
export const POP16 = new Uint8Array(65536);
for (let i = 1; i < 65536; i++) POP16[i] = (i & 1) + POP16[i >>> 1];

/**
 * The compiled generator with ordering keys (`ShapeKernel.generateScored` and its twin
 * `generateScoredPenalized`): the position at `bb[base..]`, `side` to move; moves and keys
 * written from `outBase`; returns how many.
 */
export type GenerateScored = (
	bb: Int32Array,
	base: number,
	side: number,
	out: Int32Array,
	keys: Int32Array,
	outBase: number,
	gainUnit: number,
	table: Int32Array,
	tableBase: number,
) => number;

/**
 * The first move of the generator's keys, found without the list (`ShapeKernel.firstScored` and
 * its twin `firstScoredPenalized`); -1 if `side` has no move.
 */
export type FirstScored = (
	bb: Int32Array,
	base: number,
	side: number,
	table: Int32Array,
	tableBase: number,
	gainUnit: number,
) => number;

/**
 * Compiled functions for one board shape. A position is `2 * words` words, Blue's then Red's (as
 * in `Position.bb`), found at offset `base` of an `Int32Array` (the search keeps a stack of them
 * in one array).
 */
export interface ShapeKernel {
	/**
	 * Lists the pseudolegal moves (`movegen.ts`) of `side` in the position at `bb[base..]` into
	 * `out` from `outBase`: clones (by destination, or by pair), then jumps by pair; each group in
	 * increasing bit order. Returns how many.
	 */
	generate(bb: Int32Array, base: number, side: number, out: Int32Array, outBase: number, pairs: boolean): number;
	/**
	 * `generate` (clones by destination) with an ordering key per move, in one pass: lists the
	 * moves into `out` and their keys into `keys`, both from `outBase`, and returns how many. The
	 * key of a move from cell f to cell t that captures c blobs is
	 * `gainUnit * (2c + 1 if a clone, else 2c) + table[tableBase + f * cells + t]` (a clone's f is
	 * its t). A bonus for a few moves (killers, the table's move) is added to their entries of
	 * `table` by the caller around the call, not tested move by move here. (The search's move
	 * ordering: `search/move-ordering.ts`.)
	 */
	generateScored: GenerateScored;
	/**
	 * `generateScored` with the jump penalty: a jump that captures has `2c - x` in place of `2c`,
	 * x its side's blobs next to f (left open to a capture on f), but at least 2. A function of
	 * its own, so that `generateScored` keeps its size (V8 does not optimize a function past a
	 * size, which the 16x16 kernel reached with both in one).
	 */
	generateScoredPenalized: GenerateScored;
	/**
	 * The move `generateScored` would give the highest key, the first in generation order among
	 * equal keys (what one selection step over its list picks), without listing the moves; -1 if
	 * `side` has no move. Valid when `gainUnit` is more than any table value (the gain decides
	 * first): the arguments are `generateScored`'s otherwise. This one compares moves of one gain
	 * only and does not read `gainUnit` (its code has no such parameter; the type has it so that
	 * the search calls either of the two alike).
	 */
	firstScored: FirstScored;
	/** `firstScored` for `generateScoredPenalized`'s keys: this one reads `gainUnit`. */
	firstScoredPenalized: FirstScored;
	/**
	 * True if `side` has a pseudolegal move in the position at `bb[base..]` (an empty cell at distance 1 or 2
	 * of one of its blobs).
	 */
	hasMove(bb: Int32Array, base: number, side: number): boolean;
	/**
	 * Copy-make for the search: plays `move` (a pseudolegal move of `side`, not a pass) on the position
	 * at `bb[src..]`, writing the result at `bb[dst..]`, and its Zobrist key (side key toggled) from
	 * `keys[ksrc], keys[ksrc + 1]` (low, high) to `keys[kdst], keys[kdst + 1]`.
	 * @returns the number of captured blobs, plus 256 for a clone
	 */
	make(
		bb: Int32Array,
		src: number,
		dst: number,
		side: number,
		move: Move,
		keys: Int32Array,
		ksrc: number,
		kdst: number,
	): number;
	/**
	 * `make` without the Zobrist key, for a child that is a leaf of the search (it is never looked
	 * up): plays `move` of `side` from `bb[src..]` into `bb[dst..]`.
	 * @returns the number of captured blobs, plus 256 for a clone
	 */
	makeBoard(bb: Int32Array, src: number, dst: number, side: number, move: Move): number;
	/**
	 * True if `move` (any integer: a table's move may come from another position) is a pseudolegal move
	 * of `side` in the position at `bb[base..]`; the pass is not.
	 */
	isLegal(bb: Int32Array, base: number, side: number, move: number): boolean;
	/**
	 * For each of `n` moves at `moves[mBase..]` of `side` in the position at `bb[base..]`, writes
	 * to `out[oBase + i]` twice the blobs the move captures, plus one for a clone, shifted left by
	 * `shift`; with `jumpPenalty` 1, a capturing jump's value is lowered as in `generateScored`.
	 */
	gains(
		bb: Int32Array,
		base: number,
		side: number,
		moves: Int32Array,
		mBase: number,
		n: number,
		out: Int32Array,
		oBase: number,
		shift: number,
		jumpPenalty: number,
	): void;
	/**
	 * Blobs of the other side next to an empty cell minus blobs of `side` next to an empty cell:
	 * how much more of the opponent than of `side` is open to capture.
	 */
	exposure(bb: Int32Array, base: number, side: number): number;
	/**
	 * perft under Blob War rules (a side with no move ends the game: no children).
	 * @param made false: leaves are counted without being made (bulk); true: every leaf is made
	 */
	perft(bb: Int32Array, side: number, depth: number, pairs: boolean, made: boolean): number;
	/** perft under Ataxx rules (pass when only the other side can move; over at no blobs, blocked, clock 100). */
	perftAtaxx(bb: Int32Array, side: number, clock: number, depth: number, pairs: boolean, made: boolean): number;
}

const kernels = new Map<string, ShapeKernel>();

/** The compiled kernel of a geometry (compiled on first use, then cached by shape). */
export function shapeKernel(g: Geometry): ShapeKernel {
	let kernel = kernels.get(g.id);
	if (!kernel) {
		kernel = compileKernel(g);
		kernels.set(g.id, kernel);
	}
	return kernel;
}

/**
 * Tables the generated code reads. A cell is indexed two ways: by cell index (`row * cols + col`)
 * and by bit index (`k = word * 32 + bit`, where the cell sits in a position's words).
 */
interface KernelTables {
	/** `NEIGHBOURS[w][k]`: word w of the mask of the cells next to the cell at bit index k. */
	readonly NEIGHBOURS: Int32Array[];
	/** `JUMP_TARGETS[w][k]`: word w of the mask of the cells at distance exactly 2. */
	readonly JUMP_TARGETS: Int32Array[];
	/** `CELL_BIT[cell]`: bit index of a cell. */
	readonly CELL_BIT: Int32Array;
	/** `IS_JUMP[from * 256 + to]`: 1 if the cells are at distance exactly 2. */
	readonly IS_JUMP: Uint8Array;
	/** `DISTANCE[from * 256 + to]`: Chebyshev distance of two cells, at most 3 (3 also off the board). */
	readonly DISTANCE: Uint8Array;
	/** `PLAYABLE_BIT[k]`: 1 if the cell at bit index k is playable (on the board, not a hole). */
	readonly PLAYABLE_BIT: Uint8Array;
	/** Zobrist key halves of a blob by side and bit index: `ZOBRIST_LO[side * words * 32 + k]`. */
	readonly ZOBRIST_LO: Int32Array;
	readonly ZOBRIST_HI: Int32Array;
	/** Zobrist key halves of a capture (Blue's key XOR Red's) by bit index. */
	readonly ZOBRIST_CAPTURE_LO: Int32Array;
	readonly ZOBRIST_CAPTURE_HI: Int32Array;
	/** Side-to-move key halves. */
	readonly ZOBRIST_SIDE_LO: number;
	readonly ZOBRIST_SIDE_HI: number;
}

/** The bit index (`word * 32 + bit`) of `cell` in a position's words (`KernelTables.CELL_BIT`). */
export function cellBitIndex(g: Geometry, cell: number): number {
	return g.cellWord[cell] * 32 + (31 - Math.clz32(g.cellBit[cell]));
}

function tablesOf(g: Geometry): KernelTables {
	const W = g.words;
	const neighbours: Int32Array[] = [];
	const jumpTargets: Int32Array[] = [];
	for (let w = 0; w < W; w++) {
		neighbours.push(new Int32Array(W * 32));
		jumpTargets.push(new Int32Array(W * 32));
	}
	for (let k = 0; k < W * 32; k++) {
		const cell = g.bitCell[k];
		if (cell < 0) continue;
		for (let w = 0; w < W; w++) {
			neighbours[w][k] = g.neighbours[cell * W + w];
			jumpTargets[w][k] = g.jumps[cell * W + w];
		}
	}
	const cellBit = new Int32Array(256);
	const isJump = new Uint8Array(256 * 256);
	const distance = new Uint8Array(256 * 256).fill(3);
	const playableBit = new Uint8Array(W * 32);
	for (let cell = 0; cell < g.cells; cell++) {
		cellBit[cell] = cellBitIndex(g, cell);
		playableBit[cellBit[cell]] = g.isHole[cell] ? 0 : 1;
		for (let other = 0; other < g.cells; other++) {
			const d = cellDistance(g, cell, other);
			distance[cell * 256 + other] = Math.min(3, d);
			if (d === 2) isJump[cell * 256 + other] = 1;
		}
	}
	const blobLo = new Int32Array(2 * W * 32);
	const blobHi = new Int32Array(2 * W * 32);
	const captureLo = new Int32Array(W * 32);
	const captureHi = new Int32Array(W * 32);
	for (let k = 0; k < W * 32; k++) {
		const cell = g.bitCell[k];
		if (cell < 0) continue;
		for (let side = 0; side < 2; side++) {
			blobLo[side * W * 32 + k] = ZOBRIST_LO[side * 256 + cell];
			blobHi[side * W * 32 + k] = ZOBRIST_HI[side * 256 + cell];
		}
		captureLo[k] = ZOBRIST_FLIP_LO[cell];
		captureHi[k] = ZOBRIST_FLIP_HI[cell];
	}
	return {
		NEIGHBOURS: neighbours,
		JUMP_TARGETS: jumpTargets,
		CELL_BIT: cellBit,
		IS_JUMP: isJump,
		DISTANCE: distance,
		PLAYABLE_BIT: playableBit,
		ZOBRIST_LO: blobLo,
		ZOBRIST_HI: blobHi,
		ZOBRIST_CAPTURE_LO: captureLo,
		ZOBRIST_CAPTURE_HI: captureHi,
		ZOBRIST_SIDE_LO,
		ZOBRIST_SIDE_HI,
	};
}

/** The cells of the board (holes included) in word `w`. */
export function validMask(g: Geometry, w: number): number {
	let mask = 0;
	for (let k = 0; k < 32; k++) if (g.bitCell[w * 32 + k] >= 0) mask |= 1 << k;
	return mask;
}

/**
 * The bits of every row's first column (`first`) and last column (`last`) within a word: shifted
 * by one column, a row's end is kept from running into the next row by `~first` or `~last`.
 */
export function columnMasks(g: Geometry): { readonly first: number; readonly last: number } {
	let first = 0;
	let last = 0;
	for (let r = 0; r < g.rowsPerWord; r++) {
		first |= 1 << (r * g.cols);
		last |= 1 << (r * g.cols + g.cols - 1);
	}
	return { first, last };
}

/** Writes and compiles the kernel of a geometry. */
function compileKernel(g: Geometry): ShapeKernel {
	const source = kernelSource(g);
	const factory = new Function('T', source) as (tables: KernelTables) => ShapeKernel;
	return factory(tablesOf(g));
}

/**
 * The name stack traces give a geometry's kernel: `blobterm-kernel-7x7.js`, and with holes
 * `blobterm-kernel-8x8-holes-1a2b3c4d.js` (an FNV-1a hash of the hole list, so that boards of
 * one size with different holes are told apart).
 */
export function kernelName(g: Geometry): string {
	const holes = g.id.slice(g.id.indexOf(':') + 1);
	if (holes === '') return `blobterm-kernel-${g.rows}x${g.cols}.js`;
	let hash = 0x811c9dc5;
	for (let i = 0; i < holes.length; i++) hash = Math.imul(hash ^ holes.charCodeAt(i), 0x01000193);
	return `blobterm-kernel-${g.rows}x${g.cols}-holes-${(hash >>> 0).toString(16).padStart(8, '0')}.js`;
}

/**
 * Code (four statements) of the largest 4-bit count among a set of cells, found bit by bit from
 * the top: bit `k` of every cell's count is in the word named `t(k, w)` (bit-sliced counts), the
 * set is in the variables `q(w)`, narrowed to the cells with that count, and the count is added to
 * the variable `total`; the caller declares them all (`let`, the total at 0). Used by the move
 * generators (`firstScored`) and the evaluation (`eval-kernel.ts`, the capture term). Without
 * branches (`z` is -1 where the set keeps the bit, else 0): an operation that has not run when V8
 * optimizes a kernel (a count of 8 is rare) has no type feedback, and the first time it runs V8
 * throws the optimized code away and compiles it again.
 * @param ws the word indices of the board
 */
export function largestCountCode(
	ws: readonly number[],
	q: (w: number) => string,
	t: (bit: number, w: number) => string,
	total: string,
): string[] {
	return [
		[3, 8],
		[2, 4],
		[1, 2],
		[0, 1],
	].map(
		([bit, value]) =>
			`{ const z = (${ws.map((w) => `(${q(w)} & ${t(bit, w)})`).join(' | ')}) !== 0 ? -1 : 0; ` +
			`${total} += ${value} & z; ${ws.map((w) => `${q(w)} &= ${t(bit, w)} | ~z;`).join(' ')} }`,
	);
}

/**
 * The JavaScript source of a geometry's kernel: the body of a function of the tables `T` that
 * returns the `ShapeKernel`, ending with a `//# sourceURL=` comment that names it in stack
 * traces (`kernelName`). `blobterm kernel BOARD` prints it; a snapshot test keeps it in view.
 */
export function kernelSource(g: Geometry): string {
	const W = g.words;
	const C = g.cols;
	const R = g.rowsPerWord;
	const SH = (R - 1) * C;
	const ws = Array.from({ length: W }, (_, w) => w);
	const list = (f: (w: number) => string, sep = ', ') => ws.map(f).join(sep);
	const hex = (x: number) => `0x${(x >>> 0).toString(16)}`;

	// Column masks within a word: every row's column 0 and column C-1.
	const { first: col0, last: colLast } = columnMasks(g);
	/**
	 * Words that cells at distance <= 2 of a cell in word w can be in: a word holds at least two
	 * whole rows (columns <= 16), so w - 1 .. w + 1.
	 */
	const nearWords = (w: number) => ws.filter((v) => Math.abs(v - w) <= 1);
	const pop = (x: string) => `popcount(${x})`;
	const lines: string[] = [];
	const emit = (s: string) => lines.push(s);

	emit(`// ${kernelName(g)}: the move generator of a ${g.rows}x${g.cols} board, written by shape-kernel.ts.`);
	emit(`// A position is ${W} word${W === 1 ? '' : 's'} a side: m0.. the side to move's blobs, o0.. the other`);
	emit(`// side's; e0.. are the empty playable cells. Bit index k = word * 32 + bit. The tables are`);
	emit(`// described by KernelTables in shape-kernel.ts.`);
	emit(`'use strict';`);
	emit(
		`const { CELL_BIT, IS_JUMP, DISTANCE, PLAYABLE_BIT, ZOBRIST_LO, ` +
			`ZOBRIST_HI, ZOBRIST_CAPTURE_LO, ZOBRIST_CAPTURE_HI, ZOBRIST_SIDE_LO, ZOBRIST_SIDE_HI } = T;`,
	);
	// The set bits of a word, in-register (Knuth, The Art of Computer Programming, vol. 4A, 7.1.3,
	// "sideways addition"): over the bench a little faster than two loads from a 64 KB table
	// (docs/benchmarks.md), which shares the first-level cache with everything else.
	emit(
		`function popcount(x) { x = x - ((x >>> 1) & 0x55555555); x = (x & 0x33333333) + ((x >>> 2) & 0x33333333); ` +
			`return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24; }`,
	);
	for (const w of ws) emit(`const NEIGHBOURS_${w} = T.NEIGHBOURS[${w}], JUMP_TARGETS_${w} = T.JUMP_TARGETS[${w}];`);
	for (const w of ws)
		emit(`const PLAYABLE_${w} = ${hex(g.playable[w])} | 0, ON_BOARD_${w} = ${hex(validMask(g, w))} | 0;`);
	emit(`const NOT_FIRST_COLUMN = ${hex(~col0)} | 0, NOT_LAST_COLUMN = ${hex(~colLast)} | 0;`);
	emit(`let sink = 0;`);

	/** Code: empty cells `e{w}` of the position `m`, `o`. */
	const empties = () => list((w) => `const e${w} = PLAYABLE_${w} & ~(m${w} | o${w});`, '\n');
	/**
	 * Code: `d{w}` = board cells (holes included) at distance <= 1 of the set `src{w}` (itself
	 * included). Masking each step with the board's cells `V{w}` keeps the shifts from wrapping a
	 * cell past the last row of a word into its first column.
	 */
	const dilate = (src: string, h: string, d: string) =>
		[
			list(
				(w) =>
					`const ${h}${w} = (${src}${w} | ((${src}${w} << 1) & NOT_FIRST_COLUMN) | ` +
					`((${src}${w} >>> 1) & NOT_LAST_COLUMN)) & ON_BOARD_${w};`,
				'\n',
			),
			list(
				(w) =>
					`const ${d}${w} = (${h}${w} | (${h}${w} << ${C}) | (${h}${w} >>> ${C})` +
					(w > 0 ? ` | (${h}${w - 1} >>> ${SH})` : '') +
					(w < W - 1 ? ` | (${h}${w + 1} << ${SH})` : '') +
					`) & ON_BOARD_${w};`,
				'\n',
			),
		].join('\n');
	/** Code: clone targets `s{w}` of the side `m`. */
	const singles = () => [dilate('m', 'h', 'd'), list((w) => `const s${w} = d${w} & e${w};`, '\n')].join('\n');
	/** Code: loop over the set bits of `x` (destroyed), with `b` the bit and `k` the bit index. */
	const forBits = (x: string, word: number, b: string, k: string, body: string) =>
		`while (${x} !== 0) { const ${b} = ${x} & -${x}; ${x} ^= ${b}; ` +
		`const ${k} = ${word * 32 + 31} - Math.clz32(${b});\n${body}\n}`;
	/**
	 * Code: the cell of bit index `k` in word `w` (`Geometry.bitCell`) without a load: word w's bits
	 * hold the cells from `w * rowsPerWord * cols` on, so the cell is k less a constant of the word.
	 */
	const cellOf = (k: string, w: number) => {
		const offset = w * (32 - g.rowsPerWord * g.cols);
		return offset === 0 ? k : `(${k} - ${offset})`;
	};
	/**
	 * Code for the child after a move to bit `b` (word tw) from bit `fb` (word fw, jumps only):
	 * `caps` computes the captured blobs `c{w}`, `words` the child's words (side to move first).
	 */
	const child = (tw: number, fw: number | null) => {
		const near = nearWords(tw);
		const caps = near.map((w) => `const c${w} = o${w} & NEIGHBOURS_${w}[k];`).join(' ');
		const theirs = ws.map((w) => (near.includes(w) ? `o${w} ^ c${w}` : `o${w}`));
		const mine = ws.map((w) => {
			let t = `m${w}`;
			if (fw === w) t = `(${t} ^ fb)`;
			if (tw === w) t = `${t} | b`;
			return near.includes(w) ? `(${t} | c${w})` : t;
		});
		const changed = [...near.map((w) => theirs[w]), ...near.map((w) => mine[w])];
		return { caps, words: [...theirs, ...mine], changed };
	};
	/**
	 * Code for one child: recurse with `tail` appended to its words, or, at a made leaf, make it
	 * and fold its words into `sink` (so that the work cannot be optimised away).
	 */
	type Visit = (words: string[], changed: string[], tail: string) => string;
	const recurse =
		(name: string): Visit =>
		(words, _changed, tail) =>
			`total += ${name}(${words.join(', ')}${tail});`;
	const makeLeaf: Visit = (_words, changed) => `sink ^= ${changed.join(' ^ ')}; total++;`;
	/**
	 * Code: for each blob of the side `m` (bit `fb`, index `fk`), each target in its `mask`
	 * (`NEIGHBOURS` clone or `JUMP_TARGETS` jump) that is empty, the child visited by `visit`.
	 */
	const fromEachBlob = (mask: 'NEIGHBOURS' | 'JUMP_TARGETS', visit: Visit, tail: string) =>
		ws
			.map((fw) => {
				const inner = nearWords(fw)
					.map((tw) => {
						const { caps, words, changed } = child(tw, mask === 'JUMP_TARGETS' ? fw : null);
						const body = `${caps}\n${visit(words, changed, tail)}`;
						return `{ let t = ${mask}_${tw}[fk] & e${tw}; ${forBits('t', tw, 'b', 'k', body)} }`;
					})
					.join('\n');
				return `{ let x = m${fw}; ${forBits('x', fw, 'fb', 'fk', inner)} }`;
			})
			.join('\n');
	/** Code: the loops over every move of the side `m`, each child visited by `visit`. */
	const moveLoops = (pairs: boolean, visit: Visit, cloneTail: string, jumpTail: string) => {
		const clones = pairs
			? fromEachBlob('NEIGHBOURS', visit, cloneTail)
			: ws
					.map((tw) => {
						const { caps, words, changed } = child(tw, null);
						const body = `${caps}\n${visit(words, changed, cloneTail)}`;
						return `{ let x = s${tw}; ${forBits('x', tw, 'b', 'k', body)} }`;
					})
					.join('\n');
		return `${clones}\n${fromEachBlob('JUMP_TARGETS', visit, jumpTail)}`;
	};
	/** Code: at d === 1, the number of moves counted without making them. */
	const bulkCount = (pairs: boolean) => {
		const out = [`if (d === 1) {`, `let n = ${pairs ? '0' : list((w) => pop(`s${w}`), ' + ')};`];
		for (const fw of ws) {
			const count = nearWords(fw)
				.map(
					(tw) =>
						pop(`JUMP_TARGETS_${tw}[fk] & e${tw}`) +
						(pairs ? ` + ${pop(`NEIGHBOURS_${tw}[fk] & e${tw}`)}` : ''),
				)
				.join(' + ');
			out.push(`{ let x = m${fw}; ${forBits('x', fw, 'fb', 'fk', `n += ${count};`)} }`);
		}
		out.push(`return n;`, `}`);
		return out.join('\n');
	};

	/** Code: each blob's moves (`from << 8 | to`) to the empty cells of its `mask` appended to `out`. */
	const listFromEachBlob = (mask: 'NEIGHBOURS' | 'JUMP_TARGETS') =>
		ws
			.map((fw) => {
				const inner = nearWords(fw)
					.map(
						(tw) =>
							`{ let t = ${mask}_${tw}[fk] & e${tw}; ` +
							`${forBits('t', tw, 'b', 'k', `out[n++] = f | ${cellOf('k', tw)};`)} }`,
					)
					.join('\n');
				const atBlob = `const f = ${cellOf('fk', fw)} << 8;\n${inner}`;
				return `{ let x = m${fw}; ${forBits('x', fw, 'fb', 'fk', atBlob)} }`;
			})
			.join('\n');

	// generate(bb, base, side, out, outBase, pairs)
	emit(`function generate(bb, base, side, out, outBase, pairs) {`);
	emit(`const mo = base + side * ${W}, oo = base + ${W} - side * ${W};`);
	emit(list((w) => `const m${w} = bb[mo + ${w}] | 0, o${w} = bb[oo + ${w}] | 0;`, '\n'));
	emit(empties());
	emit(`let n = outBase;`);
	emit(`if (!pairs) {`);
	emit(singles());
	for (const w of ws) {
		const clone = `const cell = ${cellOf('k', w)}; out[n++] = (cell << 8) | cell;`;
		emit(`{ let x = s${w}; ${forBits('x', w, 'b', 'k', clone)} }`);
	}
	emit(`} else {`);
	emit(listFromEachBlob('NEIGHBOURS'));
	emit(`}`);
	emit(listFromEachBlob('JUMP_TARGETS'));
	emit(`return n - outBase;`);
	emit(`}`);

	/**
	 * Code: `t0{w}..t3{w}`, the bits of the number of the other side's blobs `o` in the 3x3 block
	 * around each cell (for an empty cell, its neighbours that a move there captures).
	 */
	const emitCaptureCounts = () => {
		for (const w of ws) {
			emit(
				`const a${w} = (o${w} << 1) & NOT_FIRST_COLUMN & ON_BOARD_${w}, ` +
					`c${w} = (o${w} >>> 1) & NOT_LAST_COLUMN;`,
			);
			emit(`const r0${w} = a${w} ^ o${w} ^ c${w}, r1${w} = (a${w} & o${w}) | (c${w} & (a${w} ^ o${w}));`);
		}
		const up = (x: string, w: number) =>
			`(((${x}${w} << ${C})${w > 0 ? ` | (${x}${w - 1} >>> ${SH})` : ''}) & ON_BOARD_${w})`;
		const down = (x: string, w: number) =>
			`(((${x}${w} >>> ${C})${w < W - 1 ? ` | (${x}${w + 1} << ${SH})` : ''}) & ON_BOARD_${w})`;
		for (const w of ws) {
			emit(
				`const u0${w} = ${up('r0', w)}, u1${w} = ${up('r1', w)}, ` +
					`v0${w} = ${down('r0', w)}, v1${w} = ${down('r1', w)};`,
			);
			emit(
				`const s0${w} = u0${w} ^ r0${w}, k0${w} = u0${w} & r0${w}, s1${w} = u1${w} ^ r1${w} ^ k0${w}, ` +
					`s2${w} = (u1${w} & r1${w}) | (k0${w} & (u1${w} ^ r1${w}));`,
			);
			emit(
				`const t0${w} = s0${w} ^ v0${w}, j0${w} = s0${w} & v0${w}, t1${w} = s1${w} ^ v1${w} ^ j0${w}, ` +
					`j1${w} = (s1${w} & v1${w}) | (j0${w} & (s1${w} ^ v1${w})), ` +
					`t2${w} = s2${w} ^ j1${w}, t3${w} = s2${w} & j1${w};`,
			);
		}
	};

	// generateScored(bb, base, side, out, keys, outBase, gainUnit, table, tableBase): the search's move
	// ordering is most of its time when it scores every move of every node in a second pass (the move
	// decoded again, its captures counted by popcounts of neighbour masks). Here each key is made
	// where the move is: the captures of every empty cell are counted at once, bit-sliced (Knuth,
	// The Art of Computer Programming, vol. 4A, 7.1.3): the other side's blobs in each row triple
	// (2-bit sums r0, r1), then the triples above, at and below each cell added into 4-bit sums
	// t0..t3 (an empty cell's own bit is 0, so the 3x3 sum is its neighbour count); a move reads its
	// target's 4 bits.
	/** Code: twice the captures of a move to bit `bit` of word `w`. */
	const twiceCaptures = (w: number) =>
		`((((t0${w} >>> bit) & 1) << 1) | (((t1${w} >>> bit) & 1) << 2) | (((t2${w} >>> bit) & 1) << 3) | ` +
		`(((t3${w} >>> bit) & 1) << 4))`;
	/**
	 * Code: the own blobs next to the cell a jump from bit index `fk` (word `fw`) leaves: the blobs
	 * the jump leaves open to a capture on that cell.
	 */
	const exposedByJump = (fw: number) =>
		nearWords(fw)
			.map((w) => pop(`m${w} & NEIGHBOURS_${w}[fk]`))
			.join(' + ');
	/**
	 * Code: a jump's gain from `tc`, twice its captures, and `exposed`: 0 if it captures nothing,
	 * else `tc - exposed` but at least 2 (a capture stays a capture for late-move pruning).
	 * Branch-free: max(j, 2) is `j - ((j - 2) & ((j - 2) >> 31))`, and `(0 - tc) >> 31` is -1
	 * for a capture, 0 for none.
	 */
	const jumpGain = (tc: string) =>
		`(((${tc} - exposed) - ((${tc} - exposed - 2) & ((${tc} - exposed - 2) >> 31))) & ((0 - ${tc}) >> 31))`;
	/**
	 * Emits the loops over the jumps of the side to move: from each blob of `m{w}` (only those in
	 * `{sources}{w}` if given) to each cell of `{targets}{w}` 2 away. At a blob the code has
	 * `from`, `f` (from << 8) and `rowBase` (its row of the table), and `atBlob(fw)`'s
	 * declarations after them; at a target `k` (its bit index), then `atTarget(tw)`.
	 */
	const emitJumpLoops = (
		sources: string | null,
		targets: string,
		atBlob: (fw: number) => string,
		atTarget: (tw: number) => string,
	) => {
		for (const fw of ws) {
			const jumpsTo = (tw: number) =>
				`{ let t = JUMP_TARGETS_${tw}[fk] & ${targets}${tw}; ${forBits('t', tw, 'b', 'k', atTarget(tw))} }`;
			const inner = nearWords(fw).map(jumpsTo).join('\n');
			emit(
				`{ let x = m${fw}${sources === null ? '' : ` & ${sources}${fw}`}; ${forBits(
					'x',
					fw,
					'fb',
					'fk',
					`const from = ${cellOf('fk', fw)}, f = from << 8, rowBase = tableBase + from * ${g.cells}` +
						`${atBlob(fw)};\n${inner}`,
				)} }`,
			);
		}
	};
	/**
	 * Emits the loops over the jumps of the side to move (each blob, each empty cell 2 away; only
	 * from `{sources}{w}` to `{targets}{w}` if given) with its key in `key` (gain, with the jump
	 * penalty if `penalized`, and the table's value), then `then`: `bit`, `cell` and `move` are
	 * the jump's, `exposed` the blobs it leaves open.
	 */
	const emitKeyedJumps = (then: string, penalized: boolean, sources: string | null = null, targets = 'e') =>
		emitJumpLoops(
			sources,
			targets,
			(fw) => (penalized ? `, exposed = ${exposedByJump(fw)}` : ''),
			(tw) =>
				`const bit = k - ${tw * 32}, cell = ${cellOf('k', tw)}, move = f | cell` +
				(penalized
					? `, tc = ${twiceCaptures(tw)}; let key = gainUnit * ${jumpGain('tc')} + `
					: `; let key = gainUnit * ${twiceCaptures(tw)} + `) +
				`table[rowBase + cell]; ${then}`,
		);
	// The capture counts below and the bits of make's words are selected, not branched to: an
	// arithmetic operation that has not run when V8 optimizes a kernel (a jump between two words
	// the search has not played yet) has no type feedback, and the first time it runs V8 throws the
	// optimized code away and compiles it again (tens of milliseconds for a 16x16 kernel).
	const keep = `out[n] = move; keys[n] = key; n++;`;
	/** Code: the preamble of a function of the position (the side to move's words, the other's, the empty cells). */
	const emitPositionWords = () => {
		emit(`const mo = base + side * ${W}, oo = base + ${W} - side * ${W};`);
		emit(list((w) => `const m${w} = bb[mo + ${w}] | 0, o${w} = bb[oo + ${w}] | 0;`, '\n'));
		emit(empties());
	};
	/**
	 * Emits `generateScored`, or with `penalized` its twin `generateScoredPenalized` (capturing
	 * jumps keyed with the jump penalty): two functions, so that the plain one keeps its size and
	 * speed (V8 does not optimize a function past a size, which the 16x16 kernel reached with the
	 * penalty in it).
	 */
	const emitGenerateScored = (penalized: boolean) => {
		emit(
			`function ${penalized ? 'generateScoredPenalized' : 'generateScored'}(bb, base, side, out, keys, ` +
				`outBase, gainUnit, table, tableBase) {`,
		);
		emitPositionWords();
		emit(singles());
		emitCaptureCounts();
		emit(`let n = outBase;`);
		for (const w of ws)
			emit(
				`{ let x = s${w}; ${forBits(
					'x',
					w,
					'b',
					'k',
					`const bit = k - ${w * 32}, cell = ${cellOf('k', w)}, move = (cell << 8) | cell; ` +
						`let key = gainUnit * (${twiceCaptures(w)} + 1) + ` +
						`table[tableBase + cell * ${g.cells + 1}]; ${keep}`,
				)} }`,
			);
		emitKeyedJumps(keep, penalized);
		emit(`return n - outBase;`);
		emit(`}`);
	};
	emitGenerateScored(false);
	emitGenerateScored(true);

	// firstScored(bb, base, side, table, tableBase): most inner nodes search one move and cut off;
	// their sort's first step is found here from sets of cells, not from a list. The gain decides
	// first: the most captures c over the clone targets and over every reachable empty cell are
	// found bit by bit from the top of the counts (leaving in q the cells that reach them). If a
	// clone target reaches the most, the best gain is a clone's (2c + 1 beats a jump's 2c);
	// otherwise it is a jump to one of those cells (none of them is a clone target). Only the moves
	// of that gain are then scored, in generation order.
	// firstScoredPenalized(..., gainUnit): the same first move with the jump penalty
	// (generateScoredPenalized).
	const emitFirstScored = (penalized: boolean) => {
		emit(
			penalized
				? `function firstScoredPenalized(bb, base, side, table, tableBase, gainUnit) {`
				: `function firstScored(bb, base, side, table, tableBase) {`,
		);
		emitPositionWords();
		emit(singles());

		emit(dilate('d', 'g', 'q'));
		emit(list((w) => `const r${w} = q${w} & e${w};`, '\n'));
		emit(`if ((${list((w) => `r${w}`, ' | ')}) === 0) return -1;`);
		emitCaptureCounts();
		/** Code: `cm{set}` the most captures over the cells `{set}{w}`, and `q{set}{w}` the cells with that many. */
		const most = (set: string) => {
			emit(list((w) => `let q${set}${w} = ${set}${w};`, ' '));
			emit(`let cm${set} = 0;`);
			for (const line of largestCountCode(
				ws,
				(w) => `q${set}${w}`,
				(bit, w) => `t${bit}${w}`,
				`cm${set}`,
			))
				emit(line);
		};
		most('s');
		most('r');
		emit(`let best = -1, bestKey = -1;`);
		const pick = `if (key > bestKey) { bestKey = key; best = move; }`;
		/** Emits the picking loop over the clones of the most captures, their keys `gain` plus the table's. */
		const pickClones = (gain: string) => {
			for (const w of ws)
				emit(
					`{ let x = qs${w}; ${forBits(
						'x',
						w,
						'b',
						'k',
						`const cell = ${cellOf('k', w)}, move = (cell << 8) | cell; ` +
							`let key = ${gain}table[tableBase + cell * ${g.cells + 1}]; ${pick}`,
					)} }`,
				);
		};
		emit(`if ((${list((w) => `s${w}`, ' | ')}) !== 0 && cms === cmr) {`);
		pickClones('');
		emit(`return best;`);
		emit(`}`);
		if (penalized) {
			// With the jump penalty a jump's gain depends on the cell it leaves too, and a clone of fewer
			// captures can beat it: the clones of the most captures, then the jumps that can reach their
			// gain, keyed in full. A jump of c captures gains at most max(2c, 2) (0 for none): it can
			// reach a clone's 2 * cms + 1 only with c > cms; with no clone, a capturing jump (2 at
			// least) beats every jump that captures nothing. `lim` is that bound (-1: none), and `jt`
			// the cells with more captures than it (bit-sliced comparison of t0..t3 with `lim`,
			// branch-free), jumped to only from the blobs within 2 cells of them (`jz`).
			pickClones('gainUnit * (2 * cms + 1) + ');
			emit(`const lim = (${list((w) => `s${w}`, ' | ')}) !== 0 ? cms : cmr > 0 ? 0 : -1, all = lim >> 31;`);
			emit(list((w) => `let gt${w} = 0, eq${w} = -1;`, ' '));
			for (const bit of [3, 2, 1, 0])
				emit(
					`{ const bm = -((lim >> ${bit}) & 1); ` +
						list((w) => `gt${w} |= eq${w} & t${bit}${w} & ~bm; eq${w} &= ~(t${bit}${w} ^ bm);`, ' ') +
						` }`,
				);
			emit(list((w) => `const jt${w} = e${w} & (gt${w} | all);`, '\n'));
			emit(dilate('jt', 'jh', 'jy'));
			emit(dilate('jy', 'jg', 'jz'));
			emitKeyedJumps(pick, true, 'jz', 'jt');
			emit(`return best;`);
			emit(`}`);
			return;
		}
		// The blobs that jump to those cells are within distance 2 of them.
		emit(dilate('qr', 'hy', 'y'));
		emit(dilate('y', 'hz', 'z'));
		emitJumpLoops(
			'z',
			'qr',
			() => '',
			(tw) => `const cell = ${cellOf('k', tw)}, move = f | cell; let key = table[rowBase + cell]; ${pick}`,
		);
		emit(`return best;`);
		emit(`}`);
	};
	emitFirstScored(false);
	emitFirstScored(true);

	// hasMove(bb, base, side): a cell at distance <= 2 of a blob is empty (two dilations).
	emit(`function hasMove(bb, base, side) {`);
	emit(`const mo = base + side * ${W}, oo = base + ${W} - side * ${W};`);
	emit(list((w) => `const m${w} = bb[mo + ${w}] | 0, o${w} = bb[oo + ${w}] | 0;`, '\n'));
	emit(empties());
	emit(dilate('m', 'h', 'd'));
	// Most positions have a clone: the second dilation (jumps) is needed only without one.
	emit(`if ((${list((w) => `(d${w} & e${w})`, ' | ')}) !== 0) return true;`);
	emit(dilate('d', 'g', 'q'));
	emit(`return (${list((w) => `(q${w} & e${w})`, ' | ')}) !== 0;`);
	emit(`}`);

	// make(bb, src, dst, side, move, keys, ksrc, kdst): copy-make with the Zobrist key.
	emit(`function make(bb, src, dst, side, move, keys, ksrc, kdst) {`);
	emit(
		`const ms = src + side * ${W}, os = src + ${W} - side * ${W}, ` +
			`md = dst + side * ${W}, od = dst + ${W} - side * ${W};`,
	);
	emit(
		`const to = move & 255, from = (move >>> 8) & 255, tk = CELL_BIT[to], tw = tk >>> 5, ` +
			`tb = 1 << (tk & 31), zs = side * ${W * 32};`,
	);
	emit(
		`let lo = keys[ksrc] ^ ZOBRIST_SIDE_LO ^ ZOBRIST_LO[zs + tk], ` +
			`hi = keys[ksrc + 1] ^ ZOBRIST_SIDE_HI ^ ZOBRIST_HI[zs + tk];`,
	);
	emit(`let fw = -1, fb = 0, n = 256;`);
	emit(
		`if (from !== to && IS_JUMP[(from << 8) | to] === 1) { ` +
			`const fk = CELL_BIT[from]; fw = fk >>> 5; fb = 1 << (fk & 31); ` +
			`lo ^= ZOBRIST_LO[zs + fk]; hi ^= ZOBRIST_HI[zs + fk]; n = 0; }`,
	);
	for (const w of ws) {
		emit(`{ const o = bb[os + ${w}], c = o & NEIGHBOURS_${w}[tk]; let m = bb[ms + ${w}] | c;`);
		emit(`m = (m | (tw === ${w} ? tb : 0)) ^ (fw === ${w} ? fb : 0);`);
		emit(`bb[md + ${w}] = m; bb[od + ${w}] = o ^ c;`);
		emit(
			`if (c !== 0) { n += ${pop('c')}; let x = c; ` +
				`${forBits('x', w, 'b', 'k', 'lo ^= ZOBRIST_CAPTURE_LO[k]; hi ^= ZOBRIST_CAPTURE_HI[k];')} } }`,
		);
	}
	emit(`keys[kdst] = lo; keys[kdst + 1] = hi;`);
	emit(`return n;`);
	emit(`}`);

	// makeBoard(bb, src, dst, side, move): copy-make of the blobs alone (a leaf needs no key).
	emit(`function makeBoard(bb, src, dst, side, move) {`);
	emit(
		`const ms = src + side * ${W}, os = src + ${W} - side * ${W}, ` +
			`md = dst + side * ${W}, od = dst + ${W} - side * ${W};`,
	);
	emit(`const to = move & 255, from = (move >>> 8) & 255, tk = CELL_BIT[to], tw = tk >>> 5, tb = 1 << (tk & 31);`);
	emit(`let fw = -1, fb = 0, n = 256;`);
	emit(
		`if (from !== to && IS_JUMP[(from << 8) | to] === 1) ` +
			`{ const fk = CELL_BIT[from]; fw = fk >>> 5; fb = 1 << (fk & 31); n = 0; }`,
	);
	for (const w of ws) {
		emit(`{ const o = bb[os + ${w}], c = o & NEIGHBOURS_${w}[tk]; let m = bb[ms + ${w}] | c;`);
		emit(`m = (m | (tw === ${w} ? tb : 0)) ^ (fw === ${w} ? fb : 0);`);
		emit(`bb[md + ${w}] = m; bb[od + ${w}] = o ^ c;`);
		emit(`if (c !== 0) n += ${pop('c')}; }`);
	}
	emit(`return n;`);
	emit(`}`);

	// isLegal(bb, base, side, move)
	emit(`function isLegal(bb, base, side, move) {`);
	emit(`if (move < 0 || move > 0xffff) return false;`);
	emit(`const to = move & 255, from = (move >>> 8) & 255;`);
	emit(`if (to >= ${g.cells} || from >= ${g.cells}) return false;`);
	emit(`const mo = base + side * ${W}, oo = base + ${W} - side * ${W}, tk = CELL_BIT[to], tw = tk >>> 5;`);
	emit(`if (PLAYABLE_BIT[tk] === 0 || ((bb[mo + tw] | bb[oo + tw]) & (1 << (tk & 31))) !== 0) return false;`);
	emit(`if (from === to) return (${list((w) => `(NEIGHBOURS_${w}[tk] & bb[mo + ${w}])`, ' | ')}) !== 0;`);
	emit(`const fk = CELL_BIT[from], d = DISTANCE[(from << 8) | to];`);
	emit(`return (d === 1 || d === 2) && (bb[mo + (fk >>> 5)] & (1 << (fk & 31))) !== 0;`);
	emit(`}`);

	// gains(bb, base, side, moves, mBase, n, out, oBase, shift)
	emit(`function gains(bb, base, side, moves, mBase, n, out, oBase, shift, jumpPenalty) {`);
	emit(`const mo = base + side * ${W}, oo = base + ${W} - side * ${W};`);
	emit(list((w) => `const m${w} = bb[mo + ${w}] | 0, o${w} = bb[oo + ${w}] | 0;`, '\n'));
	emit(`for (let i = 0; i < n; i++) {`);
	emit(`const move = moves[mBase + i], to = move & 255, from = (move >>> 8) & 255, tk = CELL_BIT[to];`);
	emit(`let g = ${list((w) => pop(`o${w} & NEIGHBOURS_${w}[tk]`), ' + ')};`);
	emit(`if (from === to || IS_JUMP[(from << 8) | to] === 0) { out[oBase + i] = (2 * g + 1) << shift; continue; }`);
	emit(`const fk = CELL_BIT[from], tc = 2 * g;`);
	emit(`const exposed = jumpPenalty * (${list((w) => pop(`m${w} & NEIGHBOURS_${w}[fk]`), ' + ')});`);
	emit(`out[oBase + i] = ${jumpGain('tc')} << shift;`);
	emit(`}`);
	emit(`}`);

	// exposure(bb, base, side): blobs next to an empty cell, theirs minus mine.
	emit(`function exposure(bb, base, side) {`);
	emit(`const mo = base + side * ${W}, oo = base + ${W} - side * ${W};`);
	emit(list((w) => `const m${w} = bb[mo + ${w}] | 0, o${w} = bb[oo + ${w}] | 0;`, '\n'));
	emit(empties());
	emit(dilate('e', 'he', 'de'));
	emit(`return ${list((w) => `${pop(`de${w} & o${w}`)} - ${pop(`de${w} & m${w}`)}`, ' + ')};`);
	emit(`}`);

	/** Emits a Blob War perft function `name(m..., o..., d)`, d >= 1. */
	const emitPerft = (name: string, pairs: boolean, made: boolean) => {
		emit(`function ${name}(${list((w) => `m${w}`)}, ${list((w) => `o${w}`)}, d) {`);
		emit(empties());
		if (!pairs) emit(singles());
		emit(`let total = 0;`);
		if (made) emit(`if (d === 1) {\n${moveLoops(pairs, makeLeaf, '', '')}\nreturn total;\n}`);
		else emit(bulkCount(pairs));
		emit(`const dd = d - 1;`);
		emit(moveLoops(pairs, recurse(name), ', dd', ', dd'));
		emit(`return total;`);
		emit(`}`);
	};

	/** Emits an Ataxx perft function `name(m..., o..., clock, d)`, d >= 1. */
	const emitAtaxx = (name: string, pairs: boolean, made: boolean) => {
		emit(`function ${name}(${list((w) => `m${w}`)}, ${list((w) => `o${w}`)}, clock, d) {`);
		emit(
			`if ((${list((w) => `m${w}`, ' | ')}) === 0 || ` +
				`(${list((w) => `o${w}`, ' | ')}) === 0 || clock >= 100) return 0;`,
		);
		emit(empties());
		// Can anyone move? Empty cells at distance <= 2 of each side.
		emit(dilate('m', 'h', 'd'));
		emit(dilate('d', 'g', 'q'));
		emit(`if ((${list((w) => `(q${w} & e${w})`, ' | ')}) === 0) {`);
		emit(dilate('o', 'ho', 'do'));
		emit(dilate('do', 'go', 'qo'));
		emit(`if ((${list((w) => `(qo${w} & e${w})`, ' | ')}) === 0) return 0;`);
		emit(`if (d === 1) { ${made ? `sink ^= ${list((w) => `o${w} ^ m${w}`, ' ^ ')}; ` : ''}return 1; }`);
		emit(`return ${name}(${list((w) => `o${w}`)}, ${list((w) => `m${w}`)}, clock + 1, d - 1);`);
		emit(`}`);
		if (!pairs) emit(list((w) => `const s${w} = d${w} & e${w};`, '\n'));
		emit(`let total = 0;`);
		if (made) emit(`if (d === 1) {\n${moveLoops(pairs, makeLeaf, '', '')}\nreturn total;\n}`);
		else emit(bulkCount(pairs));
		emit(`const dd = d - 1, jc = clock + 1;`);
		emit(moveLoops(pairs, recurse(name), ', 0, dd', ', jc, dd'));
		emit(`return total;`);
		emit(`}`);
	};

	emitPerft('perftBulk', false, false);
	emitPerft('perftBulkPairs', true, false);
	emitPerft('perftMade', false, true);
	emitPerft('perftMadePairs', true, true);
	emitAtaxx('ataxxBulk', false, false);
	emitAtaxx('ataxxBulkPairs', true, false);
	emitAtaxx('ataxxMade', false, true);
	emitAtaxx('ataxxMadePairs', true, true);

	const unpack = `${list((w) => `bb[mo + ${w}] | 0`)}, ${list((w) => `bb[oo + ${w}] | 0`)}`;
	emit(`function perft(bb, side, depth, pairs, made) {`);
	emit(`if (depth <= 0) return 1;`);
	emit(`const mo = side * ${W}, oo = ${W} - mo;`);
	emit(`if (made) return pairs ? perftMadePairs(${unpack}, depth) : perftMade(${unpack}, depth);`);
	emit(`return pairs ? perftBulkPairs(${unpack}, depth) : perftBulk(${unpack}, depth);`);
	emit(`}`);
	emit(`function perftAtaxx(bb, side, clock, depth, pairs, made) {`);
	emit(`if (depth <= 0) return 1;`);
	emit(`const mo = side * ${W}, oo = ${W} - mo;`);
	emit(`if (made) return pairs ? ataxxMadePairs(${unpack}, clock, depth) : ataxxMade(${unpack}, clock, depth);`);
	emit(`return pairs ? ataxxBulkPairs(${unpack}, clock, depth) : ataxxBulk(${unpack}, clock, depth);`);
	emit(`}`);
	emit(
		`return { generate, generateScored, generateScoredPenalized, firstScored, firstScoredPenalized, ` +
			`hasMove, make, makeBoard, isLegal, gains, exposure, perft, perftAtaxx };`,
	);
	// Stack traces and profiles name the compiled code after this line.
	emit(`//# sourceURL=${kernelName(g)}`);
	return lines.join('\n');
}
