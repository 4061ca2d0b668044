/**
 * The analysis lines of one or two engines, side by side: a header (engine, depth, nodes, nodes
 * per second, threads, whose view the scores are from), then one line per candidate move, best
 * first: rank, score, depth and principal variation.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { sideName } from '../../game/position.js';
import { type AnalysisSnapshot } from '../../players/analysis.js';
import { formatScore } from '../../search/score.js';
import { formatCount, formatSeconds } from '../format.js';

/** The lines of one engine's analysis, `width` columns wide at most (the caller truncates). */
export function analysisLines(snapshot: AnalysisSnapshot, multiPv: number): string[] {
	const side = snapshot.position ? sideName(snapshot.position.side) : '?';
	const depth = snapshot.lines.reduce((d, l) => Math.max(d, l.depth), 0);
	const state =
		snapshot.status === 'failed'
			? `failed: ${snapshot.error ?? ''}`
			: snapshot.status === 'done'
				? 'done'
				: snapshot.status === 'searching'
					? 'thinking'
					: snapshot.status;
	const head =
		`${snapshot.engine} · scores for ${side} · ${state} · depth ${depth} · ` +
		`${formatCount(snapshot.nodes)} nodes · ${formatCount(snapshot.nps)} nps · ` +
		`${formatSeconds(snapshot.timeMs)} · ${snapshot.threads} thread${snapshot.threads === 1 ? '' : 's'}`;
	const lines = [head];
	for (let rank = 1; rank <= multiPv; rank++) {
		const line = snapshot.lines.find((l) => l.rank === rank);
		if (!line) {
			if (rank === 1 || snapshot.status === 'searching') lines.push(`${String(rank).padStart(2)}. ...`);
			continue;
		}
		const score = line.score === undefined ? '?' : formatScore(line.score);
		lines.push(`${String(rank).padStart(2)}. ${score.padStart(6)} d${line.depth}  ${line.pv.join('  ')}`);
	}
	return lines;
}

/** One column per engine. */
export function AnalysisPanel({
	snapshots,
	multiPv,
	width,
}: {
	snapshots: readonly AnalysisSnapshot[];
	multiPv: number;
	width: number;
}) {
	const column = Math.max(20, Math.floor((width - 2 * (snapshots.length - 1)) / Math.max(1, snapshots.length)));
	return (
		<Box flexDirection="row" gap={2}>
			{snapshots.map((snapshot, i) => (
				<Box key={i} flexDirection="column" width={column}>
					{analysisLines(snapshot, multiPv).map((line, k) => (
						<Text key={k} bold={k === 0} wrap="truncate-end">
							{line}
						</Text>
					))}
				</Box>
			))}
		</Box>
	);
}
