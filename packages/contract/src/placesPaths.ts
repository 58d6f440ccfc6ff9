/** The places call's path: apart from apiPaths.ts, as only the location field's chunk calls it. */
import { scopePath } from './apiPaths';
import type { Scope } from './apiPaths';

/** GET: cities for a typed beginning, `?q=Lyo&locale=fr-FR` (placesSchemas.ts). */
export function placesPath(scope: Scope): string {
  return `${scopePath(scope)}/places`;
}
