/**
 * The Insights view's figures and lists: the totals, the top searches, the searches that
 * found nothing (with the filters ticked), the filter items used most, the partners opened
 * most and the click-through rate by position. Every text from visitors or partners is
 * rendered as text; each search opens the public page on that search.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { Insights, Scope } from '@partners-network/contract';
import type { PublicSearch } from '../../core/publicSearchUrl';
import { publicSearchUrl } from '../../core/publicSearchUrl';
import { formatRoute } from '../../core/route';
import { t } from '../../core/translate';
import type { InsightsColumn, InsightsRow } from './InsightsTable';
import { InsightsTable } from './InsightsTable';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const number = new Intl.NumberFormat('en-US');

export function Totals({ insights }: { insights: Insights }) {
  const { totals, minTextCount: min } = insights;
  const figures: { label: string; value: string; detail?: string }[] = [
    { label: t('totalSearches'), value: number.format(totals.searches) },
    {
      label: t('totalZeroRate'),
      value: percent.format(totals.zeroResultRate),
      detail: t('zeroRateDetail', { count: totals.zeroResults }),
    },
    { label: t('totalClicks'), value: number.format(totals.clicks) },
    {
      label: t('totalClickRate'),
      value: percent.format(totals.clickThroughRate),
      detail: t('clickRateDetail'),
    },
  ];
  return (
    <section className="pn-insights__part" aria-labelledby="insights-totals">
      <h2 id="insights-totals">{t('totalsTitle')}</h2>
      <dl className="pn-figures">
        {figures.map((figure) => (
          <div key={figure.label} className="pn-figure">
            <dt>{figure.label}</dt>
            <dd>
              <span className="pn-figure__value">{figure.value}</span>
              {figure.detail ? <span className="pn-hint">{figure.detail}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="pn-insights__notes">
        {totals.otherSearches > 0 ? (
          <li>{t('otherSearches', { count: totals.otherSearches, min })}</li>
        ) : null}
        {totals.redactedSearches > 0 ? (
          <li>{t('redactedSearches', { count: totals.redactedSearches })}</li>
        ) : null}
      </ul>
    </section>
  );
}

/** A section with its heading naming its table, or a sentence when it has no row. */
function ListSection(props: {
  title: string;
  hint?: string;
  columns: readonly InsightsColumn[];
  rows: readonly InsightsRow[];
}) {
  const heading = useId();
  return (
    <section className="pn-insights__part" aria-labelledby={heading}>
      <h2 id={heading}>{props.title}</h2>
      {props.hint ? <p className="pn-hint">{props.hint}</p> : null}
      {props.rows.length === 0 ? (
        <p>{t('nothingYet')}</p>
      ) : (
        <InsightsTable labelledBy={heading} columns={props.columns} rows={props.rows} />
      )}
    </section>
  );
}

/** A search's text as a link to the public page on that search. */
function SearchLink({ page, search }: { page: string; search: PublicSearch }) {
  const text = search.text === '' ? t('noText') : search.text;
  return (
    <a
      href={publicSearchUrl(page, search)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('openOnPage', { text })}
    >
      {text}
    </a>
  );
}

export interface ListsProps {
  insights: Insights;
  site: Scope;
  /** The public page's address. */
  page: string;
}

export function SearchLists({ insights, page }: ListsProps) {
  const count = (value: number): ReactNode => number.format(value);
  return (
    <>
      <ListSection
        title={t('topSearchesTitle')}
        columns={[
          { label: t('columnText') },
          { label: t('columnSearches'), numeric: true },
          { label: t('columnZero'), numeric: true },
          { label: t('columnClicks'), numeric: true },
        ]}
        rows={insights.topSearches.map((search) => ({
          key: search.text,
          cells: [
            <SearchLink key="text" page={page} search={{ text: search.text }} />,
            count(search.searches),
            count(search.zeroResults),
            count(search.clicks),
          ],
        }))}
      />
      <ListSection
        title={t('zeroSearchesTitle')}
        columns={[
          { label: t('columnText') },
          { label: t('columnGlobalFilter') },
          { label: t('columnFilterItems') },
          { label: t('columnSearches'), numeric: true },
        ]}
        rows={insights.zeroResultSearches.map((search) => ({
          key: `${search.text}\u0000${search.globalFilter.name}\u0000${search.filterItems.map((item) => item.id).join(',')}`,
          cells: [
            <SearchLink
              key="text"
              page={page}
              search={{
                text: search.text,
                globalFilter: search.globalFilter.name,
                filterItemIds: search.filterItems.map((item) => item.id),
              }}
            />,
            search.globalFilter.label,
            search.filterItems.length === 0
              ? t('noItems')
              : search.filterItems.map((item) => `${item.name} (${item.group})`).join(', '),
            count(search.searches),
          ],
        }))}
      />
    </>
  );
}

export function UseLists({ insights, site }: ListsProps) {
  const count = (value: number): ReactNode => number.format(value);
  return (
    <>
      <ListSection
        title={t('filterItemsTitle')}
        columns={[
          { label: t('columnFilterItem') },
          { label: t('columnGlobalFilter') },
          { label: t('columnSearches'), numeric: true },
          { label: t('columnZero'), numeric: true },
        ]}
        rows={insights.filterItems.map((item) => ({
          key: `${item.globalFilter.name}\u0000${item.id}`,
          cells: [
            `${item.name} (${item.group})`,
            item.globalFilter.label,
            count(item.searches),
            count(item.zeroResults),
          ],
        }))}
      />
      <ListSection
        title={t('partnersTitle')}
        columns={[{ label: t('columnPartner') }, { label: t('columnClicks'), numeric: true }]}
        rows={insights.partners.map((partner) => ({
          key: String(partner.partnerId),
          cells: [
            partner.slug === null ? (
              t('partnerGone')
            ) : (
              <a href={formatRoute({ view: 'editPartner', site, slug: partner.slug })}>
                {partner.title ?? partner.slug}
              </a>
            ),
            count(partner.clicks),
          ],
        }))}
      />
      <ListSection
        title={t('positionsTitle')}
        hint={t('positionsHint')}
        columns={[
          { label: t('columnPosition') },
          { label: t('columnClicks'), numeric: true },
          { label: t('columnRate'), numeric: true },
        ]}
        rows={insights.positions.map((position) => ({
          key: String(position.position),
          cells: [position.position, count(position.clicks), percent.format(position.rate)],
        }))}
      />
    </>
  );
}
