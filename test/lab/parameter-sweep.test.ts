import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../source/lab/algorithms.js';
import { networkFor, paramsOfScheme, sequentialSet, simulatePoint } from '../../source/lab/experiments.js';
import { sweepScheme, thesisRowOf } from '../../source/lab/parameter-sweep.js';
import { TG1_SEEDS, TG2_SEEDS } from '../../source/lab/seed-sets.js';

describe('parameter sweeps', () => {
	it('each point is the simulation at its values; the best is the highest speedup per processor count', () => {
		const shape = { branching: 8, wa: 66, wb: 33 };
		const seeds = TG1_SEEDS.slice(0, 3);
		const sequential = sequentialSet(shape, 5, seeds);
		const columns = sweepScheme('B', [[1], [2], [4], [2]], shape, 5, seeds, sequential, [2, 8], DEFAULT_PARAMS);
		expect(columns.map((c) => c.processors)).toEqual([2, 8]);
		for (const column of columns) {
			// The repeated value is simulated once.
			expect(column.points.map((pt) => pt.values)).toEqual([[1], [2], [4]]);
			for (const pt of column.points) {
				const direct = simulatePoint(
					'dts',
					{ ...DEFAULT_PARAMS, dtsCutLimit: pt.values[0] },
					shape,
					5,
					seeds,
					sequential,
					column.processors,
				);
				expect(pt.point).toEqual(direct);
			}
			const top = Math.max(...column.points.map((pt) => pt.point.speedup));
			expect(column.best.point.speedup).toBe(top);
			expect(column.thesis).toBeNull();
		}
	});

	it("adds the thesis's values at depth 6 and sets the network's N-CUT width of the ordering", () => {
		const shape = { branching: 20, wa: 69, wb: 19 };
		const seeds = TG1_SEEDS.slice(0, 1);
		const sequential = sequentialSet(shape, 6, seeds);
		const base = { ...DEFAULT_PARAMS, network: networkFor(shape) };
		const [column] = sweepScheme('A', [[1]], shape, 6, seeds, sequential, [24], base);
		// Table 6.5: m_A = 2 at 24 processors, speedup 8.785.
		expect(column.points.map((pt) => pt.values)).toEqual([[1], [2]]);
		expect(column.thesis).toMatchObject({ scheme: 'A', processors: 24, m: [2], speedup: 8.785 });
		expect(column.atThesisValues?.values).toEqual([2]);
		// On other trees (tg_2) the thesis's values are neither added nor compared.
		const tg2 = TG2_SEEDS.slice(0, 1);
		const [other] = sweepScheme('A', [[1]], shape, 6, tg2, sequentialSet(shape, 6, tg2), [24], base);
		expect([other.points.length, other.thesis, other.atThesisValues]).toEqual([1, null, null]);
		expect(thesisRowOf('C', shape, 48)?.m).toEqual([-4, 3]);
		const params = paramsOfScheme('C', [-2, 1], shape, base);
		expect([params.neuralMinAll, params.neuralMinCut, params.neuralCutWidth]).toEqual([-2, 1, 10]);
	});

	it('refuses an empty grid and values of the wrong arity', () => {
		const shape = { branching: 8, wa: 66, wb: 33 };
		const sequential = sequentialSet(shape, 3, [TG1_SEEDS[0]]);
		expect(() => sweepScheme('A', [], shape, 3, [TG1_SEEDS[0]], sequential, [2], DEFAULT_PARAMS)).toThrow(
			'no values',
		);
		expect(() => sweepScheme('C', [[1]], shape, 3, [TG1_SEEDS[0]], sequential, [2], DEFAULT_PARAMS)).toThrow(
			'takes 2 value(s) per point',
		);
	});
});
