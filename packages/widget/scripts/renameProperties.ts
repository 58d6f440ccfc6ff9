/**
 * Short names for the widget's own property names in the page scripts (`vite.config.ts`):
 * `selectedGlobalFilter`, `loadingMore`, `toggleFilterItem`, `resetSignal`, a component's
 * props, an action's fields... are written dozens of times in the page script, and terser
 * renames variables but never properties. Its property renaming (`mangle.properties`) is
 * given a fixed table here, chosen from the sources before the build:
 *
 * - **Which names.** A name is renamed only when the widget declares it itself (a member of
 *   an interface, a type literal or a class in `src/`, tests aside) and nothing outside the
 *   widget's own code can read or write it by that name. Left out, whatever the widget
 *   declares:
 *   1. every name written anywhere in what the sources are checked against or bundled with:
 *      the TypeScript libraries (the DOM, the language), React's, React DOM's and Node's
 *      types, `@partners-network/contract` (the wire: zod schemas and the generated data
 *      schemas), and React's own code (its internal property names);
 *   2. every word in a string of the widget's sources: names read by string (`Reflect.get`,
 *      `in`, message ids `t('loadMore')`, attribute, URL parameter and history state keys);
 *   3. every key written in `src/core/i18n/` (message ids, plural forms: operators name
 *      them in JSON);
 *   4. every name reachable from `mount()`'s options, the page script's one way in for a
 *      host (the context, the portal, the saved search and location, an `api` client, a
 *      `fetch`), but its `controller`: a controller is made by `createSearchController`,
 *      which the page script does not export (the library build, where a React host may
 *      make one, is not renamed);
 *   5. every module's export names (a chunk's exports are read off its namespace object,
 *      `module.NoResultsSection`, `part.styles`);
 *   6. the members of a class that extends another (the custom element: the browser calls
 *      its callbacks, a page sets its `messages`) and of anything in a `declare` block;
 *   7. names of one or two characters (nothing to gain).
 * - **Which short names.** The most used name first, from a, b, ..., Z, $, _, then two
 *   characters, skipping every name any of the sources above writes (so no renamed
 *   property lands on a name an object already has) and the words of the language.
 * - **One table for every chunk and both page scripts.** Terser minifies each chunk apart:
 *   a name must get the same short name in the entry and in a chunk that reads the same
 *   object. The table is terser's name cache, filled before the build, and terser's
 *   `regex` matches exactly its names, so terser invents none.
 * - **Checked in the build** (`guardRenamedProperties`): from what Rollup parsed of every
 *   module, the build stops if a renamed name is a property, a string or an export of code
 *   outside the widget (a dependency bundled later, React's code), or if a short name is
 *   already a property or a string in any module.
 *
 * The library build (`vite.lib.config.ts`) and the React floor (`buildReactFloor.ts`) are
 * not renamed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const WIDGET = resolve(here, '..');
const REPO = resolve(WIDGET, '../..');
const SOURCES = join(WIDGET, 'src');
const CATALOGUES = join(SOURCES, 'core', 'i18n');
/** `mount()`'s options: what a page-script host hands in (rule 4). */
const MOUNT_MODULE = join(SOURCES, 'mount.tsx');
const MOUNT_OPTIONS = 'MountOptions';
/** An option of `mount()` a page-script host cannot make (rule 4). */
const NOT_FROM_HOSTS = new Set(['controller']);
/** The packages whose code the bundled page script carries besides the widget's. */
const BUNDLED_PACKAGES = ['react', 'react-dom', 'scheduler'];

/** Words the language keeps to itself, never a short name (a property may be one, but not worth it). */
const KEYWORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with yield let static implements interface package private ' +
    'protected public await arguments eval undefined NaN Infinity of as get set'
  ).split(' '),
);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const WORD = /[A-Za-z_$][\w$]*/g;
const FIRST_CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_';
const NEXT_CHARACTERS = `${FIRST_CHARACTERS}0123456789`;

export interface PropertyRenaming {
  /** Long name to short name, the most used first. */
  names: Map<string, string>;
  /** Names the widget declares that stay, each with the first rule that keeps it. */
  kept: Map<string, string>;
}

export function isWidgetSource(file: string): boolean {
  const path = relative(SOURCES, file);
  if (path.startsWith('..') || path.includes(`__tests__${sep}`)) return false;
  return !path.startsWith(`test${sep}`) && !file.endsWith('.d.ts');
}

function listSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The widget's sources as TypeScript checks them (message ids read it too: renameMessageIds.ts). */
export function createWidgetProgram(): ts.Program {
  const configPath = join(REPO, 'tsconfig.base.json');
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, REPO);
  // The widget's ambient declarations (`*.css?inline`) too, so the program type-checks as tsc does.
  const files = listSources(SOURCES).filter(
    (file) => isWidgetSource(file) || file.endsWith('.d.ts'),
  );
  return ts.createProgram(files, { ...parsed.options, noEmit: true });
}

