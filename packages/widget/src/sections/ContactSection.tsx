/**
 * The contact dialog wired to its session (issue 26): a chunk of its own, loaded when a
 * visitor first presses a card's Contact button, with its texts in the page's language,
 * the proof of work solved while the visitor writes, and focus handled as a modal's.
 */
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import {
  CONTACT_COMPANY_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
} from '@partners-network/contract';
import type { ContactFormSetup } from '@partners-network/contract';
import { createContactClient } from '../core/contact/createContactClient';
import { createContactSession } from '../core/contact/createContactSession';
import { loadContactTranslator } from '../core/i18n/contact/loadContactTranslator';
import type { ContactTranslator } from '../core/i18n/contact/loadContactTranslator';
import { logError } from '../core/log';
import type { TextCode } from '../core/logTexts';
import { sanitizeUrl } from '../core/sanitizeUrl';
import type { PortalContext } from '../core/types';
import { useContactForm } from '../hooks/useContactForm';
import { useModalDialog } from '../hooks/useModalDialog';
import { ContactDialog } from '../ui/ContactDialog';

export { styles } from '../ui/ContactDialog';

const LIMITS = {
  name: CONTACT_NAME_MAX_LENGTH,
  company: CONTACT_COMPANY_MAX_LENGTH,
  message: CONTACT_MESSAGE_MAX_LENGTH,
};

export interface ContactSectionProps {
  /** The partner's card: its title and the slug of its contact call. */
  partner: { title: string; slug: string };
  /** The Contact button: focus goes back to it when the dialog closes. */
  opener: HTMLElement | null;
  portal: PortalContext;
  /** The page's catalogue tag (its root's `lang`). */
  lang: string;
  /** The operator's messages given to the page (the element's, or mount()'s option). */
  messages?: unknown;
  fetch?: typeof fetch;
  onClose: () => void;
}

export function ContactSection({
  partner,
  opener,
  portal,
  lang,
  messages,
  fetch,
  onClose,
}: ContactSectionProps) {
  const [translator, setTranslator] = useState<ContactTranslator | null>(null);
  // Made once per opening of the dialog; its work starts and stops with the effect below.
  const [session] = useState(() =>
    createContactSession(
      createContactClient({ portal, ...(fetch ? { fetch } : {}) }),
      partner.slug,
    ),
  );
  const [setup, setSetup] = useState<ContactFormSetup | null>(null);
  const form = useContactForm(session);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let current = true;
    const locale = portal.languageId.replace(/_/g, '-');
    void loadContactTranslator(lang, locale, messages).then((loaded) => {
      if (current) setTranslator(loaded);
    });
    return () => {
      current = false;
    };
  }, [lang, portal.languageId, messages]);

  useEffect(() => {
    let current = true;
    session.setup.then(
      (answer) => {
        if (current) setSetup(answer);
      },
      (error: unknown) => void logError([43 satisfies TextCode<'contactSetupFailed'>], error),
    );
    const close = session.open();
    return () => {
      current = false;
      close();
    };
  }, [session]);

  useEffect(() => {
    if (form.phase === 'sent') doneRef.current?.focus();
  }, [form.phase]);

  return translator ? (
    <ModalContactDialog
      translator={translator}
      partner={partner.title}
      opener={opener}
      onClose={onClose}
      form={form}
      setup={setup}
      dialogRef={dialogRef}
      doneRef={doneRef}
    />
  ) : null;
}

interface ModalContactDialogProps {
  translator: ContactTranslator;
  partner: string;
  opener: HTMLElement | null;
  onClose: () => void;
  form: ReturnType<typeof useContactForm>;
  setup: ContactFormSetup | null;
  dialogRef: RefObject<HTMLDialogElement | null>;
  doneRef: RefObject<HTMLParagraphElement | null>;
}

/** Mounted once the texts are there, so the modal opens with its fields in place. */
function ModalContactDialog(props: ModalContactDialogProps) {
  const { form, dialogRef, setup } = props;
  useModalDialog(dialogRef, props.opener, props.onClose);
  return (
    <ContactDialog
      partner={props.partner}
      t={props.translator.t}
      values={form.values}
      honeypot={form.honeypot}
      problems={form.problems}
      phase={form.phase}
      failure={form.failure}
      privacyNoticeUrl={setup?.privacyNoticeUrl ? sanitizeUrl(setup.privacyNoticeUrl) : null}
      retentionDays={setup?.retentionDays ?? null}
      limits={LIMITS}
      dialogRef={dialogRef}
      doneRef={props.doneRef}
      onChange={form.change}
      onSubmit={() => {
        void form.submit().then((field) => {
          if (field) dialogRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
        });
      }}
      onClose={props.onClose}
    />
  );
}
