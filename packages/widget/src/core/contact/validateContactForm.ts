/**
 * The contact form checked with the server's own rules: the contract's `contactFormSchema`,
 * through its generated data twin (no zod in the page). Each field gets one problem, which
 * the dialog words in the visitor's language.
 */
import { contactFormDataSchema, parseData } from '@partners-network/contract';
import type { ContactForm } from '@partners-network/contract';

export type ContactField = 'name' | 'email' | 'company' | 'message' | 'consent';
export type FieldProblem = 'missing' | 'tooLong' | 'invalid';
export type FieldProblems = Partial<Record<ContactField, FieldProblem>>;

/** What the visitor typed, as the form holds it. */
export interface ContactValues {
  name: string;
  email: string;
  company: string;
  message: string;
  consent: boolean;
}

export const CONTACT_FIELDS: readonly ContactField[] = [
  'name',
  'email',
  'company',
  'message',
  'consent',
];

/** The form as it is checked and sent, before consent is known to be given. */
export type ContactDraft = Omit<ContactForm, 'consent'> & { consent: boolean };

/** One-line fields trimmed, an empty company left out. */
export function toContactForm(values: ContactValues): ContactDraft {
  const company = values.company.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(company === '' ? {} : { company }),
    message: values.message.trim(),
    consent: values.consent,
  };
}

const isField = (key: unknown): key is ContactField =>
  CONTACT_FIELDS.some((field) => field === key);

/** The fields that break a rule, each with why; empty when the form can be sent. */
export function validateContactForm(values: ContactValues): FieldProblems {
  const form = toContactForm(values);
  const parsed = parseData(contactFormDataSchema, form);
  const problems: FieldProblems = {};
  if (parsed.success) return problems;
  for (const issue of parsed.issues) {
    const [field] = issue.path;
    if (!isField(field) || problems[field]) continue;
    const value = form[field];
    if (issue.keyword === 'maxLength') problems[field] = 'tooLong';
    else if (value === '' || value === false) problems[field] = 'missing';
    else problems[field] = 'invalid';
  }
  return problems;
}
