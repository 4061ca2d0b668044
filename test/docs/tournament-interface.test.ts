import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from '../../source/match/match.js';
import { openingFromBoardFile } from '../../source/match/opening.js';
import { parsePlayerSpec } from '../../source/players/player-spec.js';

/** The example engine of docs/tournament-interface.md, as the page shows it. */
function exampleEngine(): string {
	const page = readFileSync('docs/tournament-interface.md', 'utf8');
	const code = /```js\n([\s\S]*?)```/.exec(page);
	if (!code) throw new Error('docs/tournament-interface.md has no js example');
	return code[1];
}

let dir: string;
let engine: string;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'blobterm-docs-'));
	engine = join(dir, 'greedy.mjs');
	writeFileSync(engine, exampleEngine());
	chmodSync(engine, 0o755);
});

afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

describe("the tournament interface page's example engine", () => {
	it('prints the moves the page says', async () => {
		const red = await execa(engine, ['boards/gruyere5.bwb', '-1'], { reject: false });
		expect(red.stdout).toBe('(0,6) > (0,5)');
		const blue = await execa(engine, ['boards/gruyere5.bwb', '1', '40'], { reject: false });
		expect(blue.stdout).toBe('(0,0) > (0,1)');
	});

	it('plays a whole game under blobterm without a forfeit', async () => {
		const match = new Match({
			engines: [
				parsePlayerSpec(`${engine},name=example`),
				parsePlayerSpec(join('test', 'fixtures', 'greedy-engine.mjs')),
			],
			openings: [openingFromBoardFile('boards/gruyere3.bwb')],
			games: 1,
			concurrency: 1,
			timeMs: 1000,
			halfMoveLimit: null,
			variant: 'blobwar',
		});
		const summary = await match.run();
		const [game] = match.finished();
		expect(game.reason).toBe('the board is full');
		expect(game.termination).toBe('end');
		expect(game.blue).toBe('example');
		expect(game.moves.length).toBeGreaterThan(2);
		expect(summary.tally.forfeits).toEqual([0, 0]);
	});
});
