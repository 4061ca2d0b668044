import { describe, expect, it } from 'vitest';
import { computeLayout, engineBlockLines, hiddenPanelNote, packFields, panelPlan } from '../../source/ui/layout.js';

describe('layout', () => {
	it('puts the side panel right of the board, below it, or leaves it out, and never fills the terminal', () => {
		expect(computeLayout(80, 24, 8, 8)).toEqual({
			fits: true,
			columns: 80,
			mainLines: 19,
			boardWidth: 27,
			panel: 'right',
			panelWidth: 50,
			panelLines: 19,
			panelNeeds: null,
		});
		expect(computeLayout(40, 30, 8, 8)).toEqual({
			fits: true,
			columns: 40,
			mainLines: 25,
			boardWidth: 27,
			panel: 'below',
			panelWidth: 40,
			panelLines: 15,
			panelNeeds: null,
		});
		expect(computeLayout(40, 16, 8, 8)).toMatchObject({ fits: true, panel: 'none', mainLines: 11 });
		// The live area: title, main area, status, prompt and message lines, one line to spare.
		const l = computeLayout(80, 24, 8, 8);
		expect(l.fits && 1 + l.mainLines + 3).toBe(23);
	});

	it('says a board is too big with the size it needs', () => {
		expect(computeLayout(50, 24, 16, 16)).toEqual({
			fits: false,
			columns: 50,
			rows: 24,
			needColumns: 51,
			needRows: 22,
		});
		expect(computeLayout(51, 21, 16, 16)).toMatchObject({ fits: false, needRows: 22 });
		expect(computeLayout(51, 22, 16, 16)).toMatchObject({ fits: true, panel: 'none' });
	});

	it('a side panel left out is said, with the terminal sizes that show it', () => {
		const l = computeLayout(80, 24, 16, 16);
		expect(l).toMatchObject({
			fits: true,
			panel: 'none',
			mainLines: 19,
			panelNeeds: { right: { columns: 82, rows: 22 }, below: { columns: 51, rows: 26 } },
		});
		expect(l.fits && hiddenPanelNote(l.panelNeeds!, 1)).toBe(
			'moves and engines hidden: 82 x 22 shows them beside the board, 51 x 26 below it',
		);
		// Each size it names does show the panel.
		expect(computeLayout(82, 22, 16, 16)).toMatchObject({ panel: 'right' });
		expect(computeLayout(51, 26, 16, 16)).toMatchObject({ panel: 'below' });
		expect(computeLayout(81, 25, 16, 16)).toMatchObject({ panel: 'none' });
	});

	it('shares the side panel between the move list and the engines', () => {
		expect(panelPlan(19, 0, 50)).toEqual({ engines: 'none', moveLines: 18 });
		// 50 columns: the numbers take two lines, a block five.
		expect(engineBlockLines(50)).toBe(5);
		expect(panelPlan(19, 2, 50)).toEqual({ engines: 'full', moveLines: 6 });
		expect(engineBlockLines(80)).toBe(4);
		expect(panelPlan(19, 2, 80)).toEqual({ engines: 'full', moveLines: 8 });
		expect(panelPlan(8, 2, 50)).toEqual({ engines: 'compact', moveLines: 4 });
		expect(panelPlan(4, 2, 50)).toEqual({ engines: 'hidden', moveLines: 1 });
	});

	it('packs fields into lines of the width, two spaces apart, never splitting one', () => {
		const fields = ['depth 5', 'score +2.25', 'nodes 24.5k', 'nps 292.2k', 'time 2.10 s'];
		expect(packFields(fields, 80)).toEqual(['depth 5  score +2.25  nodes 24.5k  nps 292.2k  time 2.10 s']);
		expect(packFields(fields, 50)).toEqual(['depth 5  score +2.25  nodes 24.5k  nps 292.2k', 'time 2.10 s']);
		expect(packFields(fields, 10)).toEqual(fields);
		for (const width of [28, 40, 50, 60])
			for (const line of packFields(fields, width)) expect(line.length).toBeLessThanOrEqual(width);
	});
});
