import { describe, expect, it } from 'vitest';
import { maskPassword, parseQueueUrl } from '../../source/distributed/queue-url.js';

describe('queue URLs', () => {
	it('reads host, port, database, user and password, and masks the password', () => {
		expect(parseQueueUrl('redis://127.0.0.1')).toEqual({
			display: 'redis://127.0.0.1:6379/0',
			host: '127.0.0.1',
			port: 6379,
			db: 0,
			username: undefined,
			password: undefined,
			tls: false,
		});
		expect(parseQueueUrl('redis://:s%40cret@queue.lan:7000/3')).toEqual({
			display: 'redis://:***@queue.lan:7000/3',
			host: 'queue.lan',
			port: 7000,
			db: 3,
			username: undefined,
			password: 's@cret',
			tls: false,
		});
		expect(parseQueueUrl('rediss://bob:pw@[::1]:6380')).toMatchObject({
			display: 'rediss://bob:***@[::1]:6380/0',
			host: '::1',
			username: 'bob',
			password: 'pw',
			tls: true,
		});
	});

	it.each([
		[
			'localhost:6379',
			'queue "localhost:6379": expected redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss://... (TLS)',
		],
		[
			'http://:pw@host',
			'queue "http://:***@host": expected redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss://... (TLS)',
		],
		['redis://host/x', 'queue "redis://host/x": the database must be a number, got "/x"'],
		[
			'redis://:pw@host/0?timeout=1',
			'queue "redis://:***@host/0?timeout=1": no query or fragment allowed ' +
				'(expected redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss://... (TLS))',
		],
		['redis://', 'queue "redis://": no host (expected redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss://... (TLS))'],
	])('refuses %s, never showing the password', (text, message) => {
		expect(() => parseQueueUrl(text)).toThrow(message);
	});

	it('masks the password of a URL in a message', () => {
		expect(maskPassword('redis://:hunter2@h:1')).toBe('redis://:***@h:1');
		expect(maskPassword('redis://h:1')).toBe('redis://h:1');
	});
});
