import { describe, expect, it } from 'vitest';
import { runNode } from './run.js';

const INFO =
	/^depth (\d+) seldepth \d+ score (\+?-?[\d.]+|win in \d+ \(\+\d+\)|loss in \d+ \(-\d+\)) nodes \d+ nps \d+ time \d+ hashfull \d+ pv (.+)$/;

describe('blobterm analyze', () => {
	it('prints one line per completed depth, then the best move, which starts the last PV', async () => {
		const run = await runNode('cli.js', ['analyze', 'boards/ataxx.bwb', '--depth', '6']);
		expect(run.code).toBe(0);
		const lines = run.stdout.trim().split('\n');
		expect(lines[0]).toBe('analyze boards/ataxx.bwb: 7x7, Blue to move, Blob War rules, algorithm=pvs,hash=64');
		const infos = lines.slice(1, -1).map((l) => INFO.exec(l));
		expect(infos.map((m) => Number(m![1]))).toEqual([1, 2, 3, 4, 5, 6]);
		const lastPv = infos.at(-1)![3];
		expect(lastPv.split(') (').length).toBe(6);
		const best = /^bestmove (\(\d+,\d+\) > \(\d+,\d+\)) score (\S+) depth 6$/.exec(lines.at(-1)!);
		expect(best).not.toBeNull();
		expect(lastPv.startsWith(best![1])).toBe(true);
	});

	it('--fen under Ataxx rules, with another algorithm and switches', async () => {
		const run = await runNode('cli.js', [
			'analyze',
			'--fen',
			'x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1',
			'--depth',
			'4',
			'--algorithm',
			'mtdf',
			'--set',
			'killers=off',
			'--hash',
			'8',
		]);
		expect(run.code).toBe(0);
		const lines = run.stdout.trim().split('\n');
		expect(lines[0]).toBe(
			'analyze fen "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1": 7x7, Red to move, Ataxx rules, ' +
				'algorithm=mtdf,killers=off,hash=8',
		);
		expect(lines.slice(1, -1).map((l) => Number(INFO.exec(l)![1]))).toEqual([1, 2, 3, 4]);
		expect(lines.at(-1)).toMatch(/^bestmove \(\d+,\d+\) > \(\d+,\d+\) score \S+ depth 4$/);
	});

	it('sees a forced win and says so', async () => {
		const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
		const { join } = await import('node:path');
		const { tmpdir } = await import('node:os');
		const dir = mkdtempSync(join(tmpdir(), 'analyze-'));
		try {
			writeFileSync(join(dir, 'win.bwb'), '4 5\nBBRRR\n.BB.R\nBRBRR\nB.BXX\n');
			const run = await runNode('cli.js', ['analyze', join(dir, 'win.bwb'), '--depth', '6']);
			expect(run.stdout.trim().split('\n').at(-1)).toBe('bestmove (1,2) > (1,3) score win in 3 (+10) depth 3');
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it.each([
		[
			['analyze', 'boards/ataxx.bwb', '--depth', '0'],
			'blobterm: --depth must be a whole number of plies from 1 to 120, got "0"',
		],
		[
			['analyze', 'boards/ataxx.bwb', '--set', 'speed=max'],
			'blobterm: unknown search option "speed" ' +
				'(options: preset, algorithm, hash, eval, weights, exposure, aspiration, tt, ttmove, ' +
				'captures, jumppenalty, killers, countermove, history, positional, evalcache, selective, nullmove, ' +
				'rfp, futility, lmr, lmp, lmpcaptures, iir)',
		],
		[
			['analyze', 'boards/ataxx.bwb', '--time', '-1'],
			'blobterm: --time must be a number of seconds from 0.01 to 86400 (one day), got "-1"',
		],
		[['analyze', 'nowhere.bwb', '--depth', '2'], 'blobterm: cannot read board file nowhere.bwb: no such file'],
	])('%j fails with one line', async (args, message) => {
		const run = await runNode('cli.js', args);
		expect(run.stderr).toBe(`${message}\n`);
		expect(run.code).toBe(2);
	});
});

describe('blobterm bench search', () => {
	it('searches every bench position; the signature is the same every run', async () => {
		const a = await runNode('cli.js', ['bench', 'search', '--depth', '3']);
		const b = await runNode('cli.js', ['bench', 'search', '--depth', '3']);
		expect(a.code).toBe(0);
		const rows = a.stdout.split('\n').filter((l) => /^\| [^-|]/.test(l) && !l.startsWith('| position'));
		expect(rows.map((r) => r.split('|')[1].trim())).toEqual([
			'7x7 start',
			'7x7 opening',
			'7x7 middlegame',
			'8x8 default start',
			'8x8 opening',
			'gruyere5',
			'5x6 handout',
			'16x16 start',
			'total',
		]);
		const signature = (out: string) => /^bench signature: (\d+) nodes$/m.exec(out)![1];
		expect(signature(a.stdout)).toBe(signature(b.stdout));
		const nodes = rows.slice(0, -1).reduce((sum, r) => sum + Number(r.split('|')[3]), 0);
		expect(String(nodes)).toBe(signature(a.stdout));
	});

	it('a record at a half-move: the move played with its report, then N ranked lines per depth', async () => {
		const record = 'test/fixtures/games/6x6-match.jsonl';
		const run = await runNode('cli.js', [
			'analyze',
			record,
			'--game',
			'2',
			'--move',
			'13',
			'--depth',
			'4',
			'--multipv',
			'3',
		]);
		expect(run.code).toBe(0);
		const lines = run.stdout.trim().split('\n');
		expect(lines.slice(0, 2)).toEqual([
			`analyze ${record}, game 2, before half-move 13: 6x6, Blue to move, Blob War rules, ` +
				'algorithm=pvs,hash=64',
			'played 13. Blue (1,0) > (3,1) -5.25/2 pv (1,0) > (3,1) (1,4) > (3,2)',
		]);
		const infos = lines.slice(2, -1).map((l) => /^multipv (\d) depth (\d) .* pv (\(\d,\d\) > \(\d,\d\))/.exec(l)!);
		expect(infos.map((m) => `${m[2]}.${m[1]}`)).toEqual(
			['1', '2', '3', '4'].flatMap((d) => [`${d}.1`, `${d}.2`, `${d}.3`]),
		);
		// Three different moves at each depth, and the best move starts the last depth's first line.
		for (let d = 0; d < 4; d++) expect(new Set(infos.slice(3 * d, 3 * d + 3).map((m) => m[3])).size).toBe(3);
		expect(lines.at(-1)).toMatch(
			new RegExp(`^bestmove ${infos[9][3].replace(/[()]/g, '\\$&')} score \\S+ depth 4$`),
		);
	});

	it('--searchmoves restricts the root; --json prints one object a line', async () => {
		const record = 'test/fixtures/games/6x6-match.pgn';
		/** `analyze --json` at half-move 13 of game 2, to depth 3, with these `--searchmoves` and flags. */
		const analyzeJson = async (...args: string[]) => {
			const run = await runNode('cli.js', [
				'analyze',
				record,
				'--game',
				'2',
				'--move',
				'13',
				'--depth',
				'3',
				'--searchmoves',
				...args,
				'--json',
			]);
			expect(run.stderr).toBe('');
			return run.stdout
				.trim()
				.split('\n')
				.map((l) => JSON.parse(l) as Record<string, unknown>);
		};
		const objects = await analyzeJson('(1,0) > (3,1)', 'a4', '--multipv', '2');
		expect(objects[0]).toMatchObject({
			type: 'position',
			sideToMove: 'Blue',
			rules: 'blobwar',
			played: { halfMove: 13, move: '(1,0) > (3,1)', score: -5.25, depth: 2 },
		});
		const infos = objects.slice(1, -1);
		expect(infos.map((o) => `${o.depth}.${o.multipv}`)).toEqual(['1.1', '1.2', '2.1', '2.2', '3.1', '3.2']);
		// a4 is (2,0) on this 6x6 board: Blue's clone from (1,0).
		for (const info of infos) expect(['(1,0) > (3,1)', '(1,0) > (2,0)']).toContain((info.pv as string[])[0]);
		expect(objects.at(-1)).toMatchObject({ type: 'bestmove', depth: 3 });
		expect(['(1,0) > (3,1)', '(1,0) > (2,0)']).toContain(objects.at(-1)!.move);
		// A clone written in the board's notation, from a named blob, restricts the root too.
		const cloneObjects = await analyzeJson('(1,0) > (2,0)');
		const cloneInfos = cloneObjects.slice(1, -1);
		expect(cloneInfos.map((o) => o.depth)).toEqual([1, 2, 3]);
		for (const info of cloneInfos) expect((info.pv as string[])[0]).toBe('(1,0) > (2,0)');
		expect(cloneObjects.at(-1)).toMatchObject({ type: 'bestmove', move: '(1,0) > (2,0)', depth: 3 });
		const bad = await runNode('cli.js', ['analyze', record, '--game', '2', '--move', '13', '--searchmoves', 'f6']);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toBe('blobterm: --searchmoves "f6": f6 is not empty\n');
	});
});
