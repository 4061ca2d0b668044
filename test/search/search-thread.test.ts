// Worker threads run compiled code: these tests use dist/ (npm test builds it first).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoardFile } from '../../dist/game/board-file.js';
import { legalMoves } from '../../dist/game/movegen.js';
import { SearchThread } from '../../dist/search/search-thread.js';

const board = (name: string) => parseBoardFile(readFileSync(`boards/${name}.bwb`, 'utf8')).position;

describe('a search in a worker thread', () => {
	it('reports progress, can be stopped at any moment and answers a legal move', async () => {
		const thread = new SearchThread();
		try {
			const pos = board('default');
			const legal = legalMoves(pos);
			for (const stopAfterMs of [0, 5, 50, 200]) {
				let infos = 0;
				const search = thread.search(pos, { depth: 60 }, { onInfo: () => infos++ });
				await new Promise((resolve) => setTimeout(resolve, stopAfterMs));
				thread.stop();
				const result = await search;
				expect(result.stopped).toBe(true);
				expect(legal).toContain(result.move);
				if (stopAfterMs >= 200) expect(infos).toBeGreaterThan(0);
			}
		} finally {
			await thread.close();
		}
	});

	it('refuses a second search while one runs, and ends on close', async () => {
		const thread = new SearchThread();
		const pos = board('ataxx');
		const first = thread.search(pos, { depth: 60 });
		await expect(thread.search(pos, { depth: 2 })).rejects.toThrow('a search is already running');
		const firstEnds = expect(first).rejects.toThrow('search thread closed');
		await thread.close();
		await firstEnds;
		await expect(thread.search(pos, { depth: 2 })).rejects.toThrow('search thread is closed');
	});
});
