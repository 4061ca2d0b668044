/**
 * Files shipped with blobterm, found from the compiled code's location (not the current directory).
 */

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `boards/` directory of the installed package. */
export const BOARDS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'boards');

/** Path of a shipped board, e.g. `shippedBoard('ataxx')`. */
export function shippedBoard(name: string): string {
	return join(BOARDS_DIR, `${name}.bwb`);
}
