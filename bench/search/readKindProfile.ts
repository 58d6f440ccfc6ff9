/**
 * Reads a CPU profile of `profileNearKind.ts`: for the samples under `slowKindNear` and
 * under `slowKindText`, the self time by function (µs a search), the largest differences
 * first. Not part of `npm run bench`:
 *   npx tsx bench/search/readKindProfile.ts <profile.cpuprofile> [searches] [top]
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';

const nodeSchema = z.object({
  id: z.number(),
  callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
  children: z.optional(z.array(z.number())),
});
type Node = z.infer<typeof nodeSchema>;
const profileSchema = z.object({
  nodes: z.array(nodeSchema),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
const [path, searchesArg, topArg] = process.argv.slice(2);
if (!path) throw new Error('a profile path');
const profile = profileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
const searches = Number(searchesArg ?? 1);
const top = Number(topArg ?? 40);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const nameOf = (node: Node) => {
  const file = node.callFrame.url.split('/').slice(-2).join('/');
  return `${node.callFrame.functionName || '(anon)'} ${file}:${node.callFrame.lineNumber + 1}`;
};
const markerOf = new Map<number, string | null>();
const marker = (id: number): string | null => {
  const known = markerOf.get(id);
  if (known !== undefined) return known;
  const node = byId.get(id);
  let found: string | null = null;
  if (node) {
    const name = node.callFrame.functionName;
    if (name === 'slowKindNear' || name === 'slowKindText') found = name;
    else {
      const up = parent.get(id);
      found = up === undefined ? null : marker(up);
    }
  }
  markerOf.set(id, found);
  return found;
};
const self = { slowKindNear: new Map<string, number>(), slowKindText: new Map<string, number>() };
const totals = { slowKindNear: 0, slowKindText: 0 };
profile.samples.forEach((id, at) => {
  const which = marker(id);
  if (which !== 'slowKindNear' && which !== 'slowKindText') return;
  const node = byId.get(id);
  if (!node) return;
  const delta = profile.timeDeltas[at + 1] ?? profile.timeDeltas[at] ?? 0;
  const name = nameOf(node);
  self[which].set(name, (self[which].get(name) ?? 0) + delta);
  totals[which] += delta;
});
const names = new Set([...self.slowKindNear.keys(), ...self.slowKindText.keys()]);
const rows = [...names].map((name) => {
  const n = (self.slowKindNear.get(name) ?? 0) / searches;
  const t = (self.slowKindText.get(name) ?? 0) / searches;
  return { name, n, t };
});
rows.sort((a, b) => Math.abs(b.n - b.t) - Math.abs(a.n - a.t));
console.log(
  `sampled µs a search: near ${(totals.slowKindNear / searches).toFixed(1)}, text ${(totals.slowKindText / searches).toFixed(1)}`,
);
for (const row of rows.slice(0, top)) {
  console.log(
    `${(row.n - row.t).toFixed(2).padStart(7)}  near ${row.n.toFixed(2).padStart(6)} text ${row.t.toFixed(2).padStart(6)}  ${row.name}`,
  );
}
