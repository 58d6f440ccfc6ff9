import { SUMMARY_LIMIT } from './types';

export const ELLIPSIS = '…';

/**
 * SPEC 5: a summary longer than 200 characters is cut to 200 with an ellipsis.
 * Decision: the 200 are the kept characters and the ellipsis comes on top (at most
 * 201 in all), so a summary of exactly 200 stays whole. Characters are code points,
 * so a surrogate pair (emoji) is never split; trailing spaces before '…' are dropped.
 */
export function truncateSummary(summary: string, limit: number = SUMMARY_LIMIT): string {
  // Cheap exit: fewer UTF-16 units than the limit means fewer code points too.
  if (summary.length <= limit) return summary;
  const codePoints = Array.from(summary);
  if (codePoints.length <= limit) return summary;
  return codePoints.slice(0, limit).join('').trimEnd() + ELLIPSIS;
}
