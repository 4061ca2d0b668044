import fc from 'fast-check';
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

	it('narrows before each step but the first: a step is a child of a root with two plies to go', () => {
		const domain = new SyntheticDomain({ branching: 8, wa: 66, wb: 33, depth: 3, seed: TG1_SEEDS[0] });
		const [mem, count] = rootOf(domain);
		const sub = new SubtreeSearch(domain);
		const plain = searchChild(sub, mem, count, 1, -INF, INF);
		const seen: number[][] = [];
		sub.narrow = (window) => void seen.push([window[0], window[1]]);
		expect(searchChild(sub, mem, count, 1, -INF, INF)).toBe(plain);
		// Each child of the subtree's root (one ply to go) is a step: 8, narrowed before 7.
		expect(seen.length).toBe(7);
	});

	it('narrows inside its root children: told nothing it keeps the tree, shut it stops at once', () => {
		const domain = domains[0];
		const [mem, count] = rootOf(domain);
		const sub = new SubtreeSearch(domain);
		const plain = searchChild(sub, mem, count, 1, -INF, INF);
		const plainNodes = sub.inner + sub.leaves;
		// Told nothing new: the same value and tree, one narrowing per step but the first.
		let narrowed = 0;
		sub.narrow = () => void narrowed++;
		let steps = 0;
		if (sub.begin(mem, 0, domain.stateWords, count, 1, 0, -INF, INF)) while ((steps++, sub.step()));
		expect(sub.value).toBe(plain);
		expect(sub.inner + sub.leaves).toBe(plainNodes);
		expect(narrowed).toBe(steps - 1);
		// The root (4 plies to go) of branching 8 steps through each of its children's children
		// (one ply to go) and expands each of its children: more steps than its 8 children.
		expect(steps).toBeGreaterThan(8);
		// Shut from outside after the first step, which expanded the root's first child: the search
		// stops with the bound, the root and that child its only nodes.
		sub.narrow = (window) => {
			window[0] = 100;
			window[1] = 50;
		};
		expect(searchChild(sub, mem, count, 1, -INF, INF)).toBe(50);
		expect({ inner: sub.inner, leaves: sub.leaves }).toEqual({ inner: 2, leaves: 0 });
		// A window narrowed around the value keeps it, and prunes.
		sub.narrow = (window) => {
			window[0] = Math.max(window[0], plain - 3);
			window[1] = Math.min(window[1], plain + 3);
		};
		expect(searchChild(sub, mem, count, 1, -INF, INF)).toBe(plain);
		expect(sub.inner + sub.leaves).toBeLessThan(plainNodes);
	});

	it('a window narrowed once at any step gives the value clamped to it (fail-hard), on every domain', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: domains.length - 1 }),
				fc.nat(),
				fc.integer({ min: 0, max: 60 }),
				fc.integer({ min: -40, max: 40 }),
				fc.integer({ min: -40, max: 40 }),
				(d, child, at, low, high) => {
					const domain = domains[d];
					const [mem, count] = rootOf(domain);
					const i = child % count;
					const sub = new SubtreeSearch(domain);
					const v = searchChild(sub, mem, count, i, -INF, INF);
					const a = v + low;
					const b = v + high;
					let calls = 0;
					sub.narrow = (window) => {
						if (calls++ !== at) return;
						window[0] = Math.max(window[0], a);
						window[1] = Math.min(window[1], b);
					};
					const value = searchChild(sub, mem, count, i, -INF, INF);
					// Narrowed (the search had that many steps): clamped to [a, b], or b if shut.
					const expected = calls <= at ? v : a >= b ? b : Math.min(b, Math.max(a, v));
					expect(value).toBe(expected);
				},
			),
			{ numRuns: 300 },
		);
	});
});
