import { describe, expect, it } from 'vitest';
import {
	encodeModule,
	I64,
	i32Const,
	i64Const,
	instantiateModule,
	OP,
	sleb,
	uleb,
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

	it("rejects bytes that are not a module with the runtime's error", () => {
		expect(() => instantiateModule(new Uint8Array([0, 0x61, 0x73, 0x6d, 2, 0, 0, 0]))).toThrow(
			/version|magic|wasm/i,
		);
	});
});
