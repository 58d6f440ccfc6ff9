/** Signing in and out, the kept token, and the site picker, through the whole app. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_SITES_PATH, partnersPath } from '@partners-network/contract';
import { ConsoleApp } from '../ConsoleApp';
import { SECOND, TOKEN, requestsTo, serveFakeAdminApi } from '../test/fakeAdminApi';

const fake = serveFakeAdminApi();

const KEY = 'partners-network-admin-token';

async function signIn(token: string) {
  const user = userEvent.setup();
  render(<ConsoleApp />);
  await user.type(screen.getByLabelText('Admin token'), token);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('signing in', () => {
  it('refuses a wrong token: says so, keeps nothing and shows nothing of the console', async () => {
    await signIn('wrong-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This token was refused.');
    expect(screen.getByLabelText('Admin token')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Admin token')).toHaveFocus();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(requestsTo(fake.api, 'GET', ADMIN_SITES_PATH)[0]?.authorization).toBe(
      'Bearer wrong-token',
    );
  });

  it('asks for a token when none is pasted, without calling the server', async () => {
    await signIn(' ');
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste an admin token.');
    expect(fake.api.requests).toEqual([]);
  });

  it('keeps the right token in this tab only, sends it as a bearer header, never in an address', async () => {
    await signIn(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Partners' })).toHaveFocus();
    expect(sessionStorage.getItem(KEY)).toBe(TOKEN);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    await screen.findByRole('table');
    expect(window.location.hash).toBe('#/sites/20097/20121/partners');
    expect(fake.api.requests.length).toBeGreaterThanOrEqual(3);
    for (const request of fake.api.requests) {
      expect(request.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.url.href).not.toContain(TOKEN);
    }
    expect(window.location.href).not.toContain(TOKEN);
  });

  it('signs out: the token is forgotten and only the sign-in form shows', async () => {
    const user = await signIn(TOKEN);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in to the console' })).toBeInTheDocument();
    expect(screen.getByText('You signed out; the token is forgotten.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('a token kept by this tab', () => {
  it('opens the console again after a reload', async () => {
    sessionStorage.setItem(KEY, TOKEN);
    render(<ConsoleApp />);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByLabelText('Admin token')).not.toBeInTheDocument();
  });

  it('is forgotten when the server no longer takes it', async () => {
    sessionStorage.setItem(KEY, 'rotated-away');
    render(<ConsoleApp />);
    expect(
      await screen.findByText('The server no longer accepts your token. Sign in again.'),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('the site picker', () => {
  it('opens another site of the server only when asked to', async () => {
    const user = await signIn(TOKEN);
    await screen.findByRole('table');
    const picker = screen.getByRole('combobox', { name: 'Site' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['20097 / 20121 (30 partners)', '20097 / 20122 (3 partners)']);
    await user.selectOptions(picker, '20097 / 20122 (3 partners)');
    expect(window.location.hash).toBe('#/sites/20097/20121/partners');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(window.location.hash).toBe('#/sites/20097/20122/partners'));
    await waitFor(() => expect(requestsTo(fake.api, 'GET', partnersPath(SECOND))).toHaveLength(1));
  });

  it('says so when the address names a site the server does not hold', async () => {
    window.history.replaceState(null, '', '#/sites/20097/99999/partners');
    await signIn(TOKEN);
    expect(await screen.findByText('This server holds no site 20097 / 99999.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
