/**
 * A search's progress as one line of text, in the board's move notation.
 */

import { type Position } from '../game/position.js';
import { formatLine } from '../game/notation.js';
import { formatScore } from '../search/score.js';
import { type SearchInfo } from '../search/types.js';

/**
 * `depth 7 seldepth 7 score +1 nodes 520570 nps 3814582 time 136 hashfull 12 pv (0,0) > (1,1) ...`
 * (score in blobs, or `win in N (+M)`; time in ms; hashfull per mille).
 */
export function formatInfoLine(position: Position, info: SearchInfo): string {
	const pv = formatLine(position, info.pv).join(' ');
	return (
		`depth ${info.depth} seldepth ${info.seldepth} score ${formatScore(info.score)} nodes ${info.nodes} ` +
		`nps ${info.nps} time ${info.timeMs} hashfull ${info.hashfull ?? 0} pv ${pv}`
	);
}
