/**
 * What the widget reads from its host page: the portal's globals (SPEC 3),
 * `window.Liferay` (ThemeDisplay getters, authToken) and `window.partnersNetworkSettings`
 * (the element's structured attribute is in `attributeSchemas.ts`). Outside data like the API's answers,
 * so it is described here once, as zod, and the widget parses it with the generated
 * twins in `dataSchemas.ts`. Loose where the portal is: the reader decides what a
 * missing or odd value falls back to.
 */
import * as z from 'zod/mini';

/** What a ThemeDisplay getter may return: portal ids come as strings or numbers. */
export const portalIdSchema = z.union([z.string(), z.number()]);

/**
 * `window.Liferay`. The getters are functions, which JSON Schema cannot describe:
 * they stay `unknown` here and the reader calls only what is a function.
 */
export const liferaySchema = z.object({
  ThemeDisplay: z.optional(
    z.object({
      getCompanyId: z.optional(z.unknown()),
      getScopeGroupId: z.optional(z.unknown()),
      getLanguageId: z.optional(z.unknown()),
    }),
  ),
  authToken: z.optional(z.unknown()),
});

/** `window.partnersNetworkSettings`; each value is checked by the reader. */
export const portalSettingsSchema = z.object({
  backButtonUrl: z.optional(z.unknown()),
  searchSectionBackgroundImageFriendlyUrl: z.optional(z.unknown()),
});

/** `searchSectionBackgroundImageFriendlyUrl`: a picture with its responsive sources. */
export const backgroundPictureSchema = z.object({
  defaultUrl: z.string(),
  sources: z.optional(
    z.array(
      z.object({
        url: z.string(),
        // Portal templates often print numbers as strings.
        maxWidth: z.union([z.number(), z.string().check(z.regex(/^\d+(\.\d+)?$/))]),
      }),
    ),
  ),
});

export type PortalId = z.infer<typeof portalIdSchema>;
export type LiferayGlobal = z.infer<typeof liferaySchema>;
export type PortalSettings = z.infer<typeof portalSettingsSchema>;
export type BackgroundPicture = z.infer<typeof backgroundPictureSchema>;
