/**
 * Typing into the move prompt, as a pure function: terminals and pastes deliver several
 * characters at once (`"0 0 1 1\r"` in one chunk), so a chunk is read character by character.
 */

/** Longest text the prompt keeps. */
export const PROMPT_MAX = 40;

/** Characters a move can be typed with: digits, spaces, and the notation's punctuation. */
const MOVE_CHAR = /^[\d ,()>-]$/;

/**
 * Applies a chunk of typed text to the prompt's buffer.
 * @returns the new buffer, and each line completed by Enter (`\r` or `\n`) in the chunk
 */
export function typeInto(buffer: string, chunk: string): { buffer: string; submitted: string[] } {
	const submitted: string[] = [];
	let text = buffer;
	for (const ch of chunk) {
		if (ch === '\r' || ch === '\n') {
			if (text.trim() !== '') submitted.push(text);
			text = '';
		} else if (ch === '\t') {
			text += ' ';
		} else if (MOVE_CHAR.test(ch) && text.length < PROMPT_MAX) {
			text += ch;
		}
	}
	return { buffer: text, submitted };
}
