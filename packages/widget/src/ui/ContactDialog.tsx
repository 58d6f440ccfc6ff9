/// <reference types="vite/client" />
import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
import type { Translator } from '../core/i18n/createTranslator';
import type { ContactMessageId } from '../core/i18n/contact/en-US';
import styles from './ContactDialog.css?inline';

/** This part's stylesheet: the page adds it when the chunk arrives (adoptStyles.ts). */
export { styles };

export type ContactDialogField = 'name' | 'email' | 'company' | 'message' | 'consent';
export type ContactDialogProblem = 'missing' | 'tooLong' | 'invalid';

export interface ContactDialogProps {
  /** The partner's title, as its card shows it. */
  partner: string;
  t: Translator<ContactMessageId>['t'];
  values: Record<Exclude<ContactDialogField, 'consent'>, string> & { consent: boolean };
  honeypot: string;
  problems: Partial<Record<ContactDialogField, ContactDialogProblem>>;
  /** sent: the confirmation replaces the form. */
  phase: 'editing' | 'sending' | 'sent';
  /** Why the last send failed (the form is kept), or null. */
  failure: 'failed' | 'tooMany' | null;
  privacyNoticeUrl: string | null;
  retentionDays: number | null;
  limits: { name: number; company: number; message: number };
  dialogRef: Ref<HTMLDialogElement>;
  /** Receives focus when the confirmation shows. */
  doneRef: Ref<HTMLParagraphElement>;
  onChange(field: ContactDialogField | 'website', value: string | boolean): void;
  onSubmit(): void;
  onClose(): void;
}

const ERRORS: Record<
  ContactDialogField,
  Partial<Record<ContactDialogProblem, ContactMessageId>>
> = {
  name: { missing: 'nameMissing', tooLong: 'nameTooLong', invalid: 'nameInvalid' },
  email: { missing: 'emailMissing', tooLong: 'emailInvalid', invalid: 'emailInvalid' },
  company: { tooLong: 'companyTooLong', invalid: 'companyInvalid' },
  message: { missing: 'messageMissing', tooLong: 'messageTooLong', invalid: 'messageMissing' },
  consent: { missing: 'consentMissing', invalid: 'consentMissing' },
};

/**
 * The contact form in a modal `<dialog>` (issue 26): labelled fields, each error tied to
 * its field (`aria-invalid`, `aria-describedby`) and in words of the visitor's language;
 * the consent with the operator's privacy notice; a hidden honeypot field no person fills;
 * after sending, a confirmation that names the partner. Focus handling (in, trapped,
 * back to the Contact button) is the caller's (hooks/useModalDialog.ts).
 */
