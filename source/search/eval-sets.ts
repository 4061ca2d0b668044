/**
 * The sets of cells the learned evaluation counts, and how each is made from the others: one
 * definition for its two code generators (`eval-kernel.ts`, JavaScript on 32-bit words, and
 * `eval-kernel-wasm.ts`, WebAssembly on 64-bit words or 128-bit vectors), which differ only in how
 * they write a dilation, an intersection, a bit-sliced count and a popcount.
 *
 * Named sets, with `s` a side (`m` the side to move, `o` the other) and `t` the other side:
 *   m, o, e        the two sides' blobs and the empty playable cells (read from the position)
 *   ED, CO, HO     the shape's edge, corner and next-to-a-hole cells (constants)
 *   de             cells next to an empty cell
 *   ds, dss        cells at distance <= 1 and <= 2 of s's blobs (`dm`, `dmm`, `do`, `doo`)
 *   rs             empty cells s reaches (clone or jump): dss & e
 *   drs            cells next to one of those
 *   sxt0..sxt3     bit planes of the number of t's blobs around each cell (`cnts` makes them)
 *   caps           a number: the most of t's blobs around one empty cell s reaches
 */

import { type FeatureMasks, type SideFeature } from './eval-features.js';

/** A side: `m` the side to move, `o` the other. */
export type SideName = 'm' | 'o';

/** An expression over sets of cells, worked out word by word. */
export type SetExpr =
	string | { readonly not: SetExpr } | { readonly and: readonly SetExpr[] } | { readonly or: readonly SetExpr[] };

/** How a named set (or the `cap` number) is made. */
export type SetRecipe =
	/** The cells at distance <= 1 of `from`'s (a shift by a column, then by a row). */
	| { readonly kind: 'dilate'; readonly from: string }
	/** The cells of both sets. */
	| { readonly kind: 'and'; readonly of: readonly [string, string] }
	/**
	 * Bit planes `{side}xt0..3` of the number of the other side's blobs around each cell (0 to 8),
	 * by bit-sliced adders (Knuth, The Art of Computer Programming, vol. 4A, 7.1.3).
	 */
	| { readonly kind: 'count'; readonly side: SideName }
	/**
	 * `cap{side}`: the largest count of `cnt{side}` among the empty cells `side` reaches, found bit
	 * by bit from the top (`largestCountCode`).
	 */
	| { readonly kind: 'capture'; readonly side: SideName };

const other = (s: SideName): SideName => (s === 'm' ? 'o' : 'm');

/**
 * The recipe of a set the generators make (not `m`, `o`, `e` or the masks, which they read).
 * @throws Error for a name that is not one
 */
export function setRecipe(name: string): SetRecipe {
	switch (name) {
		case 'de':
			return { kind: 'dilate', from: 'e' };
		case 'dm':
		case 'do':
			return { kind: 'dilate', from: name[1] };
		case 'dmm':
		case 'doo':
			return { kind: 'dilate', from: name.slice(0, 2) };
		case 'rm':
		case 'ro':
			return { kind: 'and', of: [`d${name[1]}${name[1]}`, 'e'] };
		case 'drm':
		case 'dro':
			return { kind: 'dilate', from: name.slice(1) };
		case 'cntm':
		case 'cnto':
			return { kind: 'count', side: name[3] as SideName };
		case 'capm':
		case 'capo':
			return { kind: 'capture', side: name[3] as SideName };
		default:
			throw new Error(`eval-sets: no set named ${name}`);
	}
}

/** The sets a recipe reads, to be made before it (`m`, `o`, `e` are always there). */
export function recipeNeeds(recipe: SetRecipe): string[] {
	switch (recipe.kind) {
		case 'dilate':
			return recipe.from === 'e' || recipe.from.length === 1 ? [] : [recipe.from];
		case 'and':
			return recipe.of.filter((x) => x !== 'e');
		case 'count':
			return [];
		case 'capture':
			return [`r${recipe.side}`, `cnt${recipe.side}`];
	}
}

/** What a code generator writes for each kind of recipe (into code it keeps). */
export interface SetWriter {
	/** Set `to` = the cells at distance <= 1 of `from`'s. */
	dilate(from: string, to: string): void;
	/** Set `to` = the cells of both `a` and `b`. */
	and(to: string, a: string, b: string): void;
	/** The bit planes of `cnt{side}`. */
	count(side: SideName): void;
	/** The number `cap{side}`. */
	capture(side: SideName): void;
}

/**
 * A generator's `need(name)`: writes the code of a named set (by `setRecipe`) once, after the
 * sets it is made from.
 */
