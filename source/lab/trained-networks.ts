/**
 * The split-point networks trained for the thesis's five orderings (`blobterm lab train`), used by
 * the neural scheme unless another network is given.
 */

import { type NetworkWeights } from './neural-network.js';

/** Weights by ordering "b,wa,wb". */
export const TRAINED_NETWORKS: Readonly<Record<string, NetworkWeights>> = {};
