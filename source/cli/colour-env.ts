/**
 * Settles whether the executables use colour, before chalk or Ink is loaded: chalk 5 reads the
 * environment once, when it is imported, and ignores NO_COLOR in a terminal. NO_COLOR (set and not
 * empty), `--no-color` and TERM=dumb set FORCE_COLOR=0, which chalk, and Ink through it, obey.
 *
 * Imported for this effect alone, as the first import of `cli.tsx` and `engine-cli.ts`: ES modules
 * run in the order they are imported, so this runs before any module that loads chalk.
 */

/** True when the command line or the environment asks for no colour. */
export function wantsNoColour(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
	return argv.includes('--no-color') || (env.NO_COLOR ?? '') !== '' || env.TERM === 'dumb';
}

if (wantsNoColour(process.argv.slice(2), process.env)) process.env.FORCE_COLOR = '0';
