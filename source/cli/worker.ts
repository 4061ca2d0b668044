/**
 * `blobterm worker URL [--concurrency N] [--engines FILE]`: plays the pairs of distributed matches
 * (`blobterm match --queue URL`) on this machine. The help text below is its documentation; the
 * work is done by `distributed/pair-worker.ts`.
 */

import { hostname } from 'node:os';
import { BOUNDS, type NumberBounds } from '../game/number-args.js';
import { BLUE } from '../game/position.js';
import { type EngineTable, readEnginesFile } from '../distributed/engines-file.js';
import { DEFAULT_STALL_MS, PairWorker } from '../distributed/pair-worker.js';
import { parseQueueUrl } from '../distributed/queue-url.js';
import { finishedLine } from '../ui/match-report.js';
import { parseCommandLine } from './command-line.js';
import { UsageError } from './errors.js';
import { readNumberFlag } from './number-flags.js';

/** How long a silent worker keeps its pair, ms: from 0.1 s to one hour. */
const STALL_MS: NumberBounds = { unit: 'ms', min: 100, max: 3_600_000, integer: true, note: '(one hour)' };

const help = `
  Usage
    $ blobterm worker URL [--concurrency N] [--engines FILE]

  Takes pairs of games from the Redis queue at URL, plays them here and reports each game to
  the match's coordinator (blobterm match --queue URL), until Ctrl-C. Run one on each machine
  (any number, joining or leaving at any time). A worker killed mid-pair (kill -9, machine
  gone) loses nothing: its pair goes to another worker once its lock expires (--stall-ms).

  URL                      redis://[:PASSWORD@]HOST[:PORT][/DB], or rediss://... for TLS

  Options
    --concurrency N        pairs played at once (1 to ${BOUNDS.concurrency.max}, default 1); a pair's two
                           games are played one after the other
    --engines FILE         the engines of this machine, by their names in the matches:
                           JSON ({"dev": "uai:/opt/dev,option.Hash=64"}) or one NAME = SPEC
                           per line (# comments). Without it, only built-in engines play.
                           A worker never runs a program named by the queue: a pair with an
                           engine it has not is refused (the refusal is in the match's record)
                           and left to other workers
    --name NAME            this worker's name in records (default HOST:PID)
    --stall-ms MS          how long a pair stays with a worker that stopped answering before
                           another worker takes it (BullMQ's lock duration; ${STALL_MS.min} to
                           ${STALL_MS.max}, default ${DEFAULT_STALL_MS})
    --no-color             no colours (also NO_COLOR=1 or TERM=dumb)
    --help, -h             this text

  Ctrl-C stops taking pairs and gives the pairs in progress back to the queue at once; a
  second Ctrl-C exits at once.

  Examples
    $ blobterm worker redis://127.0.0.1:6379
    $ blobterm worker redis://:secret@10.0.0.5:6379 --concurrency 8 --engines engines.txt
`;

/** The worker command's flags (numbers as text, read by `number-flags.ts`). */
const FLAGS = {
	concurrency: { type: 'string' },
	engines: { type: 'string' },
	name: { type: 'string' },
	stallMs: { type: 'string' },
	color: { type: 'boolean', default: true },
} as const;

/** Runs a worker until Ctrl-C. @throws user errors (reported by `main`) */
export async function run(argv: readonly string[]): Promise<void> {
	const cli = parseCommandLine({ command: 'blobterm worker', help, flags: FLAGS, argv });
	const flags = cli.flags;
	if (cli.input.length !== 1)
		throw new UsageError(
			cli.input.length > 1
				? `worker: unexpected argument "${cli.input[1]}" (see blobterm worker --help)`
				: 'worker: give the queue URL, e.g. blobterm worker redis://127.0.0.1:6379 (see blobterm worker --help)',
		);
	const concurrency = readNumberFlag('--concurrency', flags.concurrency, BOUNDS.concurrency) ?? 1;
	const stallMs = readNumberFlag('--stall-ms', flags.stallMs, STALL_MS) ?? DEFAULT_STALL_MS;
	if (flags.name !== undefined && flags.name.trim() === '') throw new UsageError('--name must not be empty');
	const id = flags.name ?? `${hostname()}:${process.pid}`;
	const url = parseQueueUrl(cli.input[0]);
	const engines: EngineTable | null = flags.engines === undefined ? null : readEnginesFile(flags.engines);
	const worker = new PairWorker(
		{ url, concurrency, engines, id, stallMs },
		{
			gameStarted: (job, game) => {
				const [a, b] = job.engines.map((engine) => engine.name);
				const [blue, red] = game.engineA === BLUE ? [a, b] : [b, a];
				say(`Playing game ${game.game} (pair ${job.pair}): ${blue} vs ${red} on ${job.opening.label}`);
			},
			gameFinished: (_job, record) => say(finishedLine(record)),
			gameAbandoned: (_job, game, why) =>
				say(
					`Dropped game ${game.game}: ` +
						(why === 'shutdown' ? 'this worker is stopping' : 'the coordinator stopped the match'),
				),
			refused: (job, reason) => say(`Refused${job ? ` pair ${job.pair}` : ''}: ${reason}`),
			connection: (lost) => say(lost === null ? 'Connected to Redis again.' : `${lost}; reconnecting...`),
		},
	);
	// Ctrl-C or SIGTERM, even while connecting: stop once started.
	let interrupts = 0;
	let interrupted!: () => void;
	const interruption = new Promise<void>((resolve) => {
		interrupted = resolve;
	});
	const onSignal = () => {
		interrupts++;
		if (interrupts > 1) process.exit(130); // the process registry still kills the engines
		interrupted();
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);
	try {
		await worker.start();
		const names = engines ? `${[...engines.keys()].join(', ')} (${flags.engines}) and built-in` : 'built-in only';
		say(
			`Worker ${id} on ${url.display}: ${concurrency} pair${concurrency === 1 ? '' : 's'} ` +
				`at once; engines: ${names}`,
		);
		await interruption;
		say('Stopping: the pairs in progress go back to the queue...');
		await worker.stop();
		say('Stopped.');
	} finally {
		process.off('SIGINT', onSignal);
		process.off('SIGTERM', onSignal);
	}
}

function say(line: string): void {
	process.stdout.write(`${line}\n`);
}
