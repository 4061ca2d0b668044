/**
 * Tab completion of the file prompts (save, open), as in a shell: the name typed so far is
 * completed from the files of its directory. One match completes it (a directory gets its `/`);
 * several extend it to their longest common beginning and are listed; none is said.
 * `completeFrom` is the pure part; `completeFileName` reads the directory without blocking.
 */

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A directory entry as completion sees it. */
export interface Entry {
	readonly name: string;
	readonly directory: boolean;
}

/** What Tab gives. */
export interface Completion {
	/** The prompt's new text (the old one when nothing matches). */
	readonly text: string;
	/** The matching names when there are several (directories end with `/`), sorted; else empty. */
	readonly choices: readonly string[];
	/** True when no entry matches. */
	readonly none: boolean;
}

/** Splits a typed name into its directory part (up to the last `/`, kept as typed) and the rest. */
export function splitTyped(text: string): { dir: string; prefix: string } {
	const slash = text.lastIndexOf('/');
	return { dir: text.slice(0, slash + 1), prefix: text.slice(slash + 1) };
}

/**
 * Completes `text` from the entries of its directory. Hidden entries (a leading `.`) match only
 * a prefix that starts with `.`.
 */
export function completeFrom(text: string, entries: readonly Entry[]): Completion {
	const { dir, prefix } = splitTyped(text);
	const matches = entries
		.filter((e) => e.name.startsWith(prefix) && (prefix.startsWith('.') || !e.name.startsWith('.')))
		.map((e) => (e.directory ? `${e.name}/` : e.name))
		.sort();
	if (matches.length === 0) return { text, choices: [], none: true };
	if (matches.length === 1) return { text: dir + matches[0], choices: [], none: false };
	let common = matches[0];
	for (const name of matches) while (!name.startsWith(common)) common = common.slice(0, -1);
	return { text: dir + common, choices: matches, none: false };
}

/**
 * Completes a typed file name from its directory (relative names from the current directory).
 * A directory that cannot be read completes nothing.
 */
export async function completeFileName(text: string): Promise<Completion> {
	const { dir } = splitTyped(text);
	const where = dir === '' ? '.' : dir;
	let entries: Entry[];
	try {
		const dirents = await readdir(where, { withFileTypes: true });
		entries = await Promise.all(
			dirents.map(async (d) => ({
				name: d.name,
				directory: d.isDirectory() || (d.isSymbolicLink() && (await isDirectory(join(where, d.name)))),
			})),
		);
	} catch {
		entries = [];
	}
	return completeFrom(text, entries);
}

async function isDirectory(path: string): Promise<boolean> {
	try {
		return (await stat(path)).isDirectory();
	} catch {
		return false;
	}
}
