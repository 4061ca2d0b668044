/**
 * The layers of blobterm, lowest first; each may import only from the layers above it in this
 * list (and from itself), never from a layer below, and no module may take part in a cycle.
 *
 *   game      pure rules: geometry, positions, moves, notation, board files, FEN, perft
 *     ^
 *   search    the engine: evaluation, transposition table, alpha-beta, time, worker threads
 *     ^
 *   protocol  UAI: its commands and replies, read and written in one place
 *     ^
 *   lab       the parallel alpha-beta lab: synthetic trees, parallel algorithms, the simulator
 *     ^
 *   players   human, built-in engine, tournament-interface and UAI programs
 *     ^
 *   match     the game loop, matches of many games, statistics, records
 *     ^
 *   tuning    opening books, Texel tuning of the evaluation from match records
 *     ^
 *   ui | distributed    Ink components and hooks, plain-text output | matches played by workers
 *     ^                 on a Redis job queue (BullMQ); side by side: neither imports the other
 *   cli       the two executables (source/cli.tsx, source/engine-cli.ts) and source/cli/
 *
 * `level` orders the layers; layers of one level stand side by side.
 */
const LAYERS = [
	{ name: 'game', level: 0, path: '^source/game/' },
	{ name: 'search', level: 1, path: '^source/search/' },
	{ name: 'protocol', level: 2, path: '^source/protocol/' },
	{ name: 'lab', level: 2, path: '^source/lab/' },
	{ name: 'players', level: 3, path: '^source/players/' },
	{ name: 'match', level: 4, path: '^source/match/' },
	{ name: 'tuning', level: 5, path: '^source/tuning/' },
	{ name: 'ui', level: 6, path: '^source/ui/' },
	{ name: 'distributed', level: 6, path: '^source/distributed/' },
	{ name: 'cli', level: 7, path: '^source/(cli/|cli\\.tsx$|engine-cli\\.ts$)' },
];

const layerRules = LAYERS.filter((layer) => LAYERS.some((l) => l !== layer && l.level >= layer.level)).map((layer) => ({
	name: `${layer.name}-imports-no-higher-layer`,
	comment: `${layer.name} may import only from ${
		LAYERS.filter((l) => l.level < layer.level)
			.map((l) => l.name)
			.join(', ') || 'itself'
	}`,
	severity: 'error',
	from: { path: layer.path },
	to: { path: LAYERS.filter((l) => l !== layer && l.level >= layer.level).map((l) => l.path) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		...layerRules,
		{
			name: 'no-cycles',
			comment: 'A module that imports itself through others makes the layers meaningless.',
			severity: 'error',
			from: {},
			to: { circular: true },
		},
		{
			name: 'no-unresolvable',
			comment: 'Every import resolves to a file or a declared package.',
			severity: 'error',
			from: {},
			to: { couldNotResolve: true },
		},
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default'],
		},
	},
};
