/**
 * A real SMTP server for tests (the `smtp-server` package) on a local port: it takes every
 * mail, keeps it raw and parsed (`mailparser`), and can be stopped and started again on
 * the same port, as a mail server that goes away and comes back.
 */
import { createServer } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: who the server was asked to deliver to. */
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  readonly port: number;
  readonly url: string;
  readonly mails: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once `count` mails have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

/** A port nobody listens on right now (the sink may be started on it later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function createSmtpSink(options: { start?: boolean } = {}): Promise<SmtpSink> {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const envelopeTo = session.envelope.rcptTo.map((address) => address.address);
            simpleParser(raw).then(
              (parsed) => {
                mails.push({ envelopeTo, raw, parsed });
                callback();
              },
              (error: unknown) =>
                callback(error instanceof Error ? error : new Error(String(error))),
            );
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > until) {
          throw new Error(`${mails.length} of ${count} mails arrived in ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return mails.slice(0, count);
    },
  };
  if (options.start ?? true) await sink.start();
  return sink;
}
