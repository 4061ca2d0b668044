/**
 * The learned evaluation compiled per board shape and weight set, in the manner of the rules'
 * kernel (`game/shape-kernel.ts`): JavaScript source with the shape's masks and the weights baked
 * in as constants, compiled once with `new Function`. A leaf costs a few dilations by shifts and
 * masked popcounts over the position's words: no loop over cells, no allocation. The search's
 * `score` is the same code in WebAssembly on 64-bit words, or 128-bit vectors on a board of 16
 * columns (`eval-kernel-wasm.ts`, about 1.26 times the bench's nodes per second); this file's
 * JavaScript gives `features`, and `score` where the runtime has no WebAssembly.
 *
 * The sets of cells counted and how each is made from the others are `eval-sets.ts`'s (both
 * generators read them); here each set is a constant per word `w` (layout of `geometry.ts`). The
 * features are those of `eval-features.ts`; the weighted sum is interpolated by the phase.
 */

import { cellDistance, type Geometry } from '../game/geometry.js';
import { cellBitIndex, columnMasks, largestCountCode, POP16, validMask } from '../game/shape-kernel.js';
import { evalKernelWasm } from './eval-kernel-wasm.js';
import { instantiateModule, webAssemblyAvailable } from './wasm-encoder.js';
import { featureMasks, PHASE_ONE, SIDE_FEATURES, type SideFeature, TERM_COUNT, TEMPO } from './eval-features.js';
import { featureRecipe, namedMasks, type SetExpr, setMaker } from './eval-sets.js';

/**
 * Integer weights of the terms (`eval-features.ts` order), in centiblobs, at the taper points:
 * phases evenly spaced from 0 to 1, between which the weights are interpolated linearly
 * (a piecewise-linear taper; two points, the opening and the endgame, are the classic tapered
 * evaluation of chess engines).
 */
export interface TermWeights {
	/** Weight of each term at phase 0 (an empty board). */
	readonly opening: ArrayLike<number>;
	/** Weight of each term at phase 1 (a full board). */
	readonly endgame: ArrayLike<number>;
	/**
	 * Weights at taper points between the two, in order: with `m` of them, point `j` (1..m) is at
	 * phase `j / (m + 1)`. Absent or empty: the opening and the endgame alone.
	 */
	readonly middle?: readonly ArrayLike<number>[];
}

/** Most taper points of a weight set (the opening, the endgame and up to 7 between). */
export const MAX_TAPER_POINTS = 9;

/** A weight set of any list type `L` (integer `TermWeights`, or real weights for tuning). */
interface TaperedLists<L> {
	readonly opening: L;
	readonly endgame: L;
	readonly middle?: readonly L[];
}

/** The weights of each taper point, from the opening (phase 0) to the endgame (phase 1). */
export function taperPoints<L>(weights: TaperedLists<L>): L[] {
	return [weights.opening, ...(weights.middle ?? []), weights.endgame];
}

/**
 * A weight set from the weights of its taper points, opening first (at least two): `taperPoints`'
 * inverse, with no `middle` for two points.
 */
export function weightsOfTaperPoints<L>(points: readonly L[]): { opening: L; endgame: L; middle?: L[] } {
	const last = points.length - 1;
	return { opening: points[0], endgame: points[last], ...(last > 1 ? { middle: points.slice(1, last) } : {}) };
}

/**
 * Where phase `p` (0..1) falls among `points` evenly spaced taper points: the segment `seg`
 * (0..points - 2) between points `seg` and `seg + 1`, and the share `u` (0..1) of the way along
 * it. The evaluation is `(1 - u) * E[seg] + u * E[seg + 1]` with `E[j]` the sum of the features
 * times the weights of point `j`.
 */
export function taperSegment(p: number, points: number): { seg: number; u: number } {
	const t = p * (points - 1);
	const seg = Math.min(points - 2, Math.floor(t));
	return { seg, u: t - seg };
}

