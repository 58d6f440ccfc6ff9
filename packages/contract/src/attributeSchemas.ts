/**
 * The custom element's structured attribute, for pages without a portal. A module of its
 * own (its data twin too, `attributeDataSchemas.ts`): only the widget's chunk that reads
 * the attribute imports it, and a bundler places a module whole, so beside the portal's
 * schemas it would be bytes of every page script.
 */
import * as z from 'zod/mini';

/**
 * The `background-sources` attribute in its JSON form: `[{ "url": "...", "maxWidth": 540 }]`,
 * widths as whole numbers.
 */
export const backgroundSourcesSchema = z.array(
  z.object({
    url: z.string(),
    maxWidth: z.union([z.number(), z.string().check(z.regex(/^\d+$/))]),
  }),
);

export type BackgroundSources = z.infer<typeof backgroundSourcesSchema>;
