/**
 * Names in Redis. Every worker takes pairs from one queue, `blobterm:pairs` (BullMQ keys under the
 * `blobterm` prefix), whatever the match; each match has its own report queue, its own job ids,
 * a hash of its games being played and a stop key, all named after the match's key, so several
 * matches can share a server.
 */

import { createHash } from 'node:crypto';
import { type MatchHeader } from '../match/match-record.js';

/** The prefix of the BullMQ keys (`blobterm:pairs:wait`, ...). */
export const QUEUE_PREFIX = 'blobterm';

/** The queue every worker takes pairs from. */
export const PAIRS_QUEUE = 'pairs';

/** How long a stop key lives, s: long past any game still in progress. */
export const STOP_KEY_TTL_S = 7 * 24 * 3600;

/**
 * The key of a match: 16 hex digits of the SHA-256 of its header's identity (engines, names,
 * openings, seed and start time). The header is the record's first line, so a coordinator
 * resumed from the record finds the same jobs.
 */
export function matchKey(header: MatchHeader): string {
	const identity = JSON.stringify([header.startedAt, header.seed, header.engines, header.names, header.openings]);
	return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

/** The id of a pair's job on the pairs queue: at most one job per pair of a match. */
export function pairJobId(match: string, pair: number): string {
	return `${match}-${pair}`;
}

/** The pair number of a job id of the match, or null for another match's job. */
export function pairOfJobId(match: string, id: string): number | null {
	const m = /^([0-9a-f]+)-(\d+)$/.exec(id);
	return m && m[1] === match ? Number(m[2]) : null;
}

/** The queue a match's workers send their reports to. */
export function reportQueueName(match: string): string {
	return `reports-${match}`;
}

/**
 * The hash of the match's games being played: game number to worker. A worker sets its game when
 * it starts and deletes it when it ends; the coordinator reads it for its progress line.
 */
export function playingKey(match: string): string {
	return `${QUEUE_PREFIX}:playing:${match}`;
}

/** The key whose presence tells workers to stop the match's games. */
export function stopKey(match: string): string {
	return `${QUEUE_PREFIX}:stop:${match}`;
}
