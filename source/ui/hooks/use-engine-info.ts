/**
 * Samples the engines' live information on a timer (a few times a second, never per node).
 */

import { useEffect, useState } from 'react';
import { type Side } from '../../game/position.js';
import { type EngineInfo } from '../../players/player.js';

/** Milliseconds between two samples. */
export const ENGINE_SAMPLE_MS = 250;

/** Where live engine information comes from: a `Game`. */
export interface LiveInfoSource {
	liveInfo(side: Side): EngineInfo | null;
	subscribe(listener: () => void): () => void;
}

/**
 * The latest info of each side's engine, `[blue, red]`, refreshed every `intervalMs` and on each
 * change of the game.
 */
export function useEngineInfo(
	source: LiveInfoSource,
	intervalMs = ENGINE_SAMPLE_MS,
): readonly [EngineInfo | null, EngineInfo | null] {
	const [info, setInfo] = useState<readonly [EngineInfo | null, EngineInfo | null]>(() => [
		source.liveInfo(0),
		source.liveInfo(1),
	]);
	useEffect(() => {
		const sample = () =>
			setInfo((previous) => {
				const blue = source.liveInfo(0);
				const red = source.liveInfo(1);
				return previous[0] === blue && previous[1] === red ? previous : [blue, red];
			});
		const timer = setInterval(sample, intervalMs);
		const unsubscribe = source.subscribe(sample);
		return () => {
			clearInterval(timer);
			unsubscribe();
		};
	}, [source, intervalMs]);
	return info;
}
