/**
 * The learned evaluation's `score` compiled to WebAssembly per board shape and weight set: the
 * same sets of cells and counts as the JavaScript kernel (`eval-kernel.ts`, which documents
 * them), on 64-bit words (`wordLanes`). Two 32-bit words of the position make one 64-bit word
 * (the even word in the low half), so a 7x7 or 8x8 board is one word and 16x16 four: half the word
 * operations of the JavaScript kernel, and one `i64.popcnt` where it looks up four 16-bit halves
 * in a table. A board of 16 columns is worked on in 128-bit vectors instead (`rowLanes`), a row to
 * each 16-bit lane: 16x16 is two vectors.
 *
 * A shape whose rows do not fill 32 bits (`cols * rowsPerWord < 32`: 7x7 leaves 4 bits) has a gap
 * between the halves of a 64-bit word; a shift by a row crosses it with a shift of its own for the
 * row next to it, and every set keeps the gap empty, so that no shift carries a bit from the gap
 * onto a cell. The result is the JavaScript kernel's to the unit (the tests compare them on
 * random positions of every shape).
 */

import { type Geometry } from '../game/geometry.js';
import { columnMasks, validMask } from '../game/shape-kernel.js';
import { featureMasks, PHASE_ONE, SIDE_FEATURES, type SideFeature, TERM_COUNT, TEMPO } from './eval-features.js';
import { featureRecipe, type MaskName, namedMasks, type SetExpr, setMaker } from './eval-sets.js';
import {
	BLOCK_EMPTY,
	encodeModule,
	I32,
	i32Const,
	I64,
	i64Const,
	OP,
	SIMD,
	simd,
	uleb,
	V128,
	v128Const,
	vectorsAvailable,
	type WasmFunction,
} from './wasm-encoder.js';

/** What the module's `leaf` returns for a position it does not score: the caller scores it. */
export const LEAF_UNSURE = -0x80000000;

/** Code that leaves one value on the stack. */
type Code = number[];

/**
 * The WebAssembly module of `score` for a shape and the weights of its taper points (opening
 * first, `taperPoints`), checked by the caller, on 128-bit vectors if `vectors` (only for a board
 * of 16 columns; the default where the runtime has them), else on 64-bit words. Two exported
 * functions:
 * - `score`, of `2 * words + 3` 32-bit parameters (the side to move's words, the other side's
 *   words, the phase `PHASE[mine + theirs]`, mine, theirs), returns the score in centiblobs, the
 *   value of `EvalKernel.score`;
 * - `leaf`, of `2 * words + 5`, scores the position after a move without writing it: the words
 *   of the side to move after the move (the mover's opponent) and of the mover, both before it,
 *   the phase after it, their blobs before it (the mover's plus one for a clone), the bit index
 *   (`word * 32 + bit`) of the move's target and of its origin (-1 for a clone). It makes the
 *   move on its words (the opponent's blobs next to the target change sides: one dilation of the
 *   target's bit), then returns `LEAF_UNSURE` if a side has no blob or the side to move reaches
 *   no empty cell, else `score` of that position (`EvalKernel.leaf`).
 * @throws RangeError if `vectors` is asked for a board of other than 16 columns
 */
