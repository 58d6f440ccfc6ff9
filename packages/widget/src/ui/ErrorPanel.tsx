import { useEffect, useRef } from 'react';
import { useMessages } from './MessagesContext';

export interface ErrorPanelProps {
  /** Called by 'Go to the home page'; the page passes a navigation to '/'. */
  onGoHome: () => void;
}

export function ErrorPanel({ onGoHome }: ErrorPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = useMessages();

  // The panel replaces the page, so focus would otherwise be lost on a removed node.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="pn-panel pn-error" part="error-panel">
      <h2 className="pn-panel__title" tabIndex={-1} ref={headingRef}>
        {t('errorTitle')}
      </h2>
      <p className="pn-panel__text">{t('errorText')}</p>
      <button
        type="button"
        className="pn-button pn-button--primary"
        part="button home-button"
        onClick={onGoHome}
      >
        {t('goHome')}
      </button>
    </div>
  );
}