export function ContactDialog({
  partner,
  t,
  values,
  honeypot,
  problems,
  phase,
  failure,
  privacyNoticeUrl,
  retentionDays,
  limits,
  dialogRef,
  doneRef,
  onChange,
  onSubmit,
  onClose,
}: ContactDialogProps) {
  const id = useId();
  const ids = (field: string) => `${id}-${field}`;
  const errorOf = (field: ContactDialogField): string | null => {
    const problem = problems[field];
    const message = problem && ERRORS[field][problem];
    if (!message) return null;
    const max = field === 'name' || field === 'company' || field === 'message' ? limits[field] : 0;
    return t(message, { max, count: values.message.length });
  };

  function field(
    name: Exclude<ContactDialogField, 'consent'>,
    control: (attributes: {
      id: string;
      'aria-invalid': boolean | undefined;
      'aria-describedby': string | undefined;
    }) => ReactNode,
    extraDescription?: string,
  ) {
    const error = errorOf(name);
    const described = [error ? ids(`${name}-error`) : '', extraDescription ?? '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="pn-field">
        <label className="pn-field__label" htmlFor={ids(name)}>
          {t(name)}
        </label>
        {control({
          id: ids(name),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
        })}
        {error && (
          <p className="pn-field__error" id={ids(`${name}-error`)}>
            {error}
          </p>
        )}
      </div>
    );
  }

  const sending = phase === 'sending';
  const consentError = errorOf('consent');

  return (
    <dialog
      ref={dialogRef}
      className="pn-dialog"
      part="contact-dialog"
      aria-labelledby={ids('title')}
      aria-describedby={phase === 'sent' ? ids('done') : ids('intro')}
    >
      <h2 className="pn-dialog__title" id={ids('title')} dir="auto">
        {t('title', { partner })}
      </h2>
      {phase === 'sent' ? (
        <div className="pn-dialog__done">
          <p role="status" id={ids('done')} tabIndex={-1} ref={doneRef}>
            {t('sent', { partner })}
          </p>
          <div className="pn-dialog__actions">
            <button
              type="button"
              className="pn-button pn-button--primary"
              part="button"
              onClick={onClose}
            >
              {t('close')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="pn-dialog__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <p className="pn-dialog__intro" id={ids('intro')}>
            {t('intro', { partner })}
          </p>
          {field('name', (attributes) => (
            <input
              {...attributes}
              className="pn-field__input"
              type="text"
              name="name"
              autoComplete="name"
              required
              value={values.name}
              onChange={(event) => onChange('name', event.target.value)}
            />
          ))}
          {field('email', (attributes) => (
            <input
              {...attributes}
              className="pn-field__input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              required
              value={values.email}
              onChange={(event) => onChange('email', event.target.value)}
            />
          ))}
          {field('company', (attributes) => (
            <input
              {...attributes}
              className="pn-field__input"
              type="text"
              name="company"
              autoComplete="organization"
              value={values.company}
              onChange={(event) => onChange('company', event.target.value)}
            />
          ))}
          {field(
            'message',
            (attributes) => (
              <textarea
                {...attributes}
                className="pn-field__input pn-field__textarea"
                name="message"
                rows={6}
                required
                value={values.message}
                onChange={(event) => onChange('message', event.target.value)}
              />
            ),
            ids('count'),
          )}
          <p
            className="pn-field__hint"
            id={ids('count')}
            data-over={values.message.length > limits.message || undefined}
          >
            {t('characters', { count: values.message.length, max: limits.message })}
          </p>
          <div className="pn-consent">
            <input
              className="pn-consent__box"
              type="checkbox"
              id={ids('consent')}
              name="consent"
              required
              checked={values.consent}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? ids('consent-error') : undefined}
              onChange={(event) => onChange('consent', event.target.checked)}
            />
            <label className="pn-consent__label" htmlFor={ids('consent')}>
              {t('consent', { partner })}
            </label>
          </div>
          {consentError && (
            <p className="pn-field__error" id={ids('consent-error')}>
              {consentError}
            </p>
          )}
          <p className="pn-field__hint">
            {retentionDays !== null && `${t('retention', { days: retentionDays })} `}
            {privacyNoticeUrl !== null && (
              <a href={privacyNoticeUrl} target="_blank" rel="noopener" part="privacy-link">
                {t('privacy')}
              </a>
            )}
          </p>
          {/* The honeypot: off screen and hidden from assistive technology; only bots fill it. */}
          <div className="pn-dialog__trap" aria-hidden="true">
            <label htmlFor={ids('website')}>{t('honeypot')}</label>
            <input
              id={ids('website')}
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(event) => onChange('website', event.target.value)}
            />
          </div>
          {failure && (
            <p className="pn-dialog__failure" role="alert">
              {t(failure)}
            </p>
          )}
          <div className="pn-dialog__actions">
            <button
              type="button"
              className="pn-button pn-button--secondary"
              part="button"
              onClick={onClose}
            >
              {t('cancel')}
            </button>
            <button
              type="submit"
              className="pn-button pn-button--primary"
              part="button contact-send-button"
              aria-disabled={sending || undefined}
            >
              {t(sending ? 'sending' : 'send')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
