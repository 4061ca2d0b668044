// Lint rules: typescript-eslint's recommended set, React's hooks rules for the Ink interface,
// and the Node globals for scripts and fixtures. Formatting is Prettier's job, layering is
// dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/', 'coverage/', 'node_modules/', 'test/**/__snapshots__/'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	reactHooks.configs.flat.recommended,
	{
		languageOptions: { globals: { ...globals.node } },
		plugins: { '@stylistic': stylistic },
		rules: {
			// Prettier wraps code at 120 columns but leaves long strings and comments alone.
			'@stylistic/max-len': ['error', { code: 120, tabWidth: 4, ignoreUrls: true, ignoreRegExpLiterals: true }],
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			eqeqeq: ['error', 'always'],
			'no-console': 'off',
		},
	},
	{
		// Tests match rendered frames and terminal output: literal runs of spaces and escape
		// characters are what they look for.
		files: ['test/**'],
		rules: { 'no-regex-spaces': 'off', 'no-control-regex': 'off' },
	},
);
