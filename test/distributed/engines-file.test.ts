import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineRefusedError, readEnginesFile, resolveEngine } from '../../source/distributed/engines-file.js';

const dir = mkdtempSync(join(tmpdir(), 'blobterm-engines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const greedy = join('test', 'fixtures', 'greedy-engine.mjs');

function file(name: string, text: string): string {
	const path = join(dir, name);
	writeFileSync(path, text);
	return path;
}

describe("a worker's engines file", () => {
	it('maps names to local specs, as JSON or as NAME = SPEC lines', () => {
		const lines = file('engines.txt', `# this machine\n\ngreedy = ti:${greedy}\ndeep=builtin:depth=5\n`);
		expect([...readEnginesFile(lines)]).toEqual([
			['greedy', `ti:${greedy}`],
			['deep', 'builtin:depth=5'],
		]);
		const json = file('engines.json', JSON.stringify({ greedy: `ti:${greedy}`, 'uai one': `uai:${greedy}` }));
		expect([...readEnginesFile(json)]).toEqual([
			['greedy', `ti:${greedy}`],
			['uai one', `uai:${greedy}`],
		]);
	});

	it.each([
		['missing.txt', null, 'cannot read engines file DIR/missing.txt: no such file'],
		['bad.txt', 'greedy builtin\n', 'DIR/bad.txt:1: expected NAME = SPEC, found "greedy builtin"'],
		['twice.txt', 'a = builtin\na = builtin:depth=2\n', 'DIR/twice.txt:2: engine "a" named twice'],
		['nope.txt', 'a = ./nope\n', 'DIR/nope.txt:1: engine ./nope: no such file'],
		['human.txt', '\n\nh = human\n', 'DIR/human.txt:3: "h" must be an engine, not human'],
		['empty.txt', '# nothing\n', 'engines file DIR/empty.txt names no engine'],
		['bad.json', '{ "a": 3 }', 'DIR/bad.json: "a": the spec must be a string'],
		['broken.json', '{ "a": ', 'DIR/broken.json: not valid JSON'],
	])('refuses %s with one line', (name, text, message) => {
		const path = text === null ? join(dir, name) : file(name, text);
		expect(() => readEnginesFile(path)).toThrow(message.replace('DIR', dir));
	});

	it('resolves a name of the file, or a built-in engine; refuses any other program', () => {
		const table = readEnginesFile(file('t.txt', `greedy = ti:${greedy},grace=300\n`));
		expect(resolveEngine(table, { name: 'greedy', spec: 'ti:/elsewhere/greedy' })).toMatchObject({
			kind: 'ti',
			command: resolve(greedy),
			graceMs: 300,
		});
		expect(resolveEngine(null, { name: 'deep', spec: 'builtin:depth=4,name=deep' })).toMatchObject({
			kind: 'builtin',
			depth: 4,
		});
		expect(() => resolveEngine(table, { name: 'rm', spec: 'ti:/bin/rm,args=-rf {board}' })).toThrow(
			new EngineRefusedError('cannot run engine "rm" (ti:/bin/rm,args=-rf {board}): not in its --engines file'),
		);
		expect(() => resolveEngine(null, { name: 'x', spec: `uai:${greedy}` })).toThrow(
			`cannot run engine "x" (uai:${greedy}): only built-in engines run on a worker without --engines`,
		);
		expect(() => resolveEngine(null, { name: 'b', spec: 'builtin:hash=99999' })).toThrow(
			'engine "b": player builtin:hash=99999: hash must be a whole number of MB from 1 to 4096, got "99999"',
		);
	});
});
