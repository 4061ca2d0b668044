/**
 * A search the lab's threads run together: a tree (synthetic, or a position to a fixed depth), an
 * algorithm with its parameters, and the buffers they share. Plain data, sent to each worker.
 */

import { type PositionData, positionFromData } from '../game/position.js';
import { type WorkerErrorReply } from '../search/parallel/worker-pool.js';
import { type AlgorithmName, type AlgorithmParams, type AlgorithmBuffers } from './algorithms.js';
import { CostlyLeaves } from './costly-leaves.js';
import { GameDomain } from './game-domain.js';
import { type NetworkWeights, SplitNetwork } from './neural-network.js';
import { type StoreBuffers } from './node-store.js';
import { SyntheticDomain } from './synthetic-domain.js';
import { type SyntheticTreeSpec } from './synthetic-tree.js';
import { type TreeDomain } from './tree-domain.js';

/**
 * The tree of a job. `leafWork`: rounds of busy work added to each leaf evaluation
 * (`CostlyLeaves`; absent or 0: none).
 */
export type TreeSpec = (
	| { readonly kind: 'synthetic'; readonly spec: SyntheticTreeSpec }
	| { readonly kind: 'game'; readonly position: PositionData; readonly depth: number }
) & { readonly leafWork?: number };

/** Parameters as data (the network as its weights). */
export type JobParams = Omit<AlgorithmParams, 'network'> & { readonly network: NetworkWeights | null };

/** What every worker gets for one search. */
export interface LabJob {
	readonly id: number;
	readonly algorithm: AlgorithmName;
	readonly params: JobParams;
	readonly tree: TreeSpec;
	readonly store: StoreBuffers;
	readonly extra: AlgorithmBuffers & { readonly queues?: SharedArrayBuffer };
	/** Processor p starts at record roots[p] (-1: idle). */
	readonly roots: readonly number[];
	readonly threads: number;
}

/** A worker's answer. */
export type LabReply =
	{ readonly type: 'done'; readonly id: number; readonly nodes: number; readonly idleMs: number } | WorkerErrorReply;

/** The domain of a tree (one per thread). */
export function domainOf(tree: TreeSpec): TreeDomain {
	const domain = plainDomainOf(tree);
	return tree.leafWork ? new CostlyLeaves(domain, tree.leafWork) : domain;
}

function plainDomainOf(tree: TreeSpec): TreeDomain {
	if (tree.kind === 'synthetic') return new SyntheticDomain(tree.spec);
	const position = positionFromData(tree.position);
	return new GameDomain(position, tree.depth, maxMoves(position.geometry.playableCount));
}

/** Most moves a node of a board with `cells` playable cells can have (clones by destination and jumps). */
export function maxMoves(cells: number): number {
	return Math.min(cells * 17, 4352);
}

/** Parameters from their data. */
export function paramsOf(params: JobParams): AlgorithmParams {
	return { ...params, network: params.network ? new SplitNetwork(params.network) : null };
}
