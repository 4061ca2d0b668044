import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import React from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../source/game/board-file.js';
import { playMove } from '../../source/game/make-move.js';
import { pseudolegalMoves } from '../../source/game/movegen.js';
import { formatMove, moveCoords } from '../../source/game/notation.js';
import { Game, type GameOptions, type PlayedMove } from '../../source/match/game.js';
import { ExternalPlayer } from '../../source/players/external-player.js';
import { HumanPlayer } from '../../source/players/human-player.js';
import { type MoveAnswer, type MoveRequest, type Player } from '../../source/players/player.js';
import { App } from '../../source/ui/App.js';
import { helpEntries } from '../../source/ui/components/HelpOverlay.js';
import { typeInto } from '../../source/ui/prompt-input.js';
import { move as parse, waitFor } from '../helpers.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;
const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);
/** Grace of the fixture engines: they answer at once, but may take a second or more to start on a loaded machine. */
const START_MS = 5000;
const tick = (ms = 40) => new Promise((resolve) => setTimeout(resolve, ms));
const UP = '\x1b[A';
const DOWN = '\x1b[B';
const RIGHT = '\x1b[C';
const LEFT = '\x1b[D';
const ESC = '\x1b';

let dir = '';
beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'blobterm-app-'));
});
afterAll(async () => {
	await rm(dir, { recursive: true, force: true });
});

/** Starts the app on a session; `frame()` is the last frame with times written `T`. */
function start(options: Partial<GameOptions> & { players?: [Player, Player] } = {}, name = '4x4') {
	const session = new Game({
		start: board(name),
		players: [new HumanPlayer(), new HumanPlayer()],
		timeMs: [1000, 1000],
		halfMoveLimit: 100,
		...options,
	});
	let quit: 'quit' | 'interrupt' | null = null;
	const ui = render(<App game={session} boardName={`${name}.bwb`} onQuit={(how) => (quit = how)} />);
	const running = session.run();
	const frame = () => (ui.lastFrame() ?? '').replace(/\d+\.\d+ s\b/g, 'T');
	const lines = () => frame().split('\n');
	/** Types keys one event at a time, letting Ink render after each. */
	const press = async (...keys: string[]) => {
		for (const key of keys) {
			ui.stdin.write(key);
			await tick();
		}
	};
	const stop = async () => {
		session.abort();
		ui.unmount();
		await running;
	};
	return { session, ui, frame, lines, press, stop, running, quitted: () => quit };
}

/**
 * Widens the app's terminal to 160 columns, so that a prompt holding a path under TMPDIR (of any
 * length up to 80 characters) is not cut.
 */
async function widen(ui: ReturnType<typeof start>['ui']): Promise<void> {
	const stdout = ui.stdout as unknown as NodeJS.EventEmitter & { columns: number };
	Object.defineProperty(stdout, 'columns', { value: 160, configurable: true });
	stdout.emit('resize');
	await tick();
}

/** The 4x4 board's lines of a frame, without the side panel. */
const board4 = (lines: string[]) => lines.slice(2, 6).map((l) => l.slice(0, 15).trimEnd());
const humanTurn = (session: Game) => waitFor(() => session.humanToMove() !== null);

