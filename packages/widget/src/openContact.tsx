/**
 * Opens the contact dialog (issue 26) for a card's Contact button: the entry of the
 * dialog's chunk, which the page script imports only when a visitor first asks for it.
 * The dialog gets a React root of its own beside the page's (in the same shadow root,
 * under a `.pn-root` so it takes the widget's theme), and goes when it closes.
 */
import { createRoot } from 'react-dom/client';
import { addStyles } from './adoptStyles';
import type { PortalContext } from './core/types';
import { ContactSection, styles } from './sections/ContactSection';

let opened: HTMLElement | null = null;

export function openContact(
  button: HTMLElement,
  portal: PortalContext,
  fetchImpl?: typeof fetch,
  messages?: unknown,
): void {
  const slug = button.dataset.contact;
  // A double click opens one dialog.
  if (!slug || opened) return;
  const title = button.closest('article')?.querySelector('h2')?.textContent ?? '';
  const page = button.closest<HTMLElement>('[lang]');
  const host = document.createElement('div');
  host.className = 'pn-root';
  (page ?? button.parentElement ?? document.body).append(host);
  addStyles(styles);
  opened = host;
  const root = createRoot(host);
  const close = () => {
    // After the event that closes it: a root is not unmounted from its own handler.
    setTimeout(() => {
      root.unmount();
      host.remove();
      opened = null;
    });
  };
  root.render(
    <ContactSection
      partner={{ title, slug }}
      opener={button}
      portal={portal}
      lang={page?.lang || 'en-US'}
      messages={messages}
      {...(fetchImpl ? { fetch: fetchImpl } : {})}
      onClose={close}
    />,
  );
}
