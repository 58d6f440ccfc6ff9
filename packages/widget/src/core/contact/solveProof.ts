/**
 * Solves the server's proof-of-work challenge with ALTCHA's solver (altcha-lib) and the
 * browser's own PBKDF2 (Web Crypto): about 1,500 derivations, half a second to a second,
 * each awaited, so the page stays responsive. No request leaves the page for it.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { ContactChallenge, ContactProof } from '@partners-network/contract';

export async function solveProof(
  challenge: ContactChallenge,
  controller?: AbortController,
): Promise<ContactProof> {
  const solution = await solveChallenge({
    challenge,
    deriveKey,
    ...(controller ? { controller } : {}),
  });
  if (!solution) throw new Error('the proof of work was not found in time');
  return {
    challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
}
