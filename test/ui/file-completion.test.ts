import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFileName, completeFrom } from '../../source/ui/file-completion.js';

const entries = [
	{ name: 'game-1.json', directory: false },
	{ name: 'game-2.json', directory: false },
	{ name: 'games', directory: true },
	{ name: 'default.bwb', directory: false },
	{ name: '.hidden.json', directory: false },
];

describe('file name completion', () => {
	it('completes one match, extends several to their common beginning and lists them, says when none', () => {
		expect(completeFrom('def', entries)).toEqual({ text: 'default.bwb', choices: [], none: false });
		expect(completeFrom('ga', entries)).toEqual({
			text: 'game',
			choices: ['game-1.json', 'game-2.json', 'games/'],
			none: false,
		});
		expect(completeFrom('games', entries)).toEqual({ text: 'games/', choices: [], none: false });
		expect(completeFrom('x', entries)).toEqual({ text: 'x', choices: [], none: true });
		// The directory part is kept as typed; hidden files only for a leading dot.
		expect(completeFrom('some/dir/game-2', entries)).toEqual({
			text: 'some/dir/game-2.json',
			choices: [],
			none: false,
		});
		expect(completeFrom('', entries).choices).not.toContain('.hidden.json');
		expect(completeFrom('.h', entries).text).toBe('.hidden.json');
	});

	describe('from a real directory', () => {
		let dir = '';
		beforeAll(async () => {
			dir = await mkdtemp(join(tmpdir(), 'blobterm-complete-'));
			await writeFile(join(dir, 'saved-a.json'), '{}');
			await writeFile(join(dir, 'saved-b.json'), '{}');
			await mkdir(join(dir, 'records'));
			await symlink(join(dir, 'records'), join(dir, 'linked'));
		});
		afterAll(async () => {
			await rm(dir, { recursive: true, force: true });
		});

		it('reads the directory of the typed name; a directory, or a link to one, gets its slash', async () => {
			expect(await completeFileName(join(dir, 'sa'))).toEqual({
				text: join(dir, 'saved-'),
				choices: ['saved-a.json', 'saved-b.json'],
				none: false,
			});
			expect((await completeFileName(join(dir, 're'))).text).toBe(`${join(dir, 'records')}/`);
			expect((await completeFileName(join(dir, 'li'))).text).toBe(`${join(dir, 'linked')}/`);
			expect(await completeFileName(join(dir, 'nowhere', 'x'))).toEqual({
				text: join(dir, 'nowhere', 'x'),
				choices: [],
				none: true,
			});
			expect((await completeFileName('boards/gruyere')).choices).toEqual([
				'gruyere3.bwb',
				'gruyere4.bwb',
				'gruyere5.bwb',
			]);
		});
	});
});
