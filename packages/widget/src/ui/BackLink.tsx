export interface BackLinkProps {
  href: string;
}

export function BackLink({ href }: BackLinkProps) {
  return (
    <a className="pn-back-link" part="back-link" href={href}>
      <span aria-hidden="true" className="pn-back-link__arrow">
        ←
      </span>
      Back to home page
    </a>
  );
}
