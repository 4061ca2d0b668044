/**
 * The move lists and ordering keys of a search thread (one list per ply), and the selection sort
 * step over them (`pickNextMove`) compiled to WebAssembly with 128-bit vectors: the lists live in
 * a WebAssembly memory, the JavaScript search reads and writes them through typed-array views of
 * it, and a step is one call that scans four keys an instruction. The step is a tenth of the
 * search's time in JavaScript (an average of 25 keys scanned per step on `bench search`); the moves
 * picked, and the order the lists are left in, are the same to the move (the tests compare them).
 * A runtime without WebAssembly vectors gets the JavaScript step on ordinary typed arrays.
 *
 * WebAssembly Core Specification 2.0 (W3C, 2022): loads and stores, section 5.4.6; vector
 * instructions, section 5.4.8.
 */

import { type Move } from '../game/move.js';
import {
	BLOCK_EMPTY,
	compileModule,
	type CompiledModule,
	encodeModule,
	I32,
	i32Const,
	instantiateModule,
	memarg,
	newMemory,
	OP,
	SIMD,
	simd,
	V128,
	v128Const,
	vectorsAvailable,
	WASM_PAGE_BYTES,
	type WasmFunction,
} from './wasm-encoder.js';

/** The move lists of one search thread and their selection sort step. */
export interface MoveLists {
	/** The moves: `capacity` entries. */
	readonly moves: Int32Array;
	/** Their ordering keys, index for index. */
	readonly keys: Int32Array;
	/**
	 * The selection sort step of `pickNextMove` on `moves` and `keys`: brings the move of highest
	 * key among indices `[i, end)` (the first of them among equal keys) to index `i`, swapping keys
	 * along, and returns it. `i < end <= capacity`.
	 */
	readonly pick: (i: number, end: number) => Move;
	/** True if `pick` is the WebAssembly step. */
	readonly compiled: boolean;
}

/**
 * Move lists of `capacity` entries each for moves and keys, with the WebAssembly step where the
 * runtime has vectors (`compiled`: true) unless `compiled` is false.
 * @throws RangeError if `capacity` is not a positive integer
 * @throws WebAssembly.CompileError if `compiled` is asked of a runtime without WebAssembly vectors
 */
export function moveLists(capacity: number, compiled = vectorsAvailable()): MoveLists {
	if (!Number.isInteger(capacity) || capacity <= 0) throw new RangeError(`bad move list capacity ${capacity}`);
	if (!compiled) {
		const moves = new Int32Array(capacity);
		const keys = new Int32Array(capacity);
		return { moves, keys, pick: (i, end) => pickNextMove(moves, keys, i, end), compiled: false };
	}
	const keysAt = 4 * capacity;
	const pages = Math.ceil((8 * capacity) / WASM_PAGE_BYTES);
	const memory = newMemory(pages);
	const exports = instantiateModule(pickModule(keysAt, pages), memory);
	return {
		moves: new Int32Array(memory.buffer, 0, capacity),
		keys: new Int32Array(memory.buffer, keysAt, capacity),
		pick: exports.pick as (i: number, end: number) => Move,
		compiled: true,
	};
}

/**
 * Selection sort step: brings the move of highest key among `moves[i..end)` to index `i`
 * (swapping keys along) and returns it.
 */
export function pickNextMove(moves: Int32Array, keys: Int32Array, i: number, end: number): Move {
	let pick = i;
	let best = keys[i];
	let j = i + 1;
	// Four keys a step while there are four: the first of the largest wins, as one by one.
	for (; j + 3 < end; j += 4) {
		const a = keys[j];
		const b = keys[j + 1];
		const c = keys[j + 2];
		const d = keys[j + 3];
		if (a > best || b > best || c > best || d > best) {
			if (a > best) {
				best = a;
				pick = j;
			}
			if (b > best) {
				best = b;
				pick = j + 1;
			}
			if (c > best) {
				best = c;
				pick = j + 2;
			}
			if (d > best) {
				best = d;
				pick = j + 3;
			}
		}
	}
	for (; j < end; j++) {
		if (keys[j] > best) {
			best = keys[j];
			pick = j;
		}
	}
	const move = moves[pick];
	if (pick !== i) {
		moves[pick] = moves[i];
		moves[i] = move;
		keys[pick] = keys[i];
		keys[i] = best;
	}
	return move;
}

/**
 * Brings `move` (in `moves[i..end)`) to index `i`, swapping keys along: the selection sort step
 * of `pickNextMove` when `move` is known to be the one it would pick.
 */
export function swapToFront(moves: Int32Array, keys: Int32Array, i: number, end: number, move: Move): void {
	let pick = i;
	while (pick < end && moves[pick] !== move) pick++;
	if (pick === i || pick === end) return;
	const key = keys[pick];
	moves[pick] = moves[i];
	moves[i] = move;
	keys[pick] = keys[i];
	keys[i] = key;
}

/** Compiled modules by the byte offset of the keys (one in a search: `PositionStack`'s lists). */
const modules = new Map<number, CompiledModule>();

/**
 * The compiled module exporting `pick(i, end)`, moves at byte 0 of its memory (`pages` pages,
 * imported as `env.memory`) and keys at byte `keysAt`.
 */
function pickModule(keysAt: number, pages: number): CompiledModule {
	let module = modules.get(keysAt);
	if (module === undefined) {
		module = compileModule(encodeModule([pickFunction(keysAt)], pages));
		modules.set(keysAt, module);
	}
	return module;
}

