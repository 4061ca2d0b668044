import { describe, expect, it } from 'vitest';
import { TERMS } from '../../source/search/eval-features.js';
import { evalKernel } from '../../source/search/eval-kernel.js';
import { parseWeights, SHIPPED_WEIGHTS, weightsFileOf } from '../../source/search/eval-weights.js';
import { parseBoardFile } from '../../source/game/board-file.js';

/** A weights file's text with every term but `leftOut` given `list` (as JSON), of `version`. */
function fileText(version: number, list: (t: string) => unknown, leftOut: readonly string[] = []): string {
	return JSON.stringify({
		format: 'blobterm-weights',
		version,
		weights: Object.fromEntries(TERMS.filter((t) => !leftOut.includes(t)).map((t) => [t, list(t)])),
	});
}

describe('weights files', () => {
	it('read version 1 as two taper points, and write it back the same', () => {
		const file = weightsFileOf(SHIPPED_WEIGHTS.blobwar);
		expect(file.version).toBe(1);
		const read = parseWeights(JSON.stringify(file), 'w.json');
		expect(read.middle).toBeUndefined();
		expect(Array.from(read.opening)).toEqual(Array.from(SHIPPED_WEIGHTS.blobwar.opening));
		expect(Array.from(read.endgame)).toEqual(Array.from(SHIPPED_WEIGHTS.blobwar.endgame));
	});

	it('read version 2 with 3 to 9 taper points, opening first, and write it back the same', () => {
		for (const count of [3, 5, 9]) {
			const text = fileText(2, (t) => Array.from({ length: count }, (_, j) => 10 * j + TERMS.indexOf(t)));
			const read = parseWeights(text, 'w.json');
			expect(read.opening[TERMS.indexOf('safe.mine')]).toBe(1);
			expect(read.endgame[TERMS.indexOf('safe.mine')]).toBe(10 * (count - 1) + 1);
			expect(read.middle?.map((list) => list[TERMS.indexOf('tempo')])).toEqual(
				Array.from({ length: count - 2 }, (_, j) => 10 * (j + 1) + TERMS.indexOf('tempo')),
			);
			const back = weightsFileOf(read);
			expect(back.version).toBe(2);
			expect(back.weights).toEqual(JSON.parse(text).weights);
		}
	});

	it('read a file written before the territory term with 0 for it, and refuse one missing another term', () => {
		const before = (leftOut: string[]) => fileText(2, (t) => [1, 2, TERMS.indexOf(t)], leftOut);
		const read = parseWeights(before(['territory.mine', 'territory.theirs']), 'old.json');
		for (const t of ['territory.mine', 'territory.theirs']) {
			expect(read.opening[TERMS.indexOf(t)]).toBe(0);
			expect(read.middle?.[0][TERMS.indexOf(t)]).toBe(0);
			expect(read.endgame[TERMS.indexOf(t)]).toBe(0);
		}
		expect(read.endgame[TERMS.indexOf('tempo')]).toBe(TERMS.indexOf('tempo'));
		expect(() => parseWeights(before(['territory.mine', 'target4.theirs']), 'old.json')).toThrow(
			'old.json: term "target4.theirs" needs 3 weights, [opening, ..., endgame]',
		);
	});

	it.each([
		[fileText(1, () => [1, 2, 3]), 'w.json: term "blobs.mine" needs [opening, endgame]'],
		[fileText(2, () => [1]), 'w.json: 2 to 9 taper points per term, got 1'],
		[fileText(2, () => new Array(10).fill(0)), 'w.json: 2 to 9 taper points per term, got 10'],
		[
			fileText(2, (t) => (t === 'tempo' ? [1, 2] : [1, 2, 3])),
			'w.json: term "tempo" needs 3 weights, [opening, ..., endgame]',
		],
		[fileText(2, () => [1, 2.5, 3]), 'w.json: term "blobs.mine": weights are integers within +-10000, got 2.5'],
		[fileText(3, () => [1, 2]), 'w.json: not a blobterm weights file (format "blobterm-weights", version 1 or 2)'],
	])('refuses %s: %s', (text, message) => {
		expect(() => parseWeights(text, 'w.json')).toThrow(message);
	});

	it('score a position between taper points from the two around its phase', () => {
		// 3 x 3, no holes: Blue to move with 2 blobs, Red 1: 3 of 9 cells filled, phase 85 / 256.
		// Three points (0, 1/2, 1): the phase is in the first segment, u = 85 * 2 = 170 of 256.
		const pos = parseBoardFile('3 3\nBB.\n...\n..R\n').position;
		const text = fileText(2, (t) =>
			t === 'blobs.mine' ? [100, 200, 900] : t === 'tempo' ? [40, -40, 7000] : [0, 0, 0],
		);
		const weights = parseWeights(text, 'w.json');
		const a = 100 * 2 + 40;
		const b = 200 * 2 - 40;
		// (240 * 86 + 360 * 170) / 256 = 319.68...: the endgame's weights play no part.
		expect(Math.floor((a * 86 + b * 170) / 256)).toBe(319);
		expect(evalKernel(pos.geometry, weights).score(pos.bb, 0, 0, 2, 1)).toBe(319);
	});
});
