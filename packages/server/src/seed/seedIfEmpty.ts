import type { SearchService } from '../service/SearchService';
import type { GenerateDirectoryOptions } from './generateDirectory';
import { generateDirectory } from './generateDirectory';

/**
 * Seeds a store that has no site yet; later starts reuse the data. Returns true when it
 * seeded. Servers starting together on one empty database seed it once (a lock).
 */
export async function seedIfEmpty(
  store: SearchService,
  options: GenerateDirectoryOptions = {},
): Promise<boolean> {
  return store.seedIfEmpty(() => generateDirectory(options));
}
