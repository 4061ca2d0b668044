/**
 * The learned evaluation's `score` compiled to WebAssembly per board shape and weight set: the
 * same sets of cells and counts as the JavaScript kernel (`eval-kernel.ts`, which documents
 * them), on 64-bit words. Two 32-bit words of the position make one 64-bit word (the even word in
 * the low half), so a 7x7 or 8x8 board is one word and 16x16 four: half the word operations of
 * the JavaScript kernel, and one `i64.popcnt` where it looks up four 16-bit halves in a table.
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
	uleb,
	type WasmFunction,
} from './wasm-encoder.js';

/** What the module's `leaf` returns for a position it does not score: the caller scores it. */
export const LEAF_UNSURE = -0x80000000;

/** Code that leaves one value on the stack. */
type Code = number[];

/**
 * The WebAssembly module of `score` for a shape and the weights of its taper points (opening
 * first, `taperPoints`), checked by the caller. Two exported functions:
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
 */
export function evalKernelWasm(g: Geometry, points: readonly ArrayLike<number>[]): Uint8Array {
	const W = g.words;
	const V = Math.ceil(W / 2);
	const C = g.cols;
	const R = g.rowsPerWord;
	const SH = (R - 1) * C;
	const GAP = 32 - R * C;
	const vs = Array.from({ length: V }, (_, v) => v);
	const masks = featureMasks(g);
	const row = (1n << BigInt(C)) - 1n;

	/** The 64-bit word v of a 32-bit-word mask. */
	const pair = (arr: ArrayLike<number>, v: number): bigint =>
		(BigInt((2 * v + 1 < W ? arr[2 * v + 1] : 0) >>> 0) << 32n) | BigInt(arr[2 * v] >>> 0);
	const { first: col0, last: colLast } = columnMasks(g);
	const valid32 = Array.from({ length: W }, (_, w) => validMask(g, w));
	/** Bits of the rows of both halves (not the gaps). */
	const ROWS = ((1n << BigInt(R * C)) - 1n) | (((1n << BigInt(R * C)) - 1n) << 32n);
	const NC = ROWS & ~(BigInt(col0 >>> 0) | (BigInt(col0 >>> 0) << 32n));
	const NL = ROWS & ~(BigInt(colLast >>> 0) | (BigInt(colLast >>> 0) << 32n));
	/** The low half's top row and the high half's bottom row (the rows next to the gap). */
	const TOPLO = row << BigInt(SH);
	const BOTHI = row << 32n;

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
		const set = (key: string, code: Code, type = I64) => body.push(...code, OP.localSet, ...uleb(local(key, type)));
		const w = (key: string, v: number) => get(`${key}${v}`);

		const k = (x: bigint): Code => i64Const(x);
		const fold = (op: number, xs: Code[]): Code => xs.slice(1).reduce((acc, x) => [...acc, ...x, op], xs[0]);
		const and = (...xs: Code[]) => fold(OP.i64And, xs);
		const or = (...xs: Code[]) => fold(OP.i64Or, xs);
		const xor = (...xs: Code[]) => fold(OP.i64Xor, xs);
		const not = (x: Code) => xor(x, k(-1n));
		const shl = (x: Code, n: number) => [...x, ...i64Const(BigInt(n)), OP.i64Shl];
		const shr = (x: Code, n: number) => [...x, ...i64Const(BigInt(n)), OP.i64ShrU];
		const VA = (v: number) => k(pair(valid32, v));

		/** Each cell's value moved one row up (to the row of the next index), before `& V`. */
		const up = (x: string, v: number): Code => {
			const parts =
				GAP === 0 ? [shl(w(x, v), C)] : [shl(and(w(x, v), k(~TOPLO)), C), shl(and(w(x, v), k(TOPLO)), C + GAP)];
			if (v > 0) parts.push(shr(w(x, v - 1), GAP === 0 ? 64 - C : 32 + SH));
			return or(...parts);
		};
		/** Each cell's value moved one row down, before `& V`. */
		const down = (x: string, v: number): Code => {
			const parts =
				GAP === 0 ? [shr(w(x, v), C)] : [shr(and(w(x, v), k(~BOTHI)), C), shr(and(w(x, v), k(BOTHI)), C + GAP)];
			if (v < V - 1) parts.push(shl(w(x, v + 1), GAP === 0 ? 64 - C : 32 + SH));
			return or(...parts);
		};

		// The words of the two sides and the empty cells.
		for (const v of vs) {
			// Two 32-bit parameters from `p + 2v`, the even one in the low half.
			const half = (i: number) => [...param(i), OP.i64ExtendI32U];
			const word = (p: number) =>
				2 * v + 1 < W ? or(half(p + 2 * v), shl(half(p + 2 * v + 1), 32)) : half(p + 2 * v);
			set(`m${v}`, word(0));
			set(`o${v}`, word(W));
		}

		const dilate = (src: string, dst: string) => {
			for (const v of vs)
				set(
					`h${dst}${v}`,
					and(or(w(src, v), and(shl(w(src, v), 1), k(NC)), and(shr(w(src, v), 1), k(NL))), VA(v)),
				);
			for (const v of vs)
				set(`${dst}${v}`, and(or(w(`h${dst}`, v), up(`h${dst}`, v), down(`h${dst}`, v)), VA(v)));
		};
		/** `cnt{s}`: the other side's blobs around each cell as bit planes (`eval-kernel.ts`). */
		const aroundCount = (s: 'm' | 'o') => {
			const t = s === 'm' ? 'o' : 'm';
			const p = `${s}x`;
			for (const v of vs) {
				set(`${p}a${v}`, and(shl(w(t, v), 1), k(NC), VA(v)));
				set(`${p}c${v}`, and(shr(w(t, v), 1), k(NL)));
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
				set(
					`${p}z`,
					[...or(...vs.map((v) => and(w(`${p}q`, v), w(`${p}t${bit}`, v)))), ...k(0n), OP.i64Ne],
					I32,
				);
				set(
					`cap${s}`,
					[...get(`cap${s}`), ...i32Const(value), ...i32Const(0), ...get(`${p}z`), OP.select, OP.i32Add],
					I32,
				);
				// z64: all ones where the bit was found, else 0; q &= t | ~z64.
				const z64 = [...k(0n), ...get(`${p}z`), OP.i64ExtendI32U, OP.i64Sub];
				for (const v of vs) set(`${p}q${v}`, and(w(`${p}q`, v), or(w(`${p}t${bit}`, v), not(z64))));
			}
		};
		const need = setMaker({
			dilate,
			and: (to, a, b) => vs.forEach((v) => set(`${to}${v}`, and(w(a, v), w(b, v)))),
			count: aroundCount,
			capture,
		});
		/** The popcount (an i32) of a set given per word, within `within` (32-bit words); null if always 0. */
		const pop = (x: (v: number) => Code, within: ArrayLike<number>): Code | null => {
			const parts = vs.filter((v) => pair(within, v) !== 0n).map((v) => [...x(v), OP.i64Popcnt]);
			return parts.length === 0 ? null : [...fold(OP.i64Add, parts), OP.i32WrapI64];
		};
		if (fused) {
			// The move of the other side (`o`) to bit index tk, from fk if a jump (else -1): the
			// cells next to tk by one dilation of its bit, the blobs of `m` there captured.
			const bitOf = (p: number, v: number): Code => [
				...k(1n),
				...param(p),
				...i32Const(63),
				OP.i32And,
				OP.i64ExtendI32U,
				OP.i64Shl,
				...k(0n),
				...param(p),
				...i32Const(6),
				OP.i32ShrU,
				...i32Const(v),
				OP.i32Eq,
				OP.select,
			];
			for (const v of vs) set(`tob${v}`, bitOf(P_TO, v));
			dilate('tob', 'ntob');
			for (const v of vs) {
				set(`cut${v}`, and(w('m', v), w('ntob', v)));
				set(`m${v}`, xor(w('m', v), w('cut', v)));
				set(`o${v}`, xor(or(w('o', v), w('cut', v), w('tob', v)), bitOf(P_FROM, v)));
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
		for (const v of vs) set(`e${v}`, and(k(pair(g.playable, v)), not(or(w('m', v), w('o', v)))));
		if (fused) {
			// Not a plain leaf: a side without blobs, or the side to move without a move.
			need('rm');
			body.push(...param(P_MINE), OP.i32Eqz, ...param(P_THEIRS), OP.i32Eqz, OP.i32Or);
			body.push(...or(...vs.map((v) => w('rm', v))), OP.i64Eqz, OP.i32Or);
			body.push(OP.if, BLOCK_EMPTY, ...i32Const(LEAF_UNSURE), OP.return, OP.end);
		}
		const maskWords = namedMasks(masks);
		/** Code of a set expression on 64-bit word `v` (the masks as constants). */
		const render = (x: SetExpr, v: number): Code =>
			typeof x === 'string'
				? x in maskWords
					? k(pair(maskWords[x as MaskName], v))
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
