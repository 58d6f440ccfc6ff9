/**
 * The console: signed out, the sign-in form and nothing else; signed in, the shell with the
 * site's views. The token lives in this tab's sessionStorage only (core/session.ts); a token
 * the server refuses (at sign-in, or later on any call) shows nothing of the console.
 */
import { useCallback, useState } from 'react';
import type { AdminSite } from '@partners-network/contract';
import type { MessageId } from './core/messages';
import { forgetToken, keepToken, readToken } from './core/session';
import { ConsoleShell } from './ConsoleShell';
import { SignIn } from './ui/SignIn';

export interface ConsoleAppProps {
  /** The network (tests pass their own). */
  fetch?: typeof fetch;
}

type Session =
  | { phase: 'signedOut'; notice?: MessageId }
  /** A token kept by this tab (a reload): checked before anything shows. */
  | { phase: 'resuming'; token: string }
  | { phase: 'signedIn'; token: string; sites: AdminSite[] };

export function ConsoleApp({ fetch }: ConsoleAppProps) {
  const [session, setSession] = useState<Session>(() => {
    const token = readToken();
    return token ? { phase: 'resuming', token } : { phase: 'signedOut' };
  });

  const signedIn = useCallback((token: string, sites: AdminSite[]) => {
    keepToken(token);
    setSession({ phase: 'signedIn', token, sites });
  }, []);
  const end = useCallback((notice: MessageId) => {
    forgetToken();
    setSession({ phase: 'signedOut', notice });
  }, []);
  const signOut = useCallback(() => end('signedOut'), [end]);
  const sessionEnded = useCallback(() => end('sessionEnded'), [end]);

  if (session.phase === 'signedIn') {
    return (
      <ConsoleShell
        token={session.token}
        sites={session.sites}
        onSignOut={signOut}
        onSessionEnded={sessionEnded}
        {...(fetch ? { fetch } : {})}
      />
    );
  }
  return (
    <SignIn
      onSignedIn={signedIn}
      onRefused={sessionEnded}
      {...(session.phase === 'resuming' ? { keptToken: session.token } : {})}
      {...(session.phase === 'signedOut' && session.notice ? { notice: session.notice } : {})}
      {...(fetch ? { fetch } : {})}
    />
  );
}
