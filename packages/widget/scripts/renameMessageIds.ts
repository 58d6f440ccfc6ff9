/**
 * Short names for the page's message ids in the page scripts (`vite.config.ts`): every id
 * of the page's catalogue (`heading`, `searchPlaceholder`, `addFilterByName`, ...) is
 * written twice in a first visit's script, as a key of the en-US catalogue and as the
 * string a part asks its text by (`t('loadMore')`), and neither is text a visitor sees. In
 * the page scripts they are numbers: the n-th id of en-US.ts (then noResultsMessages.ts)
 * is `"n"` (`{0:"Partners Network",…}`, `t("33")`). Numbers, not letters: no number is an
 * identifier, so none can be a short property name (scripts/renameProperties.ts) nor
 * a name terser renames.
 *
 * - **Where.** From the widget's TypeScript program (the one renameProperties.ts reads):
 *   the keys of the page's catalogues (`core/i18n/catalogues/*.ts`, the no-results texts'
 *   object), and every string literal the checker types as one of the page's ids (its
 *   contextual type a union of the page's ids alone: `t('loadMore')`,
 *   `t(open ? 'viewLess' : 'viewMore')`, a `satisfies Record<…, MessageId>` table). The
 *   contact dialog's and the location field's ids (their own catalogues) are not renamed.
 * - **Checked.** The build stops if an id is never read by such a literal (a part would
 *   ask its text by a string the checker cannot tie to the catalogue) or if a page id is
 *   written as a string without any contextual type (`as const` alone: the literal would
 *   stay long while the catalogue's key is short).
 * - **Operators still write the ids.** `core/i18n/shortMessageIds.ts` is the table from
 *   the ids to their short names in the page scripts (empty in the sources, the tests and
 *   the library build); the operators' messages parser, a chunk loaded only when a page
 *   gives messages, reads an operator's key through it and names the key in its warnings.
 *
 * The library build (`vite.lib.config.ts`), whose React hosts may render parts by id, and
 * the sources stay as written.
 */
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const SOURCES = resolve(here, '../src');
const I18N = join(SOURCES, 'core', 'i18n');
const EN_US = join(I18N, 'catalogues', 'en-US.ts');
const NO_RESULTS = join(I18N, 'noResultsMessages.ts');
const CATALOGUES = join(I18N, 'catalogues');
/** The table the operators' messages parser reads, as the sources have it. */
export const TABLE_MODULE = join(I18N, 'shortMessageIds.ts');

export interface MessageIdRenaming {
  /** Id to short name, in the order en-US.ts (then noResultsMessages.ts) declares them. */
  table: Map<string, string>;
  /** By file: the ranges of source text to replace, with what. */
  edits: Map<string, { start: number; end: number; text: string }[]>;
}

/** The top-level keys of the object literal `name` is declared with in `file`. */
function keysOf(file: ts.SourceFile, name: string): string[] {
  let keys: string[] | null = null;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      let value = node.initializer;
      while (value && (ts.isSatisfiesExpression(value) || ts.isAsExpression(value))) {
        value = value.expression;
      }
      if (value && ts.isObjectLiteralExpression(value)) {
        keys = value.properties.flatMap((property) =>
          property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
            ? [property.name.text]
            : [],
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!keys) throw new Error(`${file.fileName}: no object literal declared as ${name}`);
  return keys;
}

function isInCatalogues(fileName: string): boolean {
  return !relative(CATALOGUES, fileName).startsWith('..') || resolve(fileName) === NO_RESULTS;
}

/** Whether `node` is in a type (`Pick<Controller, 'loadMore'>`), which the build erases. */
function isInType(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isTypeNode(at) && !ts.isExpressionWithTypeArguments(at)) return true;
    if (ts.isStatement(at)) return false;
  }
  return false;
}

