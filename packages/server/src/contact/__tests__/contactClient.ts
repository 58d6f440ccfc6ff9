/**
 * What the page does, in Node, for tests: asks for the form's setup, solves its challenge
 * with ALTCHA's solver, and posts a contact request with the anti-forgery token.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ContactProof, ContactRequest, Scope } from '@partners-network/contract';
import {
  contactChallengePath,
  contactFormSetupSchema,
  contactPath,
  searchPath,
} from '@partners-network/contract';

export const XSRF_HEADERS = {
  'content-type': 'application/json',
  cookie: 'XSRF-TOKEN=t0k3n',
  'x-xsrf-token': 't0k3n',
};

/** The site's first page, every partner of `tech` (the search the page makes first). */
export function searchFirstPage(base: string, scope: Scope): Promise<Response> {
  return fetch(`${base}${searchPath(scope)}`, {
    method: 'POST',
    headers: XSRF_HEADERS,
    body: JSON.stringify({
      globalFilter: 'tech',
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    }),
  });
}

let serial = 0;

export async function solvedProof(base: string, scope: Scope): Promise<ContactProof> {
  const response = await fetch(`${base}${contactChallengePath(scope)}`);
  if (response.status !== 200) throw new Error(`challenge: HTTP ${response.status}`);
  const setup = contactFormSetupSchema.parse(await response.json());
  const solution = await solveChallenge({ challenge: setup.challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return {
    challenge: setup.challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
}

export async function contactBody(
  base: string,
  scope: Scope,
  overrides: Partial<ContactRequest> = {},
): Promise<ContactRequest> {
  serial += 1;
  return {
    name: 'Ana Lúcia',
    email: 'ana@visitor.example',
    company: 'Lisboa Dados',
    message: `Hello, we would like a demo. (${serial})`,
    consent: true,
    idempotencyKey: `test-${process.pid}-${serial}-${Date.now()}`,
    proof: overrides.proof ?? (await solvedProof(base, scope)),
    ...overrides,
  };
}

export function postContact(
  base: string,
  scope: Scope,
  slug: string,
  body: unknown,
  headers: Record<string, string> = XSRF_HEADERS,
): Promise<Response> {
  return fetch(`${base}${contactPath(scope, slug)}?locale=pt-BR`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}
