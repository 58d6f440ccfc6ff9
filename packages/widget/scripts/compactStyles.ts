/**
 * The page scripts' stylesheets, packed tighter than esbuild's CSS minifier leaves them.
 * They travel inside the page script as text (`?inline`), 13 KB of the 58 KB a first
 * visit loads of the widget, so every repeated byte counts (issue 24's byte budget):
 * - the private custom properties (`--_color-primary-hover`, copies of the public
 *   `--pn-*` ones, see styles.css) get short names (`--8`, no `_`: 1 B more), the same in
 *   every sheet of the build, taken in the order `styles.css` declares them: 103 B gzip;
 * - whitespace esbuild keeps where CSS needs none: around `*` and `/` (calc, rgb, the
 *   container shorthand), after commas and inside `var( … )`, after a custom property's
 *   colon; `*` before a pseudo-element (`.a :before` is `.a *:before`); after a size
 *   feature's colon in a container query's condition: 34 B gzip, and 5 B (2026-11-27).
 * - the class names (`pn-card__link`), private to the shadow root, get short names
 *   (`k`, `a0`: shortClassName) in the sheets and in the page script's code alike, taken
 *   in the order the sheets use them: 166 B gzip, and 19 B (2026-11-27, classes18). Operators style with `part` names and `--pn-*`
 *   properties, which stay. Every class is renamed: the browser tests and the bench find
 *   elements by `part`, role, attribute or tag, never by a class of the widget's (a unit
 *   test holds them to that); the demo's hostile sheet aims at the names of the sources
 *   and at the short ones to show that neither reaches in. The last fifteen names kept
 *   for them: 64 B gzip (2026-11-27, branch classes18).
 * The public names (`--pn-*`) and parts stay as written. Sources stay readable; the
 * library build (`vite.lib.config.ts`, whose `SearchPage` hosts may style themselves)
 * is not packed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const BASE_SHEET = join(here, '../src/styles.css');
const UI_FOLDER = join(here, '../src/ui');

/** A class name in a selector, and one as a whole word of a string in the code. */
const CLASS_IN_SHEET = /\.(pn-[a-z][a-z0-9_-]*)/g;
const CLASS_IN_CODE = /(?<=["'` ])pn-[a-z][a-z0-9_-]*(?=["'` ])/g;

const PRIVATE_NAME = /--_[a-z0-9-]+/g;

/** Short names for the private properties `css` declares, in the order it declares them. */
export function shortPrivateNames(css: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, name] of css.matchAll(/(--_[a-z0-9-]+)\s*:/g)) {
    if (name !== undefined && !names.has(name)) names.set(name, `--${names.size.toString(36)}`);
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
      .replace(/(--_[a-zA-Z0-9-]+): +/g, '$1:')
      .replace(PRIVATE_NAME, (name) => names.get(name) ?? name)
      // Only in values: a selector's descendant `*` never has a space after it in esbuild's
      // output (`.a *,.a *:before`), and `/` is no selector character.
      .replace(/ ([*/]) /g, '$1')
      .replace(/, +/g, ',')
      .replace(/\( +/g, '(')
      .replace(/ +\)/g, ')')
      .replace(/ \*:/g, ' :')
      .replace(/(@container [^{]*\((?:max|min)-width): /g, '$1:')
  );
}

/**
 * The `index`th short class name: `a` to `z`, then `a0` to `z0`, `a1`, ..., `z-`, `a00`, ...
 * Lower case only: a page in quirks mode matches class names without regard to case, so
 * `a` and `A` would be one name there. No `_` before them (`_0`, as before): one byte
 * less in every use, 26 one-letter names and 988 of two for 36 and 1,296 of two and
 * three: 19 B gzip (branch classes18). First use order, not most used first: gzip finds
 * neighbours alike (most used first was 9 B more).
 */
export function shortClassName(index: number): string {
  const first = 'abcdefghijklmnopqrstuvwxyz';
  const next = '0123456789abcdefghijklmnopqrstuvwxyz_-';
  let name = first[index % 26] ?? '';
  for (let rest = Math.floor(index / 26); rest > 0; rest = Math.floor((rest - 1) / 38)) {
    name += next[(rest - 1) % 38] ?? '';
  }
  return name;
}

/** Short names for the class names `sheets` select, in their order. */
export function shortClassNames(sheets: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const sheet of sheets) {
    for (const [, name] of sheet.matchAll(CLASS_IN_SHEET)) {
      if (name !== undefined && !names.has(name)) {
        names.set(name, shortClassName(names.size));
      }
    }
  }
  return names;
}

/** `css` with the class names in `names` renamed (whole names only). */
export function renameSheetClasses(css: string, names: ReadonlyMap<string, string>): string {
  return css.replace(CLASS_IN_SHEET, (whole, name: string) => {
    const short = names.get(name);
    return short === undefined ? whole : `.${short}`;
  });
}

/** Minified code with the class names in `names` renamed where a string holds them as words. */
export function renameCodeClasses(code: string, names: ReadonlyMap<string, string>): string {
  return code.replace(CLASS_IN_CODE, (name) => names.get(name) ?? name);
}

/** Every sheet of the page, the base sheet first, then the parts' sheets by file name. */
export function readPageSheets(): string[] {
  const parts = readdirSync(UI_FOLDER)
    .filter((file) => file.endsWith('.css'))
    .sort();
  return [BASE_SHEET, ...parts.map((file) => join(UI_FOLDER, file))].map((file) =>
    readFileSync(file, 'utf8'),
  );
}

const INLINE_SHEET = /^export default ("(?:[^"\\]|\\.)*")$/;

/** The Vite plugin: packs every `?inline` sheet of a page script's build. */
export function compactStyles(): Plugin {
  let names: Map<string, string> = new Map();
  let classes: Map<string, string> = new Map();
  return {
    name: 'partners-network:compact-styles',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      names = shortPrivateNames(readFileSync(BASE_SHEET, 'utf8'));
      classes = shortClassNames(readPageSheets());
    },
    transform(code, id) {
      if (!id.endsWith('.css?inline')) return null;
      const literal = INLINE_SHEET.exec(code.trim())?.[1];
      if (literal === undefined) {
        this.error(`${id}: not the \`export default "…"\` this plugin packs`);
      }
      const css: unknown = JSON.parse(literal);
      if (typeof css !== 'string') this.error(`${id}: its sheet is not a string`);
      const packed = renameSheetClasses(compactCss(css, names), classes);
      return { code: `export default ${JSON.stringify(packed)}`, map: null };
    },
    renderChunk: (code) => ({ code: renameCodeClasses(code, classes), map: null }),
  };
}
