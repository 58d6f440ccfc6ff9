/** The console signed in (a kept token) at a route, with user-event and its fake API. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConsoleApp } from '../ConsoleApp';
import { TOKEN } from './fakeAdminApi';

export async function renderSignedIn(hash: string) {
  sessionStorage.setItem('partners-network-admin-token', TOKEN);
  window.history.replaceState(null, '', `/admin/${hash}`);
  const user = userEvent.setup();
  render(<ConsoleApp />);
  await screen.findByRole('navigation', { name: 'Console' });
  return user;
}
