/**
 * The page scripts' JSX factory (`CLASSIC_JSX` in vite.config.ts): esbuild compiles
 * `<a href={x}>{y}{z}</a>` to `jsxFactory('a', { href: x }, y, z)`, shorter in the page
 * script than the automatic runtime's `jsx('a', { href: x, children: [y, z] })`.
 *
 * It is React's own `createElement`, bound to a local name (one short identifier per
 * element in the page script, not `React.createElement`): the page script then has no
 * factory of its own and no `react/jsx-runtime`, 156 B gzip less of a first visit than a
 * factory handing the props to `jsx` (bench/README.md, parts15). `createElement` copies
 * each props object, which `jsx` does not, but the factory it replaced gathered its
 * children in a rest array: measured in Node, 0.02 to 0.07 µs more per element once
 * optimised and none in the interpreter (a first visit builds a few hundred elements),
 * and the page's first card and TBT A/B showed no difference (bench/README.md).
 */
import { createElement } from 'react';

export const jsxFactory = createElement;
