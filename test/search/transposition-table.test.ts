import { describe, expect, it } from 'vitest';
import { NO_MOVE, PASS } from '../../source/game/move.js';
import {
	BOUND_EXACT,
	BOUND_LOWER,
	BOUND_UPPER,
	TableEntry,
	TranspositionTable,
} from '../../source/search/transposition-table.js';
import {
	decodeDecisive,
	MATE,
	MAX_END_PLIES,
	MAX_PLY,
	PLY_STEP,
	scoreFromTable,
	scoreToTable,
} from '../../source/search/score.js';
import { scoreFields } from '../../source/match/move-report.js';

/** Keys that fall in the same bucket (same low bits of keyLo) but differ. */
const sameBucket = (i: number) => [(i << 20) | 5, 1000 + i] as const;

describe('the transposition table', () => {
	const e = new TableEntry();
	it('gives back what was stored: move, depth, bound and score', () => {
		const table = new TranspositionTable(1);
		table.store(12345, -777, 0x0203, 9, BOUND_LOWER, -4321);
		expect(table.probe(12345, -777, e)).toBe(true);
		expect([e.move, e.depth, e.bound, e.score]).toEqual([0x0203, 9, BOUND_LOWER, -4321]);
		table.store(99, 98, PASS, 1, BOUND_EXACT, MATE - 3 * PLY_STEP);
		expect(table.probe(99, 98, e)).toBe(true);
		expect([e.move, e.score]).toEqual([PASS, MATE - 3 * PLY_STEP]);
		table.store(7, 8, NO_MOVE, 0, BOUND_UPPER, 0);
		expect(table.probe(7, 8, e)).toBe(true);
		expect(e.move).toBe(NO_MOVE);
		expect(table.probe(12345, -778, e)).toBe(false);
		expect(table.probe(12346, -777, e)).toBe(false);
	});

	it('a torn entry (a word changed by another writer) fails the XOR check', () => {
		const table = new TranspositionTable(1);
		table.store(5, 6, 0x0101, 4, BOUND_EXACT, 250);
		const slots = new Int32Array(table.buffer);
		const i = slots.findIndex((v, k) => k % 4 === 1 && v === 6);
		slots[i + 2] ^= 1 << 17; // the depth field, as if half of another write landed
		expect(table.probe(5, 6, e)).toBe(false);
		// The check covers the whole key: a key's high half written over by another position's fails too.
		table.store(5, 6, 0x0101, 4, BOUND_EXACT, 250);
		expect(table.probe(5, 6, e)).toBe(true);
		slots[i + 1] = 7;
		expect(table.probe(5, 7, e)).toBe(false);
	});

	it('keeps the deeper result of the same search, and replaces shallow and old entries first', () => {
		const table = new TranspositionTable(1);
		table.newSearch();
		table.store(1, 1, 0x0101, 10, BOUND_LOWER, 100);
		table.store(1, 1, 0x0202, 3, BOUND_LOWER, 50); // shallower, same search: kept out
		expect(table.probe(1, 1, e) && e.depth).toBe(10);
		table.store(1, 1, NO_MOVE, 11, BOUND_UPPER, 40); // deeper: replaces, keeps the old move
		expect(table.probe(1, 1, e) && [e.depth, e.move, e.bound]).toEqual([11, 0x0101, BOUND_UPPER]);

		// A full bucket: four entries; a fifth position replaces the shallowest.
		const fresh = new TranspositionTable(1);
		fresh.newSearch();
		[8, 2, 6, 4].forEach((depth, i) => fresh.store(...sameBucket(i), 0x0101, depth, BOUND_EXACT, i));
		fresh.store(...sameBucket(9), 0x0101, 5, BOUND_EXACT, 9);
		expect([0, 1, 2, 3, 9].map((i) => fresh.probe(...sameBucket(i), e))).toEqual([true, false, true, true, true]);
		// Entries of older searches go before deeper ones of this search: age counts 8 plies a search.
		fresh.newSearch();
		fresh.newSearch();
		fresh.store(...sameBucket(10), 0x0101, 1, BOUND_EXACT, 10);
		expect(fresh.probe(...sameBucket(10), e)).toBe(true);
		expect([0, 2, 3, 9].filter((i) => fresh.probe(...sameBucket(i), e)).length).toBe(3);
	});

	it('hashfull counts the entries of the current search, per mille', () => {
		const table = new TranspositionTable(1);
		table.newSearch();
		expect(table.hashfull()).toBe(0);
		for (let i = 0; i < 100_000; i++) table.store(Math.imul(i, 2654435761), i, 0x0101, 1, BOUND_EXACT, 0);
		expect(table.hashfull()).toBeGreaterThan(900);
		table.newSearch();
		expect(table.hashfull()).toBe(0);
		table.clear();
		expect(table.probe(Math.imul(5, 2654435761), 5, e)).toBe(false);
	});

	it('finished games are stored relative to the node and read back relative to the root', () => {
		const win = MATE - 7 * PLY_STEP + 300; // a win 7 plies from the root, by 3 blobs
		const stored = scoreToTable(win, 4); // seen from a node at ply 4: a win in 3 plies
		expect(stored).toBe(MATE - 3 * PLY_STEP + 300);
		expect(scoreFromTable(stored, 2)).toBe(MATE - 5 * PLY_STEP + 300); // reached at ply 2: win in 5
		expect(scoreFromTable(scoreToTable(-win, 4), 4)).toBe(-win);
		expect(scoreToTable(250, 9)).toBe(250);
	});

	it('an end farther than a search reaches stays a finished game, at most MAX_END_PLIES away', () => {
		// A loss 40 plies below a node at ply 105 (as in a long Ataxx ending at depth 110): 145
		// plies from the root, past MAX_PLY, is still a loss, and a record writes it as one.
		const loss = scoreFromTable(-(MATE - 40 * PLY_STEP) - 1100, 105);
		expect(loss).toBe(-(MATE - 145 * PLY_STEP) - 1100);
		expect(decodeDecisive(loss)).toEqual({ plies: 145, margin: -11 });
		expect(scoreFields(loss)).toEqual({ score: -11, endIn: 145 });
		expect(145).toBeGreaterThan(MAX_PLY);
		// Past MAX_END_PLIES: said as that far, with the same margin.
		const far = MATE - (MAX_END_PLIES - 2) * PLY_STEP + 500;
		expect(decodeDecisive(scoreFromTable(far, 100))).toEqual({ plies: MAX_END_PLIES, margin: 5 });
		expect(decodeDecisive(scoreFromTable(-far, 100))).toEqual({ plies: MAX_END_PLIES, margin: -5 });
	});

	it('refuses a size outside 1..65536 MB', () => {
		expect(() => new TranspositionTable(0)).toThrow('hash size 0 MB is outside 1..65536');
	});
});
