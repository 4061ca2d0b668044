/**
 * The learned evaluation's features counted cell by cell from their definitions
 * (`search/eval-features.ts`), the reference the compiled kernel is tested against.
 */

import { cellDistance } from '../../source/game/geometry.js';
import { cellAt, type Position } from '../../source/game/position.js';
import { SIDE_FEATURES, TERM_COUNT } from '../../source/search/eval-features.js';

/** The feature vector of `pos` (terms in `TERMS` order), side to move first. */
export function referenceFeatures(pos: Position): number[] {
	const g = pos.geometry;
	const mine = pos.side === 0 ? 'B' : 'R';
	const theirs = pos.side === 0 ? 'R' : 'B';
	const cells = Array.from({ length: g.cells }, (_, c) => c);
	const near = (a: number, d: number) => cells.filter((b) => cellDistance(g, a, b) === d);
	const empty = (c: number) => cellAt(pos, c) === '.';
	/** Distance from `c` to the nearest blob of `who` (Infinity if none). */
	const distance = (c: number, who: string) =>
		Math.min(Infinity, ...cells.filter((b) => cellAt(pos, b) === who).map((b) => cellDistance(g, c, b)));
	const count = (who: string, other: string) => {
		const blobs = cells.filter((c) => cellAt(pos, c) === who);
		const values: Record<string, number> = {
			blobs: blobs.length,
			safe: blobs.filter((c) => !near(c, 1).some(empty)).length,
			unsafe: blobs.filter((c) => near(c, 1).some((e) => empty(e) && distance(e, other) <= 2)).length,
			edge: 0,
			corner: 0,
			hole: 0,
			clone: cells.filter((c) => empty(c) && distance(c, who) === 1).length,
			jump: cells.filter((c) => empty(c) && distance(c, who) === 2).length,
			capture: Math.max(
				0,
				...cells
					.filter((c) => empty(c) && distance(c, who) <= 2)
					.map((c) => near(c, 1).filter((b) => cellAt(pos, b) === other).length),
			),
			target2: 0,
			target3: 0,
			target4: 0,
			territory: cells.filter((c) => empty(c) && distance(c, who) === 1 && distance(c, other) > 2).length,
		};
		for (const c of cells.filter((e) => empty(e) && distance(e, other) <= 2)) {
			const around = near(c, 1).filter((b) => cellAt(pos, b) === who).length;
			if (around >= 2) values.target2++;
			if (around >= 3) values.target3++;
			if (around >= 4) values.target4++;
		}
		for (const c of blobs) {
			const around = near(c, 1);
			const playable = around.filter((b) => !g.isHole[b]).length;
			const r = g.cellRow[c];
			const col = g.cellCol[c];
			if (playable <= 3) values.corner++;
			else if (r === 0 || col === 0 || r === g.rows - 1 || col === g.cols - 1) values.edge++;
			if (around.some((b) => g.isHole[b])) values.hole++;
		}
		return SIDE_FEATURES.map((f) => values[f]);
	};
	const out = [...count(mine, theirs), ...count(theirs, mine), 1];
	if (out.length !== TERM_COUNT) throw new Error('term count');
	return out;
}
