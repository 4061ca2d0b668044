/**
 * The one keyboard listener of the game screen: Ink's input events become key names (see
 * `keys.ts`) handed to `onKey` one by one, in order. Components never listen to keys themselves,
 * so every key goes through the router of `key-bindings.ts`.
 */

import { useInput } from 'ink';
import { useCallback } from 'react';
import { keyNames } from '../keys.js';

/** Calls `onKey` with each key name typed. */
export function useKeys(onKey: (key: string) => void): void {
	const handler = useCallback(
		(input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) => {
			for (const name of keyNames(input, key)) onKey(name);
		},
		[onKey],
	);
	useInput(handler);
}
