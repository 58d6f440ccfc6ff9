/**
 * The place in the page script where its evaluation yields to the host page: between the
 * element's start (its first requests out, no React yet) and React's modules with the page.
 * The page scripts' build makes this statement an `await` of the timer (vite.config.ts,
 * yieldToHost), so the evaluation ends here, the host page's load runs, and the rest of the
 * script evaluates in the timer's task: one long task becomes two shorter ones
 * (bench/README.md, tbt17). Not in the source as a top-level await: Rollup would then split
 * the page script into eleven files (its chunks could not import from an entry that awaits).
 * Anywhere else (the library, tests) it is a timer that does nothing.
 */
void new Promise((resolve) => setTimeout(resolve));

export {};
