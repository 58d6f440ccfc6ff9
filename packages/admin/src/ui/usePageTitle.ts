import { useEffect } from 'react';
import { t } from '../core/translate';

/** The tab's title names the view, as a screen reader announces on a new page. */
export function usePageTitle(view: string): void {
  useEffect(() => {
    document.title = t('pageTitle', { view });
  }, [view]);
}
