// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressFolder } from '../precompressFolder';

let folder = '';

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

it('writes brotli and gzip copies of text files that decompress to the original', () => {
  folder = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(folder, 'assets'));
  mkdirSync(join(folder, '.vite'));
  const script = `export const words = ${JSON.stringify('partner '.repeat(500))};\n`;
  writeFileSync(join(folder, 'assets', 'app-1a2b3c.js'), script);
  writeFileSync(join(folder, 'assets', 'tiny.css'), 'a{color:red}');
  writeFileSync(join(folder, 'hero.jpg'), Buffer.alloc(4096, 7));
  writeFileSync(join(folder, '.vite', 'manifest.json'), '{}'.padEnd(2048, ' '));

  const written = precompressFolder(folder);

  expect(written.map((entry) => entry.file)).toEqual([join(folder, 'assets', 'app-1a2b3c.js')]);
  const path = join(folder, 'assets', 'app-1a2b3c.js');
  expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
  expect(written[0]?.brotli).toBeLessThan(script.length / 10);
  // Too small to gain, already compressed, or never sent to a browser: left alone.
  expect(existsSync(join(folder, 'assets', 'tiny.css.br'))).toBe(false);
  expect(existsSync(join(folder, 'hero.jpg.br'))).toBe(false);
  expect(existsSync(join(folder, '.vite', 'manifest.json.br'))).toBe(false);
});
