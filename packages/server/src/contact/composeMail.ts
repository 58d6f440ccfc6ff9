/**
 * The mail a partner receives for a contact request: plain text, the subject in the
 * server's own words with the partner's title, `Reply-To` the visitor's address (checked
 * by the contract's email rule: no space, quote or line break), and every other word of
 * the visitor in the body only. The partner's addresses go to the envelope, never to the
 * visitor.
 */
import type { ContactRequestRecord } from '../store/ContactOutbox';

export interface ComposedMail {
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  /** The same for every attempt, so a receiver can drop a copy sent twice after a crash. */
  messageId: string;
  headers: Record<string, string>;
}

/** Operator text in a header: control characters become spaces, and it stays short. */
export function headerSafe(text: string, max = 150): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'partners-network.invalid';
}

export function composeMail(request: ContactRequestRecord, from: string): ComposedMail {
  if (!('emails' in request.channel)) throw new Error('a mail for a request that is not by mail');
  const received = new Date(request.receivedAt).toISOString();
  const text = [
    `${request.name} sent a message to ${request.partnerTitle} through the partner directory.`,
    `Reply to this mail to answer: your reply goes to ${request.email}.`,
    '',
    `Name: ${request.name}`,
    `Email: ${request.email}`,
    ...(request.company ? [`Company: ${request.company}`] : []),
    `Language of the page: ${request.locale}`,
    `Received: ${received}`,
    '',
    'Message:',
    '',
    request.message,
    '',
    '-- ',
    `Partners Network contact request ${request.id}. The visitor agreed to the directory's privacy notice.`,
  ].join('\n');
  return {
    from,
    to: request.channel.emails,
    replyTo: request.email,
    subject: `Contact request from the partner directory: ${headerSafe(request.partnerTitle)}`,
    text,
    messageId: `<contact-${request.id}-${request.receivedAt}@${domainOf(from)}>`,
    headers: { 'X-Partners-Network-Request': String(request.id) },
  };
}
