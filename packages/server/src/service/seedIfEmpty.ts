import type { SearchService } from './SearchService';
import type { GenerateDirectoryOptions } from '../seed/generateDirectory';
import { generateDirectory } from '../seed/generateDirectory';

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
