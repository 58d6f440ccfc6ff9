/**
 * Contacting a partner (issue 26), between the routes and the outbox: the form's setup
 * (a proof-of-work challenge, the privacy notice), the checks a request passes before it
 * is kept (a contactable partner, the proof, the time the form was open, the honeypot),
 * the outbox write, and the worker that delivers by mail or webhook.
 */
import type { Registry } from 'prom-client';
import type { ContactFormSetup, ContactRequest, Scope } from '@partners-network/contract';
import type { PartnerData } from '../store/DirectoryData';
import { DEFAULT_LOCALE } from '../store/DirectoryData';
import type {
  ClaimedRequest,
  ContactFilter,
  ContactOutbox,
  ContactPage,
  ContactRequestRecord,
  StoredChannel,
} from '../store/ContactOutbox';
import { composeMail } from './composeMail';
import { ContactMetrics } from './ContactMetrics';
import type { ContactChannelKind } from './ContactMetrics';
import { ContactWorker } from './ContactWorker';
import type { WorkerLog } from './ContactWorker';
import { createMailSender } from './createMailSender';
import type { MailSender } from './createMailSender';
import { DEFAULT_PROOF_RULES, checkProof, makeChallenge } from './proofOfWork';
import type { ProofRules } from './proofOfWork';
import type { ContactSettings } from './ContactSettings';
import { sendWebhook } from './sendWebhook';

/** Where the service reads a partner's title and channel: the search service. */
export interface PartnerDirectory {
  getPartner(scope: Scope, slug: string): Promise<PartnerData | undefined>;
}

export interface ContactServiceOptions {
  outbox: ContactOutbox;
  settings: ContactSettings;
  partners: PartnerDirectory;
  /** Until the routes attach the app's logger (`attach`). */
  log?: WorkerLog;
  proofRules?: ProofRules;
  /** Certificate authorities a webhook's certificate may come from, besides the system's (tests). */
  webhookCa?: string;
  now?: () => number;
  /** How often the worker looks for due requests (ms). */
  pollMs?: number;
}

export type SubmitOutcome =
  'received' | 'unknown-partner' | 'invalid-proof' | 'expired-proof' | 'too-soon' | 'proof-used';

const DAY_MS = 86_400_000;
const SILENT: WorkerLog = { info: () => undefined, warn: () => undefined };

function channelOf(contact: PartnerData['contact']): StoredChannel | undefined {
  if (contact?.emails && contact.emails.length > 0) return { emails: contact.emails };
  if (contact?.webhook) return { webhook: contact.webhook };
  return undefined;
}

const kindOf = (request: ContactRequestRecord): ContactChannelKind =>
  'emails' in request.channel ? 'mail' : 'webhook';

export class ContactService {
  readonly settings: ContactSettings;
  readonly #options: ContactServiceOptions;
  readonly #outbox: ContactOutbox;
  readonly #now: () => number;
  readonly #mail: MailSender;
  readonly #worker: ContactWorker;
  #secret: Promise<string> | undefined;
  #metrics: ContactMetrics | undefined;
  #log: WorkerLog;

