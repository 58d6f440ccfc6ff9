/**
 * The site's search tuning: synonym sets, and partners pinned or hidden for a query, edited
 * as a draft beside a preview that answers a search with the draft as it would be saved
 * (POST …/tuning/preview). Save replaces the site's tuning whole (PUT …/tuning), after the
 * draft passes the contract's `siteTuningSchema`, the schema the API checks it with.
 */
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import type { AdminSiteDefinitions, Scope, SiteTuning } from '@partners-network/contract';
import { AdminApiError } from '../core/createAdminClient';
import type { TuningDraft, TuningProblem, TuningWords } from '../core/tuningDraft';
import { checkTuning, tuningDraftOf, tuningOf } from '../core/tuningDraft';
import { t } from '../core/translate';
import { useResource } from '../core/useResource';
import { ErrorSummary } from '../ui/ErrorSummary';
import { LoadError, describeError } from '../ui/LoadError';
import { ViewHeading } from '../ui/ViewHeading';
import type { ViewContext } from './consoleViews';
import { QueryRulesEditor } from './tuning/QueryRulesEditor';
import { SynonymSetsEditor } from './tuning/SynonymSetsEditor';
import { TuningPreview } from './tuning/TuningPreview';
import { targetOfTuning } from './tuning/tuningFields';
import { usePartnerTitles } from './tuning/usePartnerTitles';

export interface TuningViewProps extends ViewContext {
  site: Scope;
}

export const TUNING_WORDS: TuningWords = {
  needsTwoPhrases: t('needsTwoPhrases'),
  needsOneTarget: t('needsOneTarget'),
  tooManyPinned: t('tooManyPinned'),
};

export function TuningView({ site, client, notify }: TuningViewProps) {
  const tuning = useResource('tuning', () => client.tuning(site));
  const definitions = useResource('definitions', () => client.definitions(site));
  const failed = tuning.error ?? definitions.error;
  if (failed) {
    return (
      <section className="pn-view">
        <ViewHeading title={t('viewTuning')} />
        <LoadError
          error={failed}
          onRetry={() => {
            tuning.reload();
            definitions.reload();
          }}
        />
      </section>
    );
  }
  if (!tuning.data || !definitions.data) {
    return (
      <section className="pn-view" aria-busy="true">
        <p role="status">{t('loading')}</p>
      </section>
    );
  }
  return (
    <TuningEditor
      site={site}
      client={client}
      notify={notify}
      saved={tuning.data}
      definitions={definitions.data}
    />
  );
}

/** Which set or rule a problem is in, for the summary: "Rule for “erp”: ". */
function whereOf(draft: TuningDraft, field: string): string {
  const [list, keyText] = field.split('.');
  const key = Number(keyText);
  if (list === 'synonymSets') {
    const index = draft.synonymSets.findIndex((set) => set.key === key);
    return index < 0 ? '' : `${t('synonymSetTitle', { number: index + 1 })}: `;
  }
  const index = draft.queryRules.findIndex((rule) => rule.key === key);
  const query = draft.queryRules[index]?.query.trim() ?? '';
  if (list !== 'queryRules' || index < 0) return '';
  return `${query === '' ? t('ruleTitle', { number: index + 1 }) : t('ruleTitleFor', { query })}: `;
}

interface EditorProps extends Pick<ViewContext, 'client' | 'notify'> {
  site: Scope;
  saved: SiteTuning;
  definitions: AdminSiteDefinitions;
}

/** The draft, its check, and saving it: what the editor's form does on Save. */
function useTuningDraft({ site, client, notify, saved }: Omit<EditorProps, 'definitions'>) {
  const [draft, setDraft] = useState<TuningDraft>(() => tuningDraftOf(saved));
  const [lastSaved, setLastSaved] = useState(() => JSON.stringify(saved));
  const [problems, setProblems] = useState<TuningProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const checked = checkTuning(draft, TUNING_WORDS);

  function show(found: TuningProblem[]) {
    setProblems(found);
    setTimeout(() => summary.current?.focus(), 0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checked.ok) {
      show(checked.problems);
      return;
    }
    setSaving(true);
    try {
      const answer = await client.putTuning(site, checked.tuning);
      setDraft(tuningDraftOf(answer));
      setLastSaved(JSON.stringify(answer));
      setProblems([]);
      notify(t('tuningSaved'));
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 401) return;
      const reason =
        error instanceof AdminApiError && error.status === 400
          ? t('tuningRefused', { reason: error.message })
          : describeError(error);
      show([{ field: '', message: reason }]);
    } finally {
      setSaving(false);
    }
  }
  const unsaved = JSON.stringify(tuningOf(draft)) !== lastSaved;
  return { draft, setDraft, checked, problems, saving, summary, unsaved, submit };
}

function TuningEditor({ site, client, notify, saved, definitions }: EditorProps) {
  const { draft, setDraft, checked, problems, saving, summary, unsaved, submit } = useTuningDraft({
    site,
    client,
    notify,
    saved,
  });
  const [previewText, setPreviewText] = useState('');
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const titles = usePartnerTitles(client, site, draft);

  // Problems shown are those of the last save tried, still there in the draft.
  const errorOf = (field: string) =>
    problems.some((problem) => problem.field === field) && !checked.ok
      ? checked.problems.find((problem) => problem.field === field)?.message
      : undefined;
  return (
    <section className="pn-view">
      <ViewHeading title={t('viewTuning')} />
      <p className="pn-hint">{t('tuningIntro')}</p>
      <ErrorSummary
        ref={summary}
        problems={problems.map((problem) => ({
          field: problem.field,
          message: `${whereOf(draft, problem.field)}${problem.message}`,
        }))}
        targetOf={targetOfTuning}
      />
      <div className="pn-tuning">
        <form
          className="pn-form pn-tuning__editor"
          aria-label={t('tuningEditor')}
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <SynonymSetsEditor draft={draft} onChange={setDraft} errorOf={errorOf} />
          <QueryRulesEditor
            site={site}
            client={client}
            draft={draft}
            titles={titles}
            onChange={setDraft}
            onPreview={(query) => {
              setPreviewText(query);
              // Beside the editor when wide, below it when narrow: either way, where to read next.
              previewHeading.current?.focus();
              previewHeading.current?.scrollIntoView?.({ block: 'start' });
            }}
            errorOf={errorOf}
          />
          <div className="pn-form__actions pn-tuning__actions">
            <button type="submit" className="pn-button pn-button--primary" disabled={saving}>
              {saving ? t('saving') : t('saveTuning')}
            </button>
            {unsaved ? <p className="pn-hint">{t('tuningUnsaved')}</p> : null}
          </div>
        </form>
        <TuningPreview
          ref={previewHeading}
          site={site}
          client={client}
          definitions={definitions}
          tuning={checked.ok ? checked.tuning : undefined}
          text={previewText}
          onText={setPreviewText}
        />
      </div>
    </section>
  );
}
