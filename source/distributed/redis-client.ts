/**
 * Connections to the Redis server of a queue (ioredis): a first check that fails fast with a
 * clear message (server not there, wrong password, TLS refused), then connections that outlive
 * a restart of the server.
 */

import { Redis } from 'ioredis';
import { QueueError } from './queue-error.js';
import { type QueueUrl, redisOptions } from './queue-url.js';

/**
 * Connects once, without retrying, and sends `PING`.
 * @throws QueueError saying why the server cannot be used
 */
export async function checkRedis(url: QueueUrl): Promise<void> {
	const client = new Redis({ ...redisOptions(url, false), lazyConnect: true });
	let lastError: Error | null = null;
	client.on('error', (error: Error) => {
		lastError = error;
	});
	try {
		await client.connect();
		await client.ping();
	} catch (error) {
		throw new QueueError(redisErrorMessage(url, lastError ?? (error as Error)));
	} finally {
		client.disconnect();
	}
}

/** A one-line message for an error of the connection to a queue's server. */
export function redisErrorMessage(url: QueueUrl, error: Error): string {
	const code = (error as NodeJS.ErrnoException).code;
	const message = error.message.split('\n')[0];
	if (/NOAUTH|WRONGPASS|invalid password|invalid username-password/i.test(message))
		return `Redis at ${url.display} refused the password: ${message}`;
	if (code === 'ECONNREFUSED')
		return (
			`cannot reach Redis at ${url.display}: connection refused ` +
			'(is redis-server running there and bound to that address?)'
		);
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot reach Redis at ${url.display}: unknown host`;
	return `cannot reach Redis at ${url.display}: ${message}`;
}

/** A connection that reconnects for as long as it is open (close it with `quit()` or `disconnect()`). */
export function openRedis(url: QueueUrl): Redis {
	return new Redis(redisOptions(url, true));
}
