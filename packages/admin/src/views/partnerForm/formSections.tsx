/**
 * The sections of the partner form, in order. Each reads and writes its own fields of the
 * draft and shows their errors; a new part of a partner (locations, a contact channel) is
 * one more entry here, with its field names in `targetOf` for the error summary.
 */
import type { ComponentType } from 'react';
import { useId, useState } from 'react';
import type { AdminSiteDefinitions } from '@partners-network/contract';
import { DEFAULT_LOCALE } from '@partners-network/contract';
import type { PartnerDraft } from '../../core/partnerDraft';
import { t } from '../../core/translate';
import { TextField } from '../../ui/TextField';
import { fieldId } from './fieldId';
import { ContactSection, LocationsSection, locationFieldId } from './locationSections';

export interface SectionProps {
  draft: PartnerDraft;
  definitions: AdminSiteDefinitions;
  isNew: boolean;
  update(patch: Partial<PartnerDraft>): void;
  /** The message of the first problem of a field of the row, if any. */
  errorOf(field: string): string | undefined;
}

export { fieldId };

/** Where the error summary sends the focus for a problem of a field. */
export function targetOf(field: string): string | undefined {
  switch (field) {
    case 'title':
    case 'summary':
      return fieldId(field, DEFAULT_LOCALE);
    case 'globalFilters':
      return fieldId(field, 0);
    case 'filterItemIds':
      return fieldId('findItem');
    case 'locations':
      return fieldId('addLocation');
    case 'contact':
      return fieldId('contact', 'none');
    case 'contact.emails':
      return fieldId('contactEmails');
    case 'contact.webhook':
      return fieldId('contactWebhook');
    case 'slug':
    case 'url':
    case 'imageUrl':
    case 'position':
      return fieldId(field);
    default:
      return locationTarget(field);
  }
}

/** `locations.<index>.<part>`: that location's field (its city for the location as a whole). */
function locationTarget(field: string): string | undefined {
  const [list, index, part] = field.split('.');
  const at = Number(index);
  if (list !== 'locations' || !Number.isInteger(at)) return undefined;
  const parts = ['city', 'country', 'latitude', 'longitude', 'label'] as const;
  return locationFieldId(at, parts.find((known) => known === part) ?? 'city');
}

const languageNames = new Intl.DisplayNames(['en'], {
  type: 'language',
  languageDisplay: 'standard',
});

export function languageOf(locale: string): string {
  try {
    return languageNames.of(locale) ?? locale;
  } catch {
    return locale;
  }
}

const englishOf = (texts: Readonly<Record<string, string>>, fallback: string) =>
  texts[DEFAULT_LOCALE] ?? fallback;

function IdentitySection({ draft, isNew, update, errorOf }: SectionProps) {
  return (
    <div className="pn-form__section">
      <TextField
        id={fieldId('slug')}
        label={t('fieldSlug')}
        hint={t('fieldSlugHint')}
        value={draft.slug}
        readOnly={!isNew}
        required
        maxLength={120}
        error={errorOf('slug')}
        onChange={(slug) => update({ slug })}
      />
      <TextField
        id={fieldId('url')}
        label={t('fieldUrl')}
        hint={t('fieldUrlHint')}
        value={draft.url}
        inputMode="url"
        required
        error={errorOf('url')}
        onChange={(url) => update({ url })}
      />
      <TextField
        id={fieldId('imageUrl')}
        label={t('fieldImageUrl')}
        hint={t('fieldImageUrlHint')}
        value={draft.imageUrl}
        inputMode="url"
        error={errorOf('imageUrl')}
        onChange={(imageUrl) => update({ imageUrl })}
      />
      <TextField
        id={fieldId('position')}
        label={t('fieldPosition')}
        hint={t('fieldPositionHint')}
        value={draft.position}
        inputMode="numeric"
        error={errorOf('position')}
        onChange={(position) => update({ position })}
      />
    </div>
  );
}

function TextsSection({ draft, definitions, update, errorOf }: SectionProps) {
  const others = definitions.locales.filter((locale) => locale !== DEFAULT_LOCALE);
  const textFields = (locale: string) => {
    const language = languageOf(locale);
    const english = locale === DEFAULT_LOCALE;
    return (
      <>
        <TextField
          id={fieldId('title', locale)}
          label={t('inLocale', { field: t('fieldTitle'), language })}
          value={draft.title[locale] ?? ''}
          lang={locale}
          required={english}
          maxLength={2000}
          error={english ? errorOf('title') : undefined}
          onChange={(text) => update({ title: { ...draft.title, [locale]: text } })}
        />
        <TextField
          id={fieldId('summary', locale)}
          label={t('inLocale', { field: t('fieldSummary'), language })}
          value={draft.summary[locale] ?? ''}
          lang={locale}
          multiline
          maxLength={5000}
          error={english ? errorOf('summary') : undefined}
          onChange={(text) => update({ summary: { ...draft.summary, [locale]: text } })}
        />
      </>
    );
  };
  return (
    <div className="pn-form__section">
      {textFields(DEFAULT_LOCALE)}
      {others.length > 0 ? (
        <details className="pn-details">
          <summary>{t('otherLanguages', { count: others.length })}</summary>
          {others.map((locale) => (
            <div key={locale} className="pn-form__locale">
              {textFields(locale)}
            </div>
          ))}
        </details>
      ) : null}
    </div>
  );
}