export function evalKernelWasm(
	g: Geometry,
	points: readonly ArrayLike<number>[],
	vectors = g.cols === ROW_BITS && vectorsAvailable(),
): Uint8Array {
	if (vectors && g.cols !== ROW_BITS) throw new RangeError(`vectors need ${ROW_BITS} columns, not ${g.cols}`);
	const W = g.words;
	const masks = featureMasks(g);
	const valid32 = Array.from({ length: W }, (_, w) => validMask(g, w));
	const lanes = vectors ? rowLanes(g) : wordLanes(g);
	const vs = Array.from({ length: lanes.count }, (_, v) => v);

	// Locals: parameters first (words of the side to move, of the other side, ph, mine, theirs).
	const PARAMS = 2 * W + 3;
	const P_PH = 2 * W;
	const P_MINE = 2 * W + 1;
	const P_THEIRS = 2 * W + 2;
	const P_TO = 2 * W + 3;
	const P_FROM = 2 * W + 4;
	/**
	 * The function `score`, or with `fused` the function `leaf`: the same evaluation of the
	 * position after a move (see `evalKernelWasm`).
	 */
	const compile = (fused: boolean): WasmFunction => {
		const params = fused ? PARAMS + 2 : PARAMS;
		const localTypes: number[] = [];
		const names = new Map<string, number>();
		const body: number[] = [];
		const local = (key: string, type: number): number => {
			let index = names.get(key);
			if (index === undefined) {
				index = params + localTypes.length;
				localTypes.push(type);
				names.set(key, index);
			}
			return index;
		};
		/** A parameter's or a local's value, by its index. */
		const param = (index: number): Code => [OP.localGet, ...uleb(index)];
		const get = (key: string): Code => {
			const index = names.get(key);
			if (index === undefined) throw new Error(`eval-kernel-wasm: ${key} used before it is set`);
			return param(index);
		};
		const set = (key: string, code: Code, type = lanes.type) =>
			body.push(...code, OP.localSet, ...uleb(local(key, type)));
		const w = (key: string, v: number) => get(`${key}${v}`);
		/** The set named x, lane by lane (what `Lanes.up` and `Lanes.down` read). */
		const lanesOf = (x: string) => (v: number) => w(x, v);

		const { and, or, xor, not } = lanes;
		const VA = (v: number) => lanes.mask(valid32, v);
		const up = (x: string, v: number) => lanes.up(lanesOf(x), v);
		const down = (x: string, v: number) => lanes.down(lanesOf(x), v);

		// The words of the two sides and the empty cells.
		for (const v of vs) {
			set(`m${v}`, lanes.read(param, 0, v));
			set(`o${v}`, lanes.read(param, W, v));
		}

		const dilate = (src: string, dst: string) => {
			for (const v of vs)
				set(
					`h${dst}${v}`,
					and(or(w(src, v), lanes.nextColumn(w(src, v)), lanes.previousColumn(w(src, v))), VA(v)),
				);
			for (const v of vs)
				set(`${dst}${v}`, and(or(w(`h${dst}`, v), up(`h${dst}`, v), down(`h${dst}`, v)), VA(v)));
		};
		/** `cnt{s}`: the other side's blobs around each cell as bit planes (`eval-kernel.ts`). */
		const aroundCount = (s: 'm' | 'o') => {
			const t = s === 'm' ? 'o' : 'm';
			const p = `${s}x`;
			for (const v of vs) {
				set(`${p}a${v}`, and(lanes.nextColumn(w(t, v)), VA(v)));
				set(`${p}c${v}`, lanes.previousColumn(w(t, v)));
				set(`${p}r0${v}`, xor(w(`${p}a`, v), w(t, v), w(`${p}c`, v)));
				set(`${p}r1${v}`, or(and(w(`${p}a`, v), w(t, v)), and(w(`${p}c`, v), xor(w(`${p}a`, v), w(t, v)))));
			}
			for (const v of vs) {
				set(`${p}u0${v}`, and(up(`${p}r0`, v), VA(v)));
				set(`${p}u1${v}`, and(up(`${p}r1`, v), VA(v)));
				set(`${p}d0${v}`, and(down(`${p}r0`, v), VA(v)));
				set(`${p}d1${v}`, and(down(`${p}r1`, v), VA(v)));
				const [u0, u1, d0, d1, r0, r1] = ['u0', 'u1', 'd0', 'd1', 'r0', 'r1'].map((x) => w(`${p}${x}`, v));
				set(`${p}s0${v}`, xor(u0, r0));
				set(`${p}k${v}`, and(u0, r0));
				const kk = w(`${p}k`, v);
				set(`${p}s1${v}`, xor(u1, r1, kk));
				set(`${p}s2${v}`, or(and(u1, r1), and(kk, xor(u1, r1))));
				const [s0, s1, s2] = ['s0', 's1', 's2'].map((x) => w(`${p}${x}`, v));
				set(`${p}t0${v}`, xor(s0, d0));
				set(`${p}j${v}`, and(s0, d0));
				const j = w(`${p}j`, v);
				set(`${p}t1${v}`, xor(s1, d1, j));
				set(`${p}i${v}`, or(and(s1, d1), and(j, xor(s1, d1))));
				const i = w(`${p}i`, v);
				set(`${p}t2${v}`, xor(s2, i));
				set(`${p}t3${v}`, and(s2, i));
			}
		};
		/** `cap{s}`: the largest count of `cnt{s}` among the empty cells `s` reaches, bit by bit. */
		const capture = (s: 'm' | 'o') => {
			const p = `${s}x`;
			for (const v of vs) set(`${p}q${v}`, w(`r${s}`, v));
			set(`cap${s}`, i32Const(0), I32);
			for (const [bit, value] of [
				[3, 8],
				[2, 4],
				[1, 2],
				[0, 1],
			]) {
				set(`${p}z`, lanes.any(vs.map((v) => and(w(`${p}q`, v), w(`${p}t${bit}`, v)))), I32);
				set(
					`cap${s}`,
					[...get(`cap${s}`), ...i32Const(value), ...i32Const(0), ...get(`${p}z`), OP.select, OP.i32Add],
					I32,
				);
				// zs: all ones where the bit was found, else 0; q &= t | ~zs.
				const zs = lanes.spread(get(`${p}z`));
				for (const v of vs) set(`${p}q${v}`, and(w(`${p}q`, v), or(w(`${p}t${bit}`, v), not(zs))));
			}
		};
		const need = setMaker({
			dilate,
			and: (to, a, b) => vs.forEach((v) => set(`${to}${v}`, and(w(a, v), w(b, v)))),
			count: aroundCount,
			capture,
		});
		/** The popcount (an i32) of a set given per lane, within `within` (32-bit words); null if always 0. */
		const pop = (x: (v: number) => Code, within: ArrayLike<number>): Code | null => {
			const parts = vs.filter((v) => lanes.holds(within, v)).map(x);
			return parts.length === 0 ? null : lanes.popcount(parts);
		};
		if (fused) {
			// The move of the other side (`o`) to bit index tk, from fk if a jump (else -1): the
			// cells next to tk by one dilation of its bit, the blobs of `m` there captured.
			for (const v of vs) set(`tob${v}`, lanes.bit(param(P_TO), v));
			dilate('tob', 'ntob');
			for (const v of vs) {
				set(`cut${v}`, and(w('m', v), w('ntob', v)));
				set(`m${v}`, xor(w('m', v), w('cut', v)));
				set(`o${v}`, xor(or(w('o', v), w('cut', v), w('tob', v)), lanes.bit(param(P_FROM), v)));
			}
			// The blobs captured (`pop` within the board's cells, which every word holds: never null).
			set(
				'taken',
				pop((v) => w('cut', v), valid32)!,
				I32,
			);
			body.push(...param(P_MINE), ...get('taken'), OP.i32Sub, OP.localSet, ...uleb(P_MINE));
			body.push(...param(P_THEIRS), ...get('taken'), OP.i32Add, OP.localSet, ...uleb(P_THEIRS));
		}
		for (const v of vs) set(`e${v}`, and(lanes.mask(g.playable, v), not(or(w('m', v), w('o', v)))));
		if (fused) {
			// Not a plain leaf: a side without blobs, or the side to move without a move.
			need('rm');
			body.push(...param(P_MINE), OP.i32Eqz, ...param(P_THEIRS), OP.i32Eqz, OP.i32Or);
			body.push(...lanes.none(vs.map((v) => w('rm', v))), OP.i32Or);
			body.push(OP.if, BLOCK_EMPTY, ...i32Const(LEAF_UNSURE), OP.return, OP.end);
		}
		const maskWords = namedMasks(masks);
		/** Code of a set expression on 64-bit word `v` (the masks as constants). */
		const render = (x: SetExpr, v: number): Code =>
			typeof x === 'string'
				? x in maskWords
					? lanes.mask(maskWords[x as MaskName], v)
					: w(x, v)
				: 'not' in x
					? not(render(x.not, v))
					: 'and' in x
						? and(...x.and.map((y) => render(y, v)))
						: or(...x.or.map((y) => render(y, v)));
		const withinMasks = { board: valid32, ...maskWords };
		/** Code of the count of a side feature of `m` (mine) or `o` (theirs); null if always 0. */
		const feature = (f: SideFeature, s: 'm' | 'o'): Code | null => {
			const recipe = featureRecipe(f, s);
			if (recipe.kind === 'capture') {
				need(`cap${recipe.side}`);
				return get(`cap${recipe.side}`);
			}
			recipe.needs.forEach(need);
			return pop((v) => render(recipe.of, v), withinMasks[recipe.within]);
		};

		// The terms with a weight somewhere, each counted once into an i32 local.
		const n = SIDE_FEATURES.length;
		const K = points.length;
		const terms: number[] = [];
		for (let i = 0; i < TERM_COUNT; i++) {
			if (!points.some((list) => list[i] !== 0)) continue;
			const x =
				i === TEMPO
					? i32Const(1)
					: i === 0
						? param(P_MINE)
						: i === n
							? param(P_THEIRS)
							: feature(SIDE_FEATURES[i % n], i < n ? 'm' : 'o');
			if (x === null) continue;
			terms.push(i);
			set(`x${i}`, x, I32);
		}
		/** The sum of the terms times a taper point's weights (an i32). */
		const sum = (list: ArrayLike<number>): Code =>
			terms.reduce<Code>(
				(acc, i) =>
					list[i] === 0 ? acc : [...acc, ...get(`x${i}`), ...i32Const(list[i]), OP.i32Mul, OP.i32Add],
				i32Const(0),
			);
		const SHIFT = Math.log2(PHASE_ONE);
		if (K === 2) {
			set('a', sum(points[0]), I32);
			set('b', sum(points[1]), I32);
			set('u', param(P_PH), I32);
		} else {
			// t = ph * (K - 1); seg = min(K - 2, t >>> SHIFT); u = t - seg * PHASE_ONE.
			set('t', [...param(P_PH), ...i32Const(K - 1), OP.i32Mul], I32);
			set('seg', [...get('t'), ...i32Const(SHIFT), OP.i32ShrU], I32);
			set(
				'seg',
				[...get('seg'), ...i32Const(K - 2), ...get('seg'), ...i32Const(K - 2), OP.i32LtU, OP.select],
				I32,
			);
			set('u', [...get('t'), ...get('seg'), ...i32Const(PHASE_ONE), OP.i32Mul, OP.i32Sub], I32);
			local('a', I32);
			local('b', I32);
			const chain = (seg: number): Code => {
				const assign = [
					...sum(points[seg]),
					OP.localSet,
					...uleb(local('a', I32)),
					...sum(points[seg + 1]),
					OP.localSet,
					...uleb(local('b', I32)),
				];
				if (seg === K - 2) return assign;
				return [
					...get('seg'),
					...i32Const(seg),
					OP.i32Eq,
					OP.if,
					BLOCK_EMPTY,
					...assign,
					OP.else,
					...chain(seg + 1),
					OP.end,
				];
			};
			body.push(...chain(0));
		}
		// floor((a * PHASE_ONE - (a - b) * u) / PHASE_ONE), in 64 bits.
		body.push(
			...get('a'),
			OP.i64ExtendI32S,
			...i64Const(BigInt(SHIFT)),
			OP.i64Shl,
			...get('a'),
			...get('b'),
			OP.i32Sub,
			OP.i64ExtendI32S,
			...get('u'),
			OP.i64ExtendI32S,
			OP.i64Mul,
			OP.i64Sub,
			...i64Const(BigInt(SHIFT)),
			OP.i64ShrS,
			OP.i32WrapI64,
		);
		return { name: fused ? 'leaf' : 'score', params, locals: localTypes, body };
	};
	return encodeModule([compile(false), compile(true)]);
}

