import type { PartnerStore } from '../store/PartnerStore';
import type { GenerateDirectoryOptions } from './generateDirectory';
import { generateDirectory } from './generateDirectory';

/** Seeds a store that has no site yet; later starts reuse the data. Returns true when it seeded. */
export async function seedIfEmpty(
  store: PartnerStore,
  options: GenerateDirectoryOptions = {},
): Promise<boolean> {
  if (!(await store.isEmpty())) return false;
  await store.importDirectory(generateDirectory(options));
  return true;
}
