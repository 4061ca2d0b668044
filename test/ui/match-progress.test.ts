import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Match } from '../../source/match/match.js';
import { openingFromBoardFile } from '../../source/match/opening.js';
import { parsePlayerSpec } from '../../source/players/player-spec.js';
import { finishedLine, scoreLine } from '../../source/ui/match-report.js';
import { formatDuration, MatchProgress, queueStatusLine, statusLine } from '../../source/ui/match-progress.js';

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
		const progress = new MatchProgress(out, () => statusLine(match, match.finished().length, 2));
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
		const progress = new MatchProgress({ write: (text: string) => writes.push(text) }, () =>
			statusLine(match, match.finished().length, 2),
		);
		progress.start();
		progress.lines(['a', 'b']);
		progress.stop();
		expect(writes).toEqual(['a\n', 'b\n']);
	});

	it('shows a distributed match: progress bar, games in flight, workers, rate and time left', () => {
		expect(
			queueStatusLine({ done: 16, total: 40, inFlight: 3, workers: 3, gamesPerMinute: 24.46, etaMs: 58_800 }),
		).toBe('[########............] 16/40 games done · 3 in flight · 3 workers · 24.5 games/min · ETA 59 s');
		expect(queueStatusLine({ done: 0, total: 7, inFlight: 0, workers: 1, gamesPerMinute: null, etaMs: null })).toBe(
			'[....................] 0/7 games done · 0 in flight · 1 worker',
		);
		expect(queueStatusLine({ done: 7, total: 7, inFlight: 0, workers: 2, gamesPerMinute: 3, etaMs: 0 })).toBe(
			'[####################] 7/7 games done · 0 in flight · 2 workers · 3.0 games/min · ETA 0 s',
		);
		expect([59_400, 425_000, 12_000_000].map(formatDuration)).toEqual(['59 s', '7 min 05 s', '3 h 20 min']);
	});
});
