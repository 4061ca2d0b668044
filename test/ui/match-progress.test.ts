import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Match } from '../../source/match/match.js';
import { openingFromBoardFile } from '../../source/match/opening.js';
import { parsePlayerSpec } from '../../source/players/player-spec.js';
import { finishedLine, scoreLine } from '../../source/ui/match-report.js';
import { MatchProgress, statusLine } from '../../source/ui/match-progress.js';

const greedy = (name: string) => parsePlayerSpec(`${join('test', 'fixtures', 'greedy-engine.mjs')},name=${name}`);

describe('match progress', () => {
	it('shows the games in progress on a status line, and finished games above it', async () => {
		const writes: string[] = [];
		const out = { isTTY: true, columns: 200, write: (text: string) => writes.push(text) };
		const match = new Match({
			engines: [greedy('g1'), greedy('g2')],
			openings: [openingFromBoardFile('boards/gruyere3.bwb')],
			games: 2,
			concurrency: 2,
			timeMs: 1000,
			halfMoveLimit: null,
			variant: 'blobwar',
		});
		const progress = new MatchProgress(out, match, 2);
		const statuses: string[] = [];
		progress.start();
		await match.run({
			gameStarted: () => statuses.push(statusLine(match, match.finished().length, 2)),
			gameFinished: (record, totals, sprt) =>
				progress.lines([finishedLine(record), scoreLine(match.names, totals, sprt)]),
		});
		progress.stop();
		expect(statuses).toEqual([
			'0/2 games done · playing 1 (gruyere3.bwb, half-move 0)',
			'0/2 games done · playing 1 (gruyere3.bwb, half-move 0), 2 (gruyere3.bwb, half-move 0)',
		]);
		const text = writes.join('');
		expect(text.startsWith('\r\x1b[2K0/2 games done')).toBe(true);
		// Each finished game is written on a cleared line, and the status line comes back below it.
		expect(text).toMatch(
			/\r\x1b\[2KFinished game \d \(g\d vs g\d on boards\/gruyere3\.bwb\): [^\n]+\nScore of g1 vs g2: [^\n]+\n\r\x1b\[2K\d\/2 games done/,
		);
		expect(text.endsWith('\r\x1b[2K')).toBe(true);
	});

	it('writes only the lines when the output is not a terminal', () => {
		const writes: string[] = [];
		const match = new Match({
			engines: [greedy('g1'), greedy('g2')],
			openings: [openingFromBoardFile('boards/gruyere3.bwb')],
			games: 2,
			concurrency: 1,
			timeMs: 1000,
			halfMoveLimit: null,
			variant: 'blobwar',
		});
		const progress = new MatchProgress({ write: (text: string) => writes.push(text) }, match, 2);
		progress.start();
		progress.lines(['a', 'b']);
		progress.stop();
		expect(writes).toEqual(['a\n', 'b\n']);
	});
});
