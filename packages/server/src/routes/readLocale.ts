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
  const parsed = localeQuerySchema.safeParse(query ?? {});
  if (!parsed.success) return { ok: false, title: parsed.error.issues[0]?.message ?? 'bad locale' };
  return { ok: true, locale: parsed.data.locale ?? '' };
}
