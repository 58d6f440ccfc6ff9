import type * as z from 'zod/mini';
import {
  API_BASE_PATH,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  filterDefinitionsSchema,
  problemSchema,
  searchCriteriaSchema,
  searchResponseSchema,
} from '@partners-network/contract';

/** One call of the API as `/openapi.json` describes it: its schemas are the contract's zod schemas. */
export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template: `{companyId}`, not Fastify's `:companyId`. */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** Query parameters (all optional strings). */
  query?: { name: string; description: string }[];
  /** The JSON request body. */
  body?: z.ZodMiniType;
  /** Whether the call needs the anti-forgery cookie and header. */
  xsrf?: boolean;
  /** Status code to its JSON body (and what it means). */
  responses: Record<number, { description: string; schema: z.ZodMiniType }>;
}

const SCOPE = `${API_BASE_PATH}/{companyId}/{scopeGroupId}`;
const LOCALE = {
  name: 'locale',
  description: 'Portal language id (fr_FR or fr-FR, any case); unknown or missing: en-US.',
};
const PROBLEM = (description: string) => ({ description, schema: problemSchema });

/** The public calls (SPEC section 7). */
export const PUBLIC_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: `${SCOPE}/filter-groups`,
    operationId: 'getFilterGroups',
    summary: "The site's global filters and the filter groups of the default one",
    tags: ['public'],
    query: [LOCALE],
    responses: {
      200: { description: 'The filter definitions in the locale', schema: filterDefinitionsSchema },
      400: PROBLEM('Malformed address or locale'),
      404: PROBLEM('No partner directory for this company and site'),
      429: PROBLEM('Past the per-client limit (when set); Retry-After says when to retry'),
    },
  },
  {
    method: 'post',
    path: `${SCOPE}/search`,
    operationId: 'searchPartners',
    summary: 'One page of partners matching the criteria',
    tags: ['public'],
    query: [LOCALE],
    body: searchCriteriaSchema,
    xsrf: true,
    responses: {
      200: {
        description: 'The page, the count and the criteria applied',
        schema: searchResponseSchema,
      },
      400: PROBLEM('Bad criteria, body or Content-Type'),
      403: PROBLEM(`Missing ${XSRF_HEADER_NAME} header or no matching ${XSRF_COOKIE_NAME} cookie`),
      404: PROBLEM('No partner directory for this company and site'),
      429: PROBLEM('Past the per-client limit (when set); Retry-After says when to retry'),
    },
  },
];

/** The operations `/openapi.json` lists: the admin calls are one more spread here. */
export const API_OPERATIONS: ApiOperation[] = [...PUBLIC_OPERATIONS];
