/**
 * Diagnostic, not part of `npm run bench`: the server section's first-ask pass (the distinct
 * searches of a mix of a third seed, none asked in the warm-up) answered in this process,
 * with no HTTP, on a built site of <partnerCount> partners, asked as the search route asks
 * (`searchKept`: the store makes the answer's JSON): CPU per fresh answer, the time in the
 * store, its brotli, GC pauses, and a sha256 of every answer's JSON (two
 * checkouts must print the same one: answers byte-identical). Run it under
 * `node --import tsx --cpu-prof` for where the CPU goes, with `--trace-gc` for the
 * scavenges between its START and END lines, or with ALLOC_PROFILE=<file> for a sampling
 * profile of what the pass allocates (objects the scavenger collects included; with
 * ALLOC_LIVE=1 only what is still alive at its end: what the pass keeps).
 *
 *   npx tsx bench/server/profileFirstAsks.ts <partnerCount>
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { openSqliteStore } from '@partners-network/server';
import { ensureDirectoryDb } from './directories';
import { SCOPE } from './measureServer';
import { firstAskPass } from './queryMix';
import { searchResponseOf } from '../../packages/server/src/store/searchResponseOf';
import { compressDraftNow } from '../../packages/server/src/http/compression';

const count = Number(process.argv[2] ?? 10000);
const path = await ensureDirectoryDb(count);
const store = openSqliteStore({ path });
await store.warm();
const definitions = await store.getFilterDefinitions(SCOPE, 'en-US');
if (!definitions) throw new Error(`no site in ${path}`);
const { warmUp: warmMix, firstAsks: cold } = firstAskPass(definitions);
for (const q of warmMix) {
  const r = await store.search(SCOPE, q.criteria, q.locale);
  if (r) JSON.stringify(searchResponseOf(r));
}
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
}).observe({ entryTypes: ['gc'] });
const t = { search: 0, json: 0, br: 0 };
const { createHash } = await import('node:crypto');
const answersHash = createHash('sha256');
const per: { ms: number; q: unknown; kind: string }[] = [];
const { Session } = await import('node:inspector/promises');
const session = process.env.ALLOC_PROFILE ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    // ALLOC_LIVE=1: only what is still alive when the profile is taken (what the pass keeps).
    includeObjectsCollectedByMajorGC: process.env.ALLOC_LIVE !== '1',
    includeObjectsCollectedByMinorGC: process.env.ALLOC_LIVE !== '1',
  });
}
console.log('FIRST ASKS START');
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
for (const q of cold) {
  const a = performance.now();
  // As the search route asks: the answer kept as its JSON, its brotli kept in it.
  const r = await store.searchKept(SCOPE, q.criteria, q.locale);
  const b = performance.now();
  if (!r) throw new Error('no answer');
  const json = r.text();
  const c = performance.now();
  answersHash.update(json);
  // As the search route keeps a fresh answer (http/AnswerBodies): its first, quick bytes.
  r.keepEncoded('br', compressDraftNow(json, 'br'));
  const d = performance.now();
  t.search += b - a;
  t.json += c - b;
  t.br += d - c;
  per.push({ ms: d - a, q: { ...q.criteria, locale: q.locale }, kind: q.kind });
}
const wall = performance.now() - wall0;
console.log('FIRST ASKS END');
if (session && process.env.ALLOC_PROFILE) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.ALLOC_PROFILE, JSON.stringify(profile));
}
const cpu = process.cpuUsage(cpu0);
await new Promise((r) => setTimeout(r, 100));
const n = cold.length;
console.log(
  `${n} first asks at ${count}: wall ${((wall / n) * 1000).toFixed(0)} µs/answer, CPU (all threads) ${((cpu.user + cpu.system) / n).toFixed(0)} µs; search ${((t.search / n) * 1000).toFixed(0)}, JSON ${((t.json / n) * 1000).toFixed(0)}, brotli ${((t.br / n) * 1000).toFixed(0)} µs; GC pauses ${((gcMs / n) * 1000).toFixed(0)} µs/answer`,
);
console.log(`answers' sha256 ${answersHash.digest('hex')}`);
per.sort((x, y) => y.ms - x.ms);
const byKind = new Map<string, number[]>();
for (const p of per) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p.ms]);
for (const [k, v] of byKind)
  console.log(
    k.padEnd(22),
    v.length,
    'mean',
    (v.reduce((s, x) => s + x, 0) / v.length).toFixed(2),
    'ms, max',
    Math.max(...v).toFixed(1),
  );
for (const p of per.slice(0, 12)) console.log(p.ms.toFixed(1), p.kind, JSON.stringify(p.q));
await store.close();
