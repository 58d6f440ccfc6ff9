/**
 * The admin API of contact requests (issue 26), with the admin's bearer tokens, only when
 * ADMIN_TOKEN is set:
 * GET    …/{companyId}/{scopeGroupId}/contact-requests[?partner=slug&status=…&limit&offset]
 * GET    …/contact-requests.csv[?partner=slug&status=…]   every match, as a spreadsheet
 * GET    …/contact-requests/{id}
 * DELETE …/contact-requests/{id}   erasure on a visitor's request (204)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { API_BASE_PATH } from '@partners-network/contract';
import * as z from 'zod';
import type { ContactService } from '../contact/ContactService';
import { checkBearerToken } from '../http/checkBearerToken';
import { describeIssues } from '../http/describeIssues';
import { sendProblem } from '../http/sendProblem';
import type { ContactRequestRecord } from '../store/ContactOutbox';
import {
  contactFilterQuerySchema,
  contactListQuerySchema,
  contactView,
} from '../store/contactRequestView';
import type { PartnerStore } from '../store/PartnerStore';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

export interface AdminContactOptions {
  contact: ContactService;
  store: PartnerStore;
  tokens: readonly string[];
}

/** Rows a CSV export reads at a time. */
const EXPORT_PAGE = 1000;

/** Digits only: coercion alone would read "", " 7" or "1e3" as numbers. */
const idSchema = z
  .string()
  .regex(/^[0-9]{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive());
const ID_TITLE = 'id in the address must be the positive whole number of a contact request';

const CSV_COLUMNS = [
  'id',
  'receivedAt',
  'status',
  'partner',
  'name',
  'email',
  'company',
  'message',
  'locale',
  'attempts',
  'lastError',
  'settledAt',
];

/** A spreadsheet opens `=…`, `+…`, `-…`, `@…` as a formula: such a cell starts with `'`. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvRow(request: ContactRequestRecord): string[] {
  const view = contactView(request);
  return [
    String(view.id),
    view.receivedAt ?? '',
    view.status,
    view.partner.slug,
    view.name,
    view.email,
    view.company ?? '',
    view.message,
    view.locale,
    String(view.attempts),
    view.lastError ?? '',
    view.settledAt ?? '',
  ].map(spreadsheetSafe);
}

interface RequestParams extends ScopeParams {
  id: string;
}

export async function adminContactRoutes(
  app: FastifyInstance,
  options: AdminContactOptions,
): Promise<void> {
  const { contact, store } = options;
  const base = `${API_BASE_PATH}/:companyId/:scopeGroupId/contact-requests`;

  app.addHook('onRequest', (request, reply, done) => {
    if (!checkBearerToken(request.headers.authorization, options.tokens)) {
      reply.header('WWW-Authenticate', 'Bearer');
      sendProblem(reply, 401, 'a valid admin token is required: Authorization: Bearer <token>');
      return;
    }
    reply.header('Cache-Control', 'no-store');
    done();
  });

  /** The site of the address, or a 404 already sent. */
  async function siteOf(request: FastifyRequest<{ Params: ScopeParams }>) {
    const scope = toScope(request.params);
    return (await store.hasScope(scope)) ? scope : undefined;
  }

  app.get<{ Params: ScopeParams }>(base, async (request, reply) => {
    const query = contactListQuerySchema.safeParse(request.query);
    if (!query.success) {
      return sendProblem(reply, 400, describeIssues(query.error.issues, request.query, 'query'));
    }
    const scope = await siteOf(request);
    if (!scope) return sendProblem(reply, 404, unknownScopeTitle(toScope(request.params)));
    const { partner, status, limit, offset } = query.data;
    const page = await contact.list(
      scope,
      { ...(partner ? { partnerSlug: partner } : {}), ...(status ? { status } : {}) },
      limit,
      offset,
    );
    return reply.send({ total: page.total, requests: page.requests.map(contactView) });
  });

  app.get<{ Params: ScopeParams }>(`${base}.csv`, async (request, reply) => {
    const query = contactFilterQuerySchema.safeParse(request.query);
    if (!query.success) {
      return sendProblem(reply, 400, describeIssues(query.error.issues, request.query, 'query'));
    }
    const scope = await siteOf(request);
    if (!scope) return sendProblem(reply, 404, unknownScopeTitle(toScope(request.params)));
    const { partner, status } = query.data;
    const filter = { ...(partner ? { partnerSlug: partner } : {}), ...(status ? { status } : {}) };
    const rows: string[][] = [CSV_COLUMNS];
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const page = await contact.list(scope, filter, EXPORT_PAGE, offset);
      rows.push(...page.requests.map(csvRow));
      if (page.requests.length < EXPORT_PAGE) break;
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="contact-requests.csv"')
      .send(`\uFEFF${stringify(rows, { record_delimiter: 'windows' })}`);
  });

  app.get<{ Params: RequestParams }>(`${base}/:id`, async (request, reply) => {
    const scope = await siteOf(request);
    if (!scope) return sendProblem(reply, 404, unknownScopeTitle(toScope(request.params)));
    const id = idSchema.safeParse(request.params.id);
    if (!id.success) return sendProblem(reply, 400, ID_TITLE);
    const found = await contact.get(scope, id.data);
    if (!found) return sendProblem(reply, 404, `no contact request ${id.data}`);
    return reply.send(contactView(found));
  });

  app.delete<{ Params: RequestParams }>(`${base}/:id`, async (request, reply) => {
    const scope = await siteOf(request);
    if (!scope) return sendProblem(reply, 404, unknownScopeTitle(toScope(request.params)));
    const id = idSchema.safeParse(request.params.id);
    if (!id.success) return sendProblem(reply, 400, ID_TITLE);
    if (!(await contact.remove(scope, id.data))) {
      return sendProblem(reply, 404, `no contact request ${id.data}`);
    }
    request.log.info({ ...scope, contactRequest: id.data }, 'admin: contact request erased');
    return reply.code(204).send();
  });
}