/** Columns of a board whose rows fill 16-bit lanes exactly (two rows to a 32-bit word). */
const ROW_BITS = 16;

/**
 * How a module holds a set of cells in locals and works on it: the sets are lanes of one value
 * type, and every operation gives the code of one lane (or of an i32, for counts and tests).
 */
interface Lanes {
	/** Locals per set. */
	readonly count: number;
	/** Their value type (`I64` or `V128`). */
	readonly type: number;
	/** Lane `v` of a mask given in 32-bit words (the geometry's layout). */
	mask(words32: ArrayLike<number>, v: number): Code;
	/** Whether lane `v` of a mask given in 32-bit words holds a cell. */
	holds(words32: ArrayLike<number>, v: number): boolean;
	and(...xs: Code[]): Code;
	or(...xs: Code[]): Code;
	xor(...xs: Code[]): Code;
	not(x: Code): Code;
	/** Lane `v` of a side whose 32-bit words are the parameters from `first` on (`param(i)` reads one). */
	read(param: (i: number) => Code, first: number, v: number): Code;
	/** Each cell's value moved to the next column of its row (the first column empty). */
	nextColumn(x: Code): Code;
	/** Each cell's value moved to the previous column of its row (the last column empty). */
	previousColumn(x: Code): Code;
	/** Each cell's value moved one row up (to the row of the next index) in lane `v`, before `& valid`. */
	up(x: (v: number) => Code, v: number): Code;
	/** Each cell's value moved one row down in lane `v`, before `& valid`. */
	down(x: (v: number) => Code, v: number): Code;
	/** The number of cells (an i32) of a set given by some of its lanes. */
	popcount(parts: Code[]): Code;
	/** 1 (an i32) if a set given by some of its lanes holds a cell, else 0. */
	any(parts: Code[]): Code;
	/** 1 (an i32) if a set given by some of its lanes is empty, else 0. */
	none(parts: Code[]): Code;
	/** A lane of all ones if the i32 `z` is 1, of zeros if it is 0. */
	spread(z: Code): Code;
	/** Lane `v` of the set of one cell, the i32 `index` its bit index (`word * 32 + bit`; -1: none). */
	bit(index: Code, v: number): Code;
}

