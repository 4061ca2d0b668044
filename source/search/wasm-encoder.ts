/**
 * A minimal WebAssembly binary encoder for the code the engine compiles at run time (the learned
 * evaluation per board shape, `eval-kernel-wasm.ts`): one module of functions of 32-bit integer
 * parameters returning one 32-bit integer, with 32-bit, 64-bit and 128-bit vector locals,
 * exported by name. Only the instructions those functions use are here. Format: the WebAssembly
 * Core Specification 2.0 (W3C, 2022), chapter 5 "Binary Format" (the vector instructions:
 * section 5.4.8).
 *
 * Code is built as arrays of bytes at compile time, once per shape: the search never runs this
 * file, only the module it makes.
 */

/** Value types (section 5.3.1). */
export const I32 = 0x7f;
export const I64 = 0x7e;
export const V128 = 0x7b;

/** Opcodes used (section 5.4). */
export const OP = {
	block: 0x02,
	loop: 0x03,
	if: 0x04,
	else: 0x05,
	end: 0x0b,
	br: 0x0c,
	brIf: 0x0d,
	return: 0x0f,
	select: 0x1b,
	localGet: 0x20,
	localSet: 0x21,
	localTee: 0x22,
	i32Load: 0x28,
	i32Store: 0x36,
	i32Const: 0x41,
	i64Const: 0x42,
	i32Eqz: 0x45,
	i32Eq: 0x46,
	i32Ne: 0x47,
	i32LtS: 0x48,
	i32LtU: 0x49,
	i32GtS: 0x4a,
	i32GeS: 0x4e,
	i64Eqz: 0x50,
	i64Ne: 0x52,
	i32Add: 0x6a,
	i32Sub: 0x6b,
	i32Mul: 0x6c,
	i32And: 0x71,
	i32Or: 0x72,
	i32Shl: 0x74,
	i32ShrU: 0x76,
	i64Popcnt: 0x7b,
	i64Add: 0x7c,
	i64Sub: 0x7d,
	i64Mul: 0x7e,
	i64And: 0x83,
	i64Or: 0x84,
	i64Xor: 0x85,
	i64Shl: 0x86,
	i64ShrS: 0x87,
	i64ShrU: 0x88,
	i32WrapI64: 0xa7,
	i64ExtendI32S: 0xac,
	i64ExtendI32U: 0xad,
} as const;

/** Vector instructions used (section 5.4.8): each is the prefix 0xfd and its number (`simd`). */
export const SIMD = {
	v128Load: 0x00,
	v128Const: 0x0c,
	i8x16Shuffle: 0x0d,
	i32x4Splat: 0x11,
	i64x2Splat: 0x12,
	i32x4ExtractLane: 0x1b,
	i32x4ReplaceLane: 0x1c,
	i64x2ExtractLane: 0x1d,
	i64x2ReplaceLane: 0x1e,
	i32x4GtS: 0x3b,
	v128Not: 0x4d,
	v128And: 0x4e,
	v128Or: 0x50,
	v128Xor: 0x51,
	v128Bitselect: 0x52,
	v128AnyTrue: 0x53,
	i16x8Shl: 0x8b,
	i16x8ShrU: 0x8d,
	i32x4Add: 0xae,
	i32x4MaxS: 0xb8,
} as const;

/** A vector instruction without immediates, or with the immediate bytes `imm` after it. */
export function simd(op: number, ...imm: number[]): number[] {
	return [0xfd, ...uleb(op), ...imm];
}

/** `v128.const` of 16 bytes (lane 0's byte first). */
export function v128Const(bytes: readonly number[]): number[] {
	if (bytes.length !== 16) throw new RangeError(`v128.const takes 16 bytes, got ${bytes.length}`);
	return simd(SIMD.v128Const, ...bytes.map((b) => b & 255));
}

/**
 * The immediate of a load or store (section 5.4.6): the alignment's log2 (a hint) and a constant
 * byte offset added to the address.
 */
export function memarg(alignLog2: number, offset: number): number[] {
	return [...uleb(alignLog2), ...uleb(offset)];
}

/** Block type of a block with no result (section 5.4.1). */
export const BLOCK_EMPTY = 0x40;

/** Unsigned LEB128 of a non-negative integer below 2^32 (section 5.2.2). */
export function uleb(n: number): number[] {
	const out: number[] = [];
	let v = n >>> 0;
	do {
		let byte = v & 0x7f;
		v >>>= 7;
		if (v !== 0) byte |= 0x80;
		out.push(byte);
	} while (v !== 0);
	return out;
}

/** Signed LEB128 of a 64-bit integer (section 5.2.2). */
export function sleb(n: bigint): number[] {
	const out: number[] = [];
	let v = BigInt.asIntN(64, n);
	for (;;) {
		const byte = Number(v & 0x7fn);
		v >>= 7n;
		const done = (v === 0n && (byte & 0x40) === 0) || (v === -1n && (byte & 0x40) !== 0);
		out.push(done ? byte : byte | 0x80);
		if (done) return out;
	}
}

/** `i32.const n`. */
export function i32Const(n: number): number[] {
	return [OP.i32Const, ...sleb(BigInt(n | 0))];
}

/** `i64.const n` (n taken modulo 2^64 as a signed value). */
export function i64Const(n: bigint): number[] {
	return [OP.i64Const, ...sleb(n)];
}

