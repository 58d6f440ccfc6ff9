/**
 * The page scripts' stylesheets, packed tighter than esbuild's CSS minifier leaves them.
 * They travel inside the page script as text (`?inline`), 13 KB of the 58 KB a first
 * visit loads of the widget, so every repeated byte counts (issue 24's byte budget):
 * - the private custom properties (`--_color-primary-hover`, copies of the public
 *   `--pn-*` ones, see styles.css) get short names (`--_8`), the same in every sheet of
 *   the build, taken in the order `styles.css` declares them: 103 B gzip;
 * - whitespace esbuild keeps where CSS needs none: around `*` and `/` (calc, rgb, the
 *   container shorthand), after commas and inside `var( … )`, after a custom property's
 *   colon: 34 B gzip.
 * The public names (`--pn-*`), class names and parts stay as written. Sources stay
 * readable; the library build (`vite.lib.config.ts`) is not packed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const BASE_SHEET = join(here, '../src/styles.css');

const PRIVATE_NAME = /--_[a-z0-9-]+/g;

/** Short names for the private properties `css` declares, in the order it declares them. */
export function shortPrivateNames(css: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, name] of css.matchAll(/(--_[a-z0-9-]+)\s*:/g)) {
    if (name !== undefined && !names.has(name)) names.set(name, `--_${names.size.toString(36)}`);
  }
  return names;
}

/**
 * Minified CSS (esbuild's output) without the bytes it does not need, private
 * properties renamed by `names` (one not in it keeps its name).
 */
export function compactCss(css: string, names: ReadonlyMap<string, string>): string {
  return (
    css
      .replace(PRIVATE_NAME, (name) => names.get(name) ?? name)
      // Only in values: a selector's descendant `*` never has a space after it in esbuild's
      // output (`.a *,.a *:before`), and `/` is no selector character.
      .replace(/ ([*/]) /g, '$1')
      .replace(/, +/g, ',')
      .replace(/\( +/g, '(')
      .replace(/ +\)/g, ')')
      .replace(/(--_[a-zA-Z0-9-]+): +/g, '$1:')
  );
}

const INLINE_SHEET = /^export default ("(?:[^"\\]|\\.)*")$/;

/** The Vite plugin: packs every `?inline` sheet of a page script's build. */
export function compactStyles(): Plugin {
  let names: Map<string, string> = new Map();
  return {
    name: 'partners-network:compact-styles',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      names = shortPrivateNames(readFileSync(BASE_SHEET, 'utf8'));
    },
    transform(code, id) {
      if (!id.endsWith('.css?inline')) return null;
      const literal = INLINE_SHEET.exec(code.trim())?.[1];
      if (literal === undefined) {
        this.error(`${id}: not the \`export default "…"\` this plugin packs`);
      }
      const css: unknown = JSON.parse(literal);
      if (typeof css !== 'string') this.error(`${id}: its sheet is not a string`);
      return { code: `export default ${JSON.stringify(compactCss(css, names))}`, map: null };
    },
  };
}
