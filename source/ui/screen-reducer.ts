/**
 * The game screen's own state (cursor, picked blob, typed move, overlays, message) and how keys
 * change it, as a pure reducer: a key gives the next state and the effects for the container to
 * carry out on the game (play a move, undo, save, ...). The rules come from `board-marks.ts`.
 */

import { type MoveCoords } from '../game/notation.js';
import { cellAt, type Position, sideName } from '../game/position.js';
import { canPick, targetsOf } from './board-marks.js';
import { routeKey } from './key-bindings.js';
import { PROMPT_MAX, typeInto } from './prompt-input.js';

/** A one-line message under the prompt. */
export interface Message {
	readonly text: string;
	readonly kind: 'error' | 'info';
}

/** The file-name prompt of save and load. */
export interface FilePrompt {
	readonly mode: 'save' | 'load';
	readonly text: string;
	/** Save only: the file exists, and Enter again overwrites it. */
	readonly confirm: boolean;
}

/** The screen's state. */
export interface ScreenState {
	/** Cursor cell (`row * cols + col`). */
	readonly cursor: number;
	/** The picked blob's cell, or -1. */
	readonly picked: number;
	/** The typed move so far. */
	readonly prompt: string;
	readonly message: Message | null;
	readonly help: boolean;
	readonly file: FilePrompt | null;
}

/** What the container does for the reducer. */
export type Effect =
	| { readonly kind: 'play'; readonly move: string | MoveCoords }
	| { readonly kind: 'undo' | 'redo' | 'hurry' | 'new' | 'swap' | 'quit' | 'interrupt' }
	| { readonly kind: 'save'; readonly path: string; readonly overwrite: boolean }
	| { readonly kind: 'load'; readonly path: string }
	/** Tab in a file prompt: complete `text` from its directory (read by the container). */
	| { readonly kind: 'complete'; readonly text: string };

/** What the reducer reads of the game. */
export interface ScreenContext {
	readonly position: Position;
	/** A person is to move now (picks and typed moves are for them). */
	readonly humanToMove: boolean;
	/** Why no person can move now (`Red (builtin) is thinking`, `the game is over`), when none can. */
	readonly waitReason: string;
	/** File name the save prompt offers. */
	readonly saveName: string;
	/** File name the load prompt offers (the last one saved or loaded, or empty). */
	readonly loadName: string;
}

/** The state on a board of `rows` x `cols`: cursor in the middle, nothing picked or open. */
export function initialScreen(rows: number, cols: number): ScreenState {
	return {
		cursor: Math.floor(rows / 2) * cols + Math.floor(cols / 2),
		picked: -1,
		prompt: '',
		message: null,
		help: false,
		file: null,
	};
}

/** The result of a key. */
export interface Reduced {
	readonly state: ScreenState;
	readonly effects: readonly Effect[];
}

const error = (text: string): Message => ({ text, kind: 'error' });
const at = (pos: Position, cell: number) => `(${Math.floor(cell / pos.geometry.cols)},${cell % pos.geometry.cols})`;

