/**
 * Turns a page-script build into a Liferay customElement client extension:
 * `liferay/partners-network-search/dist/` gets every file the entry loads (hashed
 * names, as built) and `client-extension.yaml` is written next to it, naming the
 * entry read from the build manifest. A Liferay workspace deploys that folder as it
 * is (`assemble` copies dist/ into the extension's static files).
 *
 *   tsx scripts/writeClientExtension.ts [--variant=bundled|external-react] [--out=DIR]
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuildManifest } from './readBuildManifest';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = resolve(here, '../dist');
export const DEFAULT_OUT = resolve(here, '../../../liferay/partners-network-search');
export const ELEMENT_NAME = 'partners-network-search';
export type Variant = 'bundled' | 'external-react';

export interface PageScriptFiles {
  /** The module Liferay loads (`urls`). */
  entry: string;
  /** Stylesheets to list in `cssURLs` (none today: styles live in the shadow root). */
  css: string[];
  /** Every file the entry may load, the entry included: what goes into static/. */
  files: string[];
}

/** The entry of a build and everything it imports, from Vite's manifest. */
export function readPageScriptFiles(buildDir: string): PageScriptFiles {
  const manifestPath = join(buildDir, '.vite', 'manifest.json');
  const manifest = readBuildManifest(buildDir);
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const [entryKey, entryChunk] = entries[0] ?? [];
  if (entries.length !== 1 || entryKey === undefined || entryChunk === undefined) {
    throw new Error(`${manifestPath} should have one entry, has ${entries.length}`);
  }
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) {
      files.add(sheet);
      css.add(sheet);
    }
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.forEach(visit);
  };
  visit(entryKey);
  return { entry: entryChunk.file, css: [...css], files: [...files] };
}

/** The client-extension.yaml of the element, naming the built files. */
export function renderClientExtensionYaml(files: Pick<PageScriptFiles, 'entry' | 'css'>): string {
  const list = (items: string[]) => items.map((item) => `\n    - ${item}`).join('');
  return `# Written by packages/widget/scripts/writeClientExtension.ts from the build manifest
# (npm run build): do not edit, build again.
assemble:
  - from: dist
    into: static
${ELEMENT_NAME}:
  name: Partners Network Search
  type: customElement
  htmlElementName: ${ELEMENT_NAME}
  friendlyURLMapping: ${ELEMENT_NAME}
  instanceable: true
  portletCategoryName: category.client-extensions
  useESM: true
  urls:${list([files.entry])}
${
  // The widget's styles are adopted inside its shadow root: no page stylesheet needed.
  files.css.length > 0 ? `  cssURLs:${list(files.css)}\n` : ''
}`;
}

export function writeClientExtension({
  variant = 'bundled',
  dist = DIST,
  out = DEFAULT_OUT,
}: { variant?: Variant; dist?: string; out?: string } = {}): PageScriptFiles {
  const buildDir = join(dist, variant);
  const files = readPageScriptFiles(buildDir);
  const staticDir = join(out, 'dist');
  rmSync(staticDir, { recursive: true, force: true });
  mkdirSync(staticDir, { recursive: true });
  for (const file of files.files) {
    mkdirSync(dirname(join(staticDir, file)), { recursive: true });
    cpSync(join(buildDir, file), join(staticDir, file));
  }
  writeFileSync(join(out, 'client-extension.yaml'), renderClientExtensionYaml(files));
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name: string) =>
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const variant = option('variant') ?? 'bundled';
  if (variant !== 'bundled' && variant !== 'external-react') {
    console.error(`--variant must be bundled or external-react, got "${variant}".`);
    process.exit(1);
  }
  const outOption = option('out');
  const out = outOption ? resolve(outOption) : DEFAULT_OUT;
  const files = writeClientExtension({ variant, out });
  console.log(
    `Liferay client extension (${variant}): ${join(out, 'client-extension.yaml')} -> ${files.entry}`,
  );
}
