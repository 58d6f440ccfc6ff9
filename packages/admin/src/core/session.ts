/**
 * The admin token of this tab: in sessionStorage only (never localStorage, a cookie or an
 * address), so it lives as long as the tab and is readable by this origin's scripts alone.
 * Signing out removes it.
 */
const KEY = 'partners-network-admin-token';

export function readToken(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    // Storage refused (a privacy setting): the operator signs in again on reload.
    return undefined;
  }
}

export function keepToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Kept in memory only, for this page.
  }
}

export function forgetToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