/**
 * Code of 64-bit word `v` of the set of one cell, `index` the code of its bit index (an i32,
 * `word * 32 + bit`): the bit `index & 63` if `index >>> 6` is `v`, else 0.
 */
function wordBit(index: Code, v: number): Code {
	return [
		...i64Const(1n),
		...index,
		...i32Const(63),
		OP.i32And,
		OP.i64ExtendI32U,
		OP.i64Shl,
		...i64Const(0n),
		...index,
		...i32Const(6),
		OP.i32ShrU,
		...i32Const(v),
		OP.i32Eq,
		OP.select,
	];
}

const fold = (op: number[], xs: Code[]): Code => xs.slice(1).reduce((acc, x) => [...acc, ...x, ...op], xs[0]);

/**
 * Sets as 64-bit words, two 32-bit words of the position to one (the even word in the low half).
 * A shape whose rows do not fill 32 bits has a gap between the halves (see `evalKernelWasm`).
 */
function wordLanes(g: Geometry): Lanes {
	const W = g.words;
	const C = g.cols;
	const R = g.rowsPerWord;
	const SH = (R - 1) * C;
	const GAP = 32 - R * C;
	const V = Math.ceil(W / 2);
	const row = (1n << BigInt(C)) - 1n;
	/** The 64-bit word v of a 32-bit-word mask. */
	const pair = (arr: ArrayLike<number>, v: number): bigint =>
		(BigInt((2 * v + 1 < W ? arr[2 * v + 1] : 0) >>> 0) << 32n) | BigInt(arr[2 * v] >>> 0);
	const { first: col0, last: colLast } = columnMasks(g);
	/** Bits of the rows of both halves (not the gaps). */
	const ROWS = ((1n << BigInt(R * C)) - 1n) | (((1n << BigInt(R * C)) - 1n) << 32n);
	const NC = ROWS & ~(BigInt(col0 >>> 0) | (BigInt(col0 >>> 0) << 32n));
	const NL = ROWS & ~(BigInt(colLast >>> 0) | (BigInt(colLast >>> 0) << 32n));
	/** The low half's top row and the high half's bottom row (the rows next to the gap). */
	const TOPLO = row << BigInt(SH);
	const BOTHI = row << 32n;

	const k = (x: bigint): Code => i64Const(x);
	const and = (...xs: Code[]) => fold([OP.i64And], xs);
	const or = (...xs: Code[]) => fold([OP.i64Or], xs);
	const xor = (...xs: Code[]) => fold([OP.i64Xor], xs);
	const shl = (x: Code, n: number) => [...x, ...i64Const(BigInt(n)), OP.i64Shl];
	const shr = (x: Code, n: number) => [...x, ...i64Const(BigInt(n)), OP.i64ShrU];
	return {
		count: V,
		type: I64,
		mask: (words32, v) => k(pair(words32, v)),
		holds: (words32, v) => pair(words32, v) !== 0n,
		and,
		or,
		xor,
		not: (x) => xor(x, k(-1n)),
		read: (param, first, v) => {
			const half = (i: number) => [...param(i), OP.i64ExtendI32U];
			return 2 * v + 1 < W ? or(half(first + 2 * v), shl(half(first + 2 * v + 1), 32)) : half(first + 2 * v);
		},
		nextColumn: (x) => and(shl(x, 1), k(NC)),
		previousColumn: (x) => and(shr(x, 1), k(NL)),
		up: (x, v) => {
			const parts =
				GAP === 0 ? [shl(x(v), C)] : [shl(and(x(v), k(~TOPLO)), C), shl(and(x(v), k(TOPLO)), C + GAP)];
			if (v > 0) parts.push(shr(x(v - 1), GAP === 0 ? 64 - C : 32 + SH));
			return or(...parts);
		},
		down: (x, v) => {
			const parts =
				GAP === 0 ? [shr(x(v), C)] : [shr(and(x(v), k(~BOTHI)), C), shr(and(x(v), k(BOTHI)), C + GAP)];
			if (v < V - 1) parts.push(shl(x(v + 1), GAP === 0 ? 64 - C : 32 + SH));
			return or(...parts);
		},
		popcount: (parts) => [
			...fold(
				[OP.i64Add],
				parts.map((x) => [...x, OP.i64Popcnt]),
			),
			OP.i32WrapI64,
		],
		any: (parts) => [...or(...parts), ...k(0n), OP.i64Ne],
		none: (parts) => [...or(...parts), OP.i64Eqz],
		spread: (z) => [...k(0n), ...z, OP.i64ExtendI32U, OP.i64Sub],
		bit: wordBit,
	};
}

