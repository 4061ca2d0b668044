/**
 * The game without the TUI, for scripts and pipes: one line per move, then a result line.
 *
 *   1. Blue (0,0) > (1,1)  0.20s  Blue 3 Red 1
 *   2. Red (6,6) > (5,5)  0.20s  Blue 3 Red 2
 *   ...
 *   Result: Blue wins 30-19 (the board is full)
 *
 * A person to move gets the board and a prompt, and types moves on standard input.
 */

import { createInterface, type Interface } from 'node:readline';
import { BLUE, RED } from '../game/position.js';
import { type Game } from '../match/game.js';
import { describeResult, type GameResult } from '../match/result.js';
import { boardLines } from './board-text.js';
import { type Paint, sideColour, stdoutPaint } from './text-colours.js';

/** Standard streams of the plain mode, and the colours of `out` (default: chalk's for stdout). */
export interface PlainIO {
	readonly out: NodeJS.WritableStream;
	readonly input: NodeJS.ReadableStream;
	readonly paint?: Paint;
}

/** The line printed for move number `index` (0-based) of a game; side names in their colours. */
export function moveLine(game: Game, index: number, paint: Paint = stdoutPaint): string {
	const { moves, positions } = game.state;
	const move = moves[index];
	const after = positions[index + 1];
	return (
		`${index + 1}. ${sideColour(paint, move.side)} ${move.text}  ${(move.timeMs / 1000).toFixed(2)}s  ` +
		`${sideColour(paint, BLUE)} ${after.count[BLUE]} ${sideColour(paint, RED)} ${after.count[RED]}`
	);
}

/**
 * The result line, `Result: Red wins 7-16 (the board is full)`: the winner's words in its colour,
 * a draw or an abandoned game in yellow.
 */
export function resultLine(result: GameResult, paint: Paint = stdoutPaint): string {
	const text = describeResult(result);
	const coloured = result.winner === null ? paint.yellow(text) : sideColour(paint, result.winner, text);
	return `${paint.bold('Result:')} ${coloured}`;
}

/** Runs a game in plain mode to its result. */
export async function runPlain(game: Game, io: PlainIO): Promise<GameResult> {
	let printed = 0;
	let prompted = false;
	let inputClosed = false;
	const queued: string[] = [];
	const paint = io.paint ?? stdoutPaint;
	const write = (text: string) => io.out.write(`${text}\n`);
	let lines: Interface | null = null;

	/** Feeds queued input lines to the person to move; prompts when the queue is empty. */
	const serve = () => {
		while (game.humanToMove()) {
			if (!prompted) {
				const pos = game.state.position;
				for (const line of boardLines(pos)) write(line);
				io.out.write(`${sideColour(paint, pos.side)} to move: `);
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
			if (refused) write(`${paint.yellow('refused:')} ${refused}`);
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
		while (printed < moves.length) write(moveLine(game, printed++, paint));
		if (game.humanToMove()) {
			listen();
			serve();
		}
	};
	const unsubscribe = game.subscribe(onChange);
	onChange();
	try {
		const result = await game.run();
		write(resultLine(result, paint));
		return result;
	} finally {
		unsubscribe();
		(lines as Interface | null)?.close();
	}
}