  constructor(options: ContactServiceOptions) {
    this.#options = options;
    this.settings = options.settings;
    this.#outbox = options.outbox;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? SILENT;
    const log: WorkerLog = {
      info: (fields, message) => this.#log.info(fields, message),
      warn: (fields, message) => this.#log.warn(fields, message),
    };
    this.#mail = createMailSender(options.settings.smtpUrl, log);
    this.#worker = new ContactWorker({
      outbox: options.outbox,
      deliver: (request) => this.#deliver(request),
      log,
      now: this.#now,
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
      retryMs: options.settings.retrySeconds * 1000,
      maxAttempts: options.settings.maxAttempts,
      retentionMs: options.settings.retentionDays * DAY_MS,
      events: {
        delivered: (request) => this.#metrics?.delivered(kindOf(request)),
        retried: (request) => this.#metrics?.retried(kindOf(request)),
        failed: (request) => this.#metrics?.failed(kindOf(request)),
      },
    });
  }

  /** Counts into the app's `/metrics` registry and logs with its logger (the routes attach it). */
  attach(registry: Registry, log: WorkerLog): void {
    this.#metrics ??= new ContactMetrics(registry, () => this.#outbox.countUnsettled());
    this.#log = log;
  }

  /** Starts delivering (after the server is ready to serve). */
  start(): void {
    this.#worker.start();
  }

  async close(): Promise<void> {
    await this.#worker.stop();
    this.#mail.close();
    await this.#outbox.close();
  }

  #sharedSecret(): Promise<string> {
    this.#secret ??= this.#outbox.sharedSecret().catch((error: unknown) => {
      this.#secret = undefined;
      throw error;
    });
    return this.#secret;
  }

  async formSetup(): Promise<ContactFormSetup> {
    const rules = this.#options.proofRules ?? DEFAULT_PROOF_RULES;
    return {
      challenge: await makeChallenge(await this.#sharedSecret(), this.#now(), rules),
      ...(this.settings.privacyNoticeUrl === undefined
        ? {}
        : { privacyNoticeUrl: this.settings.privacyNoticeUrl }),
      retentionDays: this.settings.retentionDays,
      waitSeconds: this.settings.waitSeconds,
    };
  }

  /** Checks a request and keeps it in the outbox; a bot's honeypot request is dropped silently. */
  async submit(
    scope: Scope,
    slug: string,
    request: ContactRequest,
    locale: string,
  ): Promise<SubmitOutcome> {
    const partner = await this.#options.partners.getPartner(scope, slug);
    const channel = channelOf(partner?.contact);
    if (!partner || !channel) return 'unknown-partner';
    const now = this.#now();
    const verdict = await checkProof(
      request.proof,
      await this.#sharedSecret(),
      now,
      this.settings.waitSeconds * 1000,
    );
    if (verdict === 'invalid') this.#metrics?.refused('proof');
    if (verdict === 'too-soon') this.#metrics?.refused('too-soon');
    if (verdict === 'invalid') return 'invalid-proof';
    if (verdict === 'expired') return 'expired-proof';
    if (verdict === 'too-soon') return 'too-soon';
    if ((request.website ?? '') !== '') {
      // The same answer as a person's, and nothing kept or sent.
      this.#metrics?.refused('honeypot');
      return 'received';
    }
    const accepted = await this.#outbox.accept({
      scope,
      partnerSlug: slug,
      partnerTitle:
        partner.title[DEFAULT_LOCALE] ?? Object.values(partner.title)[0] ?? partner.slug,
      channel,
      name: request.name.trim(),
      email: request.email,
      company: request.company?.trim() || null,
      message: request.message.trim(),
      locale: locale.slice(0, 64) || DEFAULT_LOCALE,
      idempotencyKey: request.idempotencyKey,
      proofKey: request.proof.challenge.signature,
      receivedAt: now,
    });
    if (accepted.outcome === 'proof-used') {
      this.#metrics?.refused('proof-used');
      return 'proof-used';
    }
    if (accepted.outcome === 'accepted') {
      this.#metrics?.received();
      this.#worker.wake();
    }
    return 'received';
  }

  async #deliver(request: ClaimedRequest): Promise<void> {
    if ('emails' in request.channel) {
      await this.#mail.send(composeMail(request, this.settings.from));
      return;
    }
    await sendWebhook(request, {
      secret: this.settings.webhookSecret,
      now: this.#now,
      ...(this.#options.webhookCa === undefined ? {} : { ca: this.#options.webhookCa }),
    });
  }

  list(scope: Scope, filter: ContactFilter, limit: number, offset: number): Promise<ContactPage> {
    return this.#outbox.list(scope, filter, limit, offset);
  }

  get(scope: Scope, id: number): Promise<ContactRequestRecord | undefined> {
    return this.#outbox.get(scope, id);
  }

  remove(scope: Scope, id: number): Promise<boolean> {
    return this.#outbox.remove(scope, id);
  }
}
