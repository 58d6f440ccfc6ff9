/**
 * Erasing a site's counts (DELETE …/insights): a section at the end of Insights whose button
 * asks first, in the console's confirmation dialog, saying what goes and that it cannot be
 * undone. A refusal keeps the dialog open with the reason (nothing was erased, the figures
 * behind stay); a token no longer accepted signs the operator out, as every call does.
 */
import { useId, useState } from 'react';
import type { Scope } from '@partners-network/contract';
import { AdminApiError } from '../../core/createAdminClient';
import { t } from '../../core/translate';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { describeError } from '../../ui/LoadError';
import type { ViewContext } from '../consoleViews';

export interface EraseCountsProps extends Pick<ViewContext, 'client' | 'notify'> {
  site: Scope;
  /** The counts are gone: the view asks for its figures again. */
  onErased(): void;
}

export function EraseCounts({ site, client, notify, onErased }: EraseCountsProps) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const name = t('siteName', { ...site });

  function close() {
    setAsking(false);
    setProblem(undefined);
  }

  async function erase() {
    setBusy(true);
    setProblem(undefined);
    try {
      await client.eraseInsights(site);
      close();
      notify(t('erased', { site: name }));
      onErased();
    } catch (error) {
      // A 401 has signed the operator out already: this view is about to go.
      if (!(error instanceof AdminApiError && error.status === 401)) {
        setProblem(t('eraseFailed', { reason: describeError(error) }));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="pn-erase" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('eraseTitle')}</h2>
      <p className="pn-hint">{t('eraseIntro')}</p>
      <button type="button" className="pn-button pn-button--danger" onClick={() => setAsking(true)}>
        {t('eraseCounts')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('confirmEraseTitle', { site: name })}
          text={t('confirmEraseText')}
          confirmLabel={t('confirmErase')}
          busy={busy}
          problem={problem}
          onConfirm={() => void erase()}
          onCancel={close}
        />
      ) : null}
    </section>
  );
}
