/**
 * Which cards of an answer a tuning's rule pinned, for the console's preview: the rule is
 * the one the search's text falls under (folded as the search folds it, the last of equal
 * queries winning as in answer/applyTuning), and the page's partners are read from the
 * answer's id, which names them in order (stats/answerId).
 */
import { searchTerms } from '../search/searchTerms';
import { decodeAnswerId } from '../stats/answerId';
import type { StoredTuning } from '../store/SiteRecords';

export function pinnedPositions(
  tuning: StoredTuning,
  text: string,
  answerId: string | undefined,
): number[] {
  const key = searchTerms(text).join(' ');
  if (key === '' || answerId === undefined) return [];
  const rule = tuning.queryRules.filter((one) => searchTerms(one.query).join(' ') === key).at(-1);
  const page = decodeAnswerId(answerId);
  if (!rule || !page) return [];
  const pinned = new Set(rule.pinned.map((partner) => partner.id));
  return page.partnerIds.flatMap((id, position) => (pinned.has(id) ? [position] : []));
}
