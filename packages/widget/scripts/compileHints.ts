/**
 * V8's explicit compile hint on the page script: `//# allFunctionsCalledOnLoad` as its first
 * line makes V8 compile every function of the file when it compiles the script, which for
 * a script the browser streams happens on a background thread while it arrives, instead
 * of lazily, on the main thread, the first time each function runs. Nearly all of the entry
 * runs on load (React's module set-up and first render, the page's first render, the
 * controller, the answers' checks); what a visit may never need is in chunks already,
 * which get no hint.
 *
 * Measured (bench/README.md, "Compile hints"): traces of cold visits at 4x CPU found V8's
 * lazy compilation to be 36 ms of the page script's evaluation task and 42 ms of the
 * 78 ms of CPU of React's first render of the page with its skeleton (main's build);
 * with the hint, 2 and 0 ms. It costs 21 B gzip. Browsers without the hint read a comment.
 */
import type { Plugin, Rollup } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The hint as the first line of each entry chunk of `bundle`, once. */
export function addCompileHints(bundle: Rollup.OutputBundle): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && chunk.isEntry && !chunk.code.startsWith(COMPILE_HINT)) {
      chunk.code = COMPILE_HINT + chunk.code;
    }
  }
}

/** Adds the hint when the bundle is generated: after minification, which drops comments. */
export function compileHints(): Plugin {
  return {
    name: 'partners-network:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: (_options, bundle) => addCompileHints(bundle),
  };
}
