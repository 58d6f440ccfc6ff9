/**
 * One opening of the contact dialog: it asks for the form's setup and solves the proof of
 * work at once (while the visitor writes), keeps one idempotency key (a double send, or a
 * retry after a lost answer, is one request), waits out the server's least time, and after
 * a failed send gets a fresh proof for the next try.
 */
import type { ContactFormSetup, ContactProof } from '@partners-network/contract';
import type { ContactClient } from './createContactClient';
import { solveProof } from './solveProof';
import type { ContactValues } from './validateContactForm';
import { toContactForm } from './validateContactForm';

export interface ContactSession {
  /** The setup (privacy notice, retention) once the server gave it. */
  readonly setup: Promise<ContactFormSetup>;
  /** Asks for the setup and solves its proof; the function it returns stops that work. */
  open(): () => void;
  /** Sends once the proof is ready and the least time has passed; throws when not received. */
  send(values: ContactValues, honeypot: string): Promise<void>;
}

/** Margin over the server's least time, for the two clocks and the trip. */
const WAIT_MARGIN_MS = 300;

/** 32 random characters of [0-9a-f]: the idempotency key (crypto.randomUUID needs https). */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

interface Prepared {
  setup: ContactFormSetup;
  proof: ContactProof;
  /** When the challenge arrived (performance.now()): the server's clock started about then. */
  openedAt: number;
}

export function createContactSession(
  client: ContactClient,
  slug: string,
  clock: () => number = () => performance.now(),
): ContactSession {
  const key = randomKey();
  let controller = new AbortController();
  let prepared: Promise<Prepared> | undefined;
  let setupReady!: (setup: ContactFormSetup) => void;
  const setup = new Promise<ContactFormSetup>((resolve) => {
    setupReady = resolve;
  });

  function prepare(): Promise<Prepared> {
    const openedAt = clock();
    const { signal } = controller;
    prepared = client.formSetup(signal).then(async (answer) => {
      setupReady(answer);
      return { setup: answer, openedAt, proof: await solveProof(answer.challenge, controller) };
    });
    // A failure shows when the visitor sends; until then nobody waits for it.
    prepared.catch(() => undefined);
    return prepared;
  }

  return {
    setup,
    async send(values, honeypot) {
      // Only a form the visitor agreed to leaves the page.
      if (!values.consent) throw new Error('the visitor has not given consent');
      const {
        proof,
        openedAt,
        setup: rules,
      } = await (prepared ?? prepare()).catch(() => prepare());
      const wait = openedAt + rules.waitSeconds * 1000 + WAIT_MARGIN_MS - clock();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        await client.send(slug, {
          ...toContactForm(values),
          consent: true,
          ...(honeypot === '' ? {} : { website: honeypot }),
          idempotencyKey: key,
          proof,
        });
      } catch (error) {
        // A proof is good for one request: the next try gets its own (same key).
        prepare();
        throw error;
      }
    },
    open() {
      controller = new AbortController();
      prepare();
      return () => controller.abort();
    },
  };
}