export function setMaker(writer: SetWriter): (name: string) => void {
	const done = new Set<string>();
	const need = (name: string): void => {
		if (done.has(name)) return;
		done.add(name);
		const recipe = setRecipe(name);
		recipeNeeds(recipe).forEach(need);
		if (recipe.kind === 'dilate') writer.dilate(recipe.from, name);
		else if (recipe.kind === 'and') writer.and(name, recipe.of[0], recipe.of[1]);
		else if (recipe.kind === 'count') writer.count(recipe.side);
		else writer.capture(recipe.side);
	};
	return need;
}

/** The names set expressions give the shape's constant masks: edge, corner and next-to-a-hole cells. */
export const MASK_NAMES = ['ED', 'CO', 'HO'] as const;

/** One of `MASK_NAMES`. */
export type MaskName = (typeof MASK_NAMES)[number];

/** The words of a shape's masks (`featureMasks`) by the names set expressions give them. */
export function namedMasks(masks: FeatureMasks): Readonly<Record<MaskName, Int32Array>> {
	return { ED: masks.edge, CO: masks.corner, HO: masks.hole };
}

/** How a side feature is counted. */
export type FeatureRecipe =
	/**
	 * The number of cells of `of`; `within` names the cells it can hold (the board's cells, or a
	 * mask: a word where the mask has none is not counted); `needs` the sets to make first
	 * (`setsRead` of `of`).
	 */
	| {
			readonly kind: 'count';
			readonly of: SetExpr;
			readonly within: 'board' | MaskName;
			readonly needs: readonly string[];
	  }
	/** The number `cap{side}` (made by its recipe). */
	| { readonly kind: 'capture'; readonly side: SideName };

/** The sets a generator reads rather than makes: the position's and the masks. */
const READ_SETS: ReadonlySet<string> = new Set(['m', 'o', 'e', ...MASK_NAMES]);

/**
 * The named sets an expression reads that a generator must make first, in the order they
 * appear: not `m`, `o`, `e` or the masks, which it reads; a bit plane `{s}xt0..3` is made by
 * `cnt{s}`.
 */
export function setsRead(x: SetExpr): string[] {
	const out: string[] = [];
	const walk = (y: SetExpr): void => {
		if (typeof y === 'string') {
			const plane = /^([mo])xt[0-3]$/.exec(y);
			const name = plane ? `cnt${plane[1]}` : y;
			if (!READ_SETS.has(name) && !out.includes(name)) out.push(name);
		} else if ('not' in y) walk(y.not);
		else ('and' in y ? y.and : y.or).forEach(walk);
	};
	walk(x);
	return out;
}

/** How feature `f` of side `s` is counted (the definitions of `eval-features.ts`). */
export function featureRecipe(f: SideFeature, s: SideName): FeatureRecipe {
	const t = other(s);
	const count = (of: SetExpr, within: 'board' | MaskName = 'board') =>
		({ kind: 'count', of, within, needs: setsRead(of) }) as const;
	switch (f) {
		case 'blobs':
			return count(s);
		case 'safe':
			return count({ and: [s, { not: 'de' }] });
		case 'unsafe':
			return count({ and: [s, `dr${t}`] });
		case 'edge':
			return count({ and: [s, 'ED'] }, 'ED');
		case 'corner':
			return count({ and: [s, 'CO'] }, 'CO');
		case 'hole':
			return count({ and: [s, 'HO'] }, 'HO');
		case 'clone':
			return count({ and: [`d${s}`, 'e'] });
		case 'jump':
			return count({ and: [`r${s}`, { not: `d${s}` }] });
		case 'capture':
			return { kind: 'capture', side: s };
		case 'territory':
			// Empty cells next to the side's blobs that the other side reaches by no move.
			return count({ and: [`d${s}`, 'e', { not: `r${t}` }] });
		case 'target2':
		case 'target3':
		case 'target4': {
			// Cells the other side reaches with at least k blobs of `s` around: its counts of `s`'s
			// blobs (`cnt{t}`), at least 2: t1|t2|t3; at least 3: t0&t1|t2|t3; at least 4: t2|t3.
			const p = (bit: number) => `${t}xt${bit}`;
			const atLeast: SetExpr =
				f === 'target2'
					? { or: [p(1), p(2), p(3)] }
					: f === 'target3'
						? { or: [{ and: [p(0), p(1)] }, p(2), p(3)] }
						: { or: [p(2), p(3)] };
			return count({ and: [`r${t}`, atLeast] });
		}
	}
}
