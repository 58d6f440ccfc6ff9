/**
 * GET …/{companyId}/{scopeGroupId}/places?q=Lyo&locale=fr-FR: up to 8 cities of the
 * gazetteer for a typed beginning, best known first, each in the visitor's language where
 * the gazetteer has it, with its country and how many partners of the site are there.
 */
import type { FastifyInstance } from 'fastify';
import type { Place, PlacesResponse } from '@partners-network/contract';
import {
  API_BASE_PATH,
  LOCATION_TEXT_MAX_LENGTH,
  LOCATION_TEXT_PATTERN,
} from '@partners-network/contract';
import * as z from 'zod';
import type { Gazetteer } from '../geo/Gazetteer';
import { gazetteer as sharedGazetteer } from '../geo/loadGazetteer';
import { placeKey } from '../geo/placeKey';
import { describeIssues } from '../http/describeIssues';
import { sendProblem } from '../http/sendProblem';
import { cityKeyOf } from '../service/buildSite';
import type { PartnerStore } from '../store/PartnerStore';
import { readLocale } from './readLocale';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

/** Most cities a call suggests. */
export const MAX_PLACES = 8;

/** `q`: what the visitor typed in the location field (contract: locationText.ts). */
export const placesQuerySchema = z.object({
  q: z
    .string({ error: 'q is required: the beginning of a city name' })
    .max(LOCATION_TEXT_MAX_LENGTH, `q is longer than ${LOCATION_TEXT_MAX_LENGTH} characters`)
    .regex(LOCATION_TEXT_PATTERN, 'q may hold only letters, spaces, hyphens and apostrophes')
    .refine((text) => text.trim() !== '', {
      message: 'q is required: the beginning of a city name',
    }),
});

/** Country names per locale (Intl, in the Node build's full ICU data). */
const countryNames = new Map<string, Intl.DisplayNames>();

function countryName(code: string, locale: string): string {
  let names = countryNames.get(locale);
  if (!names) {
    try {
      names = new Intl.DisplayNames([locale, 'en-US'], { type: 'region' });
    } catch {
      names = new Intl.DisplayNames(['en-US'], { type: 'region' });
    }
    // Bounded: a locale is a few characters of a known list, but a client picks it.
    if (countryNames.size >= 64) countryNames.clear();
    countryNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** `fr_FR`, `FR-fr` -> `fr-FR`; anything else the page would not send -> en-US. */
function languageTag(locale: string): string {
  const match = /^([a-z]{2,3})(?:[-_]([a-z]{2}))?$/i.exec(locale);
  if (!match) return 'en-US';
  const [, language = 'en', region] = match;
  return region ? `${language.toLowerCase()}-${region.toUpperCase()}` : language.toLowerCase();
}

/** Partners of the site in one of the city's names (its own or an alternate one) and country. */
function partnersIn(
  world: Gazetteer,
  ordinal: number,
  byCity: ReadonlyMap<string, number>,
): number {
  const { country } = world.city(ordinal);
  const keys = new Set(world.names(ordinal).map((name) => placeKey(name)));
  let count = 0;
  for (const key of keys) count += byCity.get(cityKeyOf(key, country)) ?? 0;
  return count;
}

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
      const byCity = locations?.partnersByCity() ?? new Map<string, number>();
      const tag = languageTag(locale.locale);
      const gazetteer = world();
      const found = gazetteer.suggest(query.data.q, MAX_PLACES).map((ordinal): Place => {
        const city = gazetteer.city(ordinal);
        return {
          name: gazetteer.displayName(ordinal, query.data.q, tag),
          country: city.country,
          countryName: countryName(city.country, tag),
          latitude: city.latitude,
          longitude: city.longitude,
          partnerCount: partnersIn(gazetteer, ordinal, byCity),
        };
      });
      const body: PlacesResponse = { places: found };
      return reply.send(body);
    },
  );
}
