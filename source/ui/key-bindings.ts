/**
 * Keys as commands (the scheme of gemini-cli's interface): one table maps key names to named
 * commands, and one router picks the command of a key by priority: a file-name prompt takes
 * every key, then the help overlay, then the board with its move prompt. The help overlay is
 * made from the same table, so it lists every key.
 *
 * Key names (see `keys.ts`): a printable character as itself (`u`, `?`, `3`), or one of `up`,
 * `down`, `left`, `right`, `return`, `space`, `escape`, `backspace`, `tab`, `ctrl+c`, ...
 */

/** What a key asks for. */
export type CommandName =
	| 'board.up'
	| 'board.down'
	| 'board.left'
	| 'board.right'
	| 'board.pick'
	| 'board.cancel'
	| 'prompt.type'
	| 'prompt.delete'
	| 'prompt.submit'
	| 'game.undo'
	| 'game.redo'
	| 'game.hurry'
	| 'game.new'
	| 'game.swap'
	| 'game.save'
	| 'game.load'
	| 'help.toggle'
	| 'app.quit'
	| 'app.interrupt';

/** One line of the key table. */
export interface KeyBinding {
	readonly command: CommandName;
	/** Key names; `0-9` stands for the ten digits. */
	readonly keys: readonly string[];
	/** How the help overlay shows the keys. */
	readonly label: string;
	/** What the command does, for the help overlay. */
	readonly help: string;
}

/** Every key of the game screen, in the order the help overlay lists them. */
export const KEY_BINDINGS: readonly KeyBinding[] = [
	{ command: 'board.up', keys: ['up', 'k'], label: 'Up k', help: 'cursor up' },
	{ command: 'board.down', keys: ['down', 'j'], label: 'Down j', help: 'cursor down' },
	{ command: 'board.left', keys: ['left', 'h'], label: 'Left h', help: 'cursor left' },
	{ command: 'board.right', keys: ['right', 'l'], label: 'Right l', help: 'cursor right' },
	{ command: 'board.pick', keys: ['return', 'space'], label: 'Enter Space', help: 'pick a blob; on a target: play' },
	{ command: 'board.cancel', keys: ['escape'], label: 'Esc', help: 'drop the pick, clear the prompt' },
	{
		command: 'prompt.type',
		keys: ['0-9', ',', '(', ')', '>', '-'],
		label: '0-9 , ( ) > -',
		help: 'type a move: r1 c1 r2 c2',
	},
	{ command: 'prompt.submit', keys: ['return'], label: 'Enter', help: 'play the typed move' },
	{ command: 'prompt.delete', keys: ['backspace'], label: 'Backspace', help: 'delete a typed character' },
	{ command: 'game.undo', keys: ['u'], label: 'u', help: 'undo: back to your last turn' },
	{ command: 'game.redo', keys: ['r'], label: 'r', help: 'redo: replay moves taken back' },
	{ command: 'game.hurry', keys: ['g'], label: 'g', help: 'engine: move now' },
	{ command: 'game.new', keys: ['n'], label: 'n', help: 'new game (r replays the old one)' },
	{ command: 'game.swap', keys: ['x'], label: 'x', help: 'swap sides' },
	{ command: 'game.save', keys: ['s'], label: 's', help: 'save the game (JSON record)' },
	{ command: 'game.load', keys: ['o'], label: 'o', help: 'open a record or a .bwb board' },
	{ command: 'help.toggle', keys: ['?'], label: '?', help: 'this help; any key closes it' },
	// Ctrl-C is routed before the table (it interrupts from any layer, exit code 130); it shares q's help line.
	{ command: 'app.quit', keys: ['q'], label: 'q Ctrl-C', help: 'quit (Ctrl-C: exit code 130)' },
];

/** Characters a move can be typed with, besides the space: digits and the notation's punctuation. */
const MOVE_CHAR = /^[\d,()>-]$/;

/** What the router needs to know of the screen. */
export interface KeyLayer {
	/** A file-name prompt is open. */
	readonly file: boolean;
	/** The help overlay is open. */
	readonly help: boolean;
	/** The move prompt holds typed text (Enter plays it, Space types a space). */
	readonly typing: boolean;
}

/** A routed key: a command, or text for the open prompt. */
export type Routed =
	| { readonly command: Exclude<CommandName, 'prompt.type'> }
	| { readonly command: 'prompt.type' | 'file.type'; readonly text: string }
	| {
			readonly command:
				'file.delete' | 'file.kill' | 'file.complete' | 'file.submit' | 'file.cancel' | 'help.close';
	  };

const BY_KEY = new Map<string, Exclude<CommandName, 'prompt.type'>>();
for (const binding of KEY_BINDINGS) {
	if (binding.command === 'prompt.type' || binding.command === 'prompt.submit') continue;
	for (const key of binding.keys) if (!BY_KEY.has(key)) BY_KEY.set(key, binding.command);
}

/**
 * The command of a key, by priority: Ctrl-C interrupts anywhere; an open file prompt takes every key
 * (Tab completes the file name, Ctrl-U clears it);
 * the help overlay closes on any key (q still quits); then the board: move characters type, and
 * Enter and Space play the typed move when there is one, else pick.
 * @returns null for a key that means nothing here
 */
export function routeKey(key: string, layer: KeyLayer): Routed | null {
	if (key === 'ctrl+c') return { command: 'app.interrupt' };
	if (layer.file) {
		if (key === 'return') return { command: 'file.submit' };
		if (key === 'escape') return { command: 'file.cancel' };
		if (key === 'backspace') return { command: 'file.delete' };
		if (key === 'ctrl+u') return { command: 'file.kill' };
		if (key === 'tab') return { command: 'file.complete' };
		if (key === 'space') return { command: 'file.type', text: ' ' };
		if (key.length === 1 && key >= ' ') return { command: 'file.type', text: key };
		return null;
	}
	if (layer.help) return key === 'q' ? { command: 'app.quit' } : { command: 'help.close' };
	if (MOVE_CHAR.test(key)) return { command: 'prompt.type', text: key };
	if (layer.typing) {
		if (key === 'space') return { command: 'prompt.type', text: ' ' };
		if (key === 'return') return { command: 'prompt.submit' };
	}
	const command = BY_KEY.get(key);
	return command ? { command } : null;
}
