/**
 * The places call (issue 25): cities for a typed beginning, in the visitor's locale,
 * each with how many partners of the site are there. Part of the location field's chunk.
 */
import { placesPath, placesResponseDataSchema } from '@partners-network/contract';
import type { Place } from '@partners-network/contract';
import { createApiCaller } from '../createApiClient';
import type { ApiClientOptions } from '../createApiClient';

export type FetchPlaces = (text: string, signal?: AbortSignal) => Promise<Place[]>;

export function createFetchPlaces(options: ApiClientOptions): FetchPlaces {
  const call = createApiCaller(options);
  const { companyId, scopeGroupId } = options.portal;
  const path = placesPath({ companyId, scopeGroupId });
  return async (text, signal) => {
    const query = new URLSearchParams({ q: text });
    const answer = await call(
      'GET',
      `${path}?${query}`,
      placesResponseDataSchema,
      undefined,
      signal,
    );
    return answer.places;
  };
}
