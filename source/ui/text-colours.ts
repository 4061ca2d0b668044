/**
 * The colours of what blobterm prints outside Ink: the plain mode, a match's lines and table,
 * error lines. Colour only adds to what the words say, so every function here takes the
 * `Paint` (a chalk instance) to use, and a colourless one gives the same text without escapes.
 *
 * Whether there is colour is chalk's call, made once when it is loaded: none when the stream is
 * not a terminal, nor when FORCE_COLOR is 0, which the executables set for NO_COLOR, --no-color
 * and TERM=dumb before anything loads chalk (`cli/colour-env.ts`); FORCE_COLOR=1 forces it.
 */

import chalk, { chalkStderr, type ChalkInstance } from 'chalk';
import { BLUE, type Side, sideName } from '../game/position.js';

/** A chalk instance: styles text for one stream, or leaves it plain. */
export type Paint = ChalkInstance;

/** Colours for standard output. */
export const stdoutPaint: Paint = chalk;

/** Colours for standard error. */
export const stderrPaint: Paint = chalkStderr;

/** Text in its side's colour (bright blue or bright red, as in the game screen). */
export function sideColour(paint: Paint, side: Side, text: string = sideName(side)): string {
	return side === BLUE ? paint.blueBright(text) : paint.redBright(text);
}

/** Text coloured by the outcome it reports for the player it is about: a win green, a loss red, a draw yellow. */
export function outcomeColour(paint: Paint, outcome: 'win' | 'draw' | 'loss', text: string): string {
	return outcome === 'win' ? paint.green(text) : outcome === 'loss' ? paint.red(text) : paint.yellow(text);
}
