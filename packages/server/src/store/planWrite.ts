/**
 * The write protocol both sources follow, in the parts that are the same in every
 * database: what a write does once it has read its sites (which of them it keeps, which
 * changes it writes, how far it reports progress) and when it forgets old removals.
 * Each source reads, locks and writes with its own statements (sqlite/ and postgres/).
 */
import type { SiteChange, SiteWriteState } from './PartnerSource';
import { scopeKey } from './scopeKey';

/**
 * Removals kept, in versions: a server further behind than this loads its site whole.
 * Bounds the table a replace import fills (one row per partner removed).
 */
export const REMOVALS_KEPT = 10_000;

/** A site a write read: its state, and its row id in the database. */
export interface ReadSite {
  id: number;
  state: SiteWriteState;
}

export interface WritePlan<T> {
  result: T;
  /** Sites created for the read that nothing changes: they are not kept. */
  dropped: number[];
  /** What to write, by site row id, in the order computed. */
  changes: { id: number; change: SiteChange }[];
  /** Partners the changes write, for progress. */
  total: number;
}

/** Runs the write's computation over the sites read and lays out what to write. */
export function planWrite<T>(
  read: readonly ReadSite[],
  compute: (states: SiteWriteState[]) => { changes: SiteChange[]; result: T },
): WritePlan<T> {
  const { changes, result } = compute(read.map((site) => site.state));
  const ids = new Map(read.map((site) => [scopeKey(site.state.scope), site.id]));
  const changed = new Set(changes.map((change) => scopeKey(change.scope)));
  return {
    result,
    dropped: read.flatMap((site) =>
      !site.state.existed && !changed.has(scopeKey(site.state.scope)) ? [site.id] : [],
    ),
    changes: changes.map((change) => {
      const id = ids.get(scopeKey(change.scope));
      if (id === undefined) throw new Error('a change for a site that was not read');
      return { id, change };
    }),
    total: changes.reduce((sum, change) => sum + change.upserts.length, 0),
  };
}

/**
 * Every 100th version of a site forgets the removals older than REMOVALS_KEPT versions:
 * the version up to which it prunes, else undefined.
 */
export function pruneUpTo(version: number): number | undefined {
  return version % 100 === 0 ? version - REMOVALS_KEPT : undefined;
}
