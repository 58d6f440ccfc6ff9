/**
 * What visitors looked for and opened (GET …/insights): a period and a language chosen in a
 * form whose values are the address (`#/sites/…/insights?from=&to=&locale=&page=`), so a
 * reload or a shared link shows the same figures; then the totals, searches per day as a
 * chart, and the lists. The period is checked with the contract's `insightsQuerySchema`,
 * the schema the API checks it with. Last, a way to erase the site's counts
 * (insights/EraseCounts.tsx).
 */
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import type { Insights, InsightsQuery, Scope } from '@partners-network/contract';
import { insightsQuerySchema, isSafeUrl } from '@partners-network/contract';
import type { InsightsState } from '../core/route';
import { t } from '../core/translate';
import { useResource } from '../core/useResource';
import { LoadError } from '../ui/LoadError';
import { ViewHeading } from '../ui/ViewHeading';
import type { ViewContext } from './consoleViews';
import { DailyChart } from './insights/DailyChart';
import { EraseCounts } from './insights/EraseCounts';
import { SearchLists, Totals, UseLists } from './insights/InsightsSections';
import { languageOf } from './partnerForm/formSections';

export interface InsightsViewProps extends ViewContext {
  site: Scope;
  insights: InsightsState;
}

const DAY_MS = 86_400_000;
/** Without a period in the address: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

const defaultPage = () => `${window.location.origin}/`;

/**
 * The choices with their defaults filled in. The page's address comes from the console's
 * own address, which anyone can write into a link: only an http(s) address or a path is
 * taken (never javascript:), else this server's page.
 */
function resolved(state: InsightsState): InsightsState {
  const today = Date.now();
  return {
    from: state.from || dayOf(today - (DEFAULT_DAYS - 1) * DAY_MS),
    to: state.to || dayOf(today),
    locale: state.locale,
    page: state.page !== '' && isSafeUrl(state.page) ? state.page : defaultPage(),
  };
}

function queryOf(state: InsightsState): InsightsQuery {
  return {
    from: state.from,
    to: state.to,
    ...(state.locale === '' ? {} : { locale: state.locale }),
  };
}

export function InsightsView({ site, insights, client, navigate, notify }: InsightsViewProps) {
  const shown = resolved(insights);
  const checked = insightsQuerySchema.safeParse(queryOf(shown));
  const answer = useResource(checked.success ? JSON.stringify(checked.data) : null, (signal) =>
    client.insights(site, queryOf(shown), signal),
  );
  const problem = checked.success ? undefined : checked.error.issues[0]?.message;
  return (
    <section className="pn-view">
      <ViewHeading title={t('viewInsights')} />
      <p className="pn-hint">{t('insightsIntro', { min: answer.data?.minTextCount ?? 3 })}</p>
      <InsightsChoices
        key={JSON.stringify(shown)}
        shown={shown}
        locales={answer.data?.locales ?? []}
        problem={problem}
        onShow={(next) =>
          navigate({
            view: 'insights',
            site,
            insights: { ...next, page: next.page.trim() === defaultPage() ? '' : next.page.trim() },
          })
        }
      />
      {answer.error ? <LoadError error={answer.error} onRetry={answer.reload} /> : null}
      {answer.data && checked.success ? (
        <InsightsFigures
          insights={answer.data}
          site={site}
          page={shown.page}
          busy={answer.loading}
        />
      ) : answer.loading ? (
        <p role="status">{t('loading')}</p>
      ) : null}
      <EraseCounts site={site} client={client} notify={notify} onErased={answer.reload} />
    </section>
  );
}

function InsightsFigures(props: { insights: Insights; site: Scope; page: string; busy: boolean }) {
  return (
    <div className="pn-insights" aria-busy={props.busy}>
      <Totals insights={props.insights} />
      <DailyChart days={props.insights.days} />
      <SearchLists {...props} />
      <UseLists {...props} />
    </div>
  );
}

interface ChoicesProps {
  shown: InsightsState;
  locales: readonly string[];
  problem: string | undefined;
  onShow(state: InsightsState): void;
}

/** The period, the language and the public page's address, applied with Show. */
function InsightsChoices({ shown, locales, problem, onShow }: ChoicesProps) {
  const ids = {
    from: useId(),
    to: useId(),
    locale: useId(),
    page: useId(),
    hint: useId(),
    error: useId(),
  };
  const [choice, setChoice] = useState(shown);
  const set = (patch: Partial<InsightsState>) => setChoice((last) => ({ ...last, ...patch }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onShow(choice);
  }
  return (
    <form className="pn-insights__choices" aria-label={t('insightsChoices')} onSubmit={submit}>
      {problem ? (
        <p id={ids.error} className="pn-field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="pn-field">
        <label htmlFor={ids.from}>{t('insightsFrom')}</label>
        <input
          id={ids.from}
          type="date"
          value={choice.from}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.error : undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
      </div>
      <div className="pn-field">
        <label htmlFor={ids.to}>{t('insightsTo')}</label>
        <input
          id={ids.to}
          type="date"
          value={choice.to}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.error : undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
      </div>
      <div className="pn-field">
        <label htmlFor={ids.locale}>{t('fieldInsightsLanguage')}</label>
        <select
          id={ids.locale}
          value={choice.locale}
          onChange={(event) => set({ locale: event.target.value })}
        >
          <option value="">{t('allLanguages')}</option>
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {languageOf(locale)}
            </option>
          ))}
        </select>
      </div>
      <div className="pn-field pn-insights__page">
        <label htmlFor={ids.page}>{t('fieldPublicPage')}</label>
        <p id={ids.hint} className="pn-hint">
          {t('fieldPublicPageHint')}
        </p>
        <input
          id={ids.page}
          type="text"
          inputMode="url"
          spellCheck={false}
          value={choice.page}
          aria-describedby={ids.hint}
          onChange={(event) => set({ page: event.target.value })}
        />
      </div>
      <div className="pn-insights__show">
        <button type="submit" className="pn-button pn-button--primary">
          {t('showInsights')}
        </button>
      </div>
    </form>
  );
}
