/**
 * Command-line arguments that take one of a few words; a refusal is a one-line `UsageError`
 * naming the argument and its words:
 *
 *   blobterm: --rules must be blobwar or ataxx, got "chess"
 */

import { UsageError } from './errors.js';

/** The words as a sentence lists them: `a`, `a or b`, `a, b or c`. */
function listWords(words: readonly string[]): string {
	return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/**
 * Reads an argument that must be one of `choices`.
 * @param name how the message names it: `--rules`
 * @returns the choice `text` names
 * @throws UsageError naming the argument and its choices if `text` is none of them (or absent)
 */
export function readChoice<const C extends string>(name: string, text: string | undefined, choices: readonly C[]): C {
	const choice = choices.find((c) => c === text);
	if (choice === undefined) throw new UsageError(`${name} must be ${listWords(choices)}, got "${text}"`);
	return choice;
}

/** Reads an optional choice flag: undefined when the flag is absent. @throws as `readChoice` */
export function readChoiceFlag<const C extends string>(
	name: string,
	text: string | undefined,
	choices: readonly C[],
): C | undefined {
	return text === undefined ? undefined : readChoice(name, text, choices);
}
