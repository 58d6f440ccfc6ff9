import { AdminApiError } from '../core/createAdminClient';
import { t } from '../core/translate';

/** What the operator reads when a load failed, and a way to try again. */
export function describeError(error: unknown): string {
  if (error instanceof AdminApiError && error.status === 503) return t('serverAway');
  return t('loadFailed', { reason: error instanceof Error ? error.message : String(error) });
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div className="pn-load-error" role="alert">
      <p>{describeError(error)}</p>
      <button type="button" className="pn-button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
