import { describe, expect, it } from 'vitest';
import { EngineProcess } from '../../source/players/engine-process.js';
import { liveProcessGroups } from '../../source/players/process-registry.js';

/** A program that answers each line it reads with `bestmove a1`. */
const ECHO = "process.stdin.setEncoding('utf8').on('data', () => process.stdout.write('bestmove a1\\n'))";
const bestmove = (line: string) => (line.startsWith('bestmove') ? line : undefined);

/** Keeps this thread busy for `ms`, as a loaded machine or a long render can. */
function busy(ms: number): void {
	const end = performance.now() + ms;
	while (performance.now() < end);
}

describe('an engine process', () => {
	it('the deadline wins: a line read after it is not taken, even when it is read before the timer runs', async () => {
		const engine = new EngineProcess(process.execPath, ['-e', ECHO], { stdin: true });
		try {
			// Started and answering (a start may take a second or more on a loaded machine).
			engine.send('ping');
			expect(await engine.waitFor(bestmove, 20_000)).toEqual({ kind: 'found', value: 'bestmove a1' });
			// From a timer callback, so that the next phase of the event loop to run is the one that
			// reads the pipe, not the one that runs the (overdue) timer of the wait.
			await new Promise((resolve) => setTimeout(resolve, 0));
			const wait = engine.waitFor(bestmove, 100);
			engine.send('go');
			// The answer comes while this thread is busy, long after the 100 ms.
			busy(2000);
			expect(await wait).toEqual({ kind: 'timeout' });
		} finally {
			await engine.terminate(100);
		}
		expect(liveProcessGroups()).toBe(0);
	});
});
