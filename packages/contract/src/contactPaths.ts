/**
 * Paths of the contact calls (issue 26), apart from apiPaths.ts: only the contact dialog's
 * chunk uses them, and a bundler places a module whole.
 */
import type { Scope } from './apiPaths';
import { scopePath } from './apiPaths';

/** The contact call of one partner (issue 26). */
export function contactPath(scope: Scope, slug: string): string {
  return `${scopePath(scope)}/partners/${encodeURIComponent(slug)}/contact`;
}

/** The contact form's setup: a proof-of-work challenge, the privacy notice, the rules. */
export function contactChallengePath(scope: Scope): string {
  return `${scopePath(scope)}/contact/challenge`;
}
