/**
 * The places call of issue 25 (GET …/places?q=…&locale=…): a file of its own because only
 * the page's location field chunk parses it, and a bundler places a module whole (in
 * schemas.ts its twin would be bytes of the page script every visit loads).
 */
import * as z from 'zod/mini';

/**
 * One city suggested for a typed beginning: its name in the visitor's language where the
 * gazetteer has it (else as typed, else its own), its country (ISO 3166-1 alpha-2 and its
 * name in the locale), its coordinates, and how many partners of the site are there.
 */
export const placeSchema = z.object({
  name: z.string(),
  country: z.string(),
  countryName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  partnerCount: z.int().check(z.nonnegative()),
});

/** Answer of GET .../places?q=…&locale=…: up to 8 cities, best known first. */
export const placesResponseSchema = z.object({
  places: z.array(placeSchema).check(z.maxLength(8)),
});

export type Place = z.infer<typeof placeSchema>;
export type PlacesResponse = z.infer<typeof placesResponseSchema>;
