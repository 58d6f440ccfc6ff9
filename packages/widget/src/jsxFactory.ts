/**
 * The page scripts' JSX factory (`CLASSIC_JSX` in vite.config.ts): esbuild compiles
 * `<a href={x}>{y}{z}</a>` to `jsxFactory('a', { href: x }, y, z)`, shorter in the page
 * script than the automatic runtime's `jsx('a', { href: x, children: [y, z] })`. It hands
 * the same props to React's `jsx`, so elements are built as fast as before (React's
 * `createElement` copies every props object: 3 to 5 times slower per element).
 */
import { jsx } from 'react/jsx-runtime';
import type { ReactElement } from 'react';

export function jsxFactory(
  type: Parameters<typeof jsx>[0],
  props: Record<string, unknown> | null,
  ...children: unknown[]
): ReactElement {
  // esbuild writes a new object literal (or null) at every call: it is the element's own.
  const own = props ?? {};
  if (children.length > 0) own.children = children.length > 1 ? children : children[0];
  // A `key` in the props: React's jsx takes it out, as createElement does.
  return jsx(type, own);
}
