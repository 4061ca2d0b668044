/**
 * The review screen (`blobterm review FILE`): a recorded game, position by position.
 *
 *   title
 *   board      | the moves around the current one, each with its score/depth and PV;
 *              | the next move to play and what its engine saw
 *   score graph of the whole game (Blue's view, in blobs), `^` under the current position
 *   turning points: the moves after which the mover's score fell most
 *   analysis lines (while analysis is on), or the engine I/O pane
 *   status line, then a message or the prompt
 *
 * `ReviewApp` owns the state (`review-reducer.ts`) and carries out the effects; the pieces only render.
 */

import { basename } from 'node:path';
import { Box, Text, useApp } from 'ink';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { sideName } from '../game/position.js';
import { exportPosition } from '../match/export-position.js';
import { blueScores, turningPoints } from '../match/game-scores.js';
import { type IoLog } from '../match/io-log.js';
import { reportText } from '../match/move-report.js';
import { type ReviewGame } from '../match/review-game.js';
import { type Analysis } from '../players/analysis.js';
import { formatCount } from './format.js';
import { moveMarks, NO_MARKS } from './board-marks.js';
import { AnalysisPanel } from './components/AnalysisPanel.js';
import { Board } from './components/Board.js';
import { IoPane } from './components/IoPane.js';
import { useAnalysis } from './hooks/use-analysis.js';
import { useKeys } from './hooks/use-keys.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { boardHeight, boardWidth } from './layout.js';
import { initialReview, reduceReviewKey, REVIEW_KEYS, type ReviewState } from './review-reducer.js';
import { scoreGraph } from './score-graph.js';
import { useIoLines } from './hooks/use-io-lines.js';

/** Props of the review screen. */
export interface ReviewAppProps {
	readonly game: ReviewGame;
	/** Engines for analysis mode (none: `a` says so). */
	readonly analyses: readonly Analysis[];
	/** The engines' I/O, for the I/O pane. */
	readonly io: IoLog;
	/** Half-move shown first (default: the end). */
	readonly start?: number;
	readonly onQuit?: () => void;
}

/** `12. Red (3,4) > (2,5)  +1.25/12  (3,4) > (2,5) (1,1) > (2,2)`: a move with its report and PV. */
export function reviewMoveLine(game: ReviewGame, index: number): string {
	const m = game.moves[index];
	const report = reportText(m.report);
	const pv = m.report?.pv && m.report.pv.length > 0 ? `  pv ${m.report.pv.join(' ')}` : '';
	const number = `${String(index + 1).padStart(3)}.`;
	return `${number} ${sideName(m.side).padEnd(4)} ${m.text}${report ? `  ${report}` : ''}${pv}`;
}

/** What the engine saw at a move: `score +1.25 for Red, depth 12, seldepth 14, 52.3k nodes, 0.20 s`. */
export function reportDetail(game: ReviewGame, index: number): string {
	const m = game.moves[index];
	const r = m.report;
	const parts: string[] = [];
	if (r?.score !== undefined) parts.push(`score ${reportText(r)?.split('/')[0]} for ${sideName(m.side)}`);
	if (r?.depth !== undefined) parts.push(`depth ${r.depth}`);
	if (r?.seldepth !== undefined) parts.push(`seldepth ${r.seldepth}`);
	if (r?.nodes !== undefined) parts.push(`${formatCount(r.nodes)} nodes`);
	parts.push(`${(m.timeMs / 1000).toFixed(2)} s`);
	return parts.join(', ');
}

/** The file name the export prompt offers: `GAME-N.bwb`. */
function exportName(label: string, index: number): string {
	const base = basename(label.split(',')[0]).replace(/\.(json|jsonl|pgn|bwb)$/, '');
	const game = /, game (\d+)$/.exec(label);
	return `${base}${game ? `-game${game[1]}` : ''}-${index}.bwb`;
}

