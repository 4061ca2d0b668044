import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKELETON_SEARCH_OPTIONS } from '../../source/search/search-options.js';
import { parsePlayerSpec, specName } from '../../source/players/player-spec.js';
import { createPlayer } from '../../source/players/create-player.js';

const greedy = 'test/fixtures/greedy-engine.mjs';
const uai = 'test/fixtures/uai-greedy-engine.mjs';

describe('player specs', () => {
	it('read every kind, with options', () => {
		expect(parsePlayerSpec('human')).toEqual({ kind: 'human', text: 'human' });
		expect(parsePlayerSpec('builtin')).toEqual({
			kind: 'builtin',
			text: 'builtin',
			name: undefined,
			depth: undefined,
			search: {},
		});
		expect(parsePlayerSpec('builtin:depth=6,name=deep')).toEqual({
			kind: 'builtin',
			text: 'builtin:depth=6,name=deep',
			name: 'deep',
			depth: 6,
			search: {},
		});
		expect(parsePlayerSpec('builtin:nodes=20000')).toMatchObject({ kind: 'builtin', nodes: 20000 });
		expect(() => parsePlayerSpec('builtin:nodes=0')).toThrow(
			'player builtin:nodes=0: nodes must be a whole number of nodes from 1 to 1000000000000, got "0"',
		);
		expect(parsePlayerSpec('builtin:killers=off,preset=skeleton,algorithm=mtdf,hash=8')).toMatchObject({
			kind: 'builtin',
			search: { ...SKELETON_SEARCH_OPTIONS, killers: false, algorithm: 'mtdf', hashMb: 8 },
		});
		expect(() => parsePlayerSpec('builtin:algorithm=minimax')).toThrow(
			'player builtin:algorithm=minimax: algorithm must be one of pvs, mtdf, alphabeta, got "minimax"',
		);
		expect(() => parsePlayerSpec('builtin:tt=maybe')).toThrow(
			'player builtin:tt=maybe: tt must be on or off, got "maybe"',
		);
		expect(parsePlayerSpec(greedy)).toEqual({
			kind: 'ti',
			text: greedy,
			program: greedy,
			command: resolve(greedy),
			name: undefined,
			args: undefined,
			graceMs: undefined,
		});
		expect(parsePlayerSpec(`ti:${greedy},args={board} {time},grace=800,name=g`)).toEqual({
			kind: 'ti',
			text: `ti:${greedy},args={board} {time},grace=800,name=g`,
			program: greedy,
			command: resolve(greedy),
			name: 'g',
			args: ['{board}', '{time}'],
			graceMs: 800,
		});
		expect(parsePlayerSpec(`uai:${uai},option.Hash=64,option.Threads=2,args=--fast,init=2000`)).toEqual({
			kind: 'uai',
			text: `uai:${uai},option.Hash=64,option.Threads=2,args=--fast,init=2000`,
			program: uai,
			command: resolve(uai),
			name: undefined,
			args: ['--fast'],
			graceMs: undefined,
			initMs: 2000,
			options: [
				['Hash', '64'],
				['Threads', '2'],
			],
		});
	});

	it('name players by their name option, else their kind or program', () => {
		expect(specName(parsePlayerSpec('builtin:depth=3'))).toBe('builtin');
		expect(specName(parsePlayerSpec(`uai:${uai}`))).toBe(uai);
		expect(specName(parsePlayerSpec(`uai:${uai},name=x`))).toBe('x');
		expect(createPlayer(`uai:${uai},name=x`).name).toBe('x');
		expect(createPlayer('builtin:depth=2').name).toBe('builtin');
		expect(createPlayer(greedy).name).toBe(greedy);
	});

	it.each([
		['builtin:depth=0', 'player builtin:depth=0: depth must be a whole number of plies from 1 to 120, got "0"'],
		[
			'builtin:depth=2.5',
			'player builtin:depth=2.5: depth must be a whole number of plies from 1 to 120, got "2.5"',
		],
		[
			'builtin:threads=65',
			'player builtin:threads=65: threads must be a whole number of threads from 1 to 64, got "65"',
		],
		[
			'builtin:args=x',
			'player builtin:args=x: unknown option "args" ' +
				'(options of builtin: name, depth, nodes, threads, parallel, preset, algorithm, hash, eval, weights, ' +
				'exposure, aspiration, tt, ttmove, captures, jumppenalty, killers, countermove, history, positional, ' +
				'evalcache, selective, nullmove, rfp, futility, lmr, lmp, lmpcaptures, iir)',
		],
		[
			`${greedy},fast`,
			`player ${greedy},fast: expected KEY=VALUE, found "fast" (options of ti: name, args, grace)`,
		],
		[
			`ti:${greedy},option.Hash=1`,
			`player ti:${greedy},option.Hash=1: unknown option "option.Hash" (options of ti: name, args, grace)`,
		],
		[
			`uai:${uai},grace=-1`,
			`player uai:${uai},grace=-1: grace must be a number of ms from 0 to 3600000 (one hour), got "-1"`,
		],
		[
			`uai:${uai},grace=1e12`,
			`player uai:${uai},grace=1e12: grace must be a number of ms from 0 to 3600000 (one hour), got "1e12"`,
		],
		[
			`uai:${uai},init=Infinity`,
			`player uai:${uai},init=Infinity: init must be a number of ms from 1 to 600000 (ten minutes), ` +
				'got "Infinity"',
		],
		[`uai:${uai},name=`, `player uai:${uai},name=: empty name`],
		['uai:', 'player uai:: no program given (e.g. uai:./my-engine)'],
		['uai:./missing', 'engine ./missing: no such file (players are human, builtin, or an engine program)'],
		['ti:boards/4x4.bwb', 'engine boards/4x4.bwb: not executable (chmod +x boards/4x4.bwb)'],
		['ti:./boards', 'engine ./boards: not a file'],
		[
			'nonexistent-engine',
			'engine nonexistent-engine: no such program in PATH (players are human, builtin, or an engine program)',
		],
		['uai:nonexistent-engine', 'engine nonexistent-engine: no such program in PATH'],
		['HUMAN', 'engine HUMAN: no such program in PATH (did you mean human?)'],
		['Builtin:depth=2', 'engine Builtin:depth=2: no such program in PATH (did you mean builtin:depth=2?)'],
	])('%s is refused: %s', (text, message) => {
		expect(() => parsePlayerSpec(text)).toThrow(message);
	});

	it('a program named without a path is looked up in PATH when the spec is read', () => {
		const dir = mkdtempSync(join(tmpdir(), 'blobterm-path-'));
		const savedPath = process.env.PATH;
		try {
			writeFileSync(join(dir, 'my-engine'), '#!/bin/sh\n', { mode: 0o755 });
			process.env.PATH = `${dir}:${savedPath}`;
			expect(parsePlayerSpec('uai:my-engine,name=mine')).toMatchObject({
				kind: 'uai',
				program: 'my-engine',
				command: join(dir, 'my-engine'),
				name: 'mine',
			});
		} finally {
			process.env.PATH = savedPath;
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
