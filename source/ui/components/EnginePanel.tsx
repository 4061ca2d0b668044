/**
 * The engines' thinking: depth, score, nodes, nodes per second, time and principal variation of
 * each engine player (tournament-interface engines: time and their last line).
 */

import { Box, Text } from 'ink';
import React from 'react';
import { type Side, sideName } from '../../game/position.js';
import { type EngineInfo } from '../../players/player.js';
import { formatScore } from '../../search/score.js';
import { formatCount, formatSeconds } from '../format.js';
import { useGameView } from '../game-context.js';
import { useEngineInfo } from '../hooks/use-engine-info.js';

function EngineLines({ side, info, thinking, width }: { side: Side; info: EngineInfo | null; thinking: boolean; width: number }) {
	const { game } = useGameView();
	const player = game.players[side];
	const title = `${sideName(side)} · ${player.name}${thinking ? ' · thinking' : ''}`;
	const fields: string[] = [];
	if (info?.depth !== undefined) fields.push(`depth ${info.depth}`);
	if (info?.score !== undefined) fields.push(`score ${formatScore(info.score)}`);
	if (info?.nodes !== undefined) fields.push(`nodes ${formatCount(info.nodes)}`);
	if (info?.nps !== undefined) fields.push(`nps ${formatCount(info.nps)}`);
	if (info) fields.push(`time ${formatSeconds(info.timeMs)}`);
	if (info?.threads !== undefined && info.threads > 1) fields.push(`threads ${info.threads}`);
	const pv = info?.pv && info.pv.length > 0 ? `pv ${info.pv.join(' ')}` : info?.text ? `says ${info.text}` : '';
	return (
		<Box flexDirection="column">
			<Text bold color={side === 0 ? 'blueBright' : 'redBright'}>
				{title}
			</Text>
			<Text>{fields.length > 0 ? fields.join('  ') : thinking ? 'starting...' : 'waiting'}</Text>
			{pv ? <Text wrap="truncate-end">{pv.slice(0, Math.max(10, width))}</Text> : null}
		</Box>
	);
}

/** One block per engine player. Nothing when both players are people. */
export function EnginePanel({ width }: { width: number }) {
	const { game, state } = useGameView();
	const info = useEngineInfo(game);
	const sides = ([0, 1] as const).filter((side) => game.players[side].kind !== 'human');
	if (sides.length === 0) return null;
	return (
		<Box flexDirection="column" gap={1}>
			{sides.map((side) => (
				<EngineLines key={side} side={side} info={info[side]} thinking={state.thinking?.side === side} width={width} />
			))}
		</Box>
	);
}
