/**
 * Vitest's global setup for the server tests: the gazetteer is built (3 to 10 s on a fresh
 * clone) and kept in node_modules/.cache once, before any test file, so that each file that
 * needs it reads it in a fraction of a second instead of several building it at once.
 */
import { loadGazetteer } from '../loadGazetteer';

export default function setup(): void {
  loadGazetteer();
}
