/**
 * Files a user names: board files, openings, saved games, match records, PGN files, logs.
 *
 * - Read only if they are regular files (not a directory, a FIFO that would wait for a writer,
 *   or a device such as `/dev/zero` that never ends), and never past a size limit: reading
 *   stops at the limit, it is not checked afterwards.
 * - Written without following a symbolic link (`O_NOFOLLOW`): a link planted where a log or a
 *   record goes does not make blobterm write to the file it points to.
 * - Folders made one level at a time (Node's recursive `mkdir` loops for ever under `/proc`).
 * - Errors are one line in words (`no such file`, `is a directory`), never the system's text.
 */

import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { type FileHandle, mkdir, open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UserError } from '../game/user-error.js';
import { printable } from '../players/printable.js';

/** A file that cannot be read (missing, a directory, not a regular file, too large, no permission). */
export class FileReadError extends UserError {}

/** A file or folder that cannot be written. */
export class FileWriteError extends UserError {}

/** The system's error codes in words. */
const WORDS: Readonly<Record<string, string>> = {
	ENOENT: 'no such file',
	ENOTDIR: 'a part of the path is not a directory',
	EISDIR: 'is a directory',
	EACCES: 'permission denied',
	EPERM: 'permission denied',
	ELOOP: 'is a symbolic link (name the file it points to)',
	ENOSPC: 'no space left on the device',
	EDQUOT: 'disk quota exceeded',
	EROFS: 'read-only file system',
	ENAMETOOLONG: 'name too long',
	EEXIST: 'already exists',
	ENXIO: 'is not a regular file',
	EMFILE: 'too many open files',
	EIO: 'input/output error',
};

/** Words for a file-system error: `no such file`, `is a directory`, ..., or `error ECODE`. */
export function fileErrorWords(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | null)?.code;
	if (code && WORDS[code]) return WORDS[code];
	return code ? `error ${code}` : 'error';
}

/** What a file is, when it is not a regular file: `is a directory`, `is a FIFO`, ... */
function notRegular(info: Stats): string | null {
	if (info.isFile()) return null;
	if (info.isDirectory()) return 'is a directory';
	if (info.isFIFO()) return 'is a FIFO, not a regular file';
	if (info.isCharacterDevice() || info.isBlockDevice()) return 'is a device, not a regular file';
	if (info.isSocket()) return 'is a socket, not a regular file';
	return 'is not a regular file';
}

/** `board file PATH`, or `PATH` when `what` is empty. */
function named(what: string, path: string): string {
	return what === '' ? printable(path) : `${what} ${printable(path)}`;
}

/** Flags that open a file for reading without waiting (on a FIFO without writer). */
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/**
 * Reads a regular file as UTF-8 text, synchronously.
 * @param what the file's role in messages (`board file`, `openings file`; '' for none)
 * @param maxBytes the largest size read
 * @throws FileReadError `cannot read WHAT PATH: WHY` (missing, not a regular file, larger than `maxBytes`, ...)
 */
export function readTextFileSync(path: string, what: string, maxBytes: number): string {
	const fail = (why: string) => new FileReadError(`cannot read ${named(what, path)}: ${why}`);
	let fd: number;
	try {
		fd = openSync(path, READ_FLAGS);
	} catch (error) {
		throw fail(fileErrorWords(error));
	}
	try {
		const info = fstatSync(fd);
		const odd = notRegular(info);
		if (odd) throw fail(odd);
		if (info.size > maxBytes) throw fail(`larger than ${maxBytes} bytes`);
		let buffer = Buffer.alloc(Math.min(maxBytes + 1, info.size + 4096));
		let length = 0;
		for (;;) {
			if (length === buffer.length) buffer = moreRoom(buffer, maxBytes);
			const read = readSync(fd, buffer, length, buffer.length - length, null);
			if (read === 0) break;
			length += read;
			if (length > maxBytes) throw fail(`larger than ${maxBytes} bytes`);
		}
		return buffer.toString('utf8', 0, length);
	} catch (error) {
		if (error instanceof FileReadError) throw error;
		throw fail(fileErrorWords(error));
	} finally {
		closeSync(fd);
	}
}

