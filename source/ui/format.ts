/**
 * Number and time formats for the interface.
 */

/** A count and its noun, plural unless 1: `1 game`, `2 games`, `0 pairs`. */
export function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** A count with a unit prefix: `950`, `12.3k`, `4.56M`, `1.20G`. */
export function formatCount(n: number): string {
	if (n < 1000) return String(Math.round(n));
	if (n < 1e6) return `${(n / 1e3).toFixed(n < 1e4 ? 2 : 1)}k`;
	if (n < 1e9) return `${(n / 1e6).toFixed(n < 1e7 ? 2 : 1)}M`;
	return `${(n / 1e9).toFixed(2)}G`;
}

/** Milliseconds as seconds: `0.83 s`, `12.4 s`. */
export function formatSeconds(ms: number): string {
	const s = ms / 1000;
	return `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;
}

/** A time used, for the status line: `8.3 s` under a minute, then `1:05`, `12:40`. */
export function formatClock(ms: number): string {
	const s = Math.max(0, ms) / 1000;
	if (s < 60) return `${s.toFixed(1)} s`;
	const whole = Math.floor(s);
	return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
