/** The contact form's two calls (issue 26), through the page's one API caller. */
import {
  contactChallengePath,
  contactFormSetupDataSchema,
  contactPath,
  contactReceiptDataSchema,
} from '@partners-network/contract';
import type { ContactFormSetup, ContactRequest } from '@partners-network/contract';
import { createApiCaller } from '../createApiClient';
import type { ApiClientOptions } from '../createApiClient';

export interface ContactClient {
  /** A proof-of-work challenge, the privacy notice and the rules, when the form opens. */
  formSetup(signal?: AbortSignal): Promise<ContactFormSetup>;
  /** Throws an ApiError (its status: 429 past the limit, 400, 404, …) when not received. */
  send(slug: string, request: ContactRequest): Promise<void>;
}

export function createContactClient(options: ApiClientOptions): ContactClient {
  const call = createApiCaller(options);
  const { portal } = options;
  const scope = { companyId: portal.companyId, scopeGroupId: portal.scopeGroupId };
  return {
    formSetup(signal) {
      return call(
        'GET',
        contactChallengePath(scope),
        contactFormSetupDataSchema,
        undefined,
        signal,
      );
    },
    async send(slug, request) {
      await call('POST', contactPath(scope, slug), contactReceiptDataSchema, request, undefined);
    },
  };
}
