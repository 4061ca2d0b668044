/**
 * The engines' thinking, sampled a few times a second: depth, score, nodes, nodes per second,
 * time, the threads with their nodes, and the principal variation of each engine player
 * (tournament-interface engines: time and their last line). The numbers take as many lines as
 * the panel's width needs (`packFields`), so that none is cut. Compact: one line per engine.
 */

import { Box, Text } from 'ink';
import React from 'react';
import { type Side, sideName } from '../../game/position.js';
import { type EngineInfo } from '../../players/player.js';
import { formatScore } from '../../search/score.js';
import { formatCount, formatSeconds } from '../format.js';
import { packFields } from '../layout.js';
import { useGameView } from '../game-context.js';
import { useEngineInfo } from '../hooks/use-engine-info.js';

/**
 * The numbers of an engine's info: `depth 7  score +2 for Blue  nodes 1.23M  nps 456k  time 2.10 s`
 * (the score is from the view of the engine's side, `side`).
 */
export function engineFields(info: EngineInfo | null, side: Side): string[] {
	const fields: string[] = [];
	if (info?.depth !== undefined) fields.push(`depth ${info.depth}`);
	if (info?.score !== undefined) fields.push(`score ${formatScore(info.score)} for ${sideName(side)}`);
	if (info?.nodes !== undefined) fields.push(`nodes ${formatCount(info.nodes)}`);
	if (info?.nps !== undefined) fields.push(`nps ${formatCount(info.nps)}`);
	if (info) fields.push(`time ${formatSeconds(info.timeMs)}`);
	return fields;
}

/** The threads line: `threads 4: 310k 305k 299k 316k`, or null for a single thread. */
export function threadsLine(info: EngineInfo | null): string | null {
	const perThread = info?.threadNodes ?? [];
	const threads = info?.threads ?? perThread.length;
	if (threads <= 1 && perThread.length <= 1) return null;
	return `threads ${threads}${perThread.length > 0 ? `: ${perThread.map(formatCount).join(' ')}` : ''}`;
}

function EngineLines({
	side,
	info,
	thinking,
	compact,
	width,
}: {
	side: Side;
	info: EngineInfo | null;
	thinking: boolean;
	compact: boolean;
	width: number;
}) {
	const { state } = useGameView();
	const player = state.players[side];
	const title = `${sideName(side)} · ${player.name}${thinking ? ' · thinking' : ''}`;
	const fields = engineFields(info, side);
	const numbers = fields.length > 0 ? fields.join('  ') : thinking ? 'starting...' : 'waiting';
	const colour = side === 0 ? 'blueBright' : 'redBright';
	if (compact) {
		return (
			<Text wrap="truncate-end">
				<Text bold color={colour}>
					{title}
				</Text>
				{`: ${numbers}`}
			</Text>
		);
	}
	const threads = threadsLine(info);
	const pv = info?.pv && info.pv.length > 0 ? `pv ${info.pv.join(' ')}` : info?.text ? `says ${info.text}` : '';
	return (
		<Box flexDirection="column">
			<Text bold color={colour} wrap="truncate-end">
				{title}
			</Text>
			{(fields.length > 0 ? packFields(fields, width) : [numbers]).map((line, i) => (
				<Text key={i} wrap="truncate-end">
					{line}
				</Text>
			))}
			{threads ? <Text wrap="truncate-end">{threads}</Text> : null}
			{pv ? <Text wrap="truncate-end">{pv}</Text> : null}
		</Box>
	);
}

/** One block per engine player (nothing when both players are people), `width` columns wide. */
export function EnginePanel({ compact = false, width = 80 }: { compact?: boolean; width?: number }) {
	const { game, state } = useGameView();
	const info = useEngineInfo(game);
	const sides = ([0, 1] as const).filter((side) => state.players[side].kind !== 'human');
	if (sides.length === 0) return null;
	return (
		<Box flexDirection="column" gap={compact ? 0 : 1}>
			{sides.map((side) => (
				<EngineLines
					key={side}
					side={side}
					info={info[side]}
					thinking={state.thinking?.side === side}
					compact={compact}
					width={width}
				/>
			))}
		</Box>
	);
}
