/**
 * Published numbers the lab compares itself with, from Manohararajah, "Parallel Alpha-Beta Search
 * on Shared Memory Multiprocessors", MASc thesis, University of Toronto, 2001 (tables as numbered
 * there). Trees: tg_1 (100 trees), depth 6.
 */

import { type TreeShape } from './synthetic-tree.js';

/** "b,wa,wb". */
export function shapeKey(shape: TreeShape): string {
	return `${shape.branching},${shape.wa},${shape.wb}`;
}

/** Table 6.3: one processor, t_1 (ticks) and n_1 (nodes), by ordering. */
export const TABLE_6_3: Readonly<Record<string, { readonly ticks: number; readonly nodes: number }>> = {
	'32,79,5': { ticks: 220380112, nodes: 22123280 },
	'20,69,19': { ticks: 59604402, nodes: 6034410 },
	'32,66,66': { ticks: 202468590, nodes: 20495914 },
	'32,33,33': { ticks: 411967993, nodes: 40776051 },
	'32,0,0': { ticks: 1855606486, nodes: 178053342 },
};

/** A row of Tables 6.4 to 6.8. */
export interface ThesisRow {
	readonly scheme: 'A' | 'B' | 'C';
	readonly processors: number;
	/** m_A, m_B, or [m_C,a, m_C,c]. */
	readonly m: readonly number[];
	readonly ticks: number;
	readonly speedup: number;
	readonly nodes: number;
	readonly overhead: number;
	readonly css: number;
}

const rows = (scheme: 'A' | 'B' | 'C', data: readonly (readonly number[])[]): ThesisRow[] =>
	data.map((d) => {
		const c = scheme === 'C';
		return {
			scheme,
			processors: d[0],
			m: c ? [d[1], d[2]] : [d[1]],
			ticks: d[c ? 3 : 2],
			speedup: d[c ? 4 : 3],
			nodes: d[c ? 5 : 4],
			overhead: d[c ? 6 : 5],
			css: d[c ? 7 : 6],
		};
	});

/** Tables 6.4 to 6.8 by ordering, with the table's number. */
export const PABSIM_TABLES: Readonly<Record<string, { readonly table: string; readonly rows: readonly ThesisRow[] }>> =
	{
		'32,79,5': {
			table: '6.4',
			rows: [
				...rows('A', [
					[12, 4, 29687828, 7.423, 32457819, 0.467, 0.102],
					[24, 5, 19873555, 11.089, 33626988, 0.52, 0.424],
					[48, 2, 17194575, 12.817, 41103307, 0.858, 1.016],
				]),
				...rows('B', [
					[12, 6, 28601791, 7.705, 30927242, 0.398, 0.114],
					[24, 5, 19356414, 11.385, 33797226, 0.528, 0.38],
					[48, 1, 17202647, 12.811, 41280623, 0.866, 1.008],
				]),
				...rows('C', [
					[12, -1, 3, 29539208, 7.461, 31415747, 0.42, 0.133],
					[24, -1, 3, 21180441, 10.405, 35290701, 0.595, 0.446],
					[48, -5, 3, 14579205, 15.116, 61063962, 1.76, 0.15],
				]),
			],
		},
		'20,69,19': {
			table: '6.5',
			rows: [
				...rows('A', [
					[12, 3, 9126291, 6.531, 9164428, 0.519, 0.21],
					[24, 2, 6785067, 8.785, 10052455, 0.666, 0.64],
					[48, 1, 8459246, 7.046, 13424461, 1.225, 2.062],
				]),
				...rows('B', [
					[12, 4, 8828227, 6.752, 8710874, 0.444, 0.231],
					[24, 2, 6751780, 8.828, 9168454, 0.519, 0.789],
					[48, 1, 8695562, 6.855, 10482967, 0.737, 3.031],
				]),
				...rows('C', [
					[12, -1, 3, 9298183, 6.41, 8803379, 0.459, 0.283],
					[24, -3, 3, 6699466, 8.897, 14298996, 1.37, 0.138],
					[48, -4, 3, 5331472, 11.18, 17930200, 1.971, 0.445],
				]),
			],
		},
		'32,66,66': {
			table: '6.6',
			rows: [
				...rows('A', [
					[12, 4, 31659621, 6.395, 35071150, 0.711, 0.097],
					[24, 3, 18647768, 10.858, 35806782, 0.747, 0.265],
					[48, 3, 14933821, 13.558, 29842937, 0.456, 1.432],
				]),
				...rows('B', [
					[12, 5, 31281023, 6.473, 35130206, 0.714, 0.082],
					[24, 3, 18527219, 10.928, 35449416, 0.73, 0.27],
					[48, 2, 14879228, 13.607, 29993951, 0.463, 1.41],
				]),
				...rows('C', [
					[12, 0, 3, 23623744, 8.571, 24429533, 0.192, 0.175],
					[24, 0, 3, 16897659, 11.982, 25056267, 0.223, 0.638],
					[48, -3, 3, 12389182, 16.342, 51026145, 1.49, 0.18],
				]),
			],
		},
		'32,33,33': {
			table: '6.7',
			rows: [
				...rows('A', [
					[12, 6, 65197824, 6.319, 72018499, 0.766, 0.075],
					[24, 6, 37510255, 10.983, 76283377, 0.871, 0.168],
					[48, 3, 26194285, 15.727, 77506026, 0.901, 0.606],
				]),
				...rows('B', [
					[12, 7, 64122450, 6.425, 72502627, 0.778, 0.05],
					[24, 5, 37225749, 11.067, 77679512, 0.905, 0.138],
					[48, 2, 26066328, 15.805, 77601935, 0.903, 0.596],
				]),
				...rows('C', [
					[12, 0, 1, 55947868, 7.363, 57645755, 0.414, 0.153],
					[24, -1, 1, 37256277, 11.058, 73518488, 0.803, 0.204],
					[48, -3, 1, 23038327, 17.882, 99488108, 1.44, 0.1],
				]),
			],
		},
		'32,0,0': {
			table: '6.8',
			rows: [
				...rows('A', [
					[12, 6, 260414822, 7.126, 292745638, 0.644, 0.024],
					[24, 4, 161551036, 11.486, 359652466, 1.02, 0.034],
					[48, 5, 94042385, 19.732, 371461151, 1.086, 0.166],
				]),
				...rows('B', [
					[12, 8, 258220759, 7.186, 291397171, 0.637, 0.02],
					[24, 6, 158327672, 11.72, 349871306, 0.965, 0.042],
					[48, 4, 93253513, 19.899, 372052246, 1.09, 0.154],
				]),
				...rows('C', [
					[12, -5, 0, 246839068, 7.517, 272691007, 0.532, 0.042],
					[24, -8, 0, 152396535, 12.176, 334553742, 0.879, 0.049],
					[48, -12, 0, 89229804, 20.796, 398466668, 1.238, 0.031],
				]),
			],
		},
	};

