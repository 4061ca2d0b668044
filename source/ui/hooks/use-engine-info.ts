/**
 * Samples the engines' live information on a timer (a few times a second, never per node).
 */

import { useEffect, useState } from 'react';
import { type Game } from '../../match/game.js';
import { type EngineInfo } from '../../players/player.js';

/** Milliseconds between two samples. */
export const ENGINE_SAMPLE_MS = 250;

/** The latest info of each side's engine, `[blue, red]`, refreshed every `intervalMs`. */
export function useEngineInfo(game: Game, intervalMs = ENGINE_SAMPLE_MS): readonly [EngineInfo | null, EngineInfo | null] {
	const [info, setInfo] = useState<readonly [EngineInfo | null, EngineInfo | null]>(() => [game.liveInfo(0), game.liveInfo(1)]);
	useEffect(() => {
		const sample = () =>
			setInfo((previous) => {
				const blue = game.liveInfo(0);
				const red = game.liveInfo(1);
				return previous[0] === blue && previous[1] === red ? previous : [blue, red];
			});
		const timer = setInterval(sample, intervalMs);
		const unsubscribe = game.subscribe(sample);
		return () => {
			clearInterval(timer);
			unsubscribe();
		};
	}, [game, intervalMs]);
	return info;
}
