import { describe, expect, it } from 'vitest';
import {
	clockBudget,
	estimateMovesToGo,
	fixedBudget,
	moveTimeMargin,
	TimeManager,
	watchdogMs,
} from '../../source/search/time-manager.js';

describe('time budgets', () => {
	it('a fixed time per move is all for this move, less a small margin and what is already spent', () => {
		expect(moveTimeMargin(100)).toBe(7);
		expect(moveTimeMargin(1000)).toBe(25);
		expect(fixedBudget(100)).toEqual({ optimumMs: 93, maximumMs: 93, fixed: true });
		expect(fixedBudget(1000, 200)).toEqual({ optimumMs: 775, maximumMs: 775, fixed: true });
		// Already late: still at least 1 ms, so that the search answers a legal move.
		expect(fixedBudget(50, 400)).toEqual({ optimumMs: 1, maximumMs: 1, fixed: true });
	});

	it('a move awaited in this process (the built-in player) keeps back 1 ms plus 1%', () => {
		expect(moveTimeMargin(100, true)).toBe(2);
		expect(moveTimeMargin(1000, true)).toBe(11);
		expect(fixedBudget(100, 0, true)).toEqual({ optimumMs: 98, maximumMs: 98, fixed: true });
		expect(fixedBudget(1000, 3, true)).toEqual({ optimumMs: 986, maximumMs: 986, fixed: true });
	});

	it('a clock: the time left over the moves to go plus three quarters of the increment; at most 5 times that', () => {
		// 60 s left, 1 s increment, 20 moves to go: (60000 - 30) / 20 + 750 = 3748.5 ms; maximum 5 times that.
		const b = clockBudget({ timeLeftMs: 60_000, incrementMs: 1000, movesToGo: 20 });
		expect(b).toEqual({ optimumMs: 3748.5, maximumMs: 5 * 3748.5, fixed: false });
		// movestogo 1: the optimum is half of what is left (the maximum share of one move).
		expect(clockBudget({ timeLeftMs: 2030, movesToGo: 1 })).toEqual({
			optimumMs: 1000,
			maximumMs: 1000,
			fixed: false,
		});
		// Almost no time left: still at least 1 ms.
		expect(clockBudget({ timeLeftMs: 10 })).toEqual({ optimumMs: 1, maximumMs: 1, fixed: false });
	});

	it('without movestogo, the moves left are estimated from the empty cells', () => {
		expect(estimateMovesToGo(45)).toBe(72);
		expect(estimateMovesToGo(20)).toBe(34);
		expect(estimateMovesToGo(100)).toBe(75);
		expect(estimateMovesToGo(2)).toBe(8);
		expect(clockBudget({ timeLeftMs: 8030 }, 2).optimumMs).toBe(1000);
	});

	it('the watchdog waits longer in unattended matches', () => {
		expect(watchdogMs(1000, false)).toBe(3000);
		expect(watchdogMs(1000, true)).toBe(12_000);
		expect(watchdogMs(10_000, true)).toBe(20_000);
	});
});

describe('the time manager', () => {
	const budget = { optimumMs: 1000, maximumMs: 5000, fixed: false };

	it('a fixed time: never stops between depths before its deadline', () => {
		const tm = new TimeManager(fixedBudget(1000));
		expect(tm.shouldStop(1, 0, 900, 600, 100)).toBe(false);
		expect(tm.shouldStop(1, 0, 975, 600, 100)).toBe(true);
	});

	it('a clock: stops past half the optimum when the best move is stable (the next depth would end past it)', () => {
		const tm = new TimeManager(budget);
		expect(tm.shouldStop(7, 100, 200, 150, 50)).toBe(false);
		expect(tm.shouldStop(7, 100, 450, 250, 150)).toBe(false);
		expect(tm.shouldStop(7, 100, 550, 100, 250)).toBe(true);
	});

	it('a best move that changed, or a falling score, extends the search past the optimum', () => {
		const changed = new TimeManager(budget);
		changed.shouldStop(7, 100, 200, 150, 50);
		// Twice the optimum with a changed best move: half of it, 1000 ms.
		expect(changed.shouldStop(8, 100, 950, 300, 150)).toBe(false);
		expect(changed.shouldStop(8, 100, 1050, 100, 300)).toBe(true);
		const falling = new TimeManager(budget);
		falling.shouldStop(7, 100, 200, 150, 50);
		// A fall of 4 blobs: 1.25 times the optimum, half of it 625 ms; then no fall, 500 ms.
		expect(falling.shouldStop(7, -300, 600, 300, 150)).toBe(false);
		expect(falling.shouldStop(7, -300, 650, 50, 300)).toBe(true);
	});

	it('starts no depth predicted to end past the maximum', () => {
		// A changed best move allows 2000 ms; the last depth took 1000 ms, 4 times the one before: the
		// next is predicted to take 4000 ms more.
		const inTime = new TimeManager(budget);
		inTime.shouldStop(7, 100, 100, 50, 0);
		expect(inTime.shouldStop(8, 100, 999, 1000, 250)).toBe(false);
		const late = new TimeManager(budget);
		late.shouldStop(7, 100, 100, 50, 0);
		expect(late.shouldStop(8, 100, 1199, 1000, 250)).toBe(true);
	});
});
