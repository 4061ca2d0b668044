/**
 * The game without the TUI, for scripts and pipes: one line per move, then a result line.
 *
 *   1. Blue (0,0) > (1,1)  0.20s  Blue 3 Red 1  +1.25/7
 *   2. Red (6,6) > (5,5)  0.20s  Blue 3 Red 2  -1.00/6
 *   ...
 *   Result: Blue wins 30-19 (the board is full)
 *
 * An engine's move ends with its report: score in blobs from the mover's view, slash, depth
 * (`match/move-report.ts`). A person to move gets the board and a prompt, and types moves on
 * standard input.
 */

import { createInterface, type Interface } from 'node:readline';
import { sideName } from '../game/position.js';
import { type Game } from '../match/game.js';
import { reportText } from '../match/move-report.js';
import { describeResult, type GameResult } from '../match/result.js';
import { boardLines } from './board-text.js';

/** Standard streams of the plain mode. */
export interface PlainIO {
	readonly out: NodeJS.WritableStream;
	readonly input: NodeJS.ReadableStream;
}

/** The line printed for move number `index` (0-based) of a game. */
export function moveLine(game: Game, index: number): string {
	const { moves, positions } = game.state;
	const move = moves[index];
	const after = positions[index + 1];
	const report = reportText(move.report);
	return (
		`${index + 1}. ${sideName(move.side)} ${move.text}  ${(move.timeMs / 1000).toFixed(2)}s  ` +
		`Blue ${after.count[0]} Red ${after.count[1]}${report ? `  ${report}` : ''}`
	);
}

/** Runs a game in plain mode to its result. */
export async function runPlain(game: Game, io: PlainIO): Promise<GameResult> {
	let printed = 0;
	let prompted = false;
	let inputClosed = false;
	const queued: string[] = [];
	const write = (text: string) => io.out.write(`${text}\n`);
	let lines: Interface | null = null;

	/** Feeds queued input lines to the person to move; prompts when the queue is empty. */
	const serve = () => {
		while (game.humanToMove()) {
			if (!prompted) {
				const pos = game.state.position;
				for (const line of boardLines(pos)) write(line);
				io.out.write(`${sideName(pos.side)} to move: `);
				prompted = true;
			}
			const line = queued.shift();
			if (line === undefined) {
				if (inputClosed) {
					write('');
					write('input closed: game abandoned');
					game.abort();
				}
				return;
			}
			if (!(io.input as { isTTY?: boolean }).isTTY) write(line); // echo piped input into the transcript
			const refused = game.submit(line);
			prompted = false;
			if (refused) write(`refused: ${refused}`);
		}
	};
	const listen = () => {
		if (lines) return;
		lines = createInterface({ input: io.input, terminal: false });
		lines.on('line', (line) => {
			queued.push(line);
			serve();
		});
		lines.on('close', () => {
			inputClosed = true;
			serve();
		});
	};
	const onChange = () => {
		const { moves } = game.state;
		while (printed < moves.length) write(moveLine(game, printed++));
		if (game.humanToMove()) {
			listen();
			serve();
		}
	};
	const unsubscribe = game.subscribe(onChange);
	onChange();
	try {
		const result = await game.run();
		write(`Result: ${describeResult(result)}`);
		return result;
	} finally {
		unsubscribe();
		(lines as Interface | null)?.close();
	}
}