/** The compiled evaluation of one board shape and weight set. */
export interface EvalKernel {
	/**
	 * The tapered score of the position at `bb[base..]` (`2 * words` words, Blue's then Red's)
	 * with `side` to move, from its view, in centiblobs:
	 * `floor((A * (PHASE_ONE - u) + B * u) / PHASE_ONE)` where A and B are the sums of the
	 * terms times the weights of the taper points around the phase `ph = phase[mine + theirs]`
	 * and `u` the fixed-point share of the way between them: with `K` taper points,
	 * `seg = min(K - 2, floor(ph * (K - 1) / PHASE_ONE))` and `u = ph * (K - 1) - seg * PHASE_ONE`
	 * (with two points, A and B are the opening and endgame sums and `u = ph`).
	 * @param mine blobs of `side`; @param theirs blobs of the other side
	 */
	score(bb: Int32Array, base: number, side: number, mine: number, theirs: number): number;
	/**
	 * Writes the `TERM_COUNT` feature values of the position at `bb[base..]` with `side` to move
	 * to `out[outBase..]` (for tuning and tests).
	 */
	features(bb: Int32Array, base: number, side: number, out: Float64Array | Int32Array, outBase: number): void;
	/**
	 * The `score` of the position after `move` (not a pass) of `side` in the position at
	 * `bb[base..]`, from the view of the other side (to move there), without writing that position:
	 * the search's leaves in one call. `mine` and `theirs` are the blobs of `side` and of the other
	 * side before the move. Returns `LEAF_UNSURE` where the position after the move has a side
	 * without blobs or a side to move without a move (the caller makes it and scores it), and the
	 * kernel has no `leaf` (null) without WebAssembly.
	 */
	readonly leaf:
		((bb: Int32Array, base: number, side: number, move: number, mine: number, theirs: number) => number) | null;
}

/** Largest weight in absolute value (centiblobs): 100 blobs. */
export const MAX_WEIGHT = 10_000;

/** Compiled kernels by shape and weights (a search's options reach a worker as a copy, so not by identity). */
const kernels = new Map<string, EvalKernel>();
/** Kernels kept at most (a tuner or a test may compile many weight sets). */
const CACHE_LIMIT = 64;

/**
 * The evaluation of a geometry with a weight set (compiled on first use, then cached by shape
 * and weights).
 * @throws RangeError if there are not `TERM_COUNT` weights per phase, or a weight is not an
 *   integer of at most `MAX_WEIGHT` in absolute value
 */
export function evalKernel(g: Geometry, weights: TermWeights): EvalKernel {
	const key = `${g.id}|${taperPoints(weights)
		.map((list) => Array.from(list).join(','))
		.join('|')}`;
	let kernel = kernels.get(key);
	if (!kernel) {
		kernel = compileEvalKernel(g, weights);
		if (kernels.size >= CACHE_LIMIT) kernels.clear();
		kernels.set(key, kernel);
	}
	return kernel;
}

/**
 * The evaluation of a geometry with a weight set, compiled without the cache: `score` in
 * WebAssembly (`eval-kernel-wasm.ts`; on 128-bit vectors on a board of 16 columns, with `code`
 * 'wasm64' on 64-bit words there too) where the runtime has it, else (`node --jitless`) or with
 * `code` 'js' in JavaScript; `features` in JavaScript. The `score`s are equal to the unit.
 * @throws RangeError as `evalKernel`
 */
export function compileEvalKernel(
	g: Geometry,
	weights: TermWeights,
	code: 'wasm' | 'wasm64' | 'js' = 'wasm',
): EvalKernel {
	const points = taperPoints(weights);
	if (points.length > MAX_TAPER_POINTS)
		throw new RangeError(`at most ${MAX_TAPER_POINTS} taper points, got ${points.length}`);
	for (const list of points) {
		if (list.length !== TERM_COUNT) throw new RangeError(`expected ${TERM_COUNT} weights, got ${list.length}`);
		for (let i = 0; i < TERM_COUNT; i++)
			if (!Number.isInteger(list[i]) || Math.abs(list[i]) > MAX_WEIGHT)
				throw new RangeError(`weight ${i} must be an integer within +-${MAX_WEIGHT}, got ${list[i]}`);
	}
	const masks = featureMasks(g);
	const factory = new Function('T', evalKernelSource(g, weights)) as (tables: object) => EvalKernel;
	const kernel = factory({ POP16, PHASE: masks.phase });
	if (code === 'js' || !webAssemblyAvailable()) return kernel;
	// The module's function takes the words as arguments: a JavaScript function reads them from
	// the position (a call into WebAssembly costs a few nanoseconds, its arguments included).
	const exports = instantiateModule(code === 'wasm64' ? evalKernelWasm(g, points, false) : evalKernelWasm(g, points));
	const ws = Array.from({ length: g.words }, (_, w) => w);
	const words = (at: string) => ws.map((w) => `bb[${at} + ${w}]`).join(', ');
	const wrap = new Function(
		'f',
		'PH',
		`'use strict'; return function score(bb, base, side, mine, theirs) {
			const mo = base + side * ${g.words}, oo = base + ${g.words} - side * ${g.words};
			return f(${words('mo')}, ${words('oo')}, PH[mine + theirs], mine, theirs);
		};`,
	) as (f: unknown, phase: Int32Array) => EvalKernel['score'];
	// The leaf's wrapper: the bit index of a cell (`KB`) and whether a move is a jump (`J`).
	const kb = new Int32Array(256);
	for (let cell = 0; cell < g.cells; cell++) kb[cell] = cellBitIndex(g, cell);
	const jump = new Uint8Array(65536);
	for (let a = 0; a < g.cells; a++)
		for (let b = 0; b < g.cells; b++) if (cellDistance(g, a, b) === 2) jump[(a << 8) | b] = 1;
	const wrapLeaf = new Function(
		'f',
		'PH',
		'KB',
		'J',
		`'use strict'; return function leaf(bb, base, side, move, mine, theirs) {
			const mo = base + side * ${g.words}, oo = base + ${g.words} - side * ${g.words};
			const to = move & 255, from = (move >>> 8) & 255, clone = J[(from << 8) | to] ^ 1;
			const ph = PH[mine + theirs + clone], fk = clone === 1 ? -1 : KB[from];
			return f(${words('oo')}, ${words('mo')}, ph, theirs, mine + clone, KB[to], fk);
		};`,
	) as (f: unknown, phase: Int32Array, kb: Int32Array, jump: Uint8Array) => NonNullable<EvalKernel['leaf']>;
	return {
		score: wrap(exports.score, masks.phase),
		features: kernel.features,
		leaf: wrapLeaf(exports.leaf, masks.phase, kb, jump),
	};
}

