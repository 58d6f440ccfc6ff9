import * as z from 'zod';

/** Only `locale` is read; other query parameters are ignored. */
const localeQuerySchema = z.object({
  locale: z
    .string({ error: 'locale must be given once, as text' })
    .max(64, 'locale is longer than 64 characters')
    .optional(),
});

export type LocaleResult = { ok: true; locale: string } | { ok: false; title: string };

/** The requested locale; any unknown one later falls back to en-US in the store. */
export function readLocale(query: unknown): LocaleResult {
  // What the page sends (one locale, a few letters) passes without zod: the same test as the
  // schema's. Anything else (an array, a long text) goes to the schema for its message.
  const given: unknown =
    typeof query === 'object' && query !== null && 'locale' in query ? query.locale : undefined;
  if (typeof given === 'string' && given.length <= 64) return { ok: true, locale: given };
  const parsed = localeQuerySchema.safeParse(query ?? {});
  if (!parsed.success) return { ok: false, title: parsed.error.issues[0]?.message ?? 'bad locale' };
  return { ok: true, locale: parsed.data.locale ?? '' };
}
