import { afterEach, describe, expect, it } from 'vitest';
import { ATAXX_START_FEN, parseFen } from '../../source/game/fen.js';
import { playMove } from '../../source/game/make-move.js';
import { type Position } from '../../source/game/position.js';
import { parseUaiMove } from '../../source/game/uai-notation.js';
import { UaiSession } from './uai-session.js';

let session: UaiSession | null = null;
afterEach(() => {
	session?.kill();
	session = null;
});

/** The position after UAI moves from a FEN. */
function after(fen: string, moves: string[]): Position {
	let pos = parseFen(fen).position;
	for (const text of moves) {
		const check = parseUaiMove(pos, text);
		if (!check.ok) throw new Error(check.reason);
		pos = playMove(pos, check.move);
	}
	return pos;
}

describe('blob-engine --uai, a scripted session with a real child process', () => {
	it('uai, isready, position, go movetime, info lines, a legal bestmove, quit', async () => {
		session = new UaiSession([]);
		session.send('uai');
		await session.expect(/^uaiok$/);
		expect(session.lines[0]).toBe('id name blobterm 0.1');
		expect(session.lines).toContain('option name Hash type spin default 64 min 1 max 4096');
		// UAI plays Ataxx rules: the null move is off there, the other selective switches on; the
		// evaluation cache is off.
		expect(session.lines).toContain('option name NullMove type check default false');
		expect(session.lines).toContain('option name EvalCache type check default false');
		expect(session.lines).toContain('option name Futility type check default true');
		session.send('isready');
		await session.expect(/^readyok$/);
		session.send('uainewgame');
		session.send('position startpos moves g2 a2');
		session.send('go movetime 400');
		const { line, index } = await session.expect(/^bestmove /);
		const infos = session.lines.slice(0, index).filter((l) => l.startsWith('info depth'));
		// At least depth 1: on a loaded machine 400 ms may be all the first depths get.
		expect(infos.length).toBeGreaterThanOrEqual(1);
		infos.forEach((l, i) =>
			expect(l).toMatch(
				new RegExp(
					`^info depth ${i + 1} seldepth \\d+ score (cp -?\\d+|mate -?\\d+) ` +
						`nodes \\d+ nps \\d+ time \\d+ hashfull \\d+ pv [a-g][1-7]`,
				),
			),
		);
		const pos = after(ATAXX_START_FEN, ['g2', 'a2']);
		expect(parseUaiMove(pos, line.split(' ')[1]).ok).toBe(true);
		expect(await session.quit()).toBe(0);
	});

	it('go infinite thinks until stop; isready is answered meanwhile', async () => {
		session = new UaiSession([]);
		session.send('position fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1');
		session.send('go infinite');
		await session.expect(/^info depth 3 /);
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(session.lines.some((l) => l.startsWith('bestmove'))).toBe(false);
		const before = session.lines.length;
		session.send('isready');
		await session.expect(/^readyok$/, before, 2000);
		session.send('stop');
		const { line } = await session.expect(/^bestmove /, before, 3000);
		const pos = parseFen('x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1').position;
		expect(parseUaiMove(pos, line.split(' ')[1]).ok).toBe(true);
		expect(await session.quit()).toBe(0);
	});

	it('go depth gives the same best move every run; setoption changes the search', async () => {
		const bestAtDepth = async (options: string[]) => {
			const s = new UaiSession([]);
			try {
				for (const option of options) s.send(option);
				s.send('position startpos moves f1');
				s.send('go depth 5');
				const { line, index } = await s.expect(/^bestmove /);
				return {
					best: line,
					depths: s.lines
						.slice(0, index)
						.filter((l) => l.startsWith('info depth'))
						.map((l) => Number(l.split(' ')[2])),
				};
			} finally {
				await s.quit();
			}
		};
		const a = await bestAtDepth([]);
		const b = await bestAtDepth([]);
		expect(a).toEqual(b);
		expect(a.depths).toEqual([1, 2, 3, 4, 5]);
		const mtdf = await bestAtDepth([
			'setoption name Algorithm value mtdf',
			'setoption name Hash value 8',
			'setoption name Killers value false',
		]);
		expect(mtdf.depths).toEqual([1, 2, 3, 4, 5]);
	});

	it('the first isready warms the threads up: readyok after it, and the next search is as without it', async () => {
		const search = async (first: string[]) => {
			const s = new UaiSession([]);
			try {
				for (const line of first) s.send(line);
				const ready = first.includes('isready') ? (await s.expect(/^readyok$/)).index : -1;
				s.send('position startpos moves f1');
				s.send('go depth 7');
				const { index } = await s.expect(/^bestmove /, ready + 1);
				// Every line of the search but its times: depth, score, nodes, line, and the move.
				const lines = s.lines.slice(ready + 1, index + 1).map((l) => l.replace(/ (nps|time) \d+/g, ''));
				return { ready, lines };
			} finally {
				await s.quit();
			}
		};
		const cold = await search([]);
		const warmed = await search(['uai', 'isready']);
		expect(warmed.ready).toBeGreaterThan(0);
		expect(warmed.lines).toEqual(cold.lines);
		expect(cold.lines.filter((l) => l.startsWith('info depth'))).toHaveLength(7);
	});

	it('uainewgame forgets the last game: the same search again, after isready or at once; stop kept', async () => {
		const session = new UaiSession([]);
		const withoutTimes = (from: number, to: number) =>
			session.lines.slice(from, to + 1).map((l) => l.replace(/ (nps|time) \d+/g, ''));
		const searchFrom = async (from: number) => {
			session.send('position startpos moves f1');
			session.send('go depth 6');
			const { index } = await session.expect(/^bestmove /, from);
			return { lines: withoutTimes(from, index), end: index + 1 };
		};
		session.send('uai');
		session.send('isready');
		const ready = (await session.expect(/^readyok$/)).index;
		const first = await searchFrom(ready + 1);
		expect(first.lines.filter((l) => l.startsWith('info depth'))).toHaveLength(6);
		// The table now knows the position: searched again without uainewgame, it takes fewer nodes.
		const again = await searchFrom(first.end);
		expect(again.lines).not.toEqual(first.lines);
		session.send('uainewgame');
		session.send('isready');
		const readyAgain = (await session.expect(/^readyok$/, again.end)).index;
		const afterReady = await searchFrom(readyAgain + 1);
		expect(afterReady.lines).toEqual(first.lines);
		// A go right after uainewgame waits for the threads to forget, and searches as the first.
		session.send('uainewgame');
		const searched = await searchFrom(afterReady.end);
		expect(searched.lines).toEqual(first.lines);
		// go infinite, then stop, both before the threads have forgotten: the move still comes.
		session.send('uainewgame');
		session.send('position startpos');
		session.send('go infinite');
		session.send('stop');
		const { line } = await session.expect(/^bestmove /, searched.end);
		expect(parseUaiMove(parseFen(ATAXX_START_FEN).position, line.split(' ')[1]).ok).toBe(true);
		expect(await session.quit()).toBe(0);
	});

	it('--set nullmove=on turns the null move on under Ataxx rules, and it changes the tree', async () => {
		const nodesAtDepth6 = async (args: string[]) => {
			const s = new UaiSession(args);
			try {
				s.send('uai');
				await s.expect(/^uaiok$/);
				s.send('position startpos moves g2 a2');
				s.send('go depth 6');
				const { index } = await s.expect(/^bestmove /);
				const last = s.lines
					.slice(0, index)
					.filter((l) => l.startsWith('info depth 6'))
					.pop();
				return {
					option: s.lines.find((l) => l.startsWith('option name NullMove')),
					nodes: Number(/ nodes (\d+)/.exec(last ?? '')?.[1]),
				};
			} finally {
				await s.quit();
			}
		};
		const on = await nodesAtDepth6(['--set', 'nullmove=on']);
		const off = await nodesAtDepth6([]);
		expect(on.option).toBe('option name NullMove type check default true');
		expect(off.option).toBe('option name NullMove type check default false');
		expect(on.nodes).toBeGreaterThan(0);
		expect(off.nodes).toBeGreaterThan(0);
		expect(on.nodes).not.toBe(off.nodes);
	});

	it('setoption Threads and Parallel: the search runs on two threads, YBWC', async () => {
		session = new UaiSession([]);
		session.send('uai');
		await session.expect(/^uaiok$/);
		expect(session.lines).toContain('option name Threads type spin default 1 min 1 max 64');
		expect(session.lines).toContain('option name Parallel type combo default lazy var lazy var ybwc');
		session.send('setoption name Threads value 2');
		session.send('setoption name Parallel value ybwc');
		session.send('position startpos');
		session.send('go depth 7');
		const { line } = await session.expect(/^bestmove /);
		expect(parseUaiMove(parseFen(ATAXX_START_FEN).position, line.split(' ')[1]).ok).toBe(true);
		session.send('setoption name Threads value 0');
		session.send('isready');
		await session.expect(/^readyok$/);
		expect(session.lines).toContain('info string Threads must be an integer from 1 to 64, got "0"');
		expect(await session.quit()).toBe(0);
	});

	it('setoption MultiPV and go searchmoves: ranked lines among the given moves', async () => {
		session = new UaiSession([]);
		session.send('uai');
		await session.expect(/^uaiok$/);
		expect(session.lines).toContain('option name MultiPV type spin default 1 min 1 max 256');
		session.send('setoption name MultiPV value 2');
		session.send('position startpos');
		session.send('go depth 3 searchmoves b6 f1 g1e3 a1');
		const { line, index } = await session.expect(/^bestmove /);
		const infos = session.lines.slice(0, index).filter((l) => l.startsWith('info depth'));
		expect(infos.map((l) => /^info depth (\d) seldepth \d+ multipv (\d) /.exec(l)?.slice(1))).toEqual([
			['1', '1'],
			['1', '2'],
			['2', '1'],
			['2', '2'],
			['3', '1'],
			['3', '2'],
		]);
		const firsts = infos.map((l) => / pv (\S+)/.exec(l)![1]);
		for (const move of firsts) expect(['b6', 'f1', 'g1e3']).toContain(move);
		expect(firsts[4]).not.toBe(firsts[5]);
		expect(line).toBe(`bestmove ${firsts[4]}`);
		expect(session.lines).toContain('info string searchmoves: a1 left out: a1 is not empty');
		session.send('setoption name MultiPV value 0');
		session.send('isready');
		await session.expect(/^readyok$/);
		expect(session.lines).toContain('info string MultiPV must be an integer from 1 to 256, got "0"');
		expect(await session.quit()).toBe(0);
	});

	it('go nodes stops after about that many nodes', async () => {
		session = new UaiSession([]);
		session.send('position startpos');
		session.send('go nodes 20000');
		const { index } = await session.expect(/^bestmove [a-g][1-7]/);
		const nodes = session.lines
			.slice(0, index)
			.filter((l) => l.startsWith('info depth'))
			.map((l) => Number(/ nodes (\d+) /.exec(l)![1]));
		// Completed iterations stay under the limit (the search looks at it every 1024 nodes).
		expect(Math.max(...nodes)).toBeLessThanOrEqual(20000 + 1024);
		expect(nodes.length).toBeGreaterThanOrEqual(3);
	});

	it('a clock: go wtime/btime answers well within the time left', async () => {
		session = new UaiSession([]);
		session.send('position startpos');
		session.send('isready');
		await session.expect(/^readyok$/);
		const started = Date.now();
		session.send('go btime 3000 wtime 3000 binc 0 winc 0');
		await session.expect(/^bestmove [a-g][1-7]/, 0, 3000);
		// The share of a 3 s clock is 3 s / 30 moves; the hard limit is 4 times that (0.4 s). The
		// bound is what the test is about, the time left, less room for a loaded machine's delays.
		expect(Date.now() - started).toBeLessThan(2500);
	});

	it('bad input is reported on an info string line, and the engine goes on', async () => {
		session = new UaiSession([]);
		session.send('position startpos moves g2 g2');
		session.send('position fen x5o/7/7 q');
		session.send('setoption name Hash value lots');
		session.send('setoption name Threads2 value 3');
		session.send('frobnicate');
		session.send('isready');
		await session.expect(/^readyok$/);
		expect(session.lines.filter((l) => l.startsWith('info string'))).toEqual([
			'info string illegal move g2: g2 is not empty; position kept before it',
			'info string bad FEN "x5o/7/7 q": side to move "q" (expected x or o)',
			'info string hash must be a whole number of MB from 1 to 4096, got "lots"',
			'info string unknown option: Threads2',
			'info string unknown command: frobnicate',
		]);
	});
});

describe('blob-engine --uai as a UAI engine of blobterm match', () => {
	it('plays a pair of whole games without a forfeit', async () => {
		const { runNode } = await import('./run.js');
		const run = await runNode('cli.js', [
			'match',
			'--time',
			'0.05',
			'--max-moves',
			'30',
			'uai:dist/engine-cli.js,args=--uai,name=uai-engine',
			'builtin:name=builtin',
			'boards/ataxx.bwb',
		]);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/forfeits\s+uai-engine 0, builtin 0/);
		expect(run.stdout.match(/^Finished game \d+ /gm)?.length).toBe(2);
	});
});
