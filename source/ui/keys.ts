/**
 * Ink's key events as key names (`up`, `return`, `ctrl+c`, `q`, ...; see `key-bindings.ts`).
 * Terminals and pastes deliver several characters in one event (`"0 0 1 1\r"`): such a chunk
 * becomes one name per character, so that a pasted move types and plays like a typed one.
 */

import { type Key } from 'ink';

/** Names of the control characters that can arrive inside a chunk. */
const CONTROL: Record<string, string> = {
	'\r': 'return',
	'\n': 'return',
	'\t': 'tab',
	'\x7f': 'backspace',
	'\b': 'backspace',
	' ': 'space',
	'\x1b': 'escape',
};

/** The key names of one Ink input event, in order (none for keys the game does not use). */
export function keyNames(input: string, key: Key): string[] {
	if (key.upArrow) return ['up'];
	if (key.downArrow) return ['down'];
	if (key.leftArrow) return ['left'];
	if (key.rightArrow) return ['right'];
	if (key.home) return ['home'];
	if (key.end) return ['end'];
	if (key.pageUp) return ['pageup'];
	if (key.pageDown) return ['pagedown'];
	if (key.return) return ['return'];
	if (key.escape) return ['escape'];
	if (key.backspace || key.delete) return ['backspace'];
	if (key.tab) return ['tab'];
	if (key.ctrl) return input.length === 1 ? [`ctrl+${input.toLowerCase()}`] : [];
	if (key.meta) return [];
	const names: string[] = [];
	for (const ch of input) {
		const control = CONTROL[ch];
		if (control) names.push(control);
		else if (ch === '\x03') names.push('ctrl+c');
		else if (ch >= ' ') names.push(ch);
		else if (ch >= '\x01' && ch <= '\x1a') names.push(`ctrl+${String.fromCharCode(ch.charCodeAt(0) + 96)}`);
	}
	return names;
}
