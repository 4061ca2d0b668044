import { describe, expect, it } from 'vitest';
import { type ClassificationCounts, classifyTrees } from '../../source/lab/node-classification.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';

const columns = (c: ClassificationCounts) => [c.trueCut, c.falseCut, c.trueAll, c.falseAll];
const total = (c: ClassificationCounts) => c.trueCut + c.falseCut + c.trueAll + c.falseAll;

describe("scheme B's second override", () => {
	const shape = { branching: 8, wa: 69, wb: 19 };
	const seeds = TG1_SEEDS.slice(0, 5);
	const alternate = classifyTrees(shape, 6, seeds, { dtsCutLimit: 1 });
	const noThree = classifyTrees(shape, 6, seeds, { dtsCutLimit: 1, dtsSecondOverride: 'no-three' });

	it('both readings predict every inner node off the first line once, as scheme A does', () => {
		expect(total(alternate.dts)).toBe(total(alternate.ybwc));
		expect(total(noThree.dts)).toBe(total(alternate.ybwc));
		// The truth is the search's, not the reading's: as many nodes cut off either way.
		expect(noThree.dts.trueCut + noThree.dts.falseAll).toBe(alternate.dts.trueCut + alternate.dts.falseAll);
		// Scheme A does not read scheme B's option.
		expect(columns(noThree.ybwc)).toEqual(columns(alternate.ybwc));
	});

	it('the default alternates after two D-ALL nodes; no-three makes only the third D-CUT', () => {
		expect(columns(alternate.dts)).toEqual([4348, 283, 1024, 529]);
		expect(classifyTrees(shape, 6, seeds, { dtsCutLimit: 1, dtsSecondOverride: 'alternate' }).dts).toEqual(
			alternate.dts,
		);
		// Below a third D-ALL made D-CUT the window decides again, so more lines run D-ALL, D-ALL,
		// D-CUT than alternate, and more nodes that cut off are predicted D-ALL.
		expect(columns(noThree.dts)).toEqual([4174, 289, 1018, 703]);
	});
});
