/**
 * Runs `run` in a task after the next frame is painted (posted from that frame's
 * requestAnimationFrame callback): work that would delay the paint of what was just
 * committed (a replaceState, a focus with its style and layout) waits for it.
 */
export function afterPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run));
}