// Locals of `pick`.
const I = 0;
const END = 1;
const PICK = 2;
const BEST = 3;
const J = 4;
const MOVE = 5;
const VALUE = 6;
const INDEX = 7;
const TAKE = 8;
const MAXIMA = 9;
const INDICES = 10;
const AT = 11;
const CHUNK = 12;
const GREATER = 13;

const get = (local: number) => [OP.localGet, local];
const set = (local: number) => [OP.localSet, local];
/** Code: the byte address of entry `local` (4 bytes an entry). */
const address = (local: number) => [...get(local), ...i32Const(2), OP.i32Shl];
/** A 128-bit vector of four 32-bit lanes. */
const lanes = (a: number, b: number, c: number, d: number) =>
	v128Const([a, b, c, d].flatMap((x) => [x & 255, (x >>> 8) & 255, (x >>> 16) & 255, (x >>> 24) & 255]));

/**
 * `pick(i, end)`: from `i + 1` on, four keys at a time while four remain, each lane keeping its
 * largest key and the first index of it (a strictly greater key replaces them); the lanes are
 * then merged (the largest key, and its first index among the lanes that hold it), the last keys
 * scanned one by one, and the pick swapped to `i`.
 */
function pickFunction(keysAt: number): WasmFunction {
	const key = memarg(2, keysAt);
	const move = memarg(2, 0);
	/** Code: merge lane `l` of MAXIMA and INDICES into BEST and PICK. */
	const mergeLane = (l: number) => [
		...get(MAXIMA),
		...simd(SIMD.i32x4ExtractLane, l),
		...set(VALUE),
		...get(INDICES),
		...simd(SIMD.i32x4ExtractLane, l),
		...set(INDEX),
		// take = value > best | (value == best & index < pick)
		...get(VALUE),
		...get(BEST),
		OP.i32GtS,
		...get(VALUE),
		...get(BEST),
		OP.i32Eq,
		...get(INDEX),
		...get(PICK),
		OP.i32LtS,
		OP.i32And,
		OP.i32Or,
		...set(TAKE),
		...get(INDEX),
		...get(PICK),
		...get(TAKE),
		OP.select,
		...set(PICK),
		...get(VALUE),
		...get(BEST),
		...get(TAKE),
		OP.select,
		...set(BEST),
	];
	const body = [
		...get(I),
		...set(PICK),
		...address(I),
		OP.i32Load,
		...key,
		...set(BEST),
		...get(I),
		...i32Const(1),
		OP.i32Add,
		...set(J),
		// Four at a time while j + 3 < end.
		...get(J),
		...i32Const(3),
		OP.i32Add,
		...get(END),
		OP.i32LtS,
		OP.if,
		BLOCK_EMPTY,
		...get(BEST),
		...simd(SIMD.i32x4Splat),
		...set(MAXIMA),
		...get(I),
		...simd(SIMD.i32x4Splat),
		...set(INDICES),
		...get(J),
		...simd(SIMD.i32x4Splat),
		...lanes(0, 1, 2, 3),
		...simd(SIMD.i32x4Add),
		...set(AT),
		OP.loop,
		BLOCK_EMPTY,
		...address(J),
		...simd(SIMD.v128Load, ...key),
		...set(CHUNK),
		...get(CHUNK),
		...get(MAXIMA),
		...simd(SIMD.i32x4GtS),
		...set(GREATER),
		...get(CHUNK),
		...get(MAXIMA),
		...simd(SIMD.i32x4MaxS),
		...set(MAXIMA),
		...get(AT),
		...get(INDICES),
		...get(GREATER),
		...simd(SIMD.v128Bitselect),
		...set(INDICES),
		...get(AT),
		...lanes(4, 4, 4, 4),
		...simd(SIMD.i32x4Add),
		...set(AT),
		...get(J),
		...i32Const(4),
		OP.i32Add,
		OP.localTee,
		J,
		...i32Const(3),
		OP.i32Add,
		...get(END),
		OP.i32LtS,
		OP.brIf,
		0,
		OP.end,
		...mergeLane(0),
		...mergeLane(1),
		...mergeLane(2),
		...mergeLane(3),
		OP.end,
		// One at a time to the end.
		OP.block,
		BLOCK_EMPTY,
		OP.loop,
		BLOCK_EMPTY,
		...get(J),
		...get(END),
		OP.i32GeS,
		OP.brIf,
		1,
		...address(J),
		OP.i32Load,
		...key,
		OP.localTee,
		VALUE,
		...get(BEST),
		OP.i32GtS,
		OP.if,
		BLOCK_EMPTY,
		...get(VALUE),
		...set(BEST),
		...get(J),
		...set(PICK),
		OP.end,
		...get(J),
		...i32Const(1),
		OP.i32Add,
		...set(J),
		OP.br,
		0,
		OP.end,
		OP.end,
		// The swap.
		...address(PICK),
		OP.i32Load,
		...move,
		...set(MOVE),
		...get(PICK),
		...get(I),
		OP.i32Ne,
		OP.if,
		BLOCK_EMPTY,
		...address(PICK),
		...address(I),
		OP.i32Load,
		...move,
		OP.i32Store,
		...move,
		...address(I),
		...get(MOVE),
		OP.i32Store,
		...move,
		...address(PICK),
		...address(I),
		OP.i32Load,
		...key,
		OP.i32Store,
		...key,
		...address(I),
		...get(BEST),
		OP.i32Store,
		...key,
		OP.end,
		...get(MOVE),
	];
	return {
		name: 'pick',
		params: 2,
		locals: [I32, I32, I32, I32, I32, I32, I32, V128, V128, V128, V128, V128],
		body,
	};
}
