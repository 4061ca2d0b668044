/**
 * What an engine player can report of its conversation with an engine program, for the
 * per-game logs of a match (`match/game-log.ts`).
 */

/**
 * The direction of a logged line: `>` sent to the engine (a command, an argument list, the
 * board file it was given), `<` read from its standard output, `!` read from its standard
 * error, `#` what happened to the process (started, exited, killed).
 */
export type LogDirection = '>' | '<' | '!' | '#';

/** Receives each line as it is sent or read; the receiver adds the timestamps. */
export type EngineLogger = (direction: LogDirection, text: string) => void;
