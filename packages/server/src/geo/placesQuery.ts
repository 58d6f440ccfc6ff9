/** The places call's query (routes/places.ts), apart so the OpenAPI document describes it too. */
import { LOCATION_TEXT_MAX_LENGTH, LOCATION_TEXT_PATTERN } from '@partners-network/contract';
import * as z from 'zod';

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
