/**
 * The fixed positions of `blobterm bench search` (and `bench parallel`): starts and positions
 * reached by the engine's own play, on 7x7, 8x8 with holes, the handout's board, gruyere5 and
 * 16x16. Changing them changes the bench signature.
 */

import { geometryOf } from '../game/geometry.js';
import { positionFromGrid, type Position, type Side } from '../game/position.js';

/** A bench position with the depth it is searched to. */
export interface BenchPosition {
	readonly name: string;
	readonly grid: readonly string[];
	readonly side: Side;
	/** Depth of `bench search` (plies). */
	readonly depth: number;
	/** Depth of the enhancement comparison (`--compare`), where plain alpha-beta must finish too. */
	readonly compareDepth: number;
}

export const BENCH_POSITIONS: readonly BenchPosition[] = [
	{
		name: '7x7 start',
		grid: ['B.....R', '.......', '.......', '.......', '.......', '.......', 'R.....B'],
		side: 0,
		depth: 11,
		compareDepth: 7,
	},
	{
		name: '7x7 opening',
		grid: ['BBB..RR', 'B.....R', '......R', '.......', '.......', 'R....B.', 'R.....B'],
		side: 0,
		depth: 10,
		compareDepth: 6,
	},
	{
		name: '7x7 middlegame',
		grid: ['B.RRRRB', 'B.RRRRB', '...B.BB', '.......', '.......', 'R....B.', 'R.....B'],
		side: 0,
		depth: 9,
		compareDepth: 6,
	},
	{
		name: '8x8 default start',
		grid: ['B......R', '........', '..X..X..', '........', '........', '..X..X..', '........', 'R......B'],
		side: 0,
		depth: 12,
		compareDepth: 6,
	},
	{
		name: '8x8 opening',
		grid: ['BBB..RRR', 'B....R.R', '..X..X..', '........', '.....B..', 'R.X..XB.', 'R.....B.', 'R......B'],
		side: 0,
		depth: 9,
		compareDepth: 5,
	},
	{
		name: 'gruyere5',
		grid: ['BBX.XRR', 'BX.X.XR', 'BBX.XRR', 'BX.X.XR', 'BBX.XRR'],
		side: 0,
		depth: 13,
		compareDepth: 7,
	},
	{
		name: '5x6 handout',
		grid: ['BB.BBB', 'BX.RXB', '..XX..', 'RXR.X.', 'RR...R'],
		side: 0,
		depth: 11,
		compareDepth: 6,
	},
	{
		name: '16x16 start',
		grid: [
			'B..............R',
			'................',
			'................',
			'................',
			'....X......X....',
			'................',
			'................',
			'................',
			'................',
			'................',
			'................',
			'....X......X....',
			'................',
			'................',
			'................',
			'R..............B',
		],
		side: 0,
		depth: 12,
		compareDepth: 5,
	},
];

/** The position of a bench entry. */
export function benchPosition(entry: BenchPosition): Position {
	const cols = entry.grid[0].length;
	const holes: number[] = [];
	entry.grid.forEach((row, r) => {
		for (let c = 0; c < cols; c++) if (row[c] === 'X') holes.push(r * cols + c);
	});
	return positionFromGrid(geometryOf(entry.grid.length, cols, holes), entry.grid, entry.side);
}
