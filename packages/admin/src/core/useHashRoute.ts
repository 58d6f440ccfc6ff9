/**
 * The console's route, read from the address's fragment and followed on every change
 * (back, forward, a link). `navigate` adds a history entry; `{ replace: true }` does not
 * (a search typed letter by letter is one step back, not ten).
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Route } from './route';
import { formatRoute, parseRoute } from './route';

const REPLACED = 'partners-network:route-replaced';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener(REPLACED, onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener(REPLACED, onChange);
  };
}

const readHash = () => window.location.hash;

export type Navigate = (route: Route, options?: { replace?: boolean }) => void;

export function navigateTo(route: Route, options: { replace?: boolean } = {}): void {
  const hash = formatRoute(route);
  if (hash === window.location.hash) return;
  if (options.replace) {
    window.history.replaceState(window.history.state, '', hash);
    window.dispatchEvent(new Event(REPLACED));
  } else {
    window.location.hash = hash;
  }
}

export function useHashRoute(): { route: Route; navigate: Navigate } {
  const hash = useSyncExternalStore(subscribe, readHash, readHash);
  const navigate = useCallback<Navigate>((route, options) => navigateTo(route, options), []);
  const route = useMemo(() => parseRoute(hash), [hash]);
  return { route, navigate };
}
