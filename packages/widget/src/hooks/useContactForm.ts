import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../core/ApiError';
import type { ContactSession } from '../core/contact/createContactSession';
import type {
  ContactField,
  ContactValues,
  FieldProblems,
} from '../core/contact/validateContactForm';
import { CONTACT_FIELDS, validateContactForm } from '../core/contact/validateContactForm';

const EMPTY: ContactValues = { name: '', email: '', company: '', message: '', consent: false };

export interface ContactFormState {
  values: ContactValues;
  honeypot: string;
  problems: FieldProblems;
  phase: 'editing' | 'sending' | 'sent';
  failure: 'failed' | 'tooMany' | null;
  change(field: ContactField | 'website', value: string | boolean): void;
  /** Sends, or returns the first field to fix (focus goes there). */
  submit(): Promise<ContactField | null>;
}

/**
 * The contact form's state over a session (core/contact): values, each field's problem
 * (checked on Send, then again as the visitor corrects), sending, the confirmation, and
 * why a send failed. A second Send while one is on its way does nothing.
 */
export function useContactForm(session: ContactSession): ContactFormState {
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [phase, setPhase] = useState<ContactFormState['phase']>('editing');
  const [failure, setFailure] = useState<ContactFormState['failure']>(null);
  const checked = useRef(false);
  const busy = useRef(false);

  const change = useCallback((field: ContactField | 'website', value: string | boolean) => {
    if (field === 'website') {
      setHoneypot(String(value));
      return;
    }
    setValues((previous) => {
      const next = { ...previous, [field]: value };
      if (checked.current) setProblems(validateContactForm(next));
      return next;
    });
  }, []);

  const submit = useCallback(async (): Promise<ContactField | null> => {
    if (busy.current) return null;
    checked.current = true;
    const found = validateContactForm(values);
    setProblems(found);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) return first;
    busy.current = true;
    setPhase('sending');
    setFailure(null);
    try {
      await session.send(values, honeypot);
      setPhase('sent');
    } catch (error) {
      setFailure(error instanceof ApiError && error.status === 429 ? 'tooMany' : 'failed');
      setPhase('editing');
    } finally {
      busy.current = false;
    }
    return null;
  }, [session, values, honeypot]);

  return { values, honeypot, problems, phase, failure, change, submit };
}
