import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.optional(z.boolean()) }),
);

/** The hashed file of the widget's entry, read from Vite's build manifest; null when not built. */
export function readWidgetScriptPath(widgetDist: string): string | null {
  const manifestPath = join(widgetDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  if (!parsed.success) return null;
  const entry = Object.values(parsed.data).find((chunk) => chunk.isEntry);
  return entry ? `/widget/${entry.file}` : null;
}
