import { describe, expect, it } from 'vitest';
import { geometryOf } from '../../source/game/geometry.js';
import { positionFromGrid } from '../../source/game/position.js';
import { gameDomainOf } from '../../source/lab/experiments.js';
import { referenceAlphaBeta, referenceNegamax } from '../../source/lab/reference-search.js';
import { TG1_SEEDS } from '../../source/lab/seed-sets.js';
import { SubtreeSearch } from '../../source/lab/subtree-search.js';
import { SyntheticDomain } from '../../source/lab/synthetic-domain.js';
import { INF, type TreeDomain } from '../../source/lab/tree-domain.js';

/** The root's state and child entries in a scratch array: [mem, count]. */
function rootOf(domain: TreeDomain): [Int32Array, number] {
	const mem = new Int32Array(domain.stateWords + domain.maxChildren * domain.childWords);
	domain.writeRoot(mem, 0);
	return [mem, domain.expand(mem, 0, domain.stateWords, 0)];
}

/** Child `i` of the root searched through in the window (alpha, beta): its value. */
function searchChild(
	sub: SubtreeSearch,
	mem: Int32Array,
	count: number,
	i: number,
	alpha: number,
	beta: number,
): number {
	if (sub.begin(mem, 0, sub.domain.stateWords, count, i, 0, alpha, beta)) while (sub.step());
	return sub.value;
}

const domains: TreeDomain[] = [
	new SyntheticDomain({ branching: 8, wa: 66, wb: 33, depth: 5, seed: TG1_SEEDS[0] }),
	new SyntheticDomain({ branching: 6, wa: 0, wb: 0, depth: 4, seed: TG1_SEEDS[2] }),
	gameDomainOf(positionFromGrid(geometryOf(4, 4), ['B..R', '....', '....', 'B..R']), 4),
];

describe('SubtreeSearch', () => {
	it("the root's children searched in its alpha-beta window give its value and alpha-beta's node count", () => {
		for (const domain of domains) {
			const [mem, count] = rootOf(domain);
			const sub = new SubtreeSearch(domain);
			let alpha = -INF;
			let nodes = 1;
			for (let i = 0; i < count; i++) {
				const value = -searchChild(sub, mem, count, i, -INF, -alpha);
				nodes += sub.inner + sub.leaves;
				if (value > alpha) alpha = value;
			}
			const reference = referenceAlphaBeta(domain);
			expect({ value: alpha, nodes }).toEqual({ value: reference.value, nodes: reference.nodes });
			expect(alpha).toBe(referenceNegamax(domain).value);
		}
	});

	it('is fail-hard: a value outside the window comes back as the bound it crossed', () => {
		const domain = domains[0];
		const [mem, count] = rootOf(domain);
		const sub = new SubtreeSearch(domain);
		for (let i = 0; i < count; i++) {
			const v = searchChild(sub, mem, count, i, -INF, INF);
			expect(searchChild(sub, mem, count, i, v - 5, v + 5)).toBe(v);
			expect(searchChild(sub, mem, count, i, v + 1, v + 9)).toBe(v + 1);
			expect(searchChild(sub, mem, count, i, v - 9, v - 1)).toBe(v - 1);
		}
	});

	it('narrows its root window from outside before each child after the first', () => {
		const domain = domains[0];
		const [mem, count] = rootOf(domain);
		const sub = new SubtreeSearch(domain);
		const plain = searchChild(sub, mem, count, 1, -INF, INF);
		const plainNodes = sub.inner + sub.leaves;
		// Told nothing new: the same value and tree.
		const seen: number[][] = [];
		sub.narrow = (window) => void seen.push([window[0], window[1]]);
		expect(searchChild(sub, mem, count, 1, -INF, INF)).toBe(plain);
		expect(sub.inner + sub.leaves).toBe(plainNodes);
		// Once before each child of the subtree's root but the first (branching 8).
		expect(seen.length).toBe(7);
		// Shut from outside after the first child: the search stops there with the bound.
		sub.narrow = (window) => {
			window[0] = 100;
			window[1] = 50;
		};
		expect(searchChild(sub, mem, count, 1, -INF, INF)).toBe(50);
		expect(sub.inner + sub.leaves).toBeLessThan(plainNodes);
		// A window narrowed around the value keeps it.
		sub.narrow = (window) => {
			window[0] = Math.max(window[0], plain - 3);
			window[1] = Math.min(window[1], plain + 3);
		};
		expect(searchChild(sub, mem, count, 1, -INF, INF)).toBe(plain);
	});
});
