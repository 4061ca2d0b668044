/**
 * The thesis's larger tables, exactly: minutes of searching, so they run in `npm run test:long`;
 * the largest row of Table 6.3 (178 million nodes) is a benchmark: `blobterm lab trees --table`.
 */

import { describe, expect, it } from 'vitest';
import { classifyTrees } from '../../source/lab/node-classification.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';
import { searchTrees } from '../../source/lab/sequential-search.js';
import { THESIS_SHAPES } from '../../source/lab/synthetic-tree.js';
import { shapeKey, TABLE_6_3, TABLES_5_2_TO_5_4 } from '../../source/lab/thesis-tables.js';

describe('the thesis, long', () => {
	for (const shape of THESIS_SHAPES.slice(0, 4))
		it(`Table 6.3, ordering (${shapeKey(shape)}): n_1 exactly`, () => {
			expect(searchTrees(shape, 6, TG1_SEEDS).nodes).toBe(TABLE_6_3[shapeKey(shape)].nodes);
		}, 600_000);

	for (const shape of THESIS_SHAPES.slice(0, 4))
		it(`Table 5.2, ordering (${shapeKey(shape)}): scheme A's counts exactly`, () => {
			const r = classifyTrees(shape, 6, TG1_SEEDS, { dtsCutLimit: 1 });
			expect([r.ybwc.trueCut, r.ybwc.falseCut, r.ybwc.trueAll, r.ybwc.falseAll]).toEqual(
				TABLES_5_2_TO_5_4[shapeKey(shape)].a,
			);
		}, 600_000);
});
