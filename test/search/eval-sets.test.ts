import { describe, expect, it } from 'vitest';
import { SIDE_FEATURES } from '../../source/search/eval-features.js';
import { featureRecipe, recipeNeeds, setRecipe, setsRead } from '../../source/search/eval-sets.js';

describe('the sets of the learned evaluation', () => {
	it('lists the sets an expression reads, in order, once each, without the position, the masks or bit planes', () => {
		expect(setsRead('m')).toEqual([]);
		expect(setsRead({ and: ['m', 'ED'] })).toEqual([]);
		expect(setsRead({ and: ['m', { not: 'de' }] })).toEqual(['de']);
		expect(setsRead({ and: ['dm', 'e', { not: 'ro' }] })).toEqual(['dm', 'ro']);
		// A bit plane of the counts is made by its side's `cnt`.
		expect(setsRead({ and: ['ro', { or: [{ and: ['oxt0', 'oxt1'] }, 'oxt2', 'oxt3'] }] })).toEqual(['ro', 'cnto']);
		expect(setsRead({ or: ['rm', { not: 'rm' }, 'dm'] })).toEqual(['rm', 'dm']);
	});

	it('gives every feature of either side sets that have recipes', () => {
		for (const f of SIDE_FEATURES)
			for (const s of ['m', 'o'] as const) {
				const recipe = featureRecipe(f, s);
				if (recipe.kind === 'capture') expect(recipeNeeds(setRecipe(`cap${s}`))).toEqual([`r${s}`, `cnt${s}`]);
				else for (const name of recipe.needs) expect(() => setRecipe(name)).not.toThrow();
			}
		expect(featureRecipe('jump', 'm')).toEqual({
			kind: 'count',
			of: { and: ['rm', { not: 'dm' }] },
			within: 'board',
			needs: ['rm', 'dm'],
		});
		expect(featureRecipe('target3', 'o')).toMatchObject({ needs: ['rm', 'cntm'] });
	});
});
