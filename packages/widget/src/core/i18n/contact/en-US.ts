/**
 * The contact dialog's texts (issue 26), en-US: the source of their ids. They travel with
 * the dialog's chunk (the page script carries only the card's `contact` button text), and
 * every other language is a chunk of its own beside this file, loaded with the dialog.
 * A new text is one line here and one in each file beside this one.
 */
import type { Message } from '../catalogues/en-US';

const enUS = {
  title: 'Contact {partner}',
  intro: 'Write to {partner}. They answer by email, to the address you give.',
  name: 'Your name',
  email: 'Your email address',
  company: 'Company (optional)',
  message: 'Message',
  characters: '{count} of {max} characters',
  consent:
    'I agree that my name, email address, company and message are sent to {partner} so they can answer me.',
  privacy: 'Privacy notice',
  retention: 'Your request is kept for {days} days after it is delivered, then deleted.',
  honeypot: 'Leave this field empty',
  send: 'Send',
  sending: 'Sending…',
  cancel: 'Cancel',
  close: 'Close',
  sent: 'Thank you. Your message to {partner} has been received and is on its way.',
  failed:
    'Your message could not be sent: nothing was sent. Your text is still here; please try again.',
  tooMany:
    'You have sent several messages in a short time: nothing was sent. Please try again later.',
  nameMissing: 'Enter your name.',
  nameTooLong: 'Your name can have at most {max} characters.',
  nameInvalid: 'Write your name on one line, without tabs.',
  emailMissing: 'Enter your email address.',
  emailInvalid: 'Enter an email address such as name@example.com.',
  companyTooLong: 'The company name can have at most {max} characters.',
  companyInvalid: 'Write the company name on one line, without tabs.',
  messageMissing: 'Write your message.',
  messageTooLong: 'Your message has {count} characters; at most {max} can be sent.',
  consentMissing: 'Tick the box to agree, or your message cannot be sent.',
} satisfies Record<string, Message>;

export type ContactMessageId = keyof typeof enUS;

/** A complete contact catalogue: a text for every id en-US has, no more. */
export type ContactCatalogue = Readonly<Record<ContactMessageId, Message>>;

export default enUS satisfies ContactCatalogue;
