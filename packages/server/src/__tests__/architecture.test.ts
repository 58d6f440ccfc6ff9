/**
 * The server's layers, checked on the source files: each folder imports only from the
 * folders below it, no modules import each other in a circle, and no function is longer
 * than a reader takes in at once. Tests (`__tests__/`) may import anything.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What each folder may import besides itself, lowest first. The files at the top
 * (app.ts, server.ts, index.ts…) compose everything and may import anything.
 */
const LAYERS: Record<string, readonly string[]> = {
  cache: [],
  logos: [],
  metrics: [],
  search: ['cache'],
  store: [],
  geo: ['search', 'store', 'cache'],
  site: ['search', 'store', 'cache', 'geo'],
  seed: ['store', 'logos'],
  importFile: ['store', 'logos'],
  stats: ['search', 'store', 'metrics'],
  answer: ['site', 'search', 'store', 'cache', 'stats'],
  service: ['answer', 'site', 'search', 'store', 'cache', 'metrics', 'seed', 'geo', 'stats'],
  http: ['store', 'cache'],
  contact: ['service', 'store'],
  openapi: ['store', 'importFile', 'geo'],
  routes: [
    'http',
    'metrics',
    'openapi',
    'service',
    'store',
    'importFile',
    'logos',
    'contact',
    'stats',
    'geo',
  ],
  cli: ['service', 'importFile', 'seed', 'store'],
};

/** Lines of code a function may have of its own (blank and comment lines aside). */
const MAX_FUNCTION_LINES = 80;
/** SearchService is the routes' facade: its jobs live in SiteLifecycle, DirectoryWrites, answer/. */
const MAX_FACADE_LINES = 200;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The project files a file imports (static, dynamic, type-only and re-exports), relative to src. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].flatMap((match) => {
    const specifier = match[1];
    if (specifier === undefined) return [];
    const target = relative(srcDir, resolve(dirname(file), specifier));
    return [target.endsWith('.ts') ? target : `${target}.ts`];
  });
}

/** A file's top folder under src (store/sqlite is store), or '' for the files at the top. */
function layerOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 1 ? (parts[0] ?? '') : '';
}

function upwardImports(): string[] {
  return sourceFiles(srcDir).flatMap((file) => {
    const from = relative(srcDir, file);
    const layer = layerOf(from);
    if (layer === '') return [];
    const allowed = LAYERS[layer];
    if (!allowed) return [`${from}: its folder is in no layer`];
    return importsOf(file)
      .filter((target) => {
        const to = layerOf(target);
        return to !== layer && !allowed.includes(to);
      })
      .map((target) => `${from} -> ${target}`);
  });
}

function importGraph(): Map<string, string[]> {
  return new Map(sourceFiles(srcDir).map((file) => [relative(srcDir, file), importsOf(file)]));
}

/** Each circle of a graph, as its members (Tarjan's strongly connected components). */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    order.set(node, order.size);
    low.set(node, order.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, order.get(next) ?? 0));
      }
    }
    if (low.get(node) === order.get(node)) {
      const circle: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        circle.push(member);
      } while (member !== node);
      if (circle.length > 1) circles.push(circle);
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return circles;
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/**
 * Functions over the limit, with their own lines of code: the lines of a function that
 * are not blank, not only a comment, and not inside a function nested in it (which is
 * measured on its own).
 */
function longFunctions(files: readonly string[], limit: number): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const lines = text.split('\n');
    const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if (isFunction(node) && node.body) {
        const nested = new Set<number>();
        const markNested = (child: ts.Node) => {
          if (isFunction(child) && child.body) {
            const last = lineOf(child.end);
            for (let line = lineOf(child.getStart(source)) + 1; line <= last; line += 1) {
              nested.add(line);
            }
          } else ts.forEachChild(child, markNested);
        };
        ts.forEachChild(node, markNested);
        let own = 0;
        for (let line = lineOf(node.getStart(source)); line <= lineOf(node.end); line += 1) {
          const code = (lines[line] ?? '').trim();
          if (nested.has(line) || code === '' || /^(\/\/|\/\*|\*)/.test(code)) continue;
          own += 1;
        }
        if (own > limit) {
          const name = node.name?.getText(source) ?? '(anonymous)';
          found.push(
            `${relative(srcDir, file)}:${lineOf(node.getStart(source)) + 1} ${name}: ${own}`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

describe('architecture of the server', () => {
  it('imports only from the layers below', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(circlesOf(importGraph())).toEqual([]);
  });

  it(`has no function of more than ${MAX_FUNCTION_LINES} lines of its own`, () => {
    expect(longFunctions(sourceFiles(srcDir), MAX_FUNCTION_LINES)).toEqual([]);
  });

  it(`keeps SearchService, the routes' facade, under ${MAX_FACADE_LINES} lines`, () => {
    const facade = readFileSync(join(srcDir, 'service', 'SearchService.ts'), 'utf8');
    expect(facade.split('\n').length).toBeLessThan(MAX_FACADE_LINES);
  });

  it('sees an upward import, a circle and a long function when there is one (it is not blind)', () => {
    expect(importsOf(join(srcDir, 'service', 'openStore.ts'))).toContain(
      join('store', 'sqlite', 'openSource.ts'),
    );
    expect(LAYERS.store).not.toContain('service');
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circlesOf(circle).map((members) => [...members].sort())).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
    ]);
    // The longest function of the answer path, measured against a smaller limit.
    expect(longFunctions([join(srcDir, 'answer', 'SiteAnswers.ts')], 10)).not.toEqual([]);
  });
});
