/**
 * The layers of blobterm, lowest first; each may import only from the layers above it in this
 * list (and from itself), never from a layer below, and no module may take part in a cycle.
 *
 *   game      pure rules: geometry, positions, moves, notation, board files, FEN, perft
 *     ^
 *   search    the engine: evaluation, transposition table, alpha-beta, time, worker threads
 *     ^
 *   lab       the parallel alpha-beta lab: synthetic trees, parallel algorithms, the simulator
 *     ^
 *   players   human, built-in engine, tournament-interface and UAI programs
 *     ^
 *   match     the game loop, matches of many games, statistics, records
 *     ^
 *   tuning    opening books, Texel tuning of the evaluation from match records
 *     ^
 *   ui        Ink components and hooks, plain-text output
 *     ^
 *   cli       the two executables (source/cli.tsx, source/engine-cli.ts) and source/cli/
 */
const LAYERS = [
	{ name: 'game', path: '^source/game/' },
	{ name: 'search', path: '^source/search/' },
	{ name: 'lab', path: '^source/lab/' },
	{ name: 'players', path: '^source/players/' },
	{ name: 'match', path: '^source/match/' },
	{ name: 'tuning', path: '^source/tuning/' },
	{ name: 'ui', path: '^source/ui/' },
	{ name: 'cli', path: '^source/(cli/|cli\\.tsx$|engine-cli\\.ts$)' },
];

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
	name: `${layer.name}-imports-no-higher-layer`,
	comment: `${layer.name} may import only from ${
		LAYERS.slice(0, index)
			.map((l) => l.name)
			.join(', ') || 'itself'
	}`,
	severity: 'error',
	from: { path: layer.path },
	to: { path: LAYERS.slice(index + 1).map((l) => l.path) },
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
