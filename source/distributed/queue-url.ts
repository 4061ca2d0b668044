/**
 * Where the job queue lives: a Redis server named by a URL, `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`,
 * or `rediss://...` for Redis over TLS (the URL scheme of the Redis clients, ioredis among them).
 * The password is percent-decoded (`%40` for `@`) and never shown: `display` masks it.
 */

import { isIP } from 'node:net';
import { QueueError } from './queue-error.js';

/** Redis's port when the URL names none. */
export const DEFAULT_REDIS_PORT = 6379;

/** A parsed queue URL. */
export interface QueueUrl {
	/** The URL for people: the password replaced by `***`. */
	readonly display: string;
	readonly host: string;
	readonly port: number;
	/** Database number (`/DB`, default 0). */
	readonly db: number;
	readonly username?: string;
	readonly password?: string;
	/** `rediss://`: the connection is TLS. */
	readonly tls: boolean;
}

const USAGE = 'expected redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss://... (TLS)';

/**
 * Reads a queue URL.
 * @throws QueueError saying what is wrong (the password masked)
 */
export function parseQueueUrl(text: string): QueueUrl {
	const masked = maskPassword(text);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new QueueError(`queue ${JSON.stringify(masked)}: ${USAGE}`);
	}
	if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
		throw new QueueError(`queue ${JSON.stringify(masked)}: ${USAGE}`);
	const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
	if (host === '') throw new QueueError(`queue ${JSON.stringify(masked)}: no host (${USAGE})`);
	const port = url.port === '' ? DEFAULT_REDIS_PORT : Number(url.port);
	const path = url.pathname.replace(/^\//, '');
	if (path !== '' && !/^\d{1,4}$/.test(path))
		throw new QueueError(`queue ${JSON.stringify(masked)}: the database must be a number, got "/${path}"`);
	if (url.search !== '' || url.hash !== '')
		throw new QueueError(`queue ${JSON.stringify(masked)}: no query or fragment allowed (${USAGE})`);
	const username = url.username === '' ? undefined : decodeURIComponent(url.username);
	const password = url.password === '' ? undefined : decodeURIComponent(url.password);
	const tls = url.protocol === 'rediss:';
	const hostText = host.includes(':') ? `[${host}]` : host;
	const auth = password === undefined ? (username === undefined ? '' : `${username}@`) : `${username ?? ''}:***@`;
	return {
		display: `${url.protocol}//${auth}${hostText}:${port}/${path === '' ? 0 : Number(path)}`,
		host,
		port,
		db: path === '' ? 0 : Number(path),
		username,
		password,
		tls,
	};
}

/** A URL as text with its password (if any) replaced by `***`, for messages. */
export function maskPassword(text: string): string {
	return text.replace(/^([a-z]+:\/\/[^:@/]*:)[^@/]*@/i, '$1***@');
}

/**
 * The connection options of the Redis client (ioredis) for a queue URL. `retry` keeps
 * reconnecting every 0.2 to 2 s for as long as the process lives (a worker or a coordinator
 * outlives a Redis restart); without it a failed connection is final (used to check the URL).
 */
export function redisOptions(url: QueueUrl, retry: boolean): Record<string, unknown> {
	return {
		host: url.host,
		port: url.port,
		db: url.db,
		username: url.username,
		password: url.password,
		// A certificate is checked against the host's name (or IP address, for an address).
		tls: url.tls ? (isIP(url.host) ? {} : { servername: url.host }) : undefined,
		connectTimeout: 10_000,
		// BullMQ's blocking connections need commands that wait for the connection, never fail fast.
		maxRetriesPerRequest: retry ? null : 0,
		retryStrategy: retry ? (times: number) => Math.min(200 * times, 2000) : () => null,
	};
}