function stringWords(text: string, into: Set<string>): void {
  for (const [word] of text.matchAll(WORD)) into.add(word);
}

/**
 * Rule 1, code outside the widget: every identifier but a parameter's or a type
 * parameter's own name (which no object has), and every string that is a name.
 */
function collectOutsideNames(node: ts.Node, into: Set<string>): void {
  const visit = (child: ts.Node): void => {
    if (ts.isIdentifier(child) || ts.isPrivateIdentifier(child)) {
      const parent: ts.Node | undefined = child.parent;
      const ownName = parent && (ts.isParameter(parent) || ts.isTypeParameterDeclaration(parent));
      if (!(ownName && parent.name === child)) into.add(child.text);
    } else if (ts.isStringLiteralLike(child) && IDENTIFIER.test(child.text)) {
      into.add(child.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
}

/** Whether `node` is in a type, which the build erases (`Pick<State, 'text'>`). */
function isInType(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isTypeNode(at) && !ts.isExpressionWithTypeArguments(at)) return true;
    if (ts.isStatement(at) || ts.isExpression(at)) return false;
  }
  return false;
}

/**
 * The name `node` writes where an object's property is named: a property read, an object
 * literal's or a class's or a type's member, a destructured property, a JSX attribute, an
 * import or export name, or a string that is a name (a string may name a property). This is
 * what a short name must never be (variables and types do not matter).
 */
function propertyNameAt(node: ts.Node): string | null {
  if (ts.isStringLiteralLike(node)) return IDENTIFIER.test(node.text) ? node.text : null;
  if (!ts.isIdentifier(node) && !ts.isPrivateIdentifier(node)) return null;
  const parent: ts.Node | undefined = node.parent;
  if (!parent) return null;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return node.text;
  if (ts.isBindingElement(parent) && ts.isObjectBindingPattern(parent.parent)) {
    return (parent.propertyName ?? parent.name) === node ? node.text : null;
  }
  const named =
    ts.isObjectLiteralElement(parent) ||
    ts.isClassElement(parent) ||
    ts.isTypeElement(parent) ||
    ts.isEnumMember(parent) ||
    ts.isJsxAttribute(parent) ||
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent);
  return named ? node.text : null;
}

function collectPropertyNames(root: ts.Node, into: Set<string>): void {
  const visit = (node: ts.Node): void => {
    const name = propertyNameAt(node);
    if (name !== null) into.add(name);
    ts.forEachChild(node, visit);
  };
  visit(root);
}

/**
 * React's code as npm ships it: its property names and strings. Its own objects
 * (`ReactSharedInternals.H`, a lazy part's `_payload`) may meet the widget's (props,
 * thenables), so their names are neither renamed nor taken as short names.
 */
function collectBundledCodeNames(into: Set<string>): void {
  const require = createRequire(import.meta.url);
  for (const name of BUNDLED_PACKAGES) {
    const folder = join(dirname(require.resolve(`${name}/package.json`)), 'cjs');
    for (const file of readdirSync(folder).filter((path) => path.endsWith('.production.js'))) {
      const text = readFileSync(join(folder, file), 'utf8');
      // Parents set: propertyNameAt reads them.
      const source = ts.createSourceFile(
        file,
        text,
        ts.ScriptTarget.ES2022,
        true,
        ts.ScriptKind.JS,
      );
      collectPropertyNames(source, into);
    }
  }
}

/**
 * Rule 4: every property name reachable from `type`. Types declared outside the widget
 * (the DOM's, the contract's) are only looked through for their type arguments
 * (`Promise<...>`): their own names are rule 1's already.
 */
function collectReachableNames(
  checker: ts.TypeChecker,
  start: ts.Type,
  skip: ReadonlySet<string>,
): Set<string> {
  const names = new Set<string>();
  const seen = new Set<ts.Type>();
  const queue: ts.Type[] = [start];
  const typeOf = (symbol: ts.Symbol) => {
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (declaration) queue.push(checker.getTypeOfSymbolAtLocation(symbol, declaration));
  };
  for (let type = queue.pop(); type; type = queue.pop()) {
    if (seen.has(type)) continue;
    seen.add(type);
    if (type.isUnionOrIntersection()) queue.push(...type.types);
    if (type.flags & ts.TypeFlags.Object) {
      queue.push(...checker.getTypeArguments(type as ts.TypeReference));
    }
    const declarations = (type.aliasSymbol ?? type.getSymbol())?.declarations ?? [];
    if (!declarations.some((node) => isWidgetSource(node.getSourceFile().fileName))) continue;
    for (const property of checker.getPropertiesOfType(type)) {
      if (type === start && skip.has(property.name)) continue;
      names.add(property.name);
      typeOf(property);
    }
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      signature.getParameters().forEach(typeOf);
      queue.push(signature.getReturnType());
    }
  }
  return names;
}

