/**
 * A log per game of everything sent to and received from each engine program, with timestamps:
 *
 *   2025-11-22T05:40:01.123Z +0.004 Blue uai-greedy > uai
 *   2025-11-22T05:40:01.161Z +0.042 Blue uai-greedy < uaiok
 *
 * `>` sent to the engine, `<` read from its stdout, `!` read from its stderr, `#` what happened to
 * its process (`engine-log.ts`). Seconds after `+` count from the start of the game.
 */

import { type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { type EngineLogger } from '../players/engine-log.js';
import { openForWriting } from './user-files.js';

/** The log file of one game. */
export class GameLog {
	private readonly started = performance.now();
	private failed: Error | null = null;

	private constructor(
		readonly path: string,
		private readonly stream: WriteStream,
	) {
		this.stream.on('error', (error) => {
			this.failed = error;
		});
	}

	/**
	 * Creates (or replaces) `DIR/game-NNNN.log`; a symbolic link there is refused, not followed.
	 * @param game the game number (from 1)
	 * @throws FileWriteError naming the file and why it cannot be written
	 */
	static async open(dir: string, game: number): Promise<GameLog> {
		const path = join(dir, `game-${String(game).padStart(4, '0')}.log`);
		const handle = await openForWriting(path, 'replace', 'log file');
		return new GameLog(path, handle.createWriteStream());
	}

	/** A logger for one engine, its lines prefixed with `label` (`Blue uai-greedy`). */
	logger(label: string): EngineLogger {
		return (direction, text) => this.line(`${label} ${direction} ${text}`);
	}

	/** Writes one line with its timestamps. */
	line(text: string): void {
		if (this.failed) return;
		const elapsed = ((performance.now() - this.started) / 1000).toFixed(3);
		this.stream.write(`${new Date().toISOString()} +${elapsed} ${text}\n`);
	}

	/** Flushes and closes the file. */
	close(): Promise<void> {
		return new Promise((resolve) => this.stream.end(resolve));
	}
}