function toggled<T>(values: readonly T[], value: T, on: boolean): T[] {
  return on
    ? [...values.filter((kept) => kept !== value), value]
    : values.filter((kept) => kept !== value);
}

function GlobalFiltersSection({ draft, definitions, update, errorOf }: SectionProps) {
  const error = errorOf('globalFilters');
  const errorId = fieldId('globalFilters', 'error');
  return (
    <fieldset
      className="pn-form__section pn-choices"
      aria-describedby={error ? errorId : undefined}
    >
      <legend>
        {t('fieldGlobalFilters')} <span className="pn-field__need">({t('required')})</span>
      </legend>
      {error ? (
        <p id={errorId} className="pn-field-error">
          {error}
        </p>
      ) : null}
      {definitions.globalFilters.map((filter, index) => (
        <div key={filter.name} className="pn-choice">
          <input
            id={fieldId('globalFilters', index)}
            type="checkbox"
            checked={draft.globalFilters.includes(filter.name)}
            aria-invalid={error ? true : undefined}
            onChange={(event) =>
              update({
                globalFilters: toggled(draft.globalFilters, filter.name, event.target.checked),
              })
            }
          />
          <label htmlFor={fieldId('globalFilters', index)}>
            {englishOf(filter.label, filter.name)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function FilterItemsSection({ draft, definitions, update, errorOf }: SectionProps) {
  const [find, setFind] = useState('');
  const countId = useId();
  const error = errorOf('filterItemIds');
  const wanted = fold(find.trim());
  const groups = definitions.filterGroups.map((group) => ({
    ...group,
    shown: group.filterItems.filter(
      (item) =>
        wanted === '' || Object.values(item.name).some((name) => fold(name).includes(wanted)),
    ),
    chosen: group.filterItems.filter((item) => draft.filterItemIds.includes(item.id)).length,
  }));
  const shown = groups.reduce((sum, group) => sum + group.shown.length, 0);
  return (
    <fieldset className="pn-form__section pn-choices">
      <legend>
        {t('fieldFilterItems')} <span className="pn-field__need">({t('optional')})</span>
      </legend>
      {error ? <p className="pn-field-error">{error}</p> : null}
      <div className="pn-field">
        <label htmlFor={fieldId('findItem')}>{t('findFilterItem')}</label>
        <input
          id={fieldId('findItem')}
          type="search"
          value={find}
          aria-describedby={countId}
          onChange={(event) => setFind(event.target.value)}
        />
        <p id={countId} className="pn-hint" role="status">
          {wanted === ''
            ? null
            : shown === 0
              ? t('noFilterItemFound', { query: find.trim() })
              : t('filterItemsShown', { count: shown })}
        </p>
      </div>
      {groups
        .filter((group) => group.shown.length > 0)
        .map((group) => (
          <fieldset key={group.key} className="pn-choices__group">
            <legend>
              {englishOf(group.name, group.key)}{' '}
              <span className="pn-field__need">({t('itemsChosen', { count: group.chosen })})</span>
            </legend>
            <div className="pn-choices__items">
              {group.shown.map((item) => {
                const id = fieldId('item', item.id);
                return (
                  <div key={item.id} className="pn-choice">
                    <input
                      id={id}
                      type="checkbox"
                      checked={draft.filterItemIds.includes(item.id)}
                      onChange={(event) =>
                        update({
                          filterItemIds: toggled(
                            draft.filterItemIds,
                            item.id,
                            event.target.checked,
                          ),
                        })
                      }
                    />
                    <label htmlFor={id}>{englishOf(item.name, String(item.id))}</label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
    </fieldset>
  );
}

export const PARTNER_FORM_SECTIONS: readonly {
  id: string;
  Section: ComponentType<SectionProps>;
}[] = [
  { id: 'identity', Section: IdentitySection },
  { id: 'texts', Section: TextsSection },
  { id: 'globalFilters', Section: GlobalFiltersSection },
  { id: 'filterItems', Section: FilterItemsSection },
  { id: 'locations', Section: LocationsSection },
  { id: 'contact', Section: ContactSection },
];
