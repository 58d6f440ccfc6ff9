/**
 * Compiles andCount.wat into andCountModule.ts (`npm run wasm -w @partners-network/server`).
 * The module's bytes are kept in the source so the server needs no build step and no
 * WebAssembly toolkit at run time; a test compiles the text again and compares.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import wabt from 'wabt';

const WAT = fileURLToPath(new URL('./andCount.wat', import.meta.url));
const MODULE = fileURLToPath(new URL('./andCountModule.ts', import.meta.url));

/** The module's bytes, from its text. */
export async function compileAndCount(): Promise<Uint8Array> {
  const toolkit = await wabt();
  const parsed = toolkit.parseWat('andCount.wat', readFileSync(WAT, 'utf8'));
  try {
    return parsed.toBinary({}).buffer;
  } finally {
    parsed.destroy();
  }
}

/** andCountModule.ts for those bytes. */
export function moduleSource(bytes: Uint8Array): string {
  return [
    '// Generated from andCount.wat by compileAndCount.ts (`npm run wasm -w @partners-network/server`).',
    '// Do not edit: change the .wat and compile again; a test checks the two agree.',
    'export const AND_COUNT_WASM =',
    `  '${Buffer.from(bytes).toString('base64')}';`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(MODULE, moduleSource(await compileAndCount()));
  console.log(`wrote ${MODULE}`);
}