function name(s: string): number[] {
	const bytes = [...new TextEncoder().encode(s)];
	return [...uleb(bytes.length), ...bytes];
}

function vector(items: number[][]): number[] {
	return [...uleb(items.length), ...items.flat()];
}

function section(id: number, body: number[]): number[] {
	return [id, ...uleb(body.length), ...body];
}

/** One function of a module. */
export interface WasmFunction {
	/** Its export name. */
	readonly name: string;
	/** Number of its `i32` parameters (locals 0 .. params - 1). */
	readonly params: number;
	/** Types of its other locals (`I32`, `I64` or `V128`), numbered from `params` on. */
	readonly locals: readonly number[];
	/** Its body, without the final `end`; it leaves one `i32` on the stack. */
	readonly body: readonly number[];
}

/**
 * The bytes of a module exporting `functions` (each of `i32` parameters returning one `i32`),
 * for `new WebAssembly.Module`; with `memoryPages`, the module imports a linear memory of at
 * least that many 64 KiB pages as `env.memory` (a `WebAssembly.Memory` given to `instantiateModule`).
 */
export function encodeModule(functions: readonly WasmFunction[], memoryPages?: number): Uint8Array {
	const types = functions.map((f) => [0x60, ...vector(Array.from({ length: f.params }, () => [I32])), 1, I32]);
	const codes = functions.map((f) => {
		// Locals as runs of one type.
		const runs: number[][] = [];
		for (let i = 0; i < f.locals.length;) {
			let j = i;
			while (j < f.locals.length && f.locals[j] === f.locals[i]) j++;
			runs.push([...uleb(j - i), f.locals[i]]);
			i = j;
		}
		const entry = [...vector(runs), ...f.body, OP.end];
		return [...uleb(entry.length), ...entry];
	});
	return new Uint8Array([
		...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
		...section(1, vector(types)),
		...(memoryPages === undefined
			? []
			: section(2, vector([[...name('env'), ...name('memory'), 0x02, 0x00, ...uleb(memoryPages)]]))),
		...section(3, vector(functions.map((_, i) => uleb(i)))),
		...section(7, vector(functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]))),
		...section(10, vector(codes)),
	]);
}

/** The part of the `WebAssembly` global used here (this project's Node typings do not declare it). */
interface WebAssemblyApi {
	Module: new (bytes: Uint8Array) => object;
	validate(bytes: Uint8Array): boolean;
	Instance: new (module: object, imports?: object) => { readonly exports: Record<string, unknown> };
	Memory: new (descriptor: { initial: number }) => WasmMemory;
}

/** The runtime's `WebAssembly`, or undefined (`node --jitless`). */
const wasmApi = (): WebAssemblyApi | undefined => (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;

/**
 * The exports of a module compiled and instantiated synchronously (a few kilobytes: Node has no
 * limit on synchronous compilation), given `memory` as `env.memory` if it imports one.
 * @throws WebAssembly.CompileError if the bytes are not a valid module
 * @throws WebAssembly.LinkError if the module imports a memory and `memory` is not one of its size
 */
export function instantiateModule(bytes: Uint8Array | CompiledModule, memory?: WasmMemory): Record<string, unknown> {
	const api = wasmApi()!;
	const module = bytes instanceof Uint8Array ? compileModule(bytes) : bytes;
	return (memory === undefined ? new api.Instance(module) : new api.Instance(module, { env: { memory } })).exports;
}

/** A compiled module (`WebAssembly.Module`), to instantiate any number of times. */
export type CompiledModule = object;

/**
 * A module compiled synchronously, to instantiate more than once without compiling it again (each
 * compilation starts in the runtime's baseline code, and only a function found hot is optimized).
 * @throws WebAssembly.CompileError if the bytes are not a valid module
 */
export function compileModule(bytes: Uint8Array): CompiledModule {
	return new (wasmApi()!.Module)(bytes);
}

/** A WebAssembly linear memory (`WebAssembly.Memory`): its bytes are `buffer`. */
export interface WasmMemory {
	readonly buffer: ArrayBuffer;
}

/** Bytes in a page of WebAssembly memory (section 2.5.5). */
export const WASM_PAGE_BYTES = 65536;

/**
 * A new linear memory of `pages` pages of 64 KiB, zeroed.
 * @throws RangeError if the runtime cannot allocate it
 */
export function newMemory(pages: number): WasmMemory {
	return new (wasmApi()!.Memory)({ initial: pages });
}

/** True if the runtime runs WebAssembly (Node does, but not with `--jitless`). */
export function webAssemblyAvailable(): boolean {
	return wasmApi() !== undefined;
}

/** `vectorsAvailable`'s answer, found on its first call (the runtime does not change). */
let vectors: boolean | undefined;

/**
 * True if the runtime runs WebAssembly's 128-bit vector instructions (Node does since version
 * 16.4; a runtime without them gets the 64-bit code).
 */
export function vectorsAvailable(): boolean {
	if (vectors === undefined) {
		const api = wasmApi();
		// A function of no parameters returning `v128.any_true` of a zero vector.
		const body = [...v128Const(new Array<number>(16).fill(0)), ...simd(SIMD.v128AnyTrue)];
		vectors = api !== undefined && api.validate(encodeModule([{ name: 'f', params: 0, locals: [], body }]));
	}
	return vectors;
}
