/**
 * Diagnostic, not part of `npm run bench`: where the API process spends its time answering
 * the first search (empty text, default filter) at 10 connections, next to the floor.
 * Runs each in a child process with `--cpu-prof` for a few seconds of load and prints the
 * functions with the most self time, and the share by package.
 *
 *   npx tsx bench/server/profileServer.ts [partnerCount=10000]
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createXsrfToken, openSqliteStore } from '@partners-network/server';
import { startChild } from '../lib/child';
import { ensureDirectoryDb } from './directories';
import { CHILD, SCOPE, load } from './measureServer';
import type { MixQuery } from './queryMix';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function isProfile(value: unknown): value is Profile {
  return typeof value === 'object' && value !== null && 'nodes' in value && 'samples' in value;
}

function where(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.includes('/packages/')) return url.slice(url.indexOf('/packages/') + 1);
  if (url.startsWith('node:')) return 'node internals';
  return url ? (url.split('/').pop() ?? url) : '(native)';
}

function summarize(title: string, profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  });
  const byName = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    total += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${where(url)}:${lineNumber + 1}`;
    byName.set(key, (byName.get(key) ?? 0) + micros);
    const place = functionName.startsWith('(') ? functionName : where(url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  }
  const share = (micros: number) => `${((micros / total) * 100).toFixed(1)} %`;
  console.log(`\n## ${title}: ${(total / 1000).toFixed(0)} ms busy`);
  for (const [key, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${share(micros).padStart(7)}  ${key}`);
  }
  console.log('  by place:');
  for (const [key, micros] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`  ${share(micros).padStart(7)}  ${key}`);
  }
}

const count = Number(process.argv[2] ?? 10_000);
const folder = mkdtempSync(join(tmpdir(), 'pn-server-profile-'));
try {
  const path = await ensureDirectoryDb(count);
  const store = openSqliteStore({ path });
  const definitions = await store.getFilterDefinitions(SCOPE, 'en-US');
  if (!definitions) throw new Error('no site');
  const criteria = {
    globalFilter: definitions.defaultGlobalFilter,
    text: '',
    filterItemIds: [],
    offset: 0,
    resultsPerPage: 10,
  };
  const answer = await store.search(SCOPE, criteria, 'en-US');
  await store.close();
  if (!answer) throw new Error('no answer');
  const bodyPath = join(folder, 'page.json');
  writeFileSync(
    bodyPath,
    JSON.stringify({
      partners: answer.partners,
      totalFound: answer.totalFound,
      error: false,
      filterGroups: answer.filterGroups,
      searchPartnersCriteria: answer.appliedCriteria,
    }),
  );
  const query: MixQuery[] = [{ kind: 'first search', locale: 'en-US', criteria }];
  const { token } = createXsrfToken();
  for (const mode of ['api', 'floor'] as const) {
    const dir = join(folder, mode);
    const server = await startChild(
      CHILD,
      { BENCH_MODE: mode, BENCH_DATABASE_PATH: path, BENCH_FLOOR_BODY: bodyPath },
      60_000,
      ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    );
    await load(server.url, query, token, 10, { seconds: 1 });
    const result = await load(server.url, query, token, 10, { seconds: 4 });
    await server.stop();
    console.log(
      `\n${mode}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`,
    );
    for (const file of readdirSync(dir)) {
      const profile: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (isProfile(profile))
        summarize(`${mode}, first search at ${count} partners, 10 connections`, profile);
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