function memberName(node: ts.Node): string | null {
  if (
    (ts.isPropertySignature(node) ||
      ts.isPropertyDeclaration(node) ||
      ts.isMethodSignature(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    ts.isIdentifier(node.name)
  ) {
    return node.name.text;
  }
  return null;
}

function isInDeclareBlock(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isModuleDeclaration(at)) return true;
    if (ts.getCombinedModifierFlags(at as ts.Declaration) & ts.ModifierFlags.Ambient) return true;
  }
  return false;
}

/** The sequence a, b, ..., _, aa, ab, ... (first characters cannot be digits). */
export function* shortNames(): Generator<string> {
  for (let length = 1; ; length += 1) {
    const build = function* (prefix: string): Generator<string> {
      if (prefix.length === length) {
        yield prefix;
        return;
      }
      const characters = prefix === '' ? FIRST_CHARACTERS : NEXT_CHARACTERS;
      for (const character of characters) yield* build(prefix + character);
    };
    yield* build('');
  }
}

/** The table of short names for the widget's own property names (see the file's comment). */
export function choosePropertyNames(program = createWidgetProgram()): PropertyRenaming {
  const checker = program.getTypeChecker();
  const outside = new Set<string>();
  const declared = new Set<string>();
  const strings = new Set<string>();
  const catalogueKeys = new Set<string>();
  const exported = new Set<string>();
  const subclassMembers = new Set<string>();
  const declareBlocks = new Set<string>();
  /** Property names (propertyNameAt) anywhere: never a short name. */
  const properties = new Set<string>();
  const uses = new Map<string, number>();

  for (const file of program.getSourceFiles()) {
    if (!isWidgetSource(file.fileName)) {
      collectOutsideNames(file, outside);
      collectPropertyNames(file, properties);
      continue;
    }
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (moduleSymbol) {
      for (const symbol of checker.getExportsOfModule(moduleSymbol)) exported.add(symbol.name);
    }
    const inCatalogues = !relative(CATALOGUES, file.fileName).startsWith('..');
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) uses.set(node.text, (uses.get(node.text) ?? 0) + 1);
      else if (
        (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) &&
        !isInType(node)
      ) {
        stringWords(node.text, strings);
      }
      const property = propertyNameAt(node);
      if (property !== null) properties.add(property);
      if (inCatalogues && ts.isObjectLiteralElementLike(node) && node.name) {
        if (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) {
          catalogueKeys.add(node.name.text);
        }
      }
      const name = memberName(node);
      if (name !== null) {
        const owner = node.parent;
        if (isInDeclareBlock(node)) declareBlocks.add(name);
        else if (ts.isClassLike(owner) && owner.heritageClauses?.length) subclassMembers.add(name);
        else if (!ts.isObjectLiteralExpression(owner)) declared.add(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const bundledCode = new Set<string>();
  collectBundledCodeNames(bundledCode);
  bundledCode.forEach((name) => {
    outside.add(name);
    properties.add(name);
  });

  const mountModule = program.getSourceFile(MOUNT_MODULE);
  const mountSymbol = mountModule && checker.getSymbolAtLocation(mountModule);
  const options =
    mountSymbol && checker.getExportsOfModule(mountSymbol).find((s) => s.name === MOUNT_OPTIONS);
  if (!options) throw new Error(`${MOUNT_MODULE} no longer exports ${MOUNT_OPTIONS}`);
  const hostNames = collectReachableNames(
    checker,
    checker.getDeclaredTypeOfSymbol(options),
    NOT_FROM_HOSTS,
  );

  const rules: [string, ReadonlySet<string>][] = [
    ['outside the widget', outside],
    ['in a string', strings],
    ['a message catalogue key', catalogueKeys],
    ["reachable from mount()'s options", hostNames],
    ['an export name', exported],
    ['a member of a subclass', subclassMembers],
    ['in a declare block', declareBlocks],
  ];
  const kept = new Map<string, string>();
  const renamed: string[] = [];
  for (const name of declared) {
    const rule = name.length <= 2 ? 'too short' : rules.find(([, names]) => names.has(name))?.[0];
    if (rule) kept.set(name, rule);
    else renamed.push(name);
  }
  renamed.sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0) || (a < b ? -1 : 1));

  const taken = (name: string) => KEYWORDS.has(name) || properties.has(name);
  const names = new Map<string, string>();
  const pool = shortNames();
  for (const name of renamed) {
    let short = pool.next().value;
    while (short === undefined || taken(short)) short = pool.next().value;
    names.set(name, short);
  }
  return { names, kept };
}