/** The review screen. */
export function ReviewApp({ game, analyses, io, start, onQuit }: ReviewAppProps) {
	const { exit } = useApp();
	const { columns, rows } = useTerminalSize();
	const n = game.moves.length;
	const [state, setStateRaw] = useState<ReviewState>(() => initialReview(n, start));
	const stateRef = useRef(state);
	const setState = useCallback((next: ReviewState) => {
		stateRef.current = next;
		setStateRaw(next);
	}, []);
	const points = useMemo(() => turningPoints(game.moves), [game]);
	const { scores } = useMemo(() => blueScores(game.moves), [game]);
	const ioLines = useIoLines(io, state.io);
	const position = game.positions[state.index];
	const target =
		state.analysing && analyses.length > 0 ? { position, variant: game.variant, multiPv: state.multiPv } : null;
	const snapshots = useAnalysis(analyses, target);

	const onKey = useCallback(
		(key: string) => {
			const { state: next, effects } = reduceReviewKey(stateRef.current, key, {
				turningPoints: points.map((p) => p.index),
				exportName: (index) => exportName(game.label, index),
				ioLines: io.all().length,
			});
			let after = next;
			for (const effect of effects) {
				if (effect.kind === 'quit') {
					onQuit?.();
					exit();
				} else if (effect.kind === 'analysis' && effect.on && analyses.length === 0) {
					after = {
						...after,
						analysing: false,
						message: { text: 'no engine to analyse with', kind: 'error' },
					};
				} else if (effect.kind === 'export') {
					const shown = game.positions[after.index];
					exportPosition(effect.path, shown).then(
						(fen) =>
							setState({
								...stateRef.current,
								message: { text: `wrote ${effect.path} · FEN ${fen}`, kind: 'info' },
							}),
						(error: Error) =>
							setState({ ...stateRef.current, message: { text: error.message, kind: 'error' } }),
					);
				}
			}
			if (after !== stateRef.current) setState(after);
		},
		[points, game, io, analyses, exit, onQuit, setState],
	);
	useKeys(onKey);
	useEffect(() => () => analyses.forEach((a) => a.stop()), [analyses]);

	const title =
		`blobterm review · ${game.label} · Blue: ${game.names[0]} · Red: ${game.names[1]}` +
		(game.result ? ` · ${game.result}` : '');
	const bw = boardWidth(position.geometry.cols);
	const bh = boardHeight(position.geometry.rows);
	const panelWidth = Math.max(20, columns - bw - 3);
	const mainLines = Math.max(bh, 8);

	// The move list: the moves around the current one, the last one played marked.
	const nextLines = state.index < n ? 2 : 1;
	const listRoom = Math.max(1, mainLines - 1 - nextLines);
	const current = state.index - 1;
	const first = Math.max(0, Math.min(current - Math.floor(listRoom / 2), n - listRoom));
	const listed = Array.from({ length: Math.min(listRoom, n) }, (_, k) => first + k);

	// The lower part: graph, turning points, analysis or I/O.
	const fixed = 1 + mainLines + 1 + 1 + 1; // title, main, gap, status, message
	const spare = 1;
	const turningLines = 1 + Math.min(3, points.length);
	const analysisLines = state.analysing ? 1 + state.multiPv : 0;
	let lower = rows - fixed - spare;
	const ioHeight = state.io ? Math.max(3, Math.min(12, lower - 4)) : 0;
	lower -= ioHeight + analysisLines + turningLines;
	const graphHeight = Math.min(9, lower);
	const graph = graphHeight >= 4 ? scoreGraph(scores, state.index, columns, graphHeight) : null;

	if (state.help) {
		return (
			<Box flexDirection="column" width={columns}>
				<Text bold wrap="truncate-end">
					{title}
				</Text>
				<Text bold>Keys (any key closes this help)</Text>
				{REVIEW_KEYS.map(([keys, what]) => (
					<Text key={keys} wrap="truncate-end">{`${keys.padEnd(18)} ${what}`}</Text>
				))}
				<Text wrap="truncate-end">
					Scores: blobs from the mover&apos;s view; +M5 wins in 5 half-moves. The graph is from Blue&apos;s
					view.
				</Text>
			</Box>
		);
	}

	const last = state.index > 0 ? game.moves[state.index - 1] : null;
	const marks = last
		? { ...NO_MARKS, last: moveMarks(game.positions[state.index - 1], last.move, position) }
		: NO_MARKS;
	const turn = state.index === n && game.result ? 'end' : `${sideName(position.side)} to move`;
	const status = `half-move ${state.index} of ${n} · ${turn} · Blue ${position.count[0]} · Red ${position.count[1]}`;
	const prompt =
		state.jump !== null
			? `Go to half-move (0-${n}): ${state.jump}`
			: state.exportPath !== null
				? `Export the position to (Enter writes, Esc cancels): ${state.exportPath}`
				: null;
	return (
		<Box flexDirection="column" width={columns}>
			<Text bold wrap="truncate-end">
				{title}
			</Text>
			<Box flexDirection="row" gap={3} height={mainLines}>
				<Board position={position} marks={marks} />
				<Box flexDirection="column" width={panelWidth}>
					<Text bold wrap="truncate-end">
						{n === 0 ? 'Moves: none' : `Moves (${n} half-moves; > the last one played)`}
					</Text>
					{listed.map((k) => (
						<Text key={k} wrap="truncate-end" inverse={k === current}>
							{`${k === current ? '>' : ' '}${reviewMoveLine(game, k)}`}
						</Text>
					))}
					{state.index < n ? (
						<>
							<Text wrap="truncate-end">{`next: ${reviewMoveLine(game, state.index).trimStart()}`}</Text>
							<Text wrap="truncate-end" dimColor>{`      ${reportDetail(game, state.index)}`}</Text>
						</>
					) : (
						<Text wrap="truncate-end">{game.result ? `result: ${game.result}` : 'end of the record'}</Text>
					)}
				</Box>
			</Box>
			{graph ? (
				<Box flexDirection="column">
					<Text
						bold
						wrap="truncate-end"
					>{`Score graph (Blue's view, blobs; ^ half-move ${state.index})`}</Text>
					{graph.lines.map((line, i) => (
						<Text key={i} wrap="truncate-end">
							{line}
						</Text>
					))}
				</Box>
			) : (
				<Text dimColor wrap="truncate-end">
					(score graph hidden: the terminal is too short)
				</Text>
			)}
			<Text bold wrap="truncate-end">
				{points.length === 0
					? 'Turning points: none (no fall of a mover’s score of half a blob or more)'
					: 'Turning points (t goes to the next): the mover’s score when it played, then at its next move'}
			</Text>
			{points.slice(0, 3).map((p) => (
				<Text key={p.index} wrap="truncate-end">
					{`  ${p.index + 1}. ${sideName(p.side)} ${game.moves[p.index].text}: ` +
						`${signed(p.before)} then ${signed(p.after)} (${signed(-p.drop)})`}
				</Text>
			))}
			{state.analysing && snapshots.length > 0 ? (
				<AnalysisPanel snapshots={snapshots} multiPv={state.multiPv} width={columns} />
			) : null}
			{state.io ? <IoPane lines={ioLines} height={ioHeight} scroll={state.ioScroll} /> : null}
			<Text wrap="truncate-end">
				<Text bold>{status}</Text>
				{' · ← → step · g go to · t turning point · a analysis · ? help'}
			</Text>
			<Text wrap="truncate-end" color={state.message?.kind === 'error' ? 'red' : undefined}>
				{prompt ?? state.message?.text ?? ' '}
			</Text>
		</Box>
	);
}

/** Blobs with a sign: `+1.50`, `-2.25`, `0.00`. */
function signed(blobs: number): string {
	return blobs > 0 ? `+${blobs.toFixed(2)}` : blobs.toFixed(2);
}