/** The short names of the page's message ids and where the sources write them. */
export function chooseMessageIds(
  program: ts.Program,
  isWidgetSource: (file: string) => boolean,
): MessageIdRenaming {
  const checker = program.getTypeChecker();
  const source = (path: string) => {
    const file = program.getSourceFile(path);
    if (!file) throw new Error(`${path} is not in the widget's program`);
    return file;
  };
  const ids = [...keysOf(source(EN_US), 'enUS'), ...keysOf(source(NO_RESULTS), 'noResultsEnUS')];
  const table = new Map(ids.map((id, index) => [id, String(index)]));
  const edits: MessageIdRenaming['edits'] = new Map();
  const read = new Set<string>();
  const problems: string[] = [];
  const edit = (node: ts.StringLiteral | ts.Identifier, short: string) => {
    const file = node.getSourceFile().fileName;
    const list = edits.get(file) ?? [];
    list.push({ start: node.getStart(), end: node.getEnd(), text: JSON.stringify(short) });
    edits.set(file, list);
  };
  /** Whether `type` is made of the page's ids alone. */
  const isPageIds = (type: ts.Type): boolean =>
    (type.isUnion() ? type.types : [type]).every(
      (member) => member.isStringLiteral() && table.has(member.value),
    );

  for (const file of program.getSourceFiles()) {
    if (!isWidgetSource(file.fileName) || file.fileName === TABLE_MODULE) continue;
    const catalogue = isInCatalogues(file.fileName);
    const visit = (node: ts.Node): void => {
      const parent: ts.Node | undefined = node.parent;
      const named = ts.isStringLiteral(node) || ts.isIdentifier(node);
      const short = named ? table.get(node.text) : undefined;
      if (named && short !== undefined && parent) {
        const isKey = ts.isPropertyAssignment(parent) && parent.name === node;
        if (isKey) {
          // A catalogue's key (not a plural form's, one level further in); elsewhere a
          // key is an object's own property, no id.
          const object = parent.parent;
          if (catalogue && !ts.isPropertyAssignment(object.parent)) edit(node, short);
        } else if (
          ts.isStringLiteral(node) &&
          !isInType(node) &&
          !ts.isImportDeclaration(parent) &&
          !ts.isExportDeclaration(parent)
        ) {
          const type = checker.getContextualType(node);
          if (type && isPageIds(type)) {
            edit(node, short);
            read.add(node.text);
          } else if (!type) {
            problems.push(
              `${relative(SOURCES, file.fileName)}: '${node.text}' has no type to tell it is a message id`,
            );
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  for (const id of ids) {
    if (!read.has(id)) problems.push(`no string typed as a message id reads '${id}'`);
  }
  if (problems.length > 0) {
    throw new Error(`message ids (scripts/renameMessageIds.ts): ${problems.join('; ')}`);
  }
  return { table, edits };
}

/** `code` (the file's text as the program read it) with `edits` applied. */
export function applyEdits(
  code: string,
  edits: readonly { start: number; end: number; text: string }[],
): string {
  let out = '';
  let at = 0;
  for (const { start, end, text } of [...edits].sort((a, b) => a.start - b.start)) {
    out += code.slice(at, start) + text;
    at = end;
  }
  return out + code.slice(at);
}

/** The Vite plugin: writes the renaming into the widget's modules before esbuild sees them. */
export function renameMessageIds(renaming: MessageIdRenaming, program: ts.Program): Plugin {
  return {
    name: 'partners-network:rename-message-ids',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (path === TABLE_MODULE) {
        const table = JSON.stringify(Object.fromEntries(renaming.table));
        return {
          code: `export const SHORT_MESSAGE_IDS: Readonly<Record<string, string>> | null = ${table};`,
          map: null,
        };
      }
      const edits = renaming.edits.get(path);
      if (!edits) return null;
      if (program.getSourceFile(path)?.text !== code) {
        this.error(`${path} changed since the message ids were chosen: build again`);
      }
      return { code: applyEdits(code, edits), map: null };
    },
  };
}
