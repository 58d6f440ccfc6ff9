/**
 * Sends a composed mail with nodemailer over SMTP_URL, or, without SMTP_URL (the demo,
 * a machine without a mail server), only logs that it would have: who, what subject,
 * how long, never the visitor's words.
 */
import nodemailer from 'nodemailer';
import type { ComposedMail } from './composeMail';
import { DeliveryError } from './DeliveryError';

export interface MailSender {
  /** Throws a DeliveryError when the mail server did not take it. */
  send(mail: ComposedMail): Promise<void>;
  close(): void;
}

export interface MailLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/** An SMTP answer code of the error, when the server gave one. */
function responseCodeOf(error: unknown): number | undefined {
  const code: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'responseCode') : undefined;
  return typeof code === 'number' ? code : undefined;
}

function smtpSender(url: string): MailSender {
  const transport = nodemailer.createTransport({
    url,
    // A mail server that stops answering must not hold a worker for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          messageId: mail.messageId,
          headers: mail.headers,
          // The envelope is the partner's addresses; nothing else may become a recipient.
          envelope: { from: mail.from, to: mail.to },
          disableUrlAccess: true,
          disableFileAccess: true,
        });
      } catch (error) {
        const code = responseCodeOf(error);
        const message = error instanceof Error ? error.message : String(error);
        // 5xx: the server refused for good (unknown mailbox, policy); 4xx and no answer: later.
        throw new DeliveryError(message, code !== undefined && code >= 500, { cause: error });
      }
    },
    close() {
      transport.close();
    },
  };
}

function logOnlySender(log: MailLog): MailSender {
  return {
    async send(mail) {
      log.info(
        {
          to: mail.to,
          subject: mail.subject,
          messageId: mail.messageId,
          characters: mail.text.length,
        },
        'contact mail not sent: SMTP_URL is not set (log only)',
      );
    },
    close() {
      // Nothing held.
    },
  };
}

export function createMailSender(smtpUrl: string | undefined, log: MailLog): MailSender {
  return smtpUrl === undefined ? logOnlySender(log) : smtpSender(smtpUrl);
}
