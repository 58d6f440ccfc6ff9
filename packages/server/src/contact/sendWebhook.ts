/**
 * Posts a contact request to a partner's https webhook, signed so the partner knows it
 * comes from this directory and is fresh: `X-Partners-Network-Signature: sha256=<hex>` is
 * the HMAC-SHA256, with CONTACT_WEBHOOK_SECRET, of `<timestamp>.<body>`, where the
 * timestamp (Unix seconds) is `X-Partners-Network-Timestamp`. `X-Partners-Network-Delivery`
 * names the request: the same for every attempt, so a receiver can drop a copy.
 */
import { createHmac } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import type { ContactRequestRecord } from '../store/ContactOutbox';
import { DeliveryError } from './DeliveryError';

export const SIGNATURE_HEADER = 'X-Partners-Network-Signature';
export const TIMESTAMP_HEADER = 'X-Partners-Network-Timestamp';
export const DELIVERY_HEADER = 'X-Partners-Network-Delivery';
const TIMEOUT_MS = 10_000;

export interface WebhookOptions {
  secret: string | undefined;
  /** Extra certificate authorities (tests; a private CA: NODE_EXTRA_CA_CERTS does it too). */
  ca?: string;
  now?: () => number;
}

/** What the webhook receives: the request, without the partner's own channel. */
export function webhookBody(request: ContactRequestRecord): string {
  return JSON.stringify({
    id: request.id,
    receivedAt: new Date(request.receivedAt).toISOString(),
    site: request.scope,
    partner: { slug: request.partnerSlug, title: request.partnerTitle },
    visitor: { name: request.name, email: request.email, company: request.company },
    message: request.message,
    locale: request.locale,
  });
}

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function post(url: string, headers: Record<string, string>, body: string, ca?: string) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = httpsRequest(
      url,
      { method: 'POST', headers, timeout: TIMEOUT_MS, ...(ca === undefined ? {} : { ca }) },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export async function sendWebhook(
  request: ContactRequestRecord,
  options: WebhookOptions,
): Promise<void> {
  if (!('webhook' in request.channel)) throw new Error('a webhook for a request by mail');
  if (options.secret === undefined) {
    // Waits for the operator to set it: nothing is lost, nothing goes out unsigned.
    throw new DeliveryError('CONTACT_WEBHOOK_SECRET is not set: webhooks wait for it', false);
  }
  const body = webhookBody(request);
  const timestamp = Math.floor((options.now ?? Date.now)() / 1000);
  let status: number;
  try {
    status = await post(
      request.channel.webhook,
      {
        'Content-Type': 'application/json',
        'User-Agent': 'Partners-Network-Contact',
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(options.secret, timestamp, body),
        [DELIVERY_HEADER]: String(request.id),
      },
      body,
      options.ca,
    );
  } catch (error) {
    throw new DeliveryError(
      `webhook: ${error instanceof Error ? error.message : String(error)}`,
      false,
      { cause: error },
    );
  }
  if (status >= 200 && status < 300) return;
  // A 4xx other than 408 and 429 says the receiver will never take it as it is.
  const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
  throw new DeliveryError(`webhook answered HTTP ${status}`, permanent);
}
