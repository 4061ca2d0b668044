/** Ctrl-C for the long-running commands (`blobterm match`, `blobterm spsa`). */

/**
 * Calls `stop` on the first SIGINT or SIGTERM; exits with code 130 on the second (the process
 * registry still kills the engines).
 * @returns `off`, which removes the handlers
 */
export function onInterrupt(stop: () => void): { off(): void } {
	let interrupts = 0;
	const onSignal = () => {
		interrupts++;
		if (interrupts > 1) process.exit(130);
		stop();
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);
	return {
		off: () => {
			process.off('SIGINT', onSignal);
			process.off('SIGTERM', onSignal);
		},
	};
}
