/**
 * Runs analysis engines on the shown position while analysis is on, and samples their lines on a
 * timer (a few times a second, never per report). A new position or a new number of lines restarts
 * them; turning analysis off stops them.
 */

import { useEffect, useState } from 'react';
import { type Variant } from '../../game/game-over.js';
import { type Position } from '../../game/position.js';
import { type Analysis, type AnalysisSnapshot } from '../../players/analysis.js';

/** Milliseconds between two samples of the analysis lines. */
export const ANALYSIS_SAMPLE_MS = 250;

/** What to analyse, or null for nothing (a finished game, or analysis off). */
export interface AnalysisTarget {
	readonly position: Position;
	readonly variant: Variant;
	readonly halfMovesLeft?: number;
	readonly multiPv: number;
}

/** The engines' snapshots, refreshed while `target` is not null. */
export function useAnalysis(analyses: readonly Analysis[], target: AnalysisTarget | null): AnalysisSnapshot[] {
	const [snapshots, setSnapshots] = useState<AnalysisSnapshot[]>(() => analyses.map((a) => a.snapshot()));
	const position = target?.position ?? null;
	const variant = target?.variant ?? 'blobwar';
	const halfMovesLeft = target?.halfMovesLeft;
	const multiPv = target?.multiPv ?? 1;
	useEffect(() => {
		if (!position) {
			for (const analysis of analyses) analysis.stop();
			return;
		}
		for (const analysis of analyses) analysis.analyse({ position, variant, halfMovesLeft, multiPv });
		const sample = () => setSnapshots(analyses.map((a) => a.snapshot()));
		sample();
		const timer = setInterval(sample, ANALYSIS_SAMPLE_MS);
		return () => clearInterval(timer);
	}, [analyses, position, variant, halfMovesLeft, multiPv]);
	return snapshots;
}
