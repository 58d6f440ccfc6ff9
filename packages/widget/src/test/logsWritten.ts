/**
 * Waits until the console lines the code under test asked for are written: a warning's
 * words are a chunk (core/logTexts.ts), so `logWarning` writes its line a few microtasks
 * after the call, once the chunk's `import()` has settled. Once the chunk is loaded here,
 * a macrotask runs only after every pending write's promise chain has run.
 */
export async function logsWritten(): Promise<void> {
  await import('../core/logTexts');
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}
