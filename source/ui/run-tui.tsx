/**
 * Runs an Ink interface so that the terminal is always given back as it was found: cursor shown,
 * raw mode off, whether the user quits (q, Ctrl-C), the interface fails while rendering, or an
 * exception escapes from a key handler or a timer. A failure is reported on one line, without a
 * stack trace. A resize clears the screen and draws the frame again from the top: otherwise the
 * lines a terminal reflows when it narrows, or pushes into its scrollback when it gets shorter
 * and brings back when it grows, stay above the frame as stale copies.
 */

import { render, Static, Text, useStdout } from 'ink';
import React, { Component, type ReactNode, useEffect, useState } from 'react';

/** Shows the cursor again (DECTCEM). */
export const SHOW_CURSOR = '\x1b[?25h';

/** Options of `runTui`. */
export interface TuiOptions {
	/** Called once with an error that escaped the interface, after the terminal is restored. */
	readonly onCrash: (error: Error) => void;
}

/** Catches render errors below it, so that Ink's own overview (with its stack trace) is never shown. */
class CrashBoundary extends Component<{ onCrash: (error: Error) => void; children: ReactNode }, { failed: boolean }> {
	override state = { failed: false };

	static getDerivedStateFromError(): { failed: boolean } {
		return { failed: true };
	}

	override componentDidCatch(error: Error): void {
		this.props.onCrash(error);
	}

	override render(): ReactNode {
		return this.state.failed ? null : this.props.children;
	}
}

/** Clears the screen and puts the cursor at its top left corner (ED 2, CUP). */
export const CLEAR_SCREEN = '\x1b[2J\x1b[H';

/**
 * On each resize, clears the screen, then has Ink draw the whole frame again: a new `<Static>`
 * line (one space) makes Ink erase its frame, write the line and write the frame in full, even
 * when the frame itself has not changed (as gemini-cli's interface does on resize).
 */
function ClearOnResize({ children }: { children: ReactNode }) {
	const { stdout } = useStdout();
	const [resizes, setResizes] = useState<number[]>([]);
	useEffect(() => {
		const onResize = () => {
			stdout.write(CLEAR_SCREEN);
			setResizes((list) => [...list, list.length]);
		};
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return (
		<>
			<Static items={resizes}>{(n) => <Text key={n}> </Text>}</Static>
			{children}
		</>
	);
}

/** Puts the terminal back: raw mode off, cursor shown. Safe to call more than once. */
export function restoreTerminal(): void {
	const stdin = process.stdin as NodeJS.ReadStream;
	if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
	if (process.stdout.isTTY) process.stdout.write(SHOW_CURSOR);
}

/**
 * Renders `node` until it exits (Ink's `exit()`) or fails.
 * @returns when the interface has exited normally; after a crash, `onCrash` is called and the
 *   process exits with code 1 (an exception from an event handler leaves nothing safe to go on with)
 */
export async function runTui(node: ReactNode, { onCrash }: TuiOptions): Promise<void> {
	let crashed = false;
	let instance: ReturnType<typeof render> | null = null;
	const crash = (error: unknown) => {
		if (crashed) return;
		crashed = true;
		try {
			instance?.unmount();
		} catch {
			// Unmounting a broken tree may throw too: the terminal is restored below anyway.
		}
		restoreTerminal();
		onCrash(error instanceof Error ? error : new Error(String(error)));
		process.exit(1);
	};
	process.on('uncaughtException', crash);
	process.on('unhandledRejection', crash);
	try {
		instance = render(
			<CrashBoundary onCrash={(error) => setImmediate(() => crash(error))}>
				<ClearOnResize>{node}</ClearOnResize>
			</CrashBoundary>,
			{ exitOnCtrlC: false },
		);
		await instance.waitUntilExit();
	} finally {
		process.off('uncaughtException', crash);
		process.off('unhandledRejection', crash);
		restoreTerminal();
	}
}
