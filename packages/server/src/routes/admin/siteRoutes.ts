/**
 * The admin API's reads for the console: GET /o/preferred-partners/v1/sites (every site),
 * GET …/{companyId}/{scopeGroupId}/definitions (what a partner can refer to, every locale's
 * texts) and GET …/partners?q=&sort=&order=&offset=&limit= (a page of the partner table).
 */
import type { FastifyInstance } from 'fastify';
import type {
  AdminSiteDefinitions,
  AdminSites,
  PartnerListItem,
  PartnerPage,
} from '@partners-network/contract';
import {
  ADMIN_SITES_PATH,
  API_BASE_PATH,
  partnerListQuerySchema,
} from '@partners-network/contract';
import { describeIssues } from '../../http/describeIssues';
import { sendProblem } from '../../http/sendProblem';
import type { SearchService } from '../../service/SearchService';
import { DEFAULT_LOCALE } from '../../store/DirectoryData';
import type { SiteDefinitions } from '../../store/SiteRecords';
import { scopeKey } from '../../store/scopeKey';
import type { ScopeParams } from '../scopeParams';
import { toScope, unknownScopeTitle } from '../scopeParams';
import type { PartnerRoster, RosterPartner } from '../../service/PartnerRoster';
import { wordsOf } from '../../service/PartnerRoster';

export interface SiteRoutesOptions {
  service: SearchService;
  roster: PartnerRoster;
}

const byPosition = <T extends { position: number; id: number }>(a: T, b: T) =>
  a.position - b.position || a.id - b.id;

/** A site's stored definitions as the console reads them: names instead of ids, in order. */
export function toAdminDefinitions(definitions: SiteDefinitions): AdminSiteDefinitions {
  const groups = [...definitions.groups].sort(byPosition);
  const filters = [...definitions.globalFilters].sort(byPosition);
  return {
    locales: [DEFAULT_LOCALE, ...definitions.locales.filter((locale) => locale !== DEFAULT_LOCALE)],
    globalFilters: filters.map((filter) => ({ name: filter.name, label: filter.labels })),
    defaultGlobalFilter:
      filters.find((filter) => filter.id === definitions.defaultGlobalFilterId)?.name ?? null,
    filterGroups: groups.map((group) => ({
      key: group.key,
      name: group.names,
      showAsCategory: group.showAsCategory,
      filterItems: definitions.items
        .filter((item) => item.groupId === group.id)
        .sort(byPosition)
        .map((item) => ({ id: item.id, name: item.names })),
    })),
  };
}

function toListItem(partner: RosterPartner): PartnerListItem {
  return {
    slug: partner.slug,
    title: partner.title,
    url: partner.url,
    position: partner.position,
    globalFilters: partner.globalFilters,
  };
}

/** Each word of the query is found in the partner's slug or titles, case and accents aside. */
function matches(partner: RosterPartner, words: readonly string[]): boolean {
  return words.every((word) => partner.words.includes(word));
}

export async function siteRoutes(app: FastifyInstance, options: SiteRoutesOptions) {
  const { service, roster } = options;

  app.get(ADMIN_SITES_PATH, async (_request, reply) => {
    const versions = await service.source.siteVersions();
    const indexed = new Map(
      service.figures().sites.map((site) => [scopeKey(site), site.indexedPartners]),
    );
    const answer: AdminSites = {
      sites: versions
        .map(({ scope }) => ({
          companyId: scope.companyId,
          scopeGroupId: scope.scopeGroupId,
          partnerCount: indexed.get(scopeKey(scope)) ?? null,
        }))
        .sort(
          (a, b) =>
            a.companyId.localeCompare(b.companyId) || a.scopeGroupId.localeCompare(b.scopeGroupId),
        ),
    };
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.get<{ Params: ScopeParams }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/definitions`,
    async (request, reply) => {
      const scope = toScope(request.params);
      const site = await roster.read(scope);
      if (!site) return sendProblem(reply, 404, unknownScopeTitle(scope));
      return reply.header('Cache-Control', 'no-store').send(toAdminDefinitions(site.definitions));
    },
  );

  app.get<{ Params: ScopeParams }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/partners`,
    async (request, reply) => {
      const scope = toScope(request.params);
      const query = partnerListQuerySchema.safeParse(request.query);
      if (!query.success) {
        return sendProblem(reply, 400, describeIssues(query.error.issues, request.query, 'query'));
      }
      const site = await roster.read(scope);
      if (!site) return sendProblem(reply, 404, unknownScopeTitle(scope));
      const { q, sort, order, offset, limit } = query.data;
      const words = wordsOf(q);
      const sorted = site.sorted(sort);
      const ordered = order === 'asc' ? sorted : [...sorted].reverse();
      const found = words.length === 0 ? ordered : ordered.filter((p) => matches(p, words));
      const answer: PartnerPage = {
        partners: found.slice(offset, offset + limit).map(toListItem),
        total: found.length,
        offset,
        limit,
      };
      return reply.header('Cache-Control', 'no-store').send(answer);
    },
  );
}