/**
 * The JavaScript source of an evaluation kernel: the body of a function of the tables `T`
 * (`POP16`, `PHASE`) that returns the `EvalKernel`. Exported for inspection.
 */
export function evalKernelSource(g: Geometry, weights: TermWeights): string {
	const W = g.words;
	const C = g.cols;
	const R = g.rowsPerWord;
	const SH = (R - 1) * C;
	const ws = Array.from({ length: W }, (_, w) => w);
	const hex = (x: number) => `0x${(x >>> 0).toString(16)}`;
	const masks = featureMasks(g);
	const { first: col0, last: colLast } = columnMasks(g);
	const valid = ws.map((w) => validMask(g, w));

	const lines: string[] = [];
	const emit = (s: string) => lines.push(s);
	emit(`'use strict';`);
	emit(`const P = T.POP16, PH = T.PHASE;`);
	for (const w of ws)
		emit(
			`const PL${w} = ${hex(g.playable[w])} | 0, V${w} = ${hex(valid[w])} | 0, ` +
				`ED${w} = ${hex(masks.edge[w])} | 0, CO${w} = ${hex(masks.corner[w])} | 0, ` +
				`HO${w} = ${hex(masks.hole[w])} | 0;`,
		);
	emit(`const NC = ${hex(~col0)} | 0, NL = ${hex(~colLast)} | 0;`);

	/**
	 * One function body: `need(set)` emits the code of a named set of cells (and of the sets it is
	 * made from) once, `feature(f, s)` returns the code of a feature's count (`eval-sets.ts`).
	 */
	const body = () => {
		const out: string[] = [];
		const dilate = (src: string, dst: string) => {
			for (const w of ws)
				out.push(
					`const h${dst}${w} = (${src}${w} | ((${src}${w} << 1) & NC) | ((${src}${w} >>> 1) & NL)) & V${w};`,
				);
			for (const w of ws)
				out.push(
					`const ${dst}${w} = (h${dst}${w} | (h${dst}${w} << ${C}) | (h${dst}${w} >>> ${C})` +
						(w > 0 ? ` | (h${dst}${w - 1} >>> ${SH})` : '') +
						(w < W - 1 ? ` | (h${dst}${w + 1} << ${SH})` : '') +
						`) & V${w};`,
				);
		};
		/**
		 * `cnt{s}`: the number of blobs of the other side around each cell (0 to 8), as four
		 * bit planes `{s}xt0..{s}xt3`. Bit-sliced counting (Knuth, The Art of Computer
		 * Programming, vol. 4A, 7.1.3): the other side's blobs in each row triple (2-bit sums
		 * `r*0`, `r*1`), then the triples above, at and below each cell added into 4-bit sums.
		 */
		const aroundCount = (s: 'm' | 'o') => {
			const t = s === 'm' ? 'o' : 'm';
			const p = `${s}x`;
			for (const w of ws) {
				out.push(
					`const ${p}a${w} = (${t}${w} << 1) & NC & V${w}, ${p}c${w} = (${t}${w} >>> 1) & NL;`,
					`const ${p}r0${w} = ${p}a${w} ^ ${t}${w} ^ ${p}c${w}, ` +
						`${p}r1${w} = (${p}a${w} & ${t}${w}) | (${p}c${w} & (${p}a${w} ^ ${t}${w}));`,
				);
			}
			const up = (x: string, w: number) =>
				`(((${x}${w} << ${C})${w > 0 ? ` | (${x}${w - 1} >>> ${SH})` : ''}) & V${w})`;
			const down = (x: string, w: number) =>
				`(((${x}${w} >>> ${C})${w < W - 1 ? ` | (${x}${w + 1} << ${SH})` : ''}) & V${w})`;
			for (const w of ws) {
				out.push(
					`const ${p}u0${w} = ${up(`${p}r0`, w)}, ${p}u1${w} = ${up(`${p}r1`, w)}, ` +
						`${p}d0${w} = ${down(`${p}r0`, w)}, ${p}d1${w} = ${down(`${p}r1`, w)};`,
					// (s0, s1, s2) = up + here; (t0..t3) = that + down.
					`const ${p}s0${w} = ${p}u0${w} ^ ${p}r0${w}, ${p}k${w} = ${p}u0${w} & ${p}r0${w}, ` +
						`${p}s1${w} = ${p}u1${w} ^ ${p}r1${w} ^ ${p}k${w}, ` +
						`${p}s2${w} = (${p}u1${w} & ${p}r1${w}) | (${p}k${w} & (${p}u1${w} ^ ${p}r1${w}));`,
					`const ${p}t0${w} = ${p}s0${w} ^ ${p}d0${w}, ${p}j${w} = ${p}s0${w} & ${p}d0${w}, ` +
						`${p}t1${w} = ${p}s1${w} ^ ${p}d1${w} ^ ${p}j${w}, ` +
						`${p}i${w} = (${p}s1${w} & ${p}d1${w}) | (${p}j${w} & (${p}s1${w} ^ ${p}d1${w}));`,
					`const ${p}t2${w} = ${p}s2${w} ^ ${p}i${w}, ${p}t3${w} = ${p}s2${w} & ${p}i${w};`,
				);
			}
		};
		/**
		 * `cap{s}`: the most blobs of the other side around one empty cell that `s` reaches (what
		 * its best move captures): the largest count of `cnt{s}` among the reachable empty cells,
		 * found bit by bit from the top, without branches (`largestCountCode`, as the move
		 * generators find a move's best capture).
		 */
		const capture = (s: 'm' | 'o') => {
			const p = `${s}x`;
			for (const w of ws) out.push(`let ${p}q${w} = r${s}${w};`);
			out.push(`let cap${s} = 0;`);
			out.push(
				...largestCountCode(
					ws,
					(w) => `${p}q${w}`,
					(bit, w) => `${p}t${bit}${w}`,
					`cap${s}`,
				),
			);
		};
		const need = setMaker({
			dilate,
			and: (to, a, b) => ws.forEach((w) => out.push(`const ${to}${w} = ${a}${w} & ${b}${w};`)),
			count: aroundCount,
			capture,
		});
		/** Code of a set expression on word `w`. */
		const render = (x: SetExpr, w: number): string =>
			typeof x === 'string'
				? `${x}${w}`
				: 'not' in x
					? `~${render(x.not, w)}`
					: 'and' in x
						? `(${x.and.map((y) => render(y, w)).join(' & ')})`
						: `(${x.or.map((y) => render(y, w)).join(' | ')})`;
		/**
		 * The popcount of a set given per word by `x`, whose cells lie within `within` (per word):
		 * a 16-bit table lookup for each half-word that can hold a cell, none for the others (a set
		 * that can hold none is 0).
		 */
		const pop = (x: (w: number) => string, within: ArrayLike<number>): string => {
			const parts: string[] = [];
			for (const w of ws) {
				if ((within[w] & 0xffff) !== 0) parts.push(`P[(${x(w)}) & 65535]`);
				if (within[w] >>> 16 !== 0) parts.push(`P[(${x(w)}) >>> 16]`);
			}
			return parts.length === 0 ? '0' : `(${parts.join(' + ')})`;
		};
		const withinMasks = { board: valid, ...namedMasks(masks) };
		/** Code of the count of a side feature of `m` (mine) or `o` (theirs) (`eval-sets.ts`). */
		const feature = (f: SideFeature, s: 'm' | 'o'): string => {
			const recipe = featureRecipe(f, s);
			if (recipe.kind === 'capture') {
				need(`cap${recipe.side}`);
				return `cap${recipe.side}`;
			}
			recipe.needs.forEach(need);
			return pop((w) => render(recipe.of, w), withinMasks[recipe.within]);
		};
		return { out, feature };
	};
	const load = [
		`const mo = base + side * ${W}, oo = base + ${W} - side * ${W};`,
		...ws.map(
			(w) => `const m${w} = bb[mo + ${w}] | 0, o${w} = bb[oo + ${w}] | 0, e${w} = PL${w} & ~(m${w} | o${w});`,
		),
	];
	const n = SIDE_FEATURES.length;

	// score(bb, base, side, mine, theirs): terms with a zero weight at every taper point are not
	// counted, nor a zero weight of one point. The features are counted first, then only the two
	// sums of the phase's segment are made (a branch per segment), each a balanced tree of small
	// integer products: the positive weights' sum less the negative weights' as positive products.
	// (V8: a zero count times a negative weight is -0, which threw the optimized code away; an
	// earlier version, which added the products one after the other to a float64 starting at 0.5,
	// ran 8 to 12% slower on 16x16 and 3% on 7x7, by `bench search` and fixed-node searches of
	// Ataxx positions.)
	{
		const { out, feature } = body();
		const points = taperPoints(weights);
		const K = points.length;
		const value = (i: number) =>
			i === TEMPO
				? '1'
				: i === 0
					? 'mine'
					: i === n
						? 'theirs'
						: feature(SIDE_FEATURES[i % n], i < n ? 'm' : 'o');
		const used = Array.from({ length: TERM_COUNT }, (_, i) => i).filter((i) =>
			points.some((list) => list[i] !== 0),
		);
		// The terms' code first: it adds the sets of cells they need to `out`. A term whose count
		// is 0 on this shape (a mask with no cell: `hole` on a board without holes) is left out.
		const code: string[] = [];
		const terms: number[] = [];
		for (const i of used) {
			const x = value(i);
			if (x === '0') continue;
			terms.push(i);
			code.push(`const x${i} = ${x};`);
		}
		// A taper point's sum as a balanced tree of additions (the terms' products are independent,
		// so the sum's latency grows with the log of their number, not with it), the positive
		// products first, less the negative ones as positive products (never -0, which would
		// deoptimize the code: see above). Every value is a small integer: the order of the
		// additions does not change the sum.
		const tree = (parts: string[]): string =>
			parts.length === 1
				? parts[0]
				: `(${tree(parts.slice(0, parts.length >> 1))} + ${tree(parts.slice(parts.length >> 1))})`;
		const sum = (list: ArrayLike<number>): string => {
			const plus = terms.filter((i) => list[i] > 0).map((i) => `${list[i]} * x${i}`);
			const minus = terms.filter((i) => list[i] < 0).map((i) => `${-list[i]} * x${i}`);
			return `${plus.length > 0 ? tree(plus) : '0'} - ${minus.length > 0 ? tree(minus) : '0'}`;
		};
		if (K === 2) {
			code.push(`const a = ${sum(points[0])};`, `const b = ${sum(points[1])};`, `const ph = PH[mine + theirs];`);
		} else {
			code.push(
				`const t = PH[mine + theirs] * ${K - 1};`,
				`const seg = Math.min(${K - 2}, t >>> ${Math.log2(PHASE_ONE)});`,
				`const u = t - seg * ${PHASE_ONE};`,
				`let a = 0, b = 0;`,
			);
			for (let seg = 0; seg < K - 1; seg++)
				code.push(
					`${seg === 0 ? '' : 'else '}${seg < K - 2 ? `if (seg === ${seg}) ` : ''}` +
						`{ a = ${sum(points[seg])}; b = ${sum(points[seg + 1])}; }`,
				);
		}
		emit(`function score(bb, base, side, mine, theirs) {`);
		lines.push(...load, ...out, ...code);
		// Times 1 / PHASE_ONE, a power of two: exactly the quotient, without a division's latency.
		emit(`return Math.floor((a * ${PHASE_ONE} - (a - b) * ${K === 2 ? 'ph' : 'u'}) * ${1 / PHASE_ONE});`);
		emit(`}`);
	}

	// features(bb, base, side, out, outBase): every term.
	{
		const { out, feature } = body();
		const writes: string[] = [];
		for (let i = 0; i < TERM_COUNT; i++) {
			const value = i === TEMPO ? '1' : feature(SIDE_FEATURES[i % n], i < n ? 'm' : 'o');
			writes.push(`out[outBase + ${i}] = ${value};`);
		}
		emit(`function features(bb, base, side, out, outBase) {`);
		lines.push(...load, ...out, ...writes);
		emit(`}`);
	}
	emit(`return { score, features, leaf: null };`);
	return lines.join('\n');
}
