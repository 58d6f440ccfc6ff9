/**
 * Searches per day as a bar chart (people would rather look than read), each bar split into
 * the searches that found partners and those that found nothing, with the same figures as a
 * table below it for screen readers and for reading exact values. A plain SVG drawn here:
 * one kind of chart, about 60 lines, against a chart library of tens of kilobytes.
 */
import { useId } from 'react';
import type { Insights } from '@partners-network/contract';
import { t } from '../../core/translate';
import { InsightsTable } from './InsightsTable';

/** Units of the drawing: a bar's slot, the height of the tallest. */
const SLOT = 10;
const HEIGHT = 100;

export function DailyChart({ days }: { days: Insights['days'] }) {
  const ids = { heading: useId(), description: useId(), table: useId() };
  const max = Math.max(1, ...days.map((day) => day.searches));
  const total = days.reduce((sum, day) => sum + day.searches, 0);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const scale = (count: number) => (count / max) * HEIGHT;
  return (
    <section className="pn-insights__part" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('perDayTitle')}</h2>
      <div className="pn-chart">
        <p className="pn-chart__max" aria-hidden="true">
          {max}
        </p>
        <svg
          className="pn-chart__bars"
          viewBox={`0 0 ${Math.max(1, days.length) * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={ids.description}
        >
          {days.map((day, index) => {
            const found = day.searches - day.zeroResults;
            return (
              <g key={day.day}>
                <title>{`${day.day}: ${day.searches} (${day.zeroResults})`}</title>
                <rect
                  className="pn-chart__found"
                  x={index * SLOT + 1}
                  width={SLOT - 2}
                  y={HEIGHT - scale(day.searches)}
                  height={scale(found)}
                />
                <rect
                  className="pn-chart__zero"
                  x={index * SLOT + 1}
                  width={SLOT - 2}
                  y={HEIGHT - scale(day.zeroResults)}
                  height={scale(day.zeroResults)}
                />
              </g>
            );
          })}
        </svg>
        <p className="pn-chart__days" aria-hidden="true">
          <span>{first}</span>
          <span>{last}</span>
        </p>
      </div>
      <p id={ids.description} className="pn-hint">
        {t('perDayChart', { from: first, to: last, max, total })}
      </p>
      <ul className="pn-chart__legend">
        <li className="pn-chart__legend-found">{t('legendSearches')}</li>
        <li className="pn-chart__legend-zero">{t('legendZero')}</li>
      </ul>
      <details className="pn-details">
        <summary id={ids.table}>{t('perDayTable')}</summary>
        <InsightsTable
          labelledBy={ids.table}
          columns={[
            { label: t('columnDay') },
            { label: t('columnSearches'), numeric: true },
            { label: t('columnZero'), numeric: true },
          ]}
          rows={days.map((day) => ({
            key: day.day,
            cells: [day.day, day.searches, day.zeroResults],
          }))}
        />
      </details>
    </section>
  );
}
