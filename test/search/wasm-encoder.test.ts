import { describe, expect, it } from 'vitest';
import {
	encodeModule,
	I64,
	i32Const,
	i64Const,
	instantiateModule,
	OP,
	SIMD,
	simd,
	sleb,
	uleb,
	V128,
	v128Const,
	vectorsAvailable,
} from '../../source/search/wasm-encoder.js';

describe('the WebAssembly encoder', () => {
	it('writes LEB128 numbers as the specification does', () => {
		// The WebAssembly specification's and Wikipedia's examples: 624485 unsigned, -123456 signed.
		expect(uleb(0)).toEqual([0x00]);
		expect(uleb(127)).toEqual([0x7f]);
		expect(uleb(128)).toEqual([0x80, 0x01]);
		expect(uleb(624485)).toEqual([0xe5, 0x8e, 0x26]);
		expect(uleb(0xffffffff)).toEqual([0xff, 0xff, 0xff, 0xff, 0x0f]);
		expect(sleb(0n)).toEqual([0x00]);
		expect(sleb(-1n)).toEqual([0x7f]);
		expect(sleb(63n)).toEqual([0x3f]);
		expect(sleb(64n)).toEqual([0xc0, 0x00]);
		expect(sleb(-64n)).toEqual([0x40]);
		expect(sleb(-65n)).toEqual([0xbf, 0x7f]);
		expect(sleb(-123456n)).toEqual([0xc0, 0xbb, 0x78]);
		expect(sleb(1n << 63n)).toEqual([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f]);
	});

	it('makes a module whose exported functions run: 64-bit bit counts and arithmetic of i32 arguments', () => {
		// popcount(a | b << 32) + 1000 * c, and the low word of a 64-bit constant shifted right.
		const get = (i: number) => [OP.localGet, ...uleb(i)];
		const bytes = encodeModule([
			{
				name: 'count',
				params: 3,
				locals: [I64],
				body: [
					...get(0),
					OP.i64ExtendI32U,
					...get(1),
					OP.i64ExtendI32U,
					...i64Const(32n),
					OP.i64Shl,
					OP.i64Or,
					OP.localSet,
					...uleb(3),
					...get(3),
					OP.i64Popcnt,
					OP.i32WrapI64,
					...get(2),
					...i32Const(1000),
					OP.i32Mul,
					OP.i32Add,
				],
			},
			{
				name: 'high',
				params: 0,
				locals: [],
				body: [...i64Const(-0x123456789abcdefn), ...i64Const(32n), OP.i64ShrU, OP.i32WrapI64],
			},
		]);
		const exports = instantiateModule(bytes) as Record<string, (...args: number[]) => number>;
		expect(exports.count(0xff, -1, 7)).toBe(8 + 32 + 7000);
		expect(exports.count(0, 0, -3)).toBe(-3000);
		expect(exports.high()).toBe(Number(BigInt.asIntN(32, BigInt.asUintN(64, -0x123456789abcdefn) >> 32n)));
	});

	it('makes 128-bit vector code that runs: lanes of i32 arguments, 16-bit shifts, a byte shuffle, any_true', () => {
		// v = [a, b, 0, 0] as i32 lanes, shifted left by one in each 16-bit lane, then moved up two
		// bytes (a shuffle with a zero vector: the first two bytes from it); returns the low 64-bit
		// lane shifted back down 16 bits, wrapped to 32 bits, plus c. `any`: v128.any_true of v.
		const get = (i: number) => [OP.localGet, ...uleb(i)];
		const zero = v128Const(new Array<number>(16).fill(0));
		const lanes = [
			...zero,
			...get(0),
			...simd(SIMD.i32x4ReplaceLane, 0),
			...get(1),
			...simd(SIMD.i32x4ReplaceLane, 1),
		];
		const bytes = encodeModule([
			{
				name: 'shifted',
				params: 3,
				locals: [V128],
				body: [
					...lanes,
					...i32Const(1),
					...simd(SIMD.i16x8Shl),
					OP.localSet,
					...uleb(3),
					...zero,
					...get(3),
					...simd(SIMD.i8x16Shuffle, 14, 15, ...Array.from({ length: 14 }, (_, i) => 16 + i)),
					...simd(SIMD.i64x2ExtractLane, 0),
					...i64Const(16n),
					OP.i64ShrU,
					OP.i32WrapI64,
					...get(2),
					OP.i32Add,
				],
			},
			{ name: 'any', params: 3, locals: [], body: [...lanes, ...simd(SIMD.v128AnyTrue)] },
		]);
		const exports = instantiateModule(bytes) as Record<string, (...args: number[]) => number>;
		// a = 0x4001_8003: 16-bit lanes 0x8003 and 0x4001 shift to 0x0006 and 0x8002 (lane 0's top
		// bit is lost, not carried into lane 1 as a 32-bit shift would: 0x8003_0006); moved up 16
		// bits and back, the same word.
		expect(exports.shifted(0x40018003, 0, 5)).toBe((0x80020006 | 0) + 5);
		expect(exports.shifted(0, 0x1234, 0)).toBe(0);
		expect(exports.any(0, 0, 0)).toBe(0);
		expect(exports.any(0, 1 << 31, 0)).toBe(1);
		expect(vectorsAvailable()).toBe(true);
		expect(() => v128Const([1, 2, 3])).toThrow(/16 bytes/);
	});

	it("rejects bytes that are not a module with the runtime's error", () => {
		expect(() => instantiateModule(new Uint8Array([0, 0x61, 0x73, 0x6d, 2, 0, 0, 0]))).toThrow(
			/version|magic|wasm/i,
		);
	});
});
