/**
 * A match in words: one line per finished game and a running score (as cutechess-cli prints
 * them), and the final table: W/D/L, score, Elo with its 95% interval (per game and per pair),
 * LOS, draw ratio, pentanomial pair counts, SPRT, forfeits.
 */

import { BLUE, RED, sideName } from '../game/position.js';
import { type MatchGameLine } from '../match/match-record.js';
import { type SprtOptions, type SprtState } from '../match/sprt.js';
import {
	drawRatio,
	eloFromPentanomial,
	eloFromWdl,
	type EloEstimate,
	gameCount,
	los,
	scoreOf,
} from '../match/stats.js';
import { type Tally } from '../match/tally.js';
import { plural } from './format.js';
import { outcomeColour, type Paint, sideColour, stdoutPaint } from './text-colours.js';

/** `Blue wins 30-19 (the board is full)` for a recorded game, in the winner's colour (a draw in yellow). */
export function describeRecord(record: MatchGameLine, paint: Paint = stdoutPaint): string {
	const score = `${record.blobs.blue}-${record.blobs.red}`;
	if (record.winner === null) return paint.yellow(`draw ${score} (${record.reason})`);
	const winner = record.winner === 'blue' ? BLUE : RED;
	return sideColour(paint, winner, `${sideName(winner)} wins ${score} (${record.reason})`);
}

/**
 * `Finished game 3 (A vs B on boards/ataxx.bwb): 1-0 {Blue wins 30-19 (the board is full)}`, Blue's
 * player named first; the players' names in their colours.
 */
export function finishedLine(record: MatchGameLine, paint: Paint = stdoutPaint): string {
	return (
		`Finished game ${record.game} (${sideColour(paint, BLUE, record.blue)} vs ` +
		`${sideColour(paint, RED, record.red)} on ${record.board}): ` +
		`${record.result} {${describeRecord(record, paint)}}`
	);
}

/** `W - L - D` (or `W / D / L`) with A's wins green, losses red and draws yellow. */
function wdlText(paint: Paint, totals: Tally, order: 'wld' | 'wdl'): string {
	const { wins, draws, losses } = totals.wdl;
	const w = outcomeColour(paint, 'win', String(wins));
	const d = outcomeColour(paint, 'draw', String(draws));
	const l = outcomeColour(paint, 'loss', String(losses));
	return order === 'wld' ? `${w} - ${l} - ${d}` : `${w} / ${d} / ${l}`;
}

/** A signed number with one decimal, `inf` for an infinite one: `+35.2`, `-inf`. */
export function signed(value: number, digits = 1): string {
	if (!Number.isFinite(value)) return value > 0 ? '+inf' : value < 0 ? '-inf' : 'nan';
	const text = value.toFixed(digits);
	return value > 0 || (value === 0 && !text.startsWith('-')) ? `+${text}` : text;
}

/** `+35.2 ± 61.3` (or `+inf ± inf`). */
export function formatElo(estimate: EloEstimate): string {
	const error = Number.isFinite(estimate.error) ? estimate.error.toFixed(1) : 'inf';
	return `${signed(estimate.elo)} ± ${error}`;
}

/**
 * `Score of A vs B: 2 - 0 - 1  [0.833] 3  Elo +280.4 ± 310.0  LLR 0.35 (-2.94, 2.94)`: A's wins -
 * losses - draws (in green, red and yellow).
 */
export function scoreLine(
	names: readonly [string, string],
	totals: Tally,
	sprt: SprtState | null,
	paint: Paint = stdoutPaint,
): string {
	const games = gameCount(totals.wdl);
	let line =
		`Score of ${names[0]} vs ${names[1]}: ${wdlText(paint, totals, 'wld')}  ` +
		`[${scoreOf(totals.wdl).toFixed(3)}] ${games}`;
	const elo = eloFromWdl(totals.wdl);
	if (elo) line += `  Elo ${formatElo(elo)}`;
	if (sprt) line += `  LLR ${sprt.llr.toFixed(2)} (${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)})`;
	return line;
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The final table, one line per row; W/D/L and the SPRT's decision in colour. */
export function resultTable(
	names: readonly [string, string],
	totals: Tally,
	sprt: { options: SprtOptions; state: SprtState } | null,
	paint: Paint = stdoutPaint,
): string[] {
	const { wins, draws } = totals.wdl;
	const games = gameCount(totals.wdl);
	const pairs = totals.pentanomial.reduce((a, b) => a + b, 0);
	const rows: Array<[string, string]> = [];
	rows.push(['W/D/L', `${wdlText(paint, totals, 'wdl')} (wins, draws, losses of ${names[0]})`]);
	if (games > 0) {
		const points = wins + draws / 2;
		rows.push(['score', `${percent(scoreOf(totals.wdl))} (${points.toFixed(1)} of ${games})`]);
		rows.push(['Elo', `${formatElo(eloFromWdl(totals.wdl)!)} (95%, per game)`]);
		const pairElo = eloFromPentanomial(totals.pentanomial);
		if (pairElo) rows.push(['Elo (pairs)', `${formatElo(pairElo)} (95%, per pair of games with colours swapped)`]);
		rows.push(['LOS', percent(los(totals.wdl))]);
		rows.push(['draw ratio', percent(drawRatio(totals.wdl))]);
	}
	const [ll, ld, dd, wd, ww] = totals.pentanomial;
	rows.push([
		'pairs',
		`LL ${ll}  LD ${ld}  DD+WL ${dd}  WD ${wd}  WW ${ww} (pentanomial: ${names[0]}'s points 0, 0.5, 1, 1.5, 2)`,
	]);
	if (sprt) {
		const { options: o, state: s } = sprt;
		const decision =
			s.decision === 'H1'
				? outcomeColour(paint, 'win', `H1 accepted (elo1 = ${o.elo1} rather than elo0 = ${o.elo0})`)
				: s.decision === 'H0'
					? outcomeColour(paint, 'loss', `H0 accepted (elo0 = ${o.elo0} rather than elo1 = ${o.elo1})`)
					: paint.yellow('no decision yet');
		rows.push([
			'SPRT',
			`LLR ${s.llr.toFixed(2)} in (${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}), ` +
				`elo0 ${o.elo0}, elo1 ${o.elo1}, alpha ${o.alpha}, beta ${o.beta}: ${decision}`,
		]);
	}
	rows.push(['forfeits', `${names[0]} ${totals.forfeits[0]}, ${names[1]} ${totals.forfeits[1]}`]);
	if (totals.adjudicated > 0) rows.push(['adjudicated', String(totals.adjudicated)]);
	const width = Math.max(...rows.map(([label]) => label.length));
	return [
		`Results of ${names[0]} vs ${names[1]}: ${plural(games, 'game')}, ${plural(pairs, 'pair')}`,
		...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
	];
}
