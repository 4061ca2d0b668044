/** Types of asciichart (it ships none): https://github.com/kroitor/asciichart */
declare module 'asciichart' {
	interface PlotConfig {
		height?: number;
		min?: number;
		max?: number;
		offset?: number;
		padding?: string;
		colors?: string[];
		format?: (x: number, i: number) => string;
	}
	export function plot(series: number[] | number[][], config?: PlotConfig): string;
	export const blue: string;
	export const red: string;
	export const green: string;
	export const yellow: string;
	export const magenta: string;
	export const cyan: string;
	export const lightgray: string;
	export const darkgray: string;
	export const lightred: string;
	export const lightgreen: string;
	export const lightyellow: string;
	export const lightblue: string;
	export const lightmagenta: string;
	export const lightcyan: string;
	export const white: string;
	export const reset: string;
}
