/**
 * Creating or editing one partner: its texts in each of the site's languages, its address,
 * logo and position, its global filters and its filter items chosen by name. Checked with
 * the contract's row schema before it is sent (core/partnerDraft.ts), so the messages are
 * the API's own; what the server still refuses is shown the same way.
 *
 * The form is a list of sections (PARTNER_FORM_SECTIONS): a new part of a partner (its
 * locations, its contact channel) is one more section that reads and writes its fields of
 * the draft; fields no section knows are sent back as they were loaded.
 */
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import type { AdminSiteDefinitions, Scope } from '@partners-network/contract';
import { AdminApiError } from '../core/createAdminClient';
import type { DraftProblem, PartnerDraft } from '../core/partnerDraft';
import { checkDraft, draftOf, titleOf } from '../core/partnerDraft';
import { DEFAULT_LIST, formatRoute } from '../core/route';
import { t } from '../core/translate';
import { useResource } from '../core/useResource';
import { ErrorSummary } from '../ui/ErrorSummary';
import { LoadError, describeError } from '../ui/LoadError';
import { ViewHeading } from '../ui/ViewHeading';
import type { ViewContext } from './consoleViews';
import type { SectionProps } from './partnerForm/formSections';
import { PARTNER_FORM_SECTIONS, targetOf } from './partnerForm/formSections';

export interface PartnerFormViewProps extends ViewContext {
  site: Scope;
  /** The partner edited; none: a new partner. */
  slug?: string;
}

export function PartnerFormView({ site, slug, client, navigate, notify }: PartnerFormViewProps) {
  const definitions = useResource('definitions', () => client.definitions(site));
  const partner = useResource(slug ?? null, () => client.partner(site, slug ?? ''));
  const back = formatRoute({ view: 'partners', site, list: DEFAULT_LIST });
  const heading = slug ? t('viewEditPartner', { title: slug }) : t('viewNewPartner');

  const failed = definitions.error ?? partner.error;
  if (failed) {
    const missing = failed instanceof AdminApiError && failed.status === 404 && slug;
    return (
      <section className="pn-view">
        <ViewHeading title={heading} />
        {missing ? (
          <p role="alert">{t('partnerNotFound', { slug })}</p>
        ) : (
          <LoadError
            error={failed}
            onRetry={() => {
              definitions.reload();
              partner.reload();
            }}
          />
        )}
        <a href={back}>{t('backToPartners')}</a>
      </section>
    );
  }
  if (!definitions.data || partner.loading) {
    return (
      <section className="pn-view" aria-busy="true">
        <p role="status">{t('loading')}</p>
      </section>
    );
  }
  return (
    <PartnerForm
      definitions={definitions.data}
      initial={draftOf(partner.data)}
      isNew={!slug}
      back={back}
      onSave={async (checkedSlug, row, title) => {
        const outcome = await client.putPartner(site, checkedSlug, row);
        notify(t(outcome === 'created' ? 'created' : 'saved', { title }));
        navigate({ view: 'partners', site, list: DEFAULT_LIST });
      }}
    />
  );
}

interface PartnerFormProps {
  definitions: AdminSiteDefinitions;
  initial: PartnerDraft;
  isNew: boolean;
  back: string;
  onSave(slug: string, row: Readonly<Record<string, unknown>>, title: string): Promise<void>;
}

function PartnerForm({ definitions, initial, isNew, back, onSave }: PartnerFormProps) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const title = isNew
    ? t('viewNewPartner')
    : t('viewEditPartner', { title: titleOf(initial.title, initial.slug) });

  function show(found: DraftProblem[]) {
    setProblems(found);
    // After the render that shows them: the summary is read first, each links to its field.
    setTimeout(() => summary.current?.focus(), 0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      show(checked.problems);
      return;
    }
    setSaving(true);
    try {
      await onSave(checked.slug, checked.row, titleOf(draft.title, checked.slug));
    } catch (error) {
      setSaving(false);
      if (error instanceof AdminApiError && error.status === 401) return;
      const reason =
        error instanceof AdminApiError && error.status === 400
          ? t('serverRefused', { reason: error.message })
          : describeError(error);
      show([{ field: '', message: reason }]);
    }
  }

  const errorOf = (field: string) => problems.find((problem) => problem.field === field)?.message;
  const sectionProps: SectionProps = {
    draft,
    definitions,
    isNew,
    update: (patch) => setDraft((current) => ({ ...current, ...patch })),
    errorOf,
  };
  return (
    <section className="pn-view">
      <ViewHeading title={title} />
      <p className="pn-hint">{t('formIntro')}</p>
      <ErrorSummary ref={summary} problems={problems} targetOf={targetOf} />
      <form className="pn-form" onSubmit={(event) => void submit(event)} noValidate>
        {PARTNER_FORM_SECTIONS.map(({ id, Section }) => (
          <Section key={id} {...sectionProps} />
        ))}
        <div className="pn-form__actions">
          <button type="submit" className="pn-button pn-button--primary" disabled={saving}>
            {saving ? t('saving') : t('save')}
          </button>
          <a className="pn-button" href={back}>
            {t('cancel')}
          </a>
        </div>
      </form>
    </section>
  );
}
