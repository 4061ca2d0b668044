import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { processAgeMs } from '../../source/cli/process-start.js';

/** A /proc/PID/stat line (proc(5)) of a process named `comm` started `startTicks` after boot. */
function statLine(comm: string, startTicks: number): string {
	const after = [
		'S',
		'1',
		'2',
		'2',
		'0',
		'-1',
		'4194560',
		'100',
		'0',
		'0',
		'0',
		'5',
		'1',
		'0',
		'0',
		'20',
		'0',
		'1',
		'0',
	];
	return `4242 (${comm}) ${[...after, String(startTicks), '1000000', '300'].join(' ')} 0 0\n`;
}

describe('the process start', () => {
	it('is the uptime less field 22 of stat, whatever the command name holds', () => {
		expect(processAgeMs(statLine('node', 1088990), '10890.39 8126.74\n')).toBeCloseTo(490, 6);
		// Spaces and parentheses in the name: the fields are counted from the last ')'.
		expect(processAgeMs(statLine('a) (b c', 1089000), '10890.39 8126.74')).toBeCloseTo(390, 6);
		expect(processAgeMs(statLine('x', 1089039), '10890.39 1')).toBe(0);
	});

	it('is null for what is not such a text, or an age below 0 or over a minute', () => {
		expect(processAgeMs('garbage', '10890.39 1')).toBeNull();
		expect(processAgeMs(statLine('node', 1088990), 'uptime?')).toBeNull();
		expect(processAgeMs('1 (node) S 1 2', '10890.39 1')).toBeNull();
		expect(processAgeMs(statLine('node', 1089100), '10890.39 1')).toBeNull();
		expect(processAgeMs(statLine('node', 100), '10890.39 1')).toBeNull();
	});

	it.runIf(process.platform === 'linux')(
		'of a real process lies between its spawn and Node.js time origin',
		async () => {
			const script =
				"import('./dist/cli/process-start.js').then((m) => " +
				'console.log(JSON.stringify([m.processStartMs(), performance.timeOrigin])))';
			for (let run = 0; run < 3; run++) {
				const spawned = Date.now();
				const { stdout } = await execa('node', ['-e', script]);
				const [start, origin] = JSON.parse(stdout) as [number, number];
				// The kernel's count is to 10 ms: a start read up to 20 ms early is the reading's.
				expect(start).toBeGreaterThanOrEqual(spawned - 20);
				expect(start).toBeLessThanOrEqual(origin);
			}
		},
	);
});
