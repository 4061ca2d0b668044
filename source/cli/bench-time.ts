/**
 * `blobterm bench time`: how much of its time the engine uses, measured from outside as a match
 * runner sees it, on real child processes:
 *
 * - UAI: `blob-engine --uai` answers `go movetime T`; the time from sending `go` to reading
 *   `bestmove`, over T (goal: 90 to 100%).
 * - The tournament interface: `blob-engine BOARD TIME`; the time from starting the process to its
 *   exit, over TIME (the process start counts against TIME). The smallest TIME it honours is the
 *   smallest whose slowest run ends within TIME.
 */

import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describeMachine } from './machine.js';
import { formatUaiCommand } from '../protocol/uai.js';

/** FENs of the UAI measure: the Ataxx start and positions from its openings and middlegame. */
const UAI_POSITIONS = [
	'x5o/7/7/7/7/7/o5x x 0 1',
	'x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1',
	'xxx2oo/x5o/6o/7/7/o4x1/o5x x 0 1',
	'x1ooooo/x1oooox/3x1xx/7/7/o4x1/o5x x 0 1',
	'xx4o/xx3oo/7/3x3/7/oo3xx/o4xx o 0 1',
];

/** Board files of the tournament-interface measure. */
const TI_BOARDS = ['boards/default.bwb', 'boards/ataxx.bwb'];

const ENGINE = fileURLToPath(new URL('../engine-cli.js', import.meta.url));

/** Per-move times of the benchmark, ms. */
export interface BenchTimeOptions {
	/** `go movetime` values, ms (default 100 and 1000). */
	readonly moveTimesMs?: readonly number[];
	/** Tournament-interface TIME values, s (default 0.3, 0.5 and 1). */
	readonly tiTimesS?: readonly number[];
	/** Runs of each position or board (default 1 for UAI, 3 for the tournament interface). */
	readonly repeat?: number;
}

/**
 * Runs the benchmark and prints Markdown tables.
 * @throws Error if the engine process fails to answer
 */
export async function benchTime(out: (line: string) => void, options: BenchTimeOptions = {}): Promise<void> {
	const moveTimes = options.moveTimesMs ?? [100, 1000];
	const tiTimes = options.tiTimesS ?? [0.3, 0.5, 1];
	out(`bench time on ${describeMachine()}, one thread`);
	out('');
	out('UAI `go movetime T`: time from `go` to `bestmove`, share of T');
	out('');
	out('| T (ms) | moves | mean ms | mean share | min share | max share |');
	out('|---:|---:|---:|---:|---:|---:|');
	const uai = new UaiTimer();
	try {
		await uai.ready();
		for (const t of moveTimes) {
			const shares: number[] = [];
			for (let r = 0; r < (options.repeat ?? 1); r++)
				for (const fen of UAI_POSITIONS) shares.push((await uai.go(fen, t)) / t);
			out(row(t, shares));
		}
	} finally {
		await uai.quit();
	}
	out('');
	out('Tournament interface `blob-engine BOARD TIME`: from starting the process to its move line, and to its exit,');
	out('as shares of TIME');
	out('');
	out('| TIME (s) | runs | mean ms to move | mean share | max share | mean ms to exit | mean share | max share |');
	out('|---:|---:|---:|---:|---:|---:|---:|---:|');
	for (const t of tiTimes) {
		const toMove: number[] = [];
		const toExit: number[] = [];
		for (let r = 0; r < (options.repeat ?? 3); r++)
			for (const board of TI_BOARDS) {
				const started = performance.now();
				const child = execa('node', [ENGINE, board, String(t)], { stdout: 'pipe' });
				let moveAt = 0;
				child.stdout.once('data', () => (moveAt = performance.now()));
				await child;
				toMove.push((moveAt - started) / (t * 1000));
				toExit.push((performance.now() - started) / (t * 1000));
			}
		const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
		const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
		out(
			`| ${t} | ${toMove.length} | ${Math.round(mean(toMove) * t * 1000)} | ${pct(mean(toMove))} | ` +
				`${pct(Math.max(...toMove))} | ${Math.round(mean(toExit) * t * 1000)} | ${pct(mean(toExit))} | ` +
				`${pct(Math.max(...toExit))} |`,
		);
	}
}

function row(t: number, shares: readonly number[]): string {
	const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
	const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
	return (
		`| ${t} | ${shares.length} | ${Math.round(mean * t)} | ${pct(mean)} | ` +
		`${pct(Math.min(...shares))} | ${pct(Math.max(...shares))} |`
	);
}

/** A `blob-engine --uai` process with a line reader. */
class UaiTimer {
	private readonly child = execa('node', [ENGINE, '--uai'], { stdin: 'pipe', stdout: 'pipe', reject: false });
	private readonly waiters: Array<(line: string) => boolean> = [];

	constructor() {
		createInterface({ input: this.child.stdout! }).on('line', (line) => {
			const i = this.waiters.findIndex((w) => w(line));
			if (i >= 0) this.waiters.splice(i, 1);
		});
	}

	private send(line: string): void {
		this.child.stdin!.write(`${line}\n`);
	}

	private expect(prefix: string): Promise<string> {
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`blob-engine --uai: no "${prefix}" within 30 s`)), 30_000);
			this.waiters.push((line) => {
				if (!line.startsWith(prefix)) return false;
				clearTimeout(timer);
				resolve(line);
				return true;
			});
		});
	}

	async ready(): Promise<void> {
		this.send(formatUaiCommand({ type: 'uai' }));
		await this.expect('uaiok');
	}

	/** Ms from `go movetime T` to `bestmove`, the position set and the engine ready before. */
	async go(fen: string, moveTimeMs: number): Promise<number> {
		this.send(formatUaiCommand({ type: 'uainewgame' }));
		this.send(formatUaiCommand({ type: 'position', fen, moves: [] }));
		this.send(formatUaiCommand({ type: 'isready' }));
		await this.expect('readyok');
		const started = performance.now();
		this.send(formatUaiCommand({ type: 'go', movetime: moveTimeMs }));
		await this.expect('bestmove');
		return performance.now() - started;
	}

	async quit(): Promise<void> {
		this.send(formatUaiCommand({ type: 'quit' }));
		await this.child;
	}
}
