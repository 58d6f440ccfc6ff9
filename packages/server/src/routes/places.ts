/**
 * GET …/{companyId}/{scopeGroupId}/places?q=Lyo&locale=fr-FR: up to 8 cities of the
 * gazetteer for a typed beginning, best known first, each in the visitor's language where
 * the gazetteer has it, with its country and how many partners of the site are there.
 */
import type { FastifyInstance } from 'fastify';
import type { PlacesResponse } from '@partners-network/contract';
import { API_BASE_PATH } from '@partners-network/contract';
import type { Gazetteer } from '../geo/Gazetteer';
import { gazetteer as sharedGazetteer } from '../geo/loadGazetteer';
import { MAX_PLACES, placesQuerySchema } from '../geo/placesQuery';
import { suggestPlaces } from '../geo/suggestPlaces';
import { describeIssues } from '../http/describeIssues';
import { sendProblem } from '../http/sendProblem';
import type { PartnerStore } from '../store/PartnerStore';
import { readLocale } from './readLocale';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

export async function places(
  app: FastifyInstance,
  options: { store: PartnerStore; gazetteer?: () => Gazetteer },
): Promise<void> {
  const world = options.gazetteer ?? sharedGazetteer;
  app.get<{ Params: ScopeParams }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/places`,
    async (request, reply) => {
      const locale = readLocale(request.query);
      if (!locale.ok) return sendProblem(reply, 400, locale.title);
      const query = placesQuerySchema.safeParse(request.query ?? {});
      if (!query.success) {
        return sendProblem(reply, 400, describeIssues(query.error.issues, request.query, 'query'));
      }
      const scope = toScope(request.params);
      const locations = options.store.siteLocations
        ? await options.store.siteLocations(scope)
        : null;
      if (!locations && !(await options.store.hasScope(scope))) {
        return sendProblem(reply, 404, unknownScopeTitle(scope));
      }
      const body: PlacesResponse = {
        places: suggestPlaces(world(), query.data.q, locale.locale, {
          byCity: locations?.partnersByCity() ?? new Map<string, number>(),
          limit: MAX_PLACES,
        }),
      };
      return reply.send(body);
    },
  );
}
