/**
 * Numeric command-line arguments of both executables, read with the grammar and bounds of
 * `game/number-args.ts`; a refusal is a one-line `UsageError` naming the argument and its bounds:
 *
 *   blobterm: --time must be a number of seconds from 0.01 to 86400 (one day), got "99999999"
 */

import {
	BOUNDS,
	checkNumber,
	describeBounds,
	isNumberText,
	type NumberBounds,
	quoteInput,
} from '../game/number-args.js';
import { UsageError } from './errors.js';

/**
 * Reads a numeric argument.
 * @param name how the message names it: `--time`, `TIME`, `DEPTH`
 * @throws UsageError naming the argument and its bounds if the text is missing, not a number, or
 *   out of bounds
 */
export function readNumber(name: string, text: string | undefined, bounds: NumberBounds): number {
	if (text === undefined || text === '') throw new UsageError(`${name} needs a value: ${describeBounds(bounds)}`);
	const checked = checkNumber(text, bounds);
	if (!checked.ok) throw new UsageError(`${name} must be ${checked.expected}, got ${quoteInput(text)}`);
	return checked.value;
}

/** Reads an optional numeric flag: undefined when the flag is absent. @throws as `readNumber` */
export function readNumberFlag(name: string, text: string | undefined, bounds: NumberBounds): number | undefined {
	return text === undefined ? undefined : readNumber(name, text, bounds);
}

/**
 * Reads a signed time per move of the tournament interface (`2.4`, `-1`): its magnitude in
 * seconds, and its sign (negative: the player plays Red). Zero is refused, as `--time 0` is.
 * @throws UsageError naming the argument if it is not a number or its magnitude is out of bounds
 */
export function readSignedTime(name: string, text: string | undefined): { seconds: number; negative: boolean } {
	const bounds = BOUNDS.moveSeconds;
	const expected = `${describeBounds(bounds)}, negative for Red`;
	if (text === undefined || text === '') throw new UsageError(`${name} needs a value: ${expected}`);
	const value = Number(text);
	if (!isNumberText(text) || !(Math.abs(value) >= bounds.min && Math.abs(value) <= bounds.max))
		throw new UsageError(`${name} must be ${expected}, got ${quoteInput(text)}`);
	return { seconds: Math.abs(value), negative: value < 0 };
}
