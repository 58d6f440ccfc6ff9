/**
 * Signing in: an admin token pasted into a password field, checked by asking the server for
 * its sites (the first call any view needs). Refused, it is not kept and nothing of the
 * console shows. A token this tab kept (a reload) is checked the same way first.
 */
import type { FormEvent } from 'react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { AdminSite } from '@partners-network/contract';
import { AdminApiError, createAdminClient } from '../core/createAdminClient';
import type { MessageId } from '../core/messages';
import { t } from '../core/translate';
import { usePageTitle } from './usePageTitle';

export interface SignInProps {
  onSignedIn(token: string, sites: AdminSite[]): void;
  /** The kept token was refused: the app forgets it and says so. */
  onRefused(): void;
  keptToken?: string;
  notice?: MessageId;
  fetch?: typeof fetch;
}

type SitesAnswer = { ok: true; sites: AdminSite[] } | { ok: false; error: unknown };

function askSites(token: string, fetch: typeof globalThis.fetch | undefined): Promise<SitesAnswer> {
  return createAdminClient({ token, ...(fetch ? { fetch } : {}) })
    .sites()
    .then(
      ({ sites }) => ({ ok: true as const, sites }),
      (error: unknown) => ({ ok: false as const, error }),
    );
}

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'failed'; message: string };

function describeFailure(error: unknown): string {
  if (error instanceof AdminApiError && error.status === 401) return t('tokenRefused');
  if (error instanceof AdminApiError && error.status === 503) return t('serverAway');
  return t('loadFailed', { reason: error instanceof Error ? error.message : String(error) });
}

export function SignIn({ onSignedIn, onRefused, keptToken, notice, fetch }: SignInProps) {
  const [check, setCheck] = useState<Check>(keptToken ? { state: 'checking' } : { state: 'idle' });
  // A kept token is being checked: nothing shows yet, not even the form.
  const [resuming, setResuming] = useState(Boolean(keptToken));
  usePageTitle(t('signInTitle'));

  /** What the server said of a token: signed in, or why not. */
  function settle(candidate: string, kept: boolean, answer: SitesAnswer) {
    if (answer.ok) {
      onSignedIn(candidate, answer.sites);
    } else if (kept && answer.error instanceof AdminApiError && answer.error.status === 401) {
      onRefused();
    } else {
      setCheck({ state: 'failed', message: describeFailure(answer.error) });
    }
  }

  const settleKept = useEffectEvent((kept: string, answer: SitesAnswer) => {
    setResuming(false);
    settle(kept, true, answer);
  });
  useEffect(() => {
    if (!keptToken) return undefined;
    let wanted = true;
    void askSites(keptToken, fetch).then((answer) => {
      if (wanted) settleKept(keptToken, answer);
    });
    return () => {
      wanted = false;
    };
  }, [keptToken, fetch]);

  function submit(typed: string) {
    const candidate = typed.trim();
    if (candidate === '') {
      setCheck({ state: 'failed', message: t('tokenRequired') });
      return;
    }
    setCheck({ state: 'checking' });
    void askSites(candidate, fetch).then((answer) => settle(candidate, false, answer));
  }

  if (resuming) {
    return (
      <main className="pn-signin" aria-busy="true">
        <p role="status">{t('loading')}</p>
      </main>
    );
  }
  return (
    <main className="pn-signin">
      <h1>{t('signInTitle')}</h1>
      <div role="status">{notice ? <p className="pn-notice">{t(notice)}</p> : null}</div>
      <TokenForm check={check} onSubmit={submit} />
    </main>
  );
}

/** The token field and its button; the field has the focus back after a refusal. */
function TokenForm({ check, onSubmit }: { check: Check; onSubmit(token: string): void }) {
  const [token, setToken] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const ids = { hint: useId(), error: useId(), field: useId() };
  const checking = check.state === 'checking';
  const failed = check.state === 'failed';
  // Back to the field, once it is enabled again, to fix the token.
  useEffect(() => {
    if (check.state === 'failed') field.current?.focus();
  }, [check]);
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(token);
      }}
      noValidate
      className="pn-signin__form"
      aria-label={t('signInTitle')}
    >
      <p id={ids.hint}>{t('signInIntro')}</p>
      <label htmlFor={ids.field}>{t('tokenLabel')}</label>
      <input
        ref={field}
        id={ids.field}
        type="password"
        name="admin-token"
        autoComplete="off"
        spellCheck={false}
        value={token}
        onChange={(event) => setToken(event.target.value)}
        aria-describedby={failed ? `${ids.error} ${ids.hint}` : ids.hint}
        aria-invalid={failed}
        disabled={checking}
      />
      <p id={ids.error} className="pn-field-error" role="alert">
        {failed ? check.message : null}
      </p>
      <button type="submit" className="pn-button pn-button--primary" disabled={checking}>
        {checking ? t('signingIn') : t('signIn')}
      </button>
    </form>
  );
}
