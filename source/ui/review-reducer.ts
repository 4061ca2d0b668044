/**
 * The review screen's state and its keys, as a pure reducer: a key gives the next state and the
 * effects for the container (start or stop analysis, export the position, quit).
 *
 *   Left h, Right l     one half-move back, forward        Home, End    the start, the end
 *   g or :, digits, Enter   go to the position after half-move N
 *   t, T                next, previous turning point (the position its move was played in)
 *   a                   analysis on or off               + -          more, fewer lines (multi-PV)
 *   i                   the engine I/O pane (PageUp, PageDown scroll it)
 *   e                   export the position: FEN on screen, a .bwb file
 *   ?                   help                             q Ctrl-C     quit
 */

/** A one-line message. */
export interface ReviewMessage {
	readonly text: string;
	readonly kind: 'error' | 'info';
}

/** The review screen's state. */
export interface ReviewState {
	/** Positions shown: after `index` half-moves (0: the start). */
	readonly index: number;
	/** Half-moves in the game. */
	readonly last: number;
	/** The typed half-move number after `g`, or null. */
	readonly jump: string | null;
	/** The export prompt's file name, or null. */
	readonly exportPath: string | null;
	readonly help: boolean;
	readonly analysing: boolean;
	/** Lines of analysis wanted. */
	readonly multiPv: number;
	readonly io: boolean;
	/** Lines scrolled back from the end of the I/O pane. */
	readonly ioScroll: number;
	/** Which turning point `t` went to last (-1: none yet). */
	readonly turning: number;
	readonly message: ReviewMessage | null;
}

/** Most lines of analysis. */
export const MAX_MULTI_PV = 16;

/** What the container does. */
export type ReviewEffect =
	| { readonly kind: 'quit' }
	| { readonly kind: 'analysis'; readonly on: boolean }
	| { readonly kind: 'export'; readonly path: string };

/** What the reducer reads outside its state. */
export interface ReviewContext {
	/** The turning points' move indices (0-based), largest drop first. */
	readonly turningPoints: readonly number[];
	/** The file name the export prompt offers for the position after `index` half-moves. */
	readonly exportName: (index: number) => string;
	/** Lines the I/O pane can scroll back. */
	readonly ioLines: number;
}

/** The state at the start: the final position of the game (where a review usually begins). */
export function initialReview(last: number, index = last): ReviewState {
	return {
		index: Math.max(0, Math.min(last, index)),
		last,
		jump: null,
		exportPath: null,
		help: false,
		analysing: false,
		multiPv: 3,
		io: false,
		ioScroll: 0,
		turning: -1,
		message: null,
	};
}

/** The keys of the review screen, for its help: label and what it does. */
export const REVIEW_KEYS: ReadonlyArray<readonly [string, string]> = [
	['Left h, Right l', 'one half-move back, forward'],
	['Home, End', 'the start, the end of the game'],
	['g or :, N, Enter', 'go to the position after half-move N'],
	['t, T', 'next, previous turning point'],
	['a', 'analysis on or off (the built-in engine, or --engine)'],
	['+, -', 'more, fewer lines of analysis'],
	['i', 'engine I/O pane; PageUp, PageDown scroll it'],
	['e', 'export the position: FEN, and a .bwb file'],
	['?', 'this help; any key closes it'],
	['q, Ctrl-C', 'quit'],
];

/** Applies one key (a name from `keys.ts`). */
export function reduceReviewKey(
	state: ReviewState,
	key: string,
	ctx: ReviewContext,
): { state: ReviewState; effects: ReviewEffect[] } {
	const next = (patch: Partial<ReviewState>, ...effects: ReviewEffect[]) => ({
		state: { ...state, ...patch },
		effects,
	});
	const go = (index: number) => next({ index: Math.max(0, Math.min(state.last, index)), message: null });
	if (key === 'ctrl+c') return next({}, { kind: 'quit' });
	if (state.exportPath !== null) {
		if (key === 'escape') return next({ exportPath: null, message: null });
		if (key === 'return') {
			const path = state.exportPath.trim();
			if (path === '') return next({ message: { text: 'type a file name, or Esc to cancel', kind: 'error' } });
			return next({ exportPath: null }, { kind: 'export', path });
		}
		if (key === 'backspace') return next({ exportPath: state.exportPath.slice(0, -1) });
		if (key === 'ctrl+u') return next({ exportPath: '' });
		if (key === 'space') return next({ exportPath: `${state.exportPath} ` });
		if (key.length === 1 && key >= ' ') return next({ exportPath: state.exportPath + key });
		return next({});
	}
	if (state.jump !== null) {
		if (/^\d$/.test(key)) return next({ jump: (state.jump + key).slice(0, 6) });
		if (key === 'backspace') return next({ jump: state.jump.slice(0, -1) });
		if (key === 'return') {
			if (state.jump === '') return next({ jump: null });
			const n = Number(state.jump);
			if (n > state.last)
				return next({
					jump: null,
					message: { text: `no half-move ${n}: the game has ${state.last}`, kind: 'error' },
				});
			return { state: { ...go(n).state, jump: null }, effects: [] };
		}
		return next({ jump: null, message: null });
	}
	if (state.help) return key === 'q' ? next({}, { kind: 'quit' }) : next({ help: false });
	switch (key) {
		case 'left':
		case 'h':
			return go(state.index - 1);
		case 'right':
		case 'l':
			return go(state.index + 1);
		case 'home':
			return go(0);
		case 'end':
			return go(state.last);
		case 'g':
		case ':':
			return next({ jump: '', message: null });
		case 't':
		case 'T': {
			const points = ctx.turningPoints;
			if (points.length === 0)
				return next({
					message: { text: 'no turning point: the engines reported no fall of score', kind: 'info' },
				});
			const k =
				key === 't' ? (state.turning + 1) % points.length : (state.turning - 1 + points.length) % points.length;
			return {
				state: { ...go(points[k]).state, turning: k },
				effects: [],
			};
		}
		case 'a':
			return next({ analysing: !state.analysing, message: null }, { kind: 'analysis', on: !state.analysing });
		case '+':
		case '=':
			return next({ multiPv: Math.min(MAX_MULTI_PV, state.multiPv + 1) });
		case '-':
			return next({ multiPv: Math.max(1, state.multiPv - 1) });
		case 'i':
			return next({ io: !state.io, ioScroll: 0 });
		case 'pageup':
			return next({ ioScroll: Math.min(Math.max(0, ctx.ioLines - 1), state.ioScroll + 10) });
		case 'pagedown':
			return next({ ioScroll: Math.max(0, state.ioScroll - 10) });
		case 'e':
			return next({ exportPath: ctx.exportName(state.index), message: null });
		case '?':
			return next({ help: true });
		case 'q':
			return next({}, { kind: 'quit' });
		default:
			return next({});
	}
}
