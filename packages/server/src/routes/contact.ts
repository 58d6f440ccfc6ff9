/**
 * The contact call (issue 26), public like the search:
 * GET  …/{companyId}/{scopeGroupId}/contact/challenge          the form's setup
 * POST …/{companyId}/{scopeGroupId}/partners/{slug}/contact    a visitor's request (202)
 * The POST has the search's anti-forgery check, a per-client limit
 * (CONTACT_LIMIT_PER_HOUR: 429 with Retry-After past it) and the contract's zod schema.
 */
import type { FastifyInstance } from 'fastify';
import type { ContactReceipt } from '@partners-network/contract';
import { API_BASE_PATH, contactRequestSchema } from '@partners-network/contract';
import type { ContactService } from '../contact/ContactService';
import { describeIssues } from '../http/describeIssues';
import { handleError } from '../http/handleError';
import { limitPerClientOver } from '../http/rateLimit';
import { refuseForgedJson } from '../http/refuseForgedJson';
import { sendProblem } from '../http/sendProblem';
import type { PartnerStore } from '../store/PartnerStore';
import { readLocale } from './readLocale';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

export interface ContactRoutesOptions {
  contact: ContactService;
  store: PartnerStore;
}

/** A request is a few kilobytes (2,000 characters of message and a challenge). */
export const CONTACT_BODY_LIMIT = 32 * 1024;
/** Challenges a client may ask for per request it may send (forms opened and left). */
const CHALLENGES_PER_REQUEST = 10;

interface PartnerParams extends ScopeParams {
  slug: string;
}

const OUTCOME_PROBLEMS = {
  'invalid-proof': 'proof must solve a challenge of this server (GET …/contact/challenge)',
  'expired-proof': 'proof: the challenge has expired; get a new one and solve it',
  'proof-used': 'proof was already used by another request; get a new challenge',
} as const;

export async function contactRoutes(
  app: FastifyInstance,
  options: ContactRoutesOptions,
): Promise<void> {
  const { contact, store } = options;
  contact.attach(app.metrics.registry, app.log);
  app.setErrorHandler(handleError);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  const perHour = contact.settings.limitPerHour;
  // Making a challenge costs the server a PBKDF2: bounded too, more loosely than requests.
  await app.register(async (limited) => {
    if (perHour > 0) {
      await limitPerClientOver(limited, perHour * CHALLENGES_PER_REQUEST, 3_600_000, 'an hour');
    }
    limited.get<{ Params: ScopeParams }>(
      `${API_BASE_PATH}/:companyId/:scopeGroupId/contact/challenge`,
      async (request, reply) => {
        const scope = toScope(request.params);
        if (!(await store.hasScope(scope))) {
          return sendProblem(reply, 404, unknownScopeTitle(scope));
        }
        return reply.send(await contact.formSetup());
      },
    );
  });

  await app.register(async (limited) => {
    if (perHour > 0) await limitPerClientOver(limited, perHour, 3_600_000, 'an hour');
    limited.post<{ Params: PartnerParams }>(
      `${API_BASE_PATH}/:companyId/:scopeGroupId/partners/:slug/contact`,
      { bodyLimit: CONTACT_BODY_LIMIT, onRequest: refuseForgedJson },
      async (request, reply) => {
        const locale = readLocale(request.query);
        if (!locale.ok) return sendProblem(reply, 400, locale.title);
        const body = contactRequestSchema.safeParse(request.body);
        if (!body.success) {
          return sendProblem(reply, 400, describeIssues(body.error.issues, request.body));
        }
        const scope = toScope(request.params);
        if (!(await store.hasScope(scope))) {
          return sendProblem(reply, 404, unknownScopeTitle(scope));
        }
        const { slug } = request.params;
        const outcome = await contact.submit(scope, slug, body.data, locale.locale);
        if (outcome === 'unknown-partner') {
          return sendProblem(
            reply,
            404,
            `no partner ${slug.slice(0, 100)} to contact in this site`,
          );
        }
        if (outcome === 'too-soon') {
          return sendProblem(
            reply,
            400,
            `the form was sent too soon after it opened: wait at least ${contact.settings.waitSeconds} s`,
          );
        }
        if (outcome !== 'received') return sendProblem(reply, 400, OUTCOME_PROBLEMS[outcome]);
        const receipt: ContactReceipt = { received: true };
        return reply.code(202).send(receipt);
      },
    );
  });
}
