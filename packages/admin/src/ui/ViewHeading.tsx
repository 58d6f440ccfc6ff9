/**
 * A view's heading, focused when the view opens: a screen reader reads where the operator
 * now is, and the next Tab goes on from there, as after a page load.
 */
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { usePageTitle } from './usePageTitle';

export function ViewHeading({ title, children }: { title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(title);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className="pn-view__title">
      {children ?? title}
    </h1>
  );
}
