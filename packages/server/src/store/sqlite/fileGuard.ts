/**
 * Whether the database file a connection opened is still the one at its path. A file
 * removed (or replaced) under a running server leaves the connection on a file nobody will
 * open again: whatever it wrote from then on would be gone at the next start. So the source
 * treats it as a database away: searches answer from memory, /readyz says DEGRADED, writes
 * and contact requests get a 503 that says nothing was changed.
 */
import { statSync } from 'node:fs';
import { SourceUnavailableError } from '../PartnerSource';

/** Call after opening `path`; the returned check throws SourceUnavailableError once it moved. */
export function fileGuard(path: string): () => void {
  if (path === ':memory:') return () => {};
  const opened = statSync(path).ino;
  return () => {
    if (statSync(path, { throwIfNoEntry: false })?.ino === opened) return;
    throw new SourceUnavailableError(new Error(`${path} was removed or replaced while open`));
  };
}
