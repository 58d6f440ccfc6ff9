import { useMessages } from './MessagesContext';

export interface NoResultsPanelProps {
  onResetAll: () => void;
}

export function NoResultsPanel({ onResetAll }: NoResultsPanelProps) {
  const t = useMessages();
  return (
    <div className="pn-panel pn-no-results" part="no-results-panel">
      <h2 className="pn-panel__title">{t('noResultsTitle')}</h2>
      <p className="pn-panel__text">{t('noResultsText')}</p>
      <button
        type="button"
        className="pn-button pn-button--primary"
        part="button reset-button"
        onClick={onResetAll}
      >
        {t('resetAll')}
      </button>
    </div>
  );
}
