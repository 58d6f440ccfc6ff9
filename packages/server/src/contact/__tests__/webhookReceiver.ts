/**
 * A partner's webhook for tests: an https server on a local port with a test certificate
 * (fixtures/, for localhost and 127.0.0.1, never used outside tests), keeping each
 * request's headers and body, answering the status the test sets.
 */
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const TEST_CA = readFileSync(join(fixtures, 'localhost-cert.pem'), 'utf8');

export interface WebhookCall {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  calls: WebhookCall[];
  /** The status the next calls get (default 204). */
  answer: number;
  close(): Promise<void>;
}

export async function createWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: WebhookCall[] = [];
  const receiver = { calls, answer: 204 };
  const server = createServer(
    {
      cert: TEST_CA,
      key: readFileSync(join(fixtures, 'localhost-key.pem'), 'utf8'),
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(receiver.answer).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(receiver, {
    url: `https://localhost:${port}/hooks/contact`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
