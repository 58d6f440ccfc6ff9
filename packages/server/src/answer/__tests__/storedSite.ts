import type { Scope } from '@partners-network/contract';
import { mergeDirectory } from '../../service/mergeDirectory';
import type { StoredSite } from '../../store/PartnerSource';
import { directoryDataSchema } from '../../store/DirectoryData';
import { emptyDefinitions, emptyTuning } from '../../store/SiteRecords';
import { scopeKey } from '../../store/scopeKey';
import { storeFixture } from '../../store/__tests__/storeFixture';

/** A site of the fixture as a source would store it, without a database. */
export function storedSite(scope: Scope): StoredSite {
  const data = directoryDataSchema.parse(storeFixture());
  const states = data.sites.map(({ companyId, scopeGroupId }) => ({
    scope: { companyId, scopeGroupId },
    existed: false,
    definitions: emptyDefinitions(),
    tuning: emptyTuning(),
    partners: new Map(),
    maxPosition: -1,
  }));
  const { changes } = mergeDirectory(data, states);
  const change = changes.find((one) => scopeKey(one.scope) === scopeKey(scope));
  if (!change) throw new Error('the fixture has no such site');
  const partners = change.upserts
    .map((partner, at) => ({ id: at + 1, ...partner }))
    .sort((a, b) => a.position - b.position || a.id - b.id);
  return {
    id: 1,
    scope,
    version: 1,
    definitions: change.definitions,
    tuning: emptyTuning(),
    partners,
  };
}
