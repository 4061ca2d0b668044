/**
 * Games as PGN (Portable Game Notation, Steven J. Edwards, 1994), as chess and Ataxx tools read
 * it. Blue moves first, so Blue stands in the tags of the side that moves first (`White`) and Red
 * in `Black`; `Blue` and `Red` tags say it plainly. The board goes in tags: `FEN` (with `SetUp`),
 * `Board` (where it came from), `Variant` (blobwar or ataxx). Moves are in UAI notation (docs/uai.md:
 * `g2`, `a7c5`, `0000`), each followed by a comment with the time it took.
 */

import { parseFen } from '../game/fen.js';
import { playMove } from '../game/make-move.js';
import { parseMoveText } from '../game/notation.js';
import { checkMove } from '../game/legality.js';
import { PASS } from '../game/move.js';
import { formatUaiMove } from '../game/uai-notation.js';
import { printable } from '../players/printable.js';
import { type MatchGameLine } from './match-record.js';

/** PGN's termination words for ours. */
const TERMINATION: Record<MatchGameLine['termination'], string> = {
	end: 'normal',
	forfeit: 'rules infraction',
	adjudicated: 'adjudication',
};

/**
 * A tag pair, its value on one line (control characters, a newline included, shown as U+FFFD)
 * and escaped as PGN asks (backslash and double quote).
 */
function tag(name: string, value: string | number): string {
	return `[${name} "${printable(String(value)).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;
}

/** A comment: `{text}`, the text on one line and without the `}` that would end it early. */
function comment(text: string): string {
	return `{${printable(text).replace(/[{}]/g, (brace) => (brace === '{' ? '(' : ')'))}}`;
}

/**
 * The PGN text of a recorded game, ending with a blank line.
 * @param event the Event tag
 */
export function formatPgn(record: MatchGameLine, event = 'blobterm match'): string {
	const date = record.startedAt.slice(0, 10).replace(/-/g, '.');
	const tags = [
		tag('Event', event),
		tag('Site', 'blobterm'),
		tag('Date', date),
		tag('Round', record.game),
		tag('White', record.blue),
		tag('Black', record.red),
		tag('Result', record.result),
		tag('Blue', record.blue),
		tag('Red', record.red),
		tag('Variant', record.variant),
		tag('Board', record.board),
		tag('SetUp', '1'),
		tag('FEN', record.fen),
		tag('PlyCount', record.moves.length),
		tag('TimeControl', `${record.timeMs / 1000}/move`),
		tag('Termination', TERMINATION[record.termination]),
		tag('Reason', record.reason),
	];
	const words: string[] = [];
	let position = parseFen(record.fen).position;
	const firstIsRed = position.side === 1;
	record.moves.forEach((m, i) => {
		const ply = i + (firstIsRed ? 1 : 0);
		if (ply % 2 === 0) words.push(`${ply / 2 + 1}.`);
		else if (i === 0) words.push(`${(ply - 1) / 2 + 1}...`);
		let move = PASS;
		if (m.move !== 'pass') {
			const coords = parseMoveText(m.move);
			const check = coords ? checkMove(position, coords) : null;
			if (!check?.ok)
				throw new Error(`game ${record.game}: move ${i + 1} "${m.move}" does not follow from the record`);
			move = check.move;
		}
		words.push(formatUaiMove(position, move), `{${(m.ms / 1000).toFixed(2)}s}`);
		position = playMove(position, move);
	});
	words.push(comment(record.reason), record.result);
	return `${tags.join('\n')}\n\n${wrap(words, 79)}\n\n`;
}

/** Words on lines of at most `width` characters (PGN asks for at most 255; 80 reads well). */
function wrap(words: readonly string[], width: number): string {
	const lines: string[] = [];
	let line = '';
	for (const word of words) {
		if (line !== '' && line.length + 1 + word.length > width) {
			lines.push(line);
			line = word;
		} else line = line === '' ? word : `${line} ${word}`;
	}
	if (line !== '') lines.push(line);
	return lines.join('\n');
}
