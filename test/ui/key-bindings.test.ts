import { describe, expect, it } from 'vitest';
import { type Key } from 'ink';
import { KEY_BINDINGS, routeKey } from '../../source/ui/key-bindings.js';
import { keyNames } from '../../source/ui/keys.js';

const board = { file: false, help: false, typing: false };
const key = (patch: Partial<Key>): Key =>
	({
		upArrow: false,
		downArrow: false,
		leftArrow: false,
		rightArrow: false,
		pageDown: false,
		pageUp: false,
		home: false,
		end: false,
		return: false,
		escape: false,
		ctrl: false,
		shift: false,
		tab: false,
		backspace: false,
		delete: false,
		meta: false,
		super: false,
		hyper: false,
		capsLock: false,
		numLock: false,
		...patch,
	}) as Key;

describe('keys as commands', () => {
	it('routes each bound key of the table to its command on the board', () => {
		for (const binding of KEY_BINDINGS) {
			if (binding.command === 'prompt.type' || binding.command === 'prompt.submit') continue;
			for (const name of binding.keys) {
				// Enter and Space pick on the board (with typed text they play it, below).
				expect(routeKey(name, board)?.command, name).toBe(binding.command);
			}
		}
		expect(routeKey('z', board)).toBeNull();
	});

	it('typing: move characters type, then Space types and Enter plays the typed move', () => {
		for (const ch of '0123456789,()>-') expect(routeKey(ch, board)).toEqual({ command: 'prompt.type', text: ch });
		const typing = { ...board, typing: true };
		expect(routeKey('space', typing)).toEqual({ command: 'prompt.type', text: ' ' });
		expect(routeKey('return', typing)).toEqual({ command: 'prompt.submit' });
		expect(routeKey('space', board)).toEqual({ command: 'board.pick' });
		expect(routeKey('return', board)).toEqual({ command: 'board.pick' });
		// Cursor keys still move the cursor while a move is typed.
		expect(routeKey('k', typing)).toEqual({ command: 'board.up' });
	});

	it('the help overlay takes keys before the board; a file prompt takes every key', () => {
		const help = { ...board, help: true };
		expect(routeKey('u', help)).toEqual({ command: 'help.close' });
		expect(routeKey('?', help)).toEqual({ command: 'help.close' });
		expect(routeKey('q', help)).toEqual({ command: 'app.quit' });
		const file = { ...board, help: true, file: true };
		expect(routeKey('q', file)).toEqual({ command: 'file.type', text: 'q' });
		expect(routeKey('space', file)).toEqual({ command: 'file.type', text: ' ' });
		expect(routeKey('return', file)).toEqual({ command: 'file.submit' });
		expect(routeKey('escape', file)).toEqual({ command: 'file.cancel' });
		expect(routeKey('backspace', file)).toEqual({ command: 'file.delete' });
		expect(routeKey('tab', file)).toEqual({ command: 'file.complete' });
		expect(routeKey('ctrl+u', file)).toEqual({ command: 'file.kill' });
		expect(routeKey('up', file)).toBeNull();
		// Ctrl-C interrupts anywhere (exit code 130); q quits (exit code 0).
		expect(routeKey('ctrl+c', file)).toEqual({ command: 'app.interrupt' });
		expect(routeKey('ctrl+c', board)).toEqual({ command: 'app.interrupt' });
		expect(routeKey('q', board)).toEqual({ command: 'app.quit' });
	});

	it('reads Ink key events and pasted chunks as key names', () => {
		expect(keyNames('', key({ upArrow: true }))).toEqual(['up']);
		expect(keyNames('\r', key({ return: true }))).toEqual(['return']);
		expect(keyNames('', key({ delete: true }))).toEqual(['backspace']);
		expect(keyNames('', key({ escape: true, meta: true }))).toEqual(['escape']);
		expect(keyNames('c', key({ ctrl: true }))).toEqual(['ctrl+c']);
		expect(keyNames('u', key({ ctrl: true }))).toEqual(['ctrl+u']);
		expect(keyNames('\t', key({ tab: true }))).toEqual(['tab']);
		expect(keyNames(' ', key({}))).toEqual(['space']);
		expect(keyNames('0 0 1 1\r', key({}))).toEqual(['0', 'space', '0', 'space', '1', 'space', '1', 'return']);
		expect(keyNames('x', key({ meta: true }))).toEqual([]);
	});
});
