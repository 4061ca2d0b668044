/**
 * A real `redis-server` for the tests of distributed matches: started on a free port in a temp
 * directory, stopped by the test that started it. Nothing depends on a server left running.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { Redis } from 'ioredis';

/** A running server. */
export interface RedisServer {
	readonly port: number;
	/** `redis://[:PASSWORD@]127.0.0.1:PORT`. */
	readonly url: string;
	/** Its working directory (persistence files). */
	readonly dir: string;
	/** A client connection (closed by `stop`). */
	client(): Redis;
	/** Stops the server (SIGTERM: it saves its data when persistence is on) and starts it again on the same port. */
	restart(): Promise<void>;
	/** Stops the server and removes its directory. */
	stop(): Promise<void>;
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
		});
	});
}

/**
 * The self-signed certificate of the TLS tests (`test/fixtures/tls`, for 127.0.0.1, valid until
 * 2126): give it to a client as `NODE_EXTRA_CA_CERTS`.
 */
export const TLS_CERT = join('test', 'fixtures', 'tls', 'redis-cert.pem');
const TLS_KEY = join('test', 'fixtures', 'tls', 'redis-key.pem');

/**
 * Starts `redis-server`, bound to 127.0.0.1.
 * @param options.persistent append-only file with a write per command (survives a restart); default off
 * @param options.password `requirepass`
 * @param options.tls TLS only (`rediss://`), with the certificate `TLS_CERT`; clients need no certificate
 */
export async function startRedis(
	options: { persistent?: boolean; password?: string; tls?: boolean } = {},
): Promise<RedisServer> {
	const dir = mkdtempSync(join(tmpdir(), 'blobterm-redis-'));
	const port = await freePort();
	const args = ['--bind', '127.0.0.1', '--dir', dir, '--save', ''];
	if (options.tls) {
		// redis-server reads them after moving to its directory.
		const [cert, key] = [resolve(TLS_CERT), resolve(TLS_KEY)];
		args.push('--port', '0', '--tls-port', String(port), '--tls-cert-file', cert, '--tls-key-file', key);
		args.push('--tls-ca-cert-file', cert, '--tls-auth-clients', 'no');
	} else {
		args.push('--port', String(port));
	}
	args.push(...(options.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']));
	if (options.password) args.push('--requirepass', options.password);
	let server: ResultPromise | null = null;
	const clients: Redis[] = [];
	const tls = options.tls ? { ca: readFileSync(TLS_CERT) } : undefined;
	const launch = async () => {
		const child = execa('redis-server', args, { reject: false, stdout: 'pipe', stderr: 'pipe' });
		server = child;
		const started = Date.now();
		for (;;) {
			const probe = new Redis({
				port,
				host: '127.0.0.1',
				password: options.password,
				tls,
				lazyConnect: true,
				retryStrategy: () => null,
				maxRetriesPerRequest: 0,
			});
			probe.on('error', () => {});
			try {
				await probe.connect();
				await probe.ping();
				probe.disconnect();
				return;
			} catch {
				probe.disconnect();
			}
			if (child.exitCode !== null || Date.now() - started > 10_000) {
				child.kill('SIGKILL');
				const result = await child;
				throw new Error(
					'redis-server did not start (install it: apt-get install redis-server): ' +
						String(result.stdout).trim().split('\n').slice(-3).join(' / '),
				);
			}
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	};
	const halt = async () => {
		const child = server;
		if (!child) return;
		child.kill('SIGTERM');
		await child;
		server = null;
	};
	await launch();
	return {
		port,
		url: `${options.tls ? 'rediss' : 'redis'}://${options.password ? `:${options.password}@` : ''}127.0.0.1:${port}`,
		dir,
		client: () => {
			const client = new Redis({
				port,
				host: '127.0.0.1',
				password: options.password,
				tls,
				maxRetriesPerRequest: null,
			});
			client.on('error', () => {});
			clients.push(client);
			return client;
		},
		restart: async () => {
			await halt();
			await launch();
		},
		stop: async () => {
			for (const client of clients) client.disconnect();
			await halt();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
