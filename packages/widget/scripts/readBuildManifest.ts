/** Vite's build manifest, read the same way by every script that needs a build's files. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';

export const buildManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.optional(z.boolean()),
    imports: z.optional(z.array(z.string())),
    dynamicImports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
);

export type BuildManifest = z.infer<typeof buildManifestSchema>;

/** The manifest of the build in `folder`; throws with the path when it is not built. */
export function readBuildManifest(folder: string, name = folder): BuildManifest {
  const manifestPath = join(folder, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${name} is not built: no ${manifestPath}`);
  return buildManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
}