/** Terser's `mangle.properties` for this table: its names and nothing else, as the table says. */
export function terserPropertyRenaming(names: ReadonlyMap<string, string>): {
  regex: RegExp;
  cache: { props: Map<string, string> };
} {
  const escaped = [...names.keys()].map((name) => name.replace(/\$/g, '\\$'));
  return {
    // No name matches when the table is empty.
    regex: new RegExp(`^(?:${escaped.join('|') || '(?!)'})$`),
    cache: { props: new Map(names) },
  };
}

interface EstreeNode {
  type: string;
  [key: string]: unknown;
}

function isNode(value: unknown): value is EstreeNode {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string'
  );
}

function keyName(key: unknown, computed: unknown): string | null {
  if (!isNode(key)) return null;
  if (key.type === 'Identifier' && !computed && typeof key.name === 'string') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/** Property names, strings and export names written in a module's code (Rollup's ESTree). */
export function namesInCode(ast: unknown): { properties: Set<string>; exports: Set<string> } {
  const properties = new Set<string>();
  const exports = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isNode(node)) return;
    switch (node.type) {
      case 'MemberExpression': {
        const name = keyName(node.property, node.computed);
        if (name !== null) properties.add(name);
        break;
      }
      case 'Property':
      case 'MethodDefinition':
      case 'PropertyDefinition': {
        const name = keyName(node.key, node.computed);
        if (name !== null) properties.add(name);
        break;
      }
      case 'Literal':
        if (typeof node.value === 'string') properties.add(node.value);
        break;
      case 'TemplateElement': {
        const value = node.value;
        const cooked: unknown =
          typeof value === 'object' && value !== null ? Reflect.get(value, 'cooked') : null;
        if (typeof cooked === 'string') properties.add(cooked);
        break;
      }
      case 'ExportSpecifier': {
        const name = keyName(node.exported, false);
        if (name !== null) exports.add(name);
        break;
      }
      default:
        break;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'type' && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  return { properties, exports };
}

/** What `guardRenamedProperties` stops a build for, given the names in a chunk's code. */
export function findRenamingConflicts(
  names: ReadonlyMap<string, string>,
  outsideCode: ReadonlySet<string>,
  chunkCode: ReadonlySet<string>,
  exportNames: ReadonlySet<string>,
): string[] {
  const conflicts: string[] = [];
  for (const [name, short] of names) {
    if (outsideCode.has(name)) conflicts.push(`${name} is written in code outside the widget`);
    if (exportNames.has(name)) conflicts.push(`${name} is an export name`);
    if (chunkCode.has(short))
      conflicts.push(`${name}'s short name ${short} is already in the code`);
  }
  return conflicts;
}

/**
 * Stops the build, before terser renames a chunk, when the table would rename a name that
 * the chunk's code from outside the widget's sources writes (a dependency, React), or an
 * export name of any module, or give a short name the chunk's code already has as a
 * property or a string (see the file's comment).
 */
export function guardRenamedProperties(names: ReadonlyMap<string, string>): Plugin {
  const outsideModules = new Map<string, Set<string>>();
  const exportNames = new Set<string>();
  return {
    name: 'partners-network:guard-renamed-properties',
    apply: 'build',
    moduleParsed(info) {
      const found = namesInCode(info.ast);
      if (!isWidgetSource(info.id.split('?')[0] ?? info.id)) {
        outsideModules.set(info.id, found.properties);
      }
      found.exports.forEach((name) => exportNames.add(name));
      info.exports?.forEach((name) => exportNames.add(name));
    },
    renderChunk(code, chunk) {
      const outsideCode = new Set<string>();
      for (const [id, module] of Object.entries(chunk.modules)) {
        if (module.renderedLength > 0) outsideModules.get(id)?.forEach((n) => outsideCode.add(n));
      }
      const chunkCode = namesInCode(this.parse(code)).properties;
      const conflicts = findRenamingConflicts(names, outsideCode, chunkCode, exportNames);
      if (conflicts.length > 0) {
        this.error(
          `property renaming (scripts/renameProperties.ts), ${chunk.fileName}: ${conflicts.join('; ')}`,
        );
      }
      return null;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { names, kept } = choosePropertyNames();
  console.log(`${names.size} renamed:`);
  console.log([...names].map(([name, short]) => `${name}=${short}`).join(' '));
  console.log(`${kept.size} kept:`);
  const byRule = new Map<string, string[]>();
  for (const [name, rule] of kept) byRule.set(rule, [...(byRule.get(rule) ?? []), name]);
  for (const [rule, list] of byRule) console.log(`  ${rule}: ${list.sort().join(' ')}`);
}
