/**
 * A question that needs an answer before anything happens (deleting a partner): the
 * browser's own modal dialog, so focus stays inside it, Escape cancels and the page behind
 * is inert. Cancel has the focus first: Enter alone never deletes. Focus goes back to what
 * opened it, unless the caller moves it (the opener may be gone). A `problem` (the call
 * failed) is said inside the dialog, which stays open: the operator tries again or cancels.
 */
import { useEffect, useId, useRef } from 'react';
import { t } from '../core/translate';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  problem?: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy,
  problem,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const ids = { title: useId(), text: useId() };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const opener = document.activeElement;
    element.showModal();
    cancel.current?.focus();
    return () => {
      if (element.open) element.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="pn-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={ids.title}>{title}</h2>
      <p id={ids.text}>{text}</p>
      {problem ? (
        <p className="pn-field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="pn-dialog__actions">
        <button ref={cancel} type="button" className="pn-button" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="pn-button pn-button--danger"
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
