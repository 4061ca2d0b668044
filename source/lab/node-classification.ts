/**
 * Node classification in a sequential search (Manohararajah, "Parallel Alpha-Beta Search on Shared
 * Memory Multiprocessors", 2001, section 5.5): before its first child is searched, each inner node
 * is predicted to cut off (a CUT node) or to search all its children (an ALL node), by
 *
 * - scheme A, strong YBWC's types (Feldmann, "Game Tree Search on Massively Parallel Systems",
 *   1993): the root is Y-PV; the first child of Y-PV is Y-PV, the others Y-CUT; the first child of
 *   Y-CUT is Y-ALL, the others Y-CUT; every child of Y-ALL is Y-CUT;
 * - scheme B, DTS's types (Hyatt, "The Dynamic Tree-Splitting Parallel Search Algorithm", 1997)
 *   from the node's window: D-PV with the root's window, D-CUT with the root's lower bound (in
 *   negamax terms: alpha still minus infinity), D-ALL otherwise; a D-CUT node that searched more
 *   than `n` children without a cut-off becomes D-ALL (its later children see that); two D-ALL
 *   nodes in a row happen once on a line, after which the types alternate CUT, ALL, CUT... (the
 *   thesis's section 5.5; with `dtsSecondOverride: 'no-three'`, section 3.5's "DTS only allows two
 *   D-ALL nodes to be consecutive": a node that would be the third D-ALL in a row is D-CUT, and
 *   the window decides the types below it);
 * - scheme C, a neural network's types (`neural-network.ts`): N-CUT when the predicted type is
 *   within m of 50. Each child's type is predicted from its parent's predicted type, so a chain of
 *   predictions can carry the network to parent types off the first line that no training pattern
 *   had (`trainedParentTypes`), where its outputs are extrapolation; given that range, the nodes
 *   below such an input are also counted apart, and `clampNetworkInputs` holds the inputs inside it.
 *
 * The first line of the search (the PV nodes) is left out, as all schemes agree on it. A CUT
 * prediction is true when the node cut off before searching all its children; an ALL prediction
 * when it searched them all (the thesis's Tables 5.2 to 5.4).
 */

import { type SplitNetwork } from './neural-network.js';
import { generateChildren, ROOT_PSCORE, type TreeShape } from './synthetic-tree.js';
import { type TypeRange } from './training-data.js';

/** Outcome counts of one scheme. */
export interface ClassificationCounts {
	trueCut: number;
	falseCut: number;
	trueAll: number;
	falseAll: number;
}

/** Mispredicted nodes: false CUT plus false ALL. */
export function classificationError(c: ClassificationCounts): number {
	return c.falseCut + c.falseAll;
}

/** Node types of the schemes. */
export const NODE_PV = 0;
export const NODE_CUT = 1;
export const NODE_ALL = 2;

/** Readings of scheme B's second override (`ClassificationOptions.dtsSecondOverride`). */
export const DTS_SECOND_OVERRIDES = ['alternate', 'no-three'] as const;
export type DtsSecondOverride = (typeof DTS_SECOND_OVERRIDES)[number];

/** The schemes' parameters. */
export interface ClassificationOptions {
	/** Scheme B: children searched at a D-CUT node before it becomes D-ALL (the thesis's best: 1). */
	readonly dtsCutLimit: number;
	/**
	 * Scheme B's second override: `alternate` (the default), two D-ALL nodes in a row once on a
	 * line, then D-CUT and D-ALL alternate to the leaves; `no-three`, never three D-ALL nodes in a
	 * row (the third is D-CUT), with no alternation imposed below it.
	 */
	readonly dtsSecondOverride?: DtsSecondOverride;
	/** Scheme C: the network and the half-width m of the N-CUT range [50 - m, 50 + m]. */
	readonly network?: SplitNetwork;
	readonly networkCutWidth?: number;
	/**
	 * Scheme C: the parent type values (0..100) of the network's training patterns off the first
	 * line (`trainedParentTypes`). Given, the nodes at or below a child whose parent, off the first
	 * line, has a predicted type outside it are counted in `neuralOutside` too.
	 */
	readonly networkTrainedTypes?: TypeRange;
	/** Scheme C: give the network a parent type clamped into `networkTrainedTypes` (not the thesis's). */
	readonly clampNetworkInputs?: boolean;
}

/** Counts of the three schemes over a set of trees. */
export interface ClassificationResult {
	readonly ybwc: ClassificationCounts;
	readonly dts: ClassificationCounts;
	readonly neural: ClassificationCounts | null;
	/** Scheme C's counts at the nodes below an input outside `networkTrainedTypes` (part of `neural`). */
	readonly neuralOutside: ClassificationCounts | null;
}

const zero = (): ClassificationCounts => ({ trueCut: 0, falseCut: 0, trueAll: 0, falseAll: 0 });

function record(counts: ClassificationCounts, predictedCut: boolean, cutOff: boolean): void {
	if (predictedCut) {
		if (cutOff) counts.trueCut++;
		else counts.falseCut++;
	} else if (cutOff) counts.falseAll++;
	else counts.trueAll++;
}