describe('the game screen', () => {
	it('renders the board, the cursor, the move list, the status line and the prompt', async () => {
		const { session, frame, stop } = start();
		await humanTurn(session);
		await tick();
		expect(frame()).toBe(
			[
				'blobterm · 4x4.bwb · Blue: human · Red: human',
				'    0  1  2  3    Moves',
				' 0  B  .  .  R      none yet',
				' 1  .  .  .  .',
				' 2  .  . [.] .',
				' 3  B  .  .  R',
				'Blue to move · Blue 2 · Red 2 · half-move 0 of 100 · time Blue T Red T',
				'Your move (Blue):    arrows/hjkl + Enter, or type r1 c1 r2 c2 · ? help',
			].join('\n'),
		);
		await stop();
	});

	it('plays a typed move and marks it until the next move: from, to and captured blobs', async () => {
		const { session, ui, frame, lines, press, stop } = start();
		await humanTurn(session);
		await press('0 0 1 1');
		expect(lines().at(-1)).toBe('Your move (Blue): 0 0 1 1');
		await press('\r');
		await waitFor(() => session.state.moves.length === 1 && session.humanToMove() !== null);
		await tick();
		expect(frame()).toBe(
			[
				'blobterm · 4x4.bwb · Blue: human · Red: human',
				'    0  1  2  3    Moves',
				' 0 -B- .  .  R      1. (0,0) > (1,1)',
				' 1  . (B) .  .',
				' 2  .  . [.] .',
				' 3  B  .  .  R',
				'Red to move · Blue 3 · Red 2 · half-move 1 of 100 · time Blue T Red T',
				'Your move (Red):    arrows/hjkl + Enter, or type r1 c1 r2 c2 · ? help',
			].join('\n'),
		);
		// A paste arrives as one chunk: it types and plays like typed keys.
		ui.stdin.write('(0,3) > (1,2)\r');
		await waitFor(() => session.state.moves.length === 2);
		await tick();
		expect(lines().slice(1, 6)).toEqual([
			'    0  1  2  3    Moves',
			' 0  B  .  . -R-     1. (0,0) > (1,1)  (0,3) > (1,2)',
			' 1  . {R}(R) .',
			' 2  .  . [.] .',
			' 3  B  .  .  R',
		]);
		await stop();
	});

	it('refuses an illegal typed move with its reason and takes the next one', async () => {
		const { session, lines, frame, press, stop } = start();
		await humanTurn(session);
		await press('0 0 0 3', '\r');
		expect(lines().slice(-2)).toEqual([
			'Your move (Blue):    arrows/hjkl + Enter, or type r1 c1 r2 c2 · ? help',
			'(0,0) > (0,3): (0,3) is not empty',
		]);
		expect(session.state.moves.length).toBe(0);
		await press('3 0 1 2', '\r');
		await waitFor(() => session.state.moves.length === 1);
		await tick();
		expect(frame()).toContain(' 1  .  . (B) .');
		expect(frame()).not.toContain('is not empty');
		await stop();
	});

	it('backspace and escape edit the typed move', async () => {
		const { session, lines, press, stop } = start();
		await humanTurn(session);
		await press('0 0 1 9', '\x7f');
		expect(lines().at(-1)).toBe('Your move (Blue): 0 0 1');
		await press(ESC);
		expect(lines().at(-1)).toBe('Your move (Blue):    arrows/hjkl + Enter, or type r1 c1 r2 c2 · ? help');
		await stop();
	});

	it(
		'plays by cursor: arrows and hjkl move, Enter picks and marks the targets, ' + 'Enter on a target plays',
		async () => {
			const { session, lines, press, stop } = start();
			await humanTurn(session);
			await press(UP, 'k', LEFT, 'h');
			expect(board4(lines())[0]).toBe(' 0 [B] .  .  R');
			await press('\r');
			// The cursor's brackets stand over the picked blob's.
			expect(board4(lines())).toEqual([' 0 [B] +  *  R', ' 1  +  +  *  .', ' 2  *  *  *  .', ' 3  B  .  .  R']);
			expect(lines().at(-1)).toBe(
				'Your move (Blue):    move the cursor to a target (+ clone, * jump), Enter plays',
			);
			// Esc drops the pick; Space picks too.
			await press(ESC);
			expect(board4(lines())[0]).toBe(' 0 [B] .  .  R');
			await press(' ', DOWN, 'j', RIGHT, 'l');
			expect(board4(lines()).slice(0, 3)).toEqual([' 0 <B> +  *  R', ' 1  +  +  *  .', ' 2  *  * [*] .']);
			await press('\r');
			await waitFor(() => session.state.moves.length === 1);
			await tick();
			// A jump: the source is empty now.
			expect(lines().slice(2, 5)).toEqual([
				' 0 -.- .  .  R      1. (0,0) > (2,2)',
				' 1  .  .  .  .',
				' 2  .  . [B] .',
			]);
			// Red's turn: a Blue blob cannot be picked, and an empty cell is no target.
			await press('\r');
			expect(lines().at(-1)).toBe('(2,2): pick a Red blob');
			await press('k', 'k', 'l', '\r', 'j', 'j', 'h', 'h', 'h', '\r');
			expect(lines().at(-1)).toBe('(2,0) is not a target of (0,3): + is a clone, * a jump (Esc drops it)');
			await stop();
		},
	);

	it('undo takes back, redo replays, with what is left to replay in the move list', async () => {
		const { session, lines, press, stop } = start();
		await humanTurn(session);
		await press('u');
		expect(lines().at(-1)).toBe('nothing to take back');
		for (const move of ['0 0 1 1\r', '0 3 1 2\r']) {
			const n = session.state.moves.length;
			await press(move);
			await waitFor(() => session.state.moves.length === n + 1 && session.humanToMove() !== null);
		}
		await press('u');
		await humanTurn(session);
		await tick();
		expect(lines().slice(1, 4)).toEqual([
			'    0  1  2  3    Moves',
			' 0 -B- .  .  R      1. (0,0) > (1,1)',
			' 1  . (B) .  .      1 taken back: r replays',
		]);
		expect(lines()[6]).toMatch(/^Red to move · Blue 3 · Red 2 · half-move 1 of 100/);
		await press('r');
		await waitFor(() => session.state.moves.length === 2);
		await tick();
		expect(lines()[2]).toBe(' 0  B  .  . -R-     1. (0,0) > (1,1)  (0,3) > (1,2)');
		await press('r');
		expect(lines().at(-1)).toBe('nothing to replay');
		await stop();
	});

	it("new game starts again (r replays the old one); swap sides gives the engine the person's colour", async () => {
		const greedy = new ExternalPlayer({ command: fixture('greedy-engine.mjs'), graceMs: START_MS, name: 'greedy' });
		const { session, lines, press, stop } = start({ players: [new HumanPlayer(), greedy] });
		await humanTurn(session);
		expect(lines()[0]).toBe('blobterm · 4x4.bwb · Blue: human · Red: greedy (1 s)');
		await press('0 0 1 1\r');
		await waitFor(() => session.state.moves.length === 2 && session.humanToMove() !== null);
		await press('n');
		await humanTurn(session);
		await tick();
		expect(lines()[2]).toBe(' 0  B  .  .  R      none yet');
		expect(lines().at(-1)).toBe('new game: r replays the old one');
		await press('x');
		await waitFor(() => session.state.moves.length === 1 && session.humanToMove() !== null);
		await tick();
		expect(lines()[0]).toBe('blobterm · 4x4.bwb · Blue: greedy (1 s) · Red: human');
		expect(lines().at(-2)).toBe('Your move (Red):    arrows/hjkl + Enter, or type r1 c1 r2 c2 · ? help');
		await stop();
	});

	it('? shows every key of the key table; any key closes it; the board keys do nothing meanwhile', async () => {
		const { session, frame, lines, press, stop } = start();
		await humanTurn(session);
		await press('?');
		const help = frame();
		expect(help).toContain('Keys (any key closes this help)');
		for (const [label, text] of helpEntries()) expect(help).toMatch(`${label.padEnd(15)}  ${text.slice(0, 20)}`);
		expect(help).toContain('+ clone target (blob stays)');
		expect(help).not.toContain(' 0  B  .  .  R');
		await press('u');
		expect(lines()[2]).toBe(' 0  B  .  .  R      none yet');
		expect(lines().at(-1)).not.toBe('nothing to take back');
		await stop();
	});

	it(
		'saves the game to a record, refuses to overwrite unless confirmed, ' +
			'and loads records and board files back',
		async () => {
			const { session, ui, lines, frame, press, stop } = start();
			const path = join(dir, 'saved.json');
			await widen(ui);
			await humanTurn(session);
			await press('0 0 1 1\r');
			await waitFor(() => session.state.moves.length === 1 && session.humanToMove() !== null);
			await press('s');
			expect(lines().at(-1)).toBe(
				'Save to: 4x4-game.json   Enter saves, Esc cancels, Tab completes, Ctrl-U clears',
			);
			await press(...Array(13).fill('\x7f'), path, '\r');
			await waitFor(() => frame().includes('saved 1 move'));
			expect(lines().at(-1)).toBe(`saved 1 move to ${path}`);
			expect(JSON.parse(await readFile(path, 'utf8')).moves).toEqual([
				{ side: 'Blue', move: '(0,0) > (1,1)', timeMs: expect.any(Number) },
			]);
			await press('0 3 1 2\r');
			await waitFor(() => session.state.moves.length === 2 && session.humanToMove() !== null);
			// Saving again to the same name asks first.
			await press('s', '\r');
			await waitFor(() => frame().includes('exists'));
			expect(lines().at(-1)).toBe(`${path} exists: Enter overwrites it, Esc cancels`);
			await press(ESC);
			expect(JSON.parse(await readFile(path, 'utf8')).moves.length).toBe(1);
			// Load it back: the position after its one move, Red to move.
			await press('o');
			expect(lines().at(-1)).toBe(`Open: ${path}   Enter opens, Esc cancels, Tab completes, Ctrl-U clears`);
			await press('\r');
			await waitFor(() => frame().includes('loaded'));
			await humanTurn(session);
			await tick();
			expect(lines()[0]).toBe('blobterm · saved.json · Blue: human · Red: human');
			expect(lines()[2]).toBe(' 0 -B- .  .  R      1. (0,0) > (1,1)');
			expect(lines().at(-1)).toBe(`loaded ${path}: 1 move`);
			// A board file, and a file that is not there.
			await press('o', ...Array(path.length).fill('\x7f'), 'boards/gruyere3.bwb', '\r');
			await waitFor(() => frame().includes('gruyere3'));
			await tick();
			expect(lines().slice(0, 3)).toEqual([
				'blobterm · gruyere3.bwb · Blue: human · Red: human',
				'    0  1  2  3  4    Moves',
				' 0  B  #  .  #  R      none yet',
			]);
			await press('o', ...Array('boards/gruyere3.bwb'.length).fill('\x7f'), 'nowhere.json', '\r');
			await waitFor(() => frame().includes('cannot read'));
			expect(lines().at(-1)).toBe('cannot read nowhere.json: no such file');
			await stop();
		},
	);

	it('q quits: the session ends and the players are stopped', async () => {
		const { session, press, running, quitted } = start();
		await humanTurn(session);
		await press('q');
		await running;
		expect(quitted()).toBe('quit');
	});

	it('Ctrl-C quits too, even from the help overlay, as an interrupt (exit code 130)', async () => {
		const { session, press, running, quitted } = start();
		await humanTurn(session);
		await press('?', '\x03');
		await running;
		expect(quitted()).toBe('interrupt');
	});

	it('file prompts: saving onto a directory is refused at once; Tab completes names, Ctrl-U clears', async () => {
		const { session, ui, lines, frame, press, stop } = start();
		await widen(ui);
		await humanTurn(session);
		// A directory: refused before any question about overwriting it; the prompt stays open.
		await press('s', '\x15', dir, '\r');
		await waitFor(() => frame().includes('is a directory'));
		expect(lines().at(-1)).toBe(`cannot write ${dir}: is a directory`);
		expect(frame()).not.toContain('overwrites');
		expect(lines().at(-2)).toMatch(/^Save to: /);
		// Tab: several matches are extended to their common beginning and listed, one is completed.
		await press('\x15', 'boards/gru', '\t');
		await waitFor(() => frame().includes('gruyere3.bwb  gruyere4.bwb  gruyere5.bwb'));
		expect(lines().at(-2)).toMatch(/^Save to: boards\/gruyere +Enter saves/);
		await press('4', '\t');
		await waitFor(() => frame().includes('Save to: boards/gruyere4.bwb '));
		await press('\x15', 'boards/zz', '\t');
		await waitFor(() => frame().includes('no file name starts with boards/zz'));
		await press('\x15');
		expect(lines().at(-1)).toMatch(/^Save to:  +Enter saves/);
		await press(ESC);
		await stop();
	});

	it('says the terminal is too small for the board, and follows it back when it grows', async () => {
		const { session, ui, lines, stop } = start({}, 'default');
		await humanTurn(session);
		const stdout = ui.stdout as unknown as NodeJS.EventEmitter & { columns: number; rows: number };
		Object.defineProperty(stdout, 'columns', { value: 40, configurable: true });
		Object.defineProperty(stdout, 'rows', { value: 12, configurable: true });
		stdout.emit('resize');
		await tick();
		expect(lines().join(' ').replace(/\s+/g, ' ').trim()).toBe(
			'Terminal too small: 40 x 12. The 8 x 8 board needs 27 x 14. Enlarge it, or q to quit.',
		);
		Object.defineProperty(stdout, 'rows', { value: 30, configurable: true });
		stdout.emit('resize');
		await tick();
		// 40 columns: the move list goes below the board; the status line is written short.
		expect(lines()[1]).toBe('    0  1  2  3  4  5  6  7');
		expect(lines().slice(10, 13)).toEqual(['', 'Moves', '  none yet']);
		// 40 columns: the status line is written short, and cut rather than wrapped.
		expect(lines().at(-2)).toMatch(/^Blue to move · Blue 2 · Red 2 · 0\/100 ·…$/);
		expect(lines().length).toBeLessThan(30);
		await stop();
	});

	it('numbers the moves and shows the last ones that fit, with the time each side used', async () => {
		let pos = board('default');
		const moves: PlayedMove[] = [];
		for (let i = 0; i < 60; i++) {
			const list = pseudolegalMoves(pos, 'pairs');
			const move = list[(i * 7) % list.length];
			const text = formatMove(pos, move);
			moves.push({ side: pos.side, move, text, said: text, timeMs: 1500, captures: 0 });
			pos = playMove(pos, move);
		}
		const { session, ui, lines, stop } = start({ moves }, 'default');
		await humanTurn(session);
		await tick();
		const shown = lines();
		expect(shown[1]).toMatch(/^ {4}0 {2}1 .* {4}Moves \(12 earlier lines not shown\)$/);
		const numbers = shown.map((l) => /\s(\d+)\. \(\d/.exec(l.slice(27))?.[1]).filter((n) => n !== undefined);
		expect(numbers).toEqual(Array.from({ length: 18 }, (_, i) => String(13 + i)));
		expect(ui.lastFrame()!.split('\n').at(-2)).toMatch(/half-move 60 of 100 · time Blue 45\.\d s Red 45\.0 s$/);
		await stop();
	});

	it('writes the status line short when the long form does not fit, at 80 columns too', async () => {
		let pos = board('4x4');
		const moves: PlayedMove[] = [];
		for (const text of ['0 0 1 1', '0 3 1 2']) {
			const move = parse(pos, text);
			moves.push({
				side: pos.side,
				move,
				text: formatMove(pos, move),
				said: text,
				timeMs: 3_600_000,
				captures: 0,
			});
			pos = playMove(pos, move);
		}
		const { session, ui, lines, stop } = start({ moves, halfMoveLimit: 1_000_000 });
		await humanTurn(session);
		const stdout = ui.stdout as unknown as NodeJS.EventEmitter & { columns: number; rows: number };
		Object.defineProperty(stdout, 'columns', { value: 80, configurable: true });
		Object.defineProperty(stdout, 'rows', { value: 24, configurable: true });
		stdout.emit('resize');
		await tick();
		// The long form, 84 columns, would be cut: "... · time Blue 60:00 Red 60:…".
		expect(lines().at(-2)).toMatch(/^Blue to move · Blue 2 · Red 4 · 2\/1000000 · 60:\d\d \| 60:00$/);
		await stop();
	});
});

/** An engine that reports thinking information every millisecond, with four threads, until it is told to move. */
class ChattyEngine implements Player {
	readonly kind = 'builtin';
	readonly name = 'chatty';
	reports = 0;
	private moveNow: (() => void) | null = null;

	play(request: MoveRequest): Promise<MoveAnswer> {
		return new Promise((resolve) => {
			let n = 0;
			const timer = setInterval(() => {
				for (let k = 0; k < 10; k++) {
					n++;
					this.reports++;
					request.onInfo?.({
						depth: 5,
						seldepth: 7,
						score: 100,
						nodes: 4000 * n,
						nps: 1_000_000,
						timeMs: n,
						threads: 4,
						threadNodes: [1000 * n, 1000 * n, 1000 * n, 1000 * n],
						pv: ['(0,3) > (1,2)'],
					});
				}
			}, 1);
			const move = () => {
				clearInterval(timer);
				const first = pseudolegalMoves(request.position, 'pairs')[0];
				resolve({ kind: 'move', coords: moveCoords(request.position, first), text: 'chatty' });
			};
			this.moveNow = move;
			request.signal.addEventListener('abort', move);
		});
	}

	hurry(): void {
		this.moveNow?.();
	}

	async close(): Promise<void> {}
}

describe('the engine panel', () => {
	it(
		'shows depth, score, nodes, threads and nodes per thread, ' + 'sampled a few times a second, never per report',
		async () => {
			const chatty = new ChattyEngine();
			const { session, ui, frame, lines, press, stop } = start({
				players: [new HumanPlayer(), chatty],
				timeMs: [1000, 60_000],
			});
			await humanTurn(session);
			await press('0 0 1 1\r');
			await waitFor(() => frame().includes('threads 4'));
			const framesBefore = ui.frames.length;
			const reportsBefore = chatty.reports;
			await tick(1000);
			const screen = lines();
			expect(screen.slice(4, 8)).toEqual([
				' 2  .  . [.] .    Red · chatty · thinking',
				expect.stringMatching(
					/^ 3  B  \.  \.  R    depth 5  score \+1 for Red  nodes \S+  nps 1\.00M  time T$/,
				),
				expect.stringMatching(/^ {18}threads 4: (\S+) \1 \1 \1$/),
				'                  pv (0,3) > (1,2)',
			]);
			expect(screen.at(-1)).toBe('Red (chatty) is thinking · g moves now · p pauses · ? help');
			// Hundreds of reports in that second, a handful of frames.
			expect(chatty.reports - reportsBefore).toBeGreaterThan(300);
			expect(ui.frames.length - framesBefore).toBeLessThan(30);
			// Keys stay live while it thinks: help opens and closes, and g makes it move.
			await press('?');
			await waitFor(() => frame().includes('Keys (any key closes this help)'));
			await press(' ', 'g');
			await waitFor(() => session.state.moves.length === 2);
			await stop();
		},
	);

	it('shows a whole game between two engine programs, their time, and the result', async () => {
		const engine = () => new ExternalPlayer({ command: fixture('greedy-engine.mjs'), graceMs: START_MS });
		const { session, frame, lines, press, stop } = start({ players: [engine(), engine()] }, 'gruyere3');
		await waitFor(() => session.state.result !== null);
		await tick();
		const result = session.state.result!;
		expect(frame()).toContain('Blue · greedy-engine.mjs');
		expect(frame()).toContain('Red · greedy-engine.mjs');
		expect(frame()).toMatch(/time T/);
		expect(lines().at(-1)).toBe(
			`Result: ${result.winner === null ? 'draw' : result.winner === 0 ? 'Blue wins' : 'Red wins'} ` +
				`${result.blue}-${result.red} (${result.reason}) · u undo · n new game · q quit`,
		);
		expect(frame()).toMatch(/game over · Blue \d+ · Red \d+ · half-move \d+ of 100/);
		// No person plays: no cursor; the help lists no key to pick or type a move, and has pause.
		expect(frame()).not.toContain('[');
		await press('?');
		expect(frame()).toContain('p                pause the game, or go on');
		expect(frame()).not.toContain('move the cursor');
		expect(frame()).not.toContain('type a move');
		await press(' ');
		// Undo steps back a half-move and pauses; redo replays it.
		const played = session.state.moves.length;
		await press('u');
		expect(session.state.moves.length).toBe(played - 1);
		expect(lines().at(-1)).toBe('took back a half-move: paused (p goes on, r replays)');
		expect(lines().at(-2)).toBe('Paused · p goes on · u r step back and forward · ? help');
		await press('r');
		expect(session.state.moves.length).toBe(played);
		await stop();
	});
});

describe('typing into the prompt', () => {
	it('reads a chunk character by character: Enter submits, other characters are dropped', () => {
		expect(typeInto('', '0 0 1 1\r')).toEqual({ buffer: '', submitted: ['0 0 1 1'] });
		expect(typeInto('(0,0', ') > (1,1)\n2 2')).toEqual({ buffer: '2 2', submitted: ['(0,0) > (1,1)'] });
		expect(typeInto('', 'abc 1\t2')).toEqual({ buffer: ' 1 2', submitted: [] });
		expect(typeInto('', '\r\r')).toEqual({ buffer: '', submitted: [] });
	});
});