/**
 * Sets as 128-bit vectors of a board of 16 columns: each row one 16-bit lane (the geometry puts
 * two rows in a 32-bit word, the even row in the low half), eight rows to a vector. A shift by a
 * column is a shift of every 16-bit lane (no row runs into the next), a shift by a row moves the
 * vectors by two bytes (`i8x16.shuffle` of a vector and its neighbour), and a count adds the
 * 64-bit popcounts of the vectors' halves: half the operations of `wordLanes` on a 16 x 16 board.
 */
function rowLanes(g: Geometry): Lanes {
	const W = g.words;
	const V = Math.ceil(W / 4);
	/** The 32-bit word i of a mask (0 past the board's words). */
	const word = (words32: ArrayLike<number>, i: number) => (i < W ? words32[i] | 0 : 0);
	const bytes = (words32: ArrayLike<number>, v: number): number[] =>
		[0, 1, 2, 3].flatMap((i) => {
			const x = word(words32, 4 * v + i);
			return [x & 255, (x >>> 8) & 255, (x >>> 16) & 255, x >>> 24];
		});
	const ZERO = v128Const(new Array<number>(16).fill(0));
	const and = (...xs: Code[]) => fold(simd(SIMD.v128And), xs);
	const or = (...xs: Code[]) => fold(simd(SIMD.v128Or), xs);
	const xor = (...xs: Code[]) => fold(simd(SIMD.v128Xor), xs);
	/** `i8x16.shuffle` of a and b: byte i of the result is byte `lanes[i]` of a, or of b from 16 on. */
	const shuffle = (a: Code, b: Code, lanes: number[]) => [...a, ...b, ...simd(SIMD.i8x16Shuffle, ...lanes)];
	const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
	return {
		count: V,
		type: V128,
		mask: (words32, v) => v128Const(bytes(words32, v)),
		holds: (words32, v) => [0, 1, 2, 3].some((i) => word(words32, 4 * v + i) !== 0),
		and,
		or,
		xor,
		not: (x) => [...x, ...simd(SIMD.v128Not)],
		read: (param, first, v) => {
			const code = [...ZERO];
			for (let i = 0; i < 4 && 4 * v + i < W; i++)
				code.push(...param(first + 4 * v + i), ...simd(SIMD.i32x4ReplaceLane, i));
			return code;
		},
		nextColumn: (x) => [...x, ...i32Const(1), ...simd(SIMD.i16x8Shl)],
		previousColumn: (x) => [...x, ...i32Const(1), ...simd(SIMD.i16x8ShrU)],
		// Up: the last row of the vector below comes in first, [b14, b15, x0 .. x13].
		up: (x, v) => shuffle(v > 0 ? x(v - 1) : ZERO, x(v), [14, 15, ...range(16, 14)]),
		// Down: [x2 .. x15, n0, n1], n the vector above.
		down: (x, v) => shuffle(x(v), v < V - 1 ? x(v + 1) : ZERO, [...range(2, 14), 16, 17]),
		popcount: (parts) => [
			...fold(
				[OP.i64Add],
				parts.flatMap((x) => [
					[...x, ...simd(SIMD.i64x2ExtractLane, 0), OP.i64Popcnt],
					[...x, ...simd(SIMD.i64x2ExtractLane, 1), OP.i64Popcnt],
				]),
			),
			OP.i32WrapI64,
		],
		any: (parts) => [...or(...parts), ...simd(SIMD.v128AnyTrue)],
		none: (parts) => [...or(...parts), ...simd(SIMD.v128AnyTrue), OP.i32Eqz],
		spread: (z) => [...i32Const(0), ...z, OP.i32Sub, ...simd(SIMD.i32x4Splat)],
		bit: (index, v) => [
			...wordBit(index, 2 * v),
			...simd(SIMD.i64x2Splat),
			...wordBit(index, 2 * v + 1),
			...simd(SIMD.i64x2ReplaceLane, 1),
		],
	};
}