/**
 * A file that grew while it was read: a buffer twice as large (at most one byte past `maxBytes`,
 * enough to tell that the limit was passed) holding what `buffer` holds.
 */
function moreRoom(buffer: Buffer<ArrayBuffer>, maxBytes: number): Buffer<ArrayBuffer> {
	const bigger = Buffer.alloc(Math.min(maxBytes + 1, 2 * buffer.length));
	buffer.copy(bigger);
	return bigger;
}

/**
 * Reads a regular file as UTF-8 text, without blocking the event loop.
 * @throws FileReadError as `readTextFileSync`
 */
export async function readTextFile(path: string, what: string, maxBytes: number): Promise<string> {
	const fail = (why: string) => new FileReadError(`cannot read ${named(what, path)}: ${why}`);
	let handle: FileHandle;
	try {
		handle = await open(path, READ_FLAGS);
	} catch (error) {
		throw fail(fileErrorWords(error));
	}
	try {
		const info = await handle.stat();
		const odd = notRegular(info);
		if (odd) throw fail(odd);
		if (info.size > maxBytes) throw fail(`larger than ${maxBytes} bytes`);
		let buffer = Buffer.alloc(Math.min(maxBytes + 1, info.size + 4096));
		let length = 0;
		for (;;) {
			if (length === buffer.length) buffer = moreRoom(buffer, maxBytes);
			const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
			if (bytesRead === 0) break;
			length += bytesRead;
			if (length > maxBytes) throw fail(`larger than ${maxBytes} bytes`);
		}
		return buffer.toString('utf8', 0, length);
	} catch (error) {
		if (error instanceof FileReadError) throw error;
		throw fail(fileErrorWords(error));
	} finally {
		await handle.close();
	}
}

/**
 * Makes a directory and its missing parents, one level at a time (at most 64 levels); an
 * existing directory is fine.
 * @param what its role in messages (`log directory`)
 * @throws FileWriteError `cannot make WHAT PATH: WHY`
 */
export async function makeDirectory(path: string, what: string): Promise<void> {
	const fail = (why: string) => new FileWriteError(`cannot make ${what} ${printable(path)}: ${why}`);
	const missing: string[] = [];
	for (let dir = path; missing.length <= 64; dir = dirname(dir)) {
		try {
			const info = await stat(dir);
			if (!info.isDirectory()) throw fail(dir === path ? 'it is a file' : `${printable(dir)} is not a directory`);
			break;
		} catch (error) {
			if (error instanceof FileWriteError) throw error;
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(fileErrorWords(error));
			if (dirname(dir) === dir) break;
			missing.push(dir);
		}
	}
	if (missing.length > 64) throw fail('too many missing levels');
	for (const dir of missing.reverse()) {
		try {
			await mkdir(dir);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
			throw fail(fileErrorWords(error));
		}
	}
}

/**
 * Opens a file for writing, without following a symbolic link and without waiting on a FIFO;
 * it must be a regular file (or not exist: it is made, mode 0644).
 * @param mode `append` keeps what it holds; `replace` empties it
 * @param what its role in messages (`record file`, `PGN file`, `log file`)
 * @throws FileWriteError `cannot write WHAT PATH: WHY`
 */
export async function openForWriting(path: string, mode: 'append' | 'replace', what: string): Promise<FileHandle> {
	const fail = (why: string) => new FileWriteError(`cannot write ${what} ${printable(path)}: ${why}`);
	const flags =
		constants.O_WRONLY |
		constants.O_CREAT |
		constants.O_NOFOLLOW |
		constants.O_NONBLOCK |
		(mode === 'append' ? constants.O_APPEND : 0);
	let handle: FileHandle;
	try {
		handle = await open(path, flags, 0o644);
	} catch (error) {
		// A file that cannot be made for want of its directory.
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fail('no such directory');
		throw fail(fileErrorWords(error));
	}
	const odd = notRegular(await handle.stat());
	if (odd) {
		await handle.close();
		throw fail(odd);
	}
	if (mode === 'replace') await handle.truncate(0);
	return handle;
}
