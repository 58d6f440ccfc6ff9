import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Makes a `<dialog>` a real modal while it is mounted: `showModal()` (the page behind is
 * inert), focus on its first field, Tab and Shift+Tab wrap inside it, Escape closes it
 * through `onClose` (the caller decides), and on unmount focus goes back to `opener`.
 */
export function useModalDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  opener: HTMLElement | null,
  onClose: () => void,
): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    if (!dialog.open) {
      // jsdom and old engines have no showModal: an open dialog still works there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && typeof dialog.showModal !== 'function') {
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) => !element.closest('[aria-hidden="true"]'),
      );
      const first = stops[0];
      const last = stops.at(-1);
      const root = dialog.getRootNode();
      const active =
        root instanceof ShadowRoot || root instanceof Document ? root.activeElement : null;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      opener?.focus();
    };
  }, [dialogRef, opener]);
}