/** Table 5.1: the networks' average squared errors after training, by ordering. */
export const TABLE_5_1: Readonly<Record<string, { readonly type: number; readonly wait: number }>> = {
	'32,79,5': { type: 37.460133, wait: 0.633216 },
	'20,69,19': { type: 49.063758, wait: 0.309434 },
	'32,66,66': { type: 18.992261, wait: 0.073585 },
	'32,33,33': { type: 41.489635, wait: 0.297047 },
	'32,0,0': { type: 28.369211, wait: 4.095871 },
};

/** Tables 5.2 (scheme A), 5.3 (scheme B, n) and 5.4 (scheme C, m): trueCut, falseCut, trueAll, falseAll. */
export const TABLES_5_2_TO_5_4: Readonly<
	Record<
		string,
		{
			readonly a: readonly number[];
			readonly b: readonly number[];
			readonly bN: number;
			readonly c: readonly number[];
			readonly cM: number;
		}
	>
> = {
	'32,79,5': {
		a: [5224782, 96205, 384361, 38844],
		b: [4520268, 172402, 308164, 743358],
		bN: 1,
		c: [5196278, 66924, 413642, 67348],
		cM: 10,
	},
	'20,69,19': {
		a: [1466634, 51794, 153707, 21592],
		b: [1233943, 73866, 131635, 254283],
		bN: 1,
		c: [1453897, 33895, 171606, 34329],
		cM: 10,
	},
	'32,66,66': {
		a: [5263594, 104381, 333611, 45230],
		b: [4567304, 132753, 305239, 741520],
		bN: 1,
		c: [5270913, 43527, 394465, 37911],
		cM: 20,
	},
	'32,33,33': {
		a: [8066731, 374809, 487466, 190667],
		b: [6464164, 393138, 472117, 1812923],
		bN: 1,
		c: [8011267, 199923, 665332, 265820],
		cM: 15,
	},
	'32,0,0': {
		a: [21170883, 2346414, 971304, 1256668],
		b: [16010177, 2084414, 1233304, 6417374],
		bN: 1,
		c: [22427551, 3317718, 0, 0],
		cM: 20,
	},
};

/** Speedups measured on chess trees, quoted in the thesis's chapter 3 (Hyatt, 1997): Tables 3.4 to 3.6. */
export const CHESS_SPEEDUPS: Readonly<Record<string, readonly number[]>> = {
	'PVSplit (Table 3.4)': [1.0, 1.8, 3.0, 4.1, 4.6],
	'EPVS (Table 3.5)': [1.0, 1.9, 3.4, 5.4, 6.0],
	'DTS (Table 3.6)': [1.0, 2.0, 3.7, 6.6, 11.1],
};

/** Processors of the chess tables. */
export const CHESS_PROCESSORS = [1, 2, 4, 8, 16] as const;
