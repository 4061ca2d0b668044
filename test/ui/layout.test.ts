import { describe, expect, it } from 'vitest';
import { computeLayout, panelPlan } from '../../source/ui/layout.js';

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
		});
		expect(computeLayout(40, 30, 8, 8)).toEqual({
			fits: true,
			columns: 40,
			mainLines: 25,
			boardWidth: 27,
			panel: 'below',
			panelWidth: 40,
			panelLines: 15,
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

	it('shares the side panel between the move list and the engines', () => {
		expect(panelPlan(19, 0)).toEqual({ engines: 'none', moveLines: 18 });
		expect(panelPlan(19, 2)).toEqual({ engines: 'full', moveLines: 8 });
		expect(panelPlan(8, 2)).toEqual({ engines: 'compact', moveLines: 4 });
		expect(panelPlan(4, 2)).toEqual({ engines: 'none', moveLines: 3 });
	});
});
