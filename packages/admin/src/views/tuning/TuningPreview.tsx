/**
 * Beside the tuning's editor: a search answered as the public page would answer it with the
 * tuning as it would be saved (POST …/tuning/preview), asked again a moment after the
 * draft, the text, the global filter or the language changes. The cards the text's rule
 * pinned say so (the server names their positions). Partner texts are shown as
 * text; no picture is loaded (a logo may live on another host, which the console's CSP
 * refuses).
 */
import type { Ref } from 'react';
import { useEffect, useId, useState } from 'react';
import type {
  AdminSiteDefinitions,
  Scope,
  SiteTuning,
  TuningPreviewAnswer,
} from '@partners-network/contract';
import { searchTextSchema } from '@partners-network/contract';
import type { AdminClient } from '../../core/createAdminClient';
import { t } from '../../core/translate';
import { useResource } from '../../core/useResource';
import { LoadError } from '../../ui/LoadError';
import { SelectField } from '../../ui/SelectField';
import { languageOf } from '../partnerForm/formSections';

const PAUSE_MS = 400;
const PREVIEW_SIZE = 10;
const SUMMARY_SHOWN = 160;

export interface TuningPreviewProps {
  /** The preview's heading: focused when a rule asks for its query to be previewed. */
  ref: Ref<HTMLHeadingElement>;
  site: Scope;
  client: AdminClient;
  definitions: AdminSiteDefinitions;
  /** The draft as it would be saved; undefined while it has problems. */
  tuning: SiteTuning | undefined;
  text: string;
  onText(text: string): void;
}

/** The value after it has stayed the same for a pause. */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export function TuningPreview(props: TuningPreviewProps) {
  const { ref, site, client, definitions, tuning, text, onText } = props;
  const ids = { text: useId(), textError: useId() };
  const firstFilter = definitions.defaultGlobalFilter ?? definitions.globalFilters[0]?.name ?? '';
  const [globalFilter, setGlobalFilter] = useState(firstFilter);
  const [locale, setLocale] = useState(definitions.locales[0] ?? 'en-US');
  const textCheck = searchTextSchema.safeParse(text.trim());
  const criteria = {
    globalFilter,
    text: text.trim(),
    filterItemIds: [],
    offset: 0,
    resultsPerPage: PREVIEW_SIZE,
  };
  const key = tuning && textCheck.success ? JSON.stringify({ tuning, criteria, locale }) : null;
  const settledKey = useSettled(key);
  const answer = useResource(settledKey, (signal) =>
    client.previewTuning(
      site,
      { tuning: tuning ?? { synonymSets: [], queryRules: [] }, criteria, locale },
      signal,
    ),
  );
  const textError = textCheck.success ? undefined : textCheck.error.issues[0]?.message;

  return (
    <section className="pn-tuning__preview" aria-labelledby="tuning-preview">
      <h2 id="tuning-preview" ref={ref} tabIndex={-1}>
        {t('previewTitle')}
      </h2>
      <p className="pn-hint">{t('previewIntro')}</p>
      <div className={`pn-field${textError ? ' pn-field--invalid' : ''}`}>
        <label htmlFor={ids.text}>{t('previewText')}</label>
        {textError ? (
          <p id={ids.textError} className="pn-field-error">
            {textError}
          </p>
        ) : null}
        <input
          id={ids.text}
          type="search"
          value={text}
          maxLength={200}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? ids.textError : undefined}
          onChange={(event) => onText(event.target.value)}
        />
      </div>
      <div className="pn-tuning__choices">
        <SelectField
          label={t('previewGlobalFilter')}
          value={globalFilter}
          options={definitions.globalFilters.map((filter) => ({
            value: filter.name,
            label: filter.label['en-US'] ?? filter.name,
          }))}
          onChange={setGlobalFilter}
        />
        <SelectField
          label={t('previewLanguage')}
          value={locale}
          options={definitions.locales.map((code) => ({ value: code, label: languageOf(code) }))}
          onChange={setLocale}
        />
      </div>
      {tuning ? null : <p className="pn-notice">{t('previewBlocked')}</p>}
      {answer.error ? <LoadError error={answer.error} onRetry={answer.reload} /> : null}
      {key === null ? null : (
        <PreviewAnswer
          answer={answer.data}
          busy={key !== settledKey || answer.loading}
          query={criteria.text}
        />
      )}
    </section>
  );
}

function PreviewAnswer(props: {
  answer: TuningPreviewAnswer | undefined;
  busy: boolean;
  query: string;
}) {
  const { answer, busy, query } = props;
  const count = !answer
    ? t('loading')
    : answer.totalFound === 0
      ? t('previewNone', { query })
      : query === ''
        ? t('previewFoundAll', { count: answer.totalFound })
        : t('previewFound', { count: answer.totalFound, query });
  return (
    <div className="pn-preview" aria-busy={busy}>
      <p className="pn-count" role="status">
        {count}
      </p>
      {answer && answer.partners.length > 0 ? (
        <ol className="pn-preview__cards" aria-label={t('previewResults')}>
          {answer.partners.map((partner, index) => (
            <li key={`${partner.url}\u0000${index}`} className="pn-preview__card">
              {answer.pinnedPositions.includes(index) ? (
                <p className="pn-preview__pinned">{t('previewPinned')}</p>
              ) : null}
              <h3>{partner.title}</h3>
              {partner.summary === '' ? null : (
                <p>
                  {partner.summary.length > SUMMARY_SHOWN
                    ? `${partner.summary.slice(0, SUMMARY_SHOWN).trimEnd()}…`
                    : partner.summary}
                </p>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
