import { describe, expect, it } from 'vitest';
import {
	afterMove,
	engineClock,
	formatTimeControl,
	parseTimeControl,
	startClock,
	TimeControlError,
} from '../../source/match/time-control.js';

describe('time controls', () => {
	it('reads [MOVES/]BASE[+INC] in seconds and writes it back', () => {
		expect(parseTimeControl('10+0.1')).toEqual({ baseMs: 10_000, incrementMs: 100, moves: null });
		expect(parseTimeControl('40/60')).toEqual({ baseMs: 60_000, incrementMs: 0, moves: 40 });
		expect(parseTimeControl(' 40 / 60 + 0.5 ')).toEqual({ baseMs: 60_000, incrementMs: 500, moves: 40 });
		expect(parseTimeControl('.5')).toEqual({ baseMs: 500, incrementMs: 0, moves: null });
		for (const text of ['10+0.1', '40/60', '40/60+0.5', '0.5', '2+0.02'])
			expect(formatTimeControl(parseTimeControl(text))).toBe(text);
	});

	it('refuses what it cannot read, with the reason and the form to write', () => {
		const form = '(write [MOVES/]BASE[+INC] in seconds, e.g. 10+0.1 or 40/60)';
		expect(() => parseTimeControl('fast')).toThrow(`time control "fast": cannot be read ${form}`);
		expect(() => parseTimeControl('10+')).toThrow(`time control "10+": cannot be read ${form}`);
		expect(() => parseTimeControl('1e3')).toThrow(TimeControlError);
		expect(() => parseTimeControl('1.2.3')).toThrow(
			`time control "1.2.3": the base time "1.2.3" is not a number ${form}`,
		);
		expect(() => parseTimeControl('0')).toThrow(`time control "0": the base time must be at least 0.01 s ${form}`);
		expect(() => parseTimeControl('0/60')).toThrow(
			`time control "0/60": the moves per period must be 1 to 10000 ${form}`,
		);
		expect(() => parseTimeControl('100000')).toThrow(
			`time control "100000": the base time 100000 s is more than one day ${form}`,
		);
		expect(() => parseTimeControl('-5+1')).toThrow(`time control "-5+1": cannot be read ${form}`);
	});
});

describe('a side clock', () => {
	const control = parseTimeControl('1+0.1');

	it('takes the time a move took off, adds the increment, and never goes below zero', () => {
		const clock = startClock(control);
		expect(clock).toEqual({ leftMs: 1000, movesMade: 0 });
		const first = afterMove(control, clock, 300);
		expect(first).toEqual({ clock: { leftMs: 800, movesMade: 1 }, flagged: false });
		// 800 ms left; a move of 950 ms oversteps it: the side loses on time, its clock at zero.
		expect(afterMove(control, first.clock, 950)).toEqual({ clock: { leftMs: 100, movesMade: 2 }, flagged: true });
		// ... unless within the grace period.
		expect(afterMove(control, first.clock, 950, 150)).toEqual({
			clock: { leftMs: 100, movesMade: 2 },
			flagged: false,
		});
		expect(afterMove(control, first.clock, 800).flagged).toBe(false);
	});

	it('gives the base time again after each period, and counts the moves to go in it', () => {
		const periods = parseTimeControl('2/1');
		let clock = startClock(periods);
		expect(engineClock(periods, clock)).toEqual({ timeLeftMs: 1000, incrementMs: 0, movesToGo: 2 });
		clock = afterMove(periods, clock, 400).clock;
		expect(engineClock(periods, clock)).toEqual({ timeLeftMs: 600, incrementMs: 0, movesToGo: 1 });
		clock = afterMove(periods, clock, 400).clock;
		expect(engineClock(periods, clock)).toEqual({ timeLeftMs: 1200, incrementMs: 0, movesToGo: 2 });
		// Without periods, no moves to go.
		expect(engineClock(control, startClock(control))).toEqual({ timeLeftMs: 1000, incrementMs: 100 });
	});
});
