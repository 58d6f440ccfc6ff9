/**
 * The contact form's proof of work, with ALTCHA's library (altcha-lib, PoW v2): the
 * server makes a deterministic challenge (it picks the counter, so the work is known:
 * PBKDF2-SHA-256 of `cost` rounds, about 1,500 times, half a second in a browser) and
 * signs it; the page finds the counter; the server checks the key's signature (one HMAC).
 * No request leaves for any outside service. The challenge carries when it was made, so
 * the server also knows how long the form was open.
 */
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ContactChallenge, ContactProof } from '@partners-network/contract';
import { contactChallengeSchema } from '@partners-network/contract';

export const PROOF_ALGORITHM = 'PBKDF2/SHA-256';

export interface ProofRules {
  /** PBKDF2 rounds per counter tried. */
  cost: number;
  /** The counter the page must find is drawn from [minCounter, maxCounter]. */
  minCounter: number;
  maxCounter: number;
  /** How long a challenge stays good. */
  expiresInMs: number;
}

/** Half a second to a second of a browser's time; a bot pays the same for every request. */
export const DEFAULT_PROOF_RULES: ProofRules = {
  cost: 1000,
  minCounter: 1000,
  maxCounter: 2000,
  expiresInMs: 2 * 60 * 60 * 1000,
};

export type ProofVerdict = 'ok' | 'invalid' | 'expired' | 'too-soon';

/** Two keys from the database's shared secret: one signs challenges, one signs their keys. */
function keysOf(secret: string) {
  return {
    hmacSignatureSecret: `${secret}:challenge`,
    hmacKeySignatureSecret: `${secret}:key`,
  };
}

export async function makeChallenge(
  secret: string,
  now: number,
  rules: ProofRules,
): Promise<ContactChallenge> {
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost: rules.cost,
    counter: randomInt(rules.maxCounter, rules.minCounter),
    deriveKey,
    expiresAt: new Date(now + rules.expiresInMs),
    data: { issuedAt: now },
    ...keysOf(secret),
  });
  // Its own output, in the contract's shape (the page sends it back as it came).
  return contactChallengeSchema.parse(challenge);
}

/**
 * Whether a proof is a solution of a challenge this database's servers signed, not
 * expired, and the form was open at least `waitMs` (by the challenge's signed time).
 */
export async function checkProof(
  proof: ContactProof,
  secret: string,
  now: number,
  waitMs: number,
): Promise<ProofVerdict> {
  const result = await verifySolution({
    challenge: proof.challenge,
    solution: proof.solution,
    deriveKey,
    ...keysOf(secret),
  }).catch(() => undefined);
  if (!result) return 'invalid';
  if (result.expired) return 'expired';
  if (!result.verified) return 'invalid';
  const issuedAt = proof.challenge.parameters.data.issuedAt;
  return now - issuedAt < waitMs ? 'too-soon' : 'ok';
}
