import type { FastifyInstance } from 'fastify';
import type { FilterDefinitions } from '@partners-network/contract';
import { API_BASE_PATH } from '@partners-network/contract';
import { AnswerBodies } from '../http/AnswerBodies';
import { sendProblem } from '../http/sendProblem';
import type { PartnerStore } from '../store/PartnerStore';
import { readLocale } from './readLocale';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

/** The store keeps each site's definitions per locale: their JSON and bytes are made once. */
const bodies = new AnswerBodies<FilterDefinitions>({
  text: (definitions) => JSON.stringify(definitions),
});

/** GET .../:companyId/:scopeGroupId/filter-groups?locale=xx-XX */
export async function filterGroups(
  app: FastifyInstance,
  options: { store: PartnerStore },
): Promise<void> {
  app.get<{ Params: ScopeParams }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/filter-groups`,
    // Compressed here, once per answer (AnswerBodies), not by the plugin on every request.
    { compress: false },
    async (request, reply) => {
      const locale = readLocale(request.query);
      if (!locale.ok) return sendProblem(reply, 400, locale.title);
      const scope = toScope(request.params);
      const definitions = await options.store.getFilterDefinitions(scope, locale.locale);
      if (!definitions) return sendProblem(reply, 404, unknownScopeTitle(scope));
      return bodies.send(request, reply, definitions);
    },
  );
}