/** Applies one key (a name from `keys.ts`) to the screen. */
export function reduceKey(state: ScreenState, key: string, ctx: ScreenContext): Reduced {
	const routed = routeKey(key, { file: state.file !== null, help: state.help, typing: state.prompt !== '' });
	if (!routed) return { state, effects: [] };
	const same = (patch: Partial<ScreenState>, ...effects: Effect[]): Reduced => ({
		state: { ...state, ...patch },
		effects,
	});
	const g = ctx.position.geometry;
	const row = Math.floor(state.cursor / g.cols);
	const col = state.cursor % g.cols;
	const moveCursor = (dr: number, dc: number) => {
		const r = Math.min(g.rows - 1, Math.max(0, row + dr));
		const c = Math.min(g.cols - 1, Math.max(0, col + dc));
		return same({ cursor: r * g.cols + c, message: null });
	};
	switch (routed.command) {
		case 'app.quit':
			return same({}, { kind: 'quit' });
		case 'app.interrupt':
			return same({}, { kind: 'interrupt' });
		case 'help.toggle':
			return same({ help: !state.help, message: null });
		case 'help.close':
			return same({ help: false });
		case 'file.type':
			return same({
				file:
					state.file && state.file.text.length < 200
						? { ...state.file, text: state.file.text + routed.text, confirm: false }
						: state.file,
			});
		case 'file.delete':
			return same({
				file: state.file ? { ...state.file, text: state.file.text.slice(0, -1), confirm: false } : null,
			});
		case 'file.kill':
			return same({ file: state.file ? { ...state.file, text: '', confirm: false } : null, message: null });
		case 'file.complete':
			return state.file ? same({}, { kind: 'complete', text: state.file.text }) : same({});
		case 'file.cancel':
			return same({ file: null, message: null });
		case 'file.submit': {
			const file = state.file!;
			const path = file.text.trim();
			if (path === '') return same({ message: error('type a file name, or Esc to cancel') });
			return same(
				{ message: null },
				file.mode === 'save' ? { kind: 'save', path, overwrite: file.confirm } : { kind: 'load', path },
			);
		}
		case 'board.up':
			return moveCursor(-1, 0);
		case 'board.down':
			return moveCursor(1, 0);
		case 'board.left':
			return moveCursor(0, -1);
		case 'board.right':
			return moveCursor(0, 1);
		case 'board.cancel':
			return same({ picked: -1, prompt: '', message: null });
		case 'board.pick':
			return pick(state, ctx);
		case 'prompt.type': {
			if (state.prompt.length >= PROMPT_MAX) return same({});
			return same({ prompt: typeInto(state.prompt, routed.text).buffer, message: null });
		}
		case 'prompt.delete':
			return same({ prompt: state.prompt.slice(0, -1), message: null });
		case 'prompt.submit':
			if (!ctx.humanToMove) return same({ message: error(`wait: ${ctx.waitReason}`) });
			return same({ prompt: '', picked: -1, message: null }, { kind: 'play', move: state.prompt });
		case 'game.undo':
			return same({ picked: -1, message: null }, { kind: 'undo' });
		case 'game.redo':
			return same({ picked: -1, message: null }, { kind: 'redo' });
		case 'game.hurry':
			return same({ message: null }, { kind: 'hurry' });
		case 'game.new':
			return same({ picked: -1, prompt: '', message: null }, { kind: 'new' });
		case 'game.swap':
			return same({ picked: -1, message: null }, { kind: 'swap' });
		case 'game.save':
			return same({ file: { mode: 'save', text: ctx.saveName, confirm: false }, message: null });
		case 'game.load':
			return same({ file: { mode: 'load', text: ctx.loadName, confirm: false }, message: null });
	}
}

/** Enter or Space on the board: pick a blob, play the picked blob to the cursor, or say why not. */
function pick(state: ScreenState, ctx: ScreenContext): Reduced {
	const pos = ctx.position;
	const cell = state.cursor;
	const same = (patch: Partial<ScreenState>, ...effects: Effect[]): Reduced => ({
		state: { ...state, ...patch },
		effects,
	});
	if (!ctx.humanToMove) return same({ picked: -1, message: error(`wait: ${ctx.waitReason}`) });
	if (state.picked >= 0) {
		if (cell === state.picked) return same({ picked: -1, message: null });
		if (targetsOf(pos, state.picked).has(cell)) {
			const g = pos.geometry;
			const coords: MoveCoords = {
				r1: g.cellRow[state.picked],
				c1: g.cellCol[state.picked],
				r2: g.cellRow[cell],
				c2: g.cellCol[cell],
			};
			return same({ picked: -1, prompt: '', message: null }, { kind: 'play', move: coords });
		}
		if (canPick(pos, cell)) return same({ picked: cell, message: null });
		return same({
			message: error(
				`${at(pos, cell)} is not a target of ${at(pos, state.picked)}: + is a clone, * a jump (Esc drops it)`,
			),
		});
	}
	if (canPick(pos, cell)) return same({ picked: cell, message: null });
	const mine = pos.side === 0 ? 'B' : 'R';
	if (cellAt(pos, cell) === mine)
		return same({ message: error(`${at(pos, cell)} cannot move: no empty cell within 2`) });
	return same({ message: error(`${at(pos, cell)}: pick a ${sideName(pos.side)} blob`) });
}
