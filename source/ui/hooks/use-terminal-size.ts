/**
 * The terminal's size, following resizes (Ink 6 has no hook for it: listen to stdout's
 * `resize` event).
 */

import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** Columns and rows of the terminal (80 x 24 when unknown). */
export function useTerminalSize(): { columns: number; rows: number } {
	const { stdout } = useStdout();
	const [size, setSize] = useState(() => readSize(stdout));
	useEffect(() => {
		const onResize = () => setSize(readSize(stdout));
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}

function readSize(stdout: NodeJS.WriteStream): { columns: number; rows: number } {
	return { columns: stdout.columns || 80, rows: stdout.rows || 24 };
}
