import { describe, expect, it } from 'vitest';
import { initialScreen, reduceKey, type ScreenContext, type ScreenState } from '../../source/ui/screen-reducer.js';
import { grid } from '../helpers.js';

const pos = grid(['B..R', '....', '....', 'B..R']);
const ctx: ScreenContext = {
	position: pos,
	humanToMove: true,
	waitReason: 'Red (builtin) is thinking',
	saveName: '4x4-game.json',
	loadName: '',
};

/** Applies keys in turn; returns the last state and every effect. */
function keys(names: string[], state: ScreenState = initialScreen(4, 4), context = ctx) {
	const effects: unknown[] = [];
	for (const name of names) {
		const r = reduceKey(state, name, context);
		state = r.state;
		effects.push(...r.effects);
	}
	return { state, effects };
}

describe('the screen reducer', () => {
	it('starts with the cursor in the middle; arrows and hjkl move it and stop at the edges', () => {
		expect(initialScreen(4, 4).cursor).toBe(10);
		expect(keys(['up', 'k']).state.cursor).toBe(2);
		expect(keys(['up', 'k', 'k', 'h', 'left', 'h']).state.cursor).toBe(0);
		expect(keys(['down', 'j', 'j', 'l', 'right']).state.cursor).toBe(15);
	});

	it('Enter picks a blob, a second Enter on a target plays it; Space does the same; Esc drops the pick', () => {
		const picked = keys(['k', 'k', 'h', 'h', 'return']);
		expect(picked.state.picked).toBe(0);
		expect(keys(['j', 'l', 'return'], picked.state)).toMatchObject({
			state: { picked: -1 },
			effects: [{ kind: 'play', move: { r1: 0, c1: 0, r2: 1, c2: 1 } }],
		});
		expect(keys(['j', 'j', 'l', 'l', 'space'], picked.state).effects).toEqual([
			{ kind: 'play', move: { r1: 0, c1: 0, r2: 2, c2: 2 } },
		]);
		expect(keys(['escape'], picked.state).state.picked).toBe(-1);
		// The picked blob again drops it; another blob of the mover is picked instead.
		expect(keys(['return'], picked.state).state.picked).toBe(-1);
		expect(keys(['j', 'j', 'j', 'return'], picked.state).state.picked).toBe(12);
	});

	it('says why a pick or a target is refused', () => {
		expect(keys(['return']).state.message).toEqual({ text: '(2,2): pick a Blue blob', kind: 'error' });
		expect(keys(['k', 'k', 'return']).state.message?.text).toBe('(0,2): pick a Blue blob');
		const picked = keys(['k', 'k', 'h', 'h', 'return']).state;
		expect(keys(['l', 'l', 'l', 'j', 'j', 'return'], picked).state.message?.text).toBe(
			'(2,3) is not a target of (0,0): + is a clone, * a jump (Esc drops it)',
		);
		expect(keys(['return'], initialScreen(4, 4), { ...ctx, humanToMove: false }).state.message?.text).toBe(
			'wait: Red (builtin) is thinking',
		);
		const stuck = grid(['BR', 'RR']);
		expect(keys(['k', 'h', 'return'], initialScreen(2, 2), { ...ctx, position: stuck }).state.message?.text).toBe(
			'(0,0) cannot move: no empty cell within 2',
		);
	});

	it(
		'typed moves: characters type, Space types a space once typing, ' +
			'Enter plays, Backspace deletes, Esc clears',
		() => {
			const typed = keys(['0', 'space', '0', 'space', '1', 'space', '1']);
			expect(typed.state.prompt).toBe('0 0 1 1');
			expect(keys(['backspace', 'backspace'], typed.state).state.prompt).toBe('0 0 1');
			expect(keys(['escape'], typed.state).state.prompt).toBe('');
			expect(keys(['return'], typed.state)).toMatchObject({
				state: { prompt: '' },
				effects: [{ kind: 'play', move: '0 0 1 1' }],
			});
			expect(keys(['(', '0', ',', '0', ')', 'space', '>']).state.prompt).toBe('(0,0) >');
			// The cursor still moves while typing, and letters do not type.
			expect(keys(['u'], typed.state).state.prompt).toBe('0 0 1 1');
			expect(keys(['k'], typed.state).state.cursor).toBe(6);
		},
	);

	it('game keys give their effects; help opens and any key closes it', () => {
		expect(keys(['u', 'r', 'g', 'n', 'x', 'q']).effects).toEqual([
			{ kind: 'undo' },
			{ kind: 'redo' },
			{ kind: 'hurry' },
			{ kind: 'new' },
			{ kind: 'swap' },
			{ kind: 'quit' },
		]);
		expect(keys(['ctrl+c']).effects).toEqual([{ kind: 'interrupt' }]);
		const help = keys(['?']).state;
		expect(help.help).toBe(true);
		expect(keys(['u'], help)).toEqual({ state: { ...help, help: false }, effects: [] });
		expect(keys(['q'], help).effects).toEqual([{ kind: 'quit' }]);
	});

	it('save and load prompts: a name is offered and edited, Enter gives the effect, Esc cancels', () => {
		const save = keys(['s']).state;
		expect(save.file).toEqual({ mode: 'save', text: '4x4-game.json', confirm: false });
		expect(keys(['return'], save).effects).toEqual([{ kind: 'save', path: '4x4-game.json', overwrite: false }]);
		const edited = keys(
			['backspace', 'backspace', 'backspace', 'backspace', 'backspace', '-', '2', '.', 'j', 's', 'o', 'n'],
			save,
		).state;
		expect(edited.file?.text).toBe('4x4-game-2.json');
		expect(keys(['return'], { ...save, file: { ...save.file!, confirm: true } }).effects).toEqual([
			{ kind: 'save', path: '4x4-game.json', overwrite: true },
		]);
		expect(keys(['escape'], save).state.file).toBeNull();
		const load = keys(['o']).state;
		expect(load.file).toEqual({ mode: 'load', text: '', confirm: false });
		expect(keys(['return'], load).state.message?.text).toBe('type a file name, or Esc to cancel');
		expect(keys(['a', '.', 'b', 'w', 'b', 'return'], load).effects).toEqual([{ kind: 'load', path: 'a.bwb' }]);
	});

	it('file prompts: Ctrl-U clears the name, Tab asks to complete it', () => {
		const save = keys(['s']).state;
		expect(keys(['ctrl+u'], save).state.file).toEqual({ mode: 'save', text: '', confirm: false });
		expect(keys(['ctrl+u', 'b', 'o', 'tab'], save)).toEqual({
			state: { ...save, file: { mode: 'save', text: 'bo', confirm: false } },
			effects: [{ kind: 'complete', text: 'bo' }],
		});
		// Outside a file prompt, Tab and Ctrl-U do nothing.
		expect(keys(['tab', 'ctrl+u'])).toEqual({ state: initialScreen(4, 4), effects: [] });
	});
});