/** Searches trees (negamax fail-hard alpha-beta) and scores the schemes' predictions. */
export class NodeClassifier {
	private readonly pscores: Int32Array;
	private readonly seeds: Int32Array;
	private readonly result: ClassificationResult;
	/** Scheme B's second override read as never three D-ALL nodes in a row (`dtsSecondOverride`). */
	private readonly noThree: boolean;

	constructor(
		readonly shape: TreeShape,
		readonly depth: number,
		readonly options: ClassificationOptions,
	) {
		this.pscores = new Int32Array(Math.max(1, depth) * shape.branching);
		this.seeds = new Int32Array(Math.max(1, depth) * shape.branching);
		this.noThree = options.dtsSecondOverride === 'no-three';
		this.result = {
			ybwc: zero(),
			dts: zero(),
			neural: options.network ? zero() : null,
			neuralOutside: options.network && options.networkTrainedTypes ? zero() : null,
		};
	}

	/** Adds the tree of root seed `seed`. */
	add(seed: number): void {
		this.search(0, seed, ROOT_PSCORE, true, -Infinity, Infinity, true, NODE_PV, NODE_PV, NODE_PV, false, 0, false);
	}

	/** The counts so far. */
	counts(): ClassificationResult {
		return this.result;
	}

	/**
	 * @param pv on the first line of the search
	 * @param yType scheme A's type; @param dType scheme B's type after the second override;
	 * @param parentD scheme B: the parent's type when it made this node (after its first override)
	 * @param forced scheme B: two D-ALL nodes in a row were seen above, types alternate
	 * @param nType scheme C's predicted type value (0..100)
	 * @param outside scheme C: the node is at or below a child predicted from an untrained input
	 * @returns the node's negamax value, fail-hard
	 */
	private search(
		ply: number,
		seed: number,
		pscore: number,
		isMax: boolean,
		alpha: number,
		beta: number,
		pv: boolean,
		yType: number,
		dType: number,
		parentD: number,
		forced: boolean,
		nType: number,
		outside: boolean,
	): number {
		if (ply === this.depth) return isMax ? pscore : -pscore;
		const b = this.shape.branching;
		const at = ply * b;
		generateChildren(this.shape, seed, pscore, isMax, this.pscores, this.seeds, at);
		const network = this.options.network;
		const cutWidth = this.options.networkCutWidth ?? 0;
		const trained = this.options.networkTrainedTypes;
		// Off the first line, the input the network is given for this node's children.
		const untrained = trained !== undefined && !pv && (nType < trained.low || nType > trained.high);
		const nInput =
			untrained && this.options.clampNetworkInputs ? Math.min(trained.high, Math.max(trained.low, nType)) : nType;
		let currentD = dType;
		let cutOff = false;
		for (let i = 0; i < b; i++) {
			// Scheme B's first override: a D-CUT node with more than n children searched is D-ALL.
			if (currentD === NODE_CUT && i >= this.options.dtsCutLimit) currentD = NODE_ALL;
			const childPv = pv && i === 0;
			const childY =
				yType === NODE_PV
					? i === 0
						? NODE_PV
						: NODE_CUT
					: yType === NODE_CUT && i === 0
						? NODE_ALL
						: NODE_CUT;
			// The child's window, from its side: (-beta, -alpha).
			const raw =
				-beta === -Infinity && -alpha === Infinity ? NODE_PV : -beta === -Infinity ? NODE_CUT : NODE_ALL;
			let childD = raw;
			let childForced = forced;
			if (this.noThree) {
				if (raw === NODE_ALL && currentD === NODE_ALL && parentD === NODE_ALL) childD = NODE_CUT;
			} else if (forced) childD = dType === NODE_ALL ? NODE_CUT : NODE_ALL;
			else if (raw === NODE_ALL && currentD === NODE_ALL) childForced = true;
			const childN = childPv ? 0 : network ? network.predictType(pv, nInput, i) : 0;
			const value = -this.search(
				ply + 1,
				this.seeds[at + i],
				this.pscores[at + i],
				!isMax,
				-beta,
				-alpha,
				childPv,
				childY,
				childD,
				currentD,
				childForced,
				childN,
				outside || untrained,
			);
			if (value >= beta) {
				alpha = beta;
				cutOff = true;
				break;
			}
			if (value > alpha) alpha = value;
		}
		if (!pv && ply < this.depth) {
			record(this.result.ybwc, yType === NODE_CUT, cutOff);
			record(this.result.dts, dType === NODE_CUT, cutOff);
			if (this.result.neural) record(this.result.neural, Math.abs(nType - 50) <= cutWidth, cutOff);
			if (this.result.neuralOutside && outside)
				record(this.result.neuralOutside, Math.abs(nType - 50) <= cutWidth, cutOff);
		}
		return alpha;
	}
}

/** Scores the schemes over the trees of `seeds`. */
export function classifyTrees(
	shape: TreeShape,
	depth: number,
	seeds: readonly number[],
	options: ClassificationOptions,
): ClassificationResult {
	const classifier = new NodeClassifier(shape, depth, options);
	for (const seed of seeds) classifier.add(seed);
	return classifier.counts();
}
