import { useMessages } from './MessagesContext';

export interface BackLinkProps {
  href: string;
}

export function BackLink({ href }: BackLinkProps) {
  const t = useMessages();
  return (
    <a className="pn-back-link" part="back-link" href={href}>
      <span aria-hidden="true" className="pn-back-link__arrow">
        ←
      </span>
      {t('backLink')}
    </a>
  );
}
