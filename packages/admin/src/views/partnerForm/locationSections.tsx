/**
 * The partner form's locations (up to MAX_LOCATIONS: a city, its country, coordinates or
 * none, a label) and its contact channel (emails or an https webhook). Checked with the
 * contract's `locationDataSchema` and `contactChannelSchema` through the row's schema.
 */
import { useRef } from 'react';
import type { ContactKind, LocationDraft } from '../../core/partnerDraft';
import { EMPTY_LOCATION } from '../../core/partnerDraft';
import { MAX_LOCATIONS, isCountryCode } from '@partners-network/contract';
import { t } from '../../core/translate';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { fieldId } from './fieldId';
import type { SectionProps } from './formSections';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Every country code the contract takes, by its English name. */
const COUNTRIES = Array.from({ length: 26 * 26 }, (_, index) =>
  String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26)),
)
  .filter(isCountryCode)
  .map((code) => ({ code, name: regionNames.of(code) ?? code }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const COUNTRY_OPTIONS = [
  { value: '', label: t('chooseCountry') },
  ...COUNTRIES.map((country) => ({
    value: country.code,
    label: `${country.name} (${country.code})`,
  })),
];

export const locationFieldId = (index: number, part: keyof LocationDraft) =>
  fieldId('locations', `${index}-${part}`);

export function LocationsSection({ draft, update, errorOf }: SectionProps) {
  const addButton = useRef<HTMLButtonElement>(null);
  const locations = draft.locations;
  const change = (index: number, patch: Partial<LocationDraft>) =>
    update({
      locations: locations.map((location, at) =>
        at === index ? { ...location, ...patch } : location,
      ),
    });
  function remove(index: number) {
    update({ locations: locations.filter((_, at) => at !== index) });
    // The button pressed is gone: the focus goes on from the section's last control.
    addButton.current?.focus();
  }
  const full = locations.length >= MAX_LOCATIONS;
  return (
    <fieldset className="pn-form__section pn-choices">
      <legend>
        {t('fieldLocations')} <span className="pn-field__need">({t('optional')})</span>
      </legend>
      <p className="pn-hint">{t('locationsHint', { max: MAX_LOCATIONS })}</p>
      {errorOf('locations') ? <p className="pn-field-error">{errorOf('locations')}</p> : null}
      {locations.length === 0 ? <p>{t('noLocations')}</p> : null}
      {locations.map((location, index) => (
        <LocationFields
          key={index}
          index={index}
          location={location}
          errorOf={(part) => errorOf(`locations.${index}.${part}`)}
          onChange={(patch) => change(index, patch)}
          onRemove={() => remove(index)}
        />
      ))}
      <div>
        <button
          ref={addButton}
          id={fieldId('addLocation')}
          type="button"
          className="pn-button"
          disabled={full}
          aria-describedby={full ? fieldId('locationsFull') : undefined}
          onClick={() => update({ locations: [...locations, EMPTY_LOCATION] })}
        >
          {t('addLocation')}
        </button>
        {full ? (
          <p id={fieldId('locationsFull')} className="pn-hint">
            {t('locationsFull', { max: MAX_LOCATIONS })}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

interface LocationProps {
  index: number;
  location: LocationDraft;
  errorOf(part: string): string | undefined;
  onChange(patch: Partial<LocationDraft>): void;
  onRemove(): void;
}

function LocationFields({ index, location, errorOf, onChange, onRemove }: LocationProps) {
  const number = index + 1;
  // Another place: the coordinates of the last one would be wrong, the gazetteer's are not.
  const moved = { latitude: '', longitude: '' };
  return (
    <fieldset className="pn-choices__group pn-location">
      <legend>
        {location.city.trim() === ''
          ? t('locationTitle', { number })
          : t('locationTitleOf', { number, city: location.city.trim() })}
      </legend>
      <div className="pn-location__fields">
        <TextField
          id={locationFieldId(index, 'city')}
          label={t('fieldCity')}
          value={location.city}
          required
          maxLength={200}
          error={errorOf('city') ?? errorOf('')}
          onChange={(city) => onChange({ city, ...moved })}
        />
        <SelectField
          id={locationFieldId(index, 'country')}
          label={t('fieldCountry')}
          value={location.country}
          options={COUNTRY_OPTIONS}
          required
          error={errorOf('country')}
          onChange={(country) => onChange({ country, ...moved })}
        />
        <TextField
          id={locationFieldId(index, 'latitude')}
          label={t('fieldLatitude')}
          hint={t('latitudeHint')}
          value={location.latitude}
          inputMode="text"
          error={errorOf('latitude')}
          onChange={(latitude) => onChange({ latitude })}
        />
        <TextField
          id={locationFieldId(index, 'longitude')}
          label={t('fieldLongitude')}
          hint={t('longitudeHint')}
          value={location.longitude}
          inputMode="text"
          error={errorOf('longitude')}
          onChange={(longitude) => onChange({ longitude })}
        />
        <TextField
          id={locationFieldId(index, 'label')}
          label={t('fieldLocationLabel')}
          hint={t('fieldLocationLabelHint')}
          value={location.label}
          maxLength={200}
          error={errorOf('label')}
          onChange={(label) => onChange({ label })}
        />
      </div>
      <div>
        <button type="button" className="pn-button pn-button--small" onClick={onRemove}>
          {t('removeLocation', { number })}
        </button>
      </div>
    </fieldset>
  );
}

const CONTACT_KINDS: readonly {
  kind: ContactKind;
  label: 'contactNone' | 'contactEmails' | 'contactWebhook';
}[] = [
  { kind: 'none', label: 'contactNone' },
  { kind: 'emails', label: 'contactEmails' },
  { kind: 'webhook', label: 'contactWebhook' },
];

export function ContactSection({ draft, update, errorOf }: SectionProps) {
  return (
    <fieldset className="pn-form__section pn-choices">
      <legend>
        {t('fieldContact')} <span className="pn-field__need">({t('optional')})</span>
      </legend>
      <p className="pn-hint">{t('contactHint')}</p>
      {errorOf('contact') ? <p className="pn-field-error">{errorOf('contact')}</p> : null}
      <div className="pn-tuning__kind">
        {CONTACT_KINDS.map(({ kind, label }) => (
          <div key={kind} className="pn-choice">
            <input
              id={fieldId('contact', kind)}
              type="radio"
              name={fieldId('contact')}
              checked={draft.contactKind === kind}
              onChange={() => update({ contactKind: kind })}
            />
            <label htmlFor={fieldId('contact', kind)}>{t(label)}</label>
          </div>
        ))}
      </div>
      {draft.contactKind === 'emails' ? (
        <TextField
          id={fieldId('contactEmails')}
          label={t('fieldContactEmails')}
          hint={t('fieldContactEmailsHint')}
          value={draft.contactEmails}
          required
          error={errorOf('contact.emails')}
          onChange={(contactEmails) => update({ contactEmails })}
        />
      ) : null}
      {draft.contactKind === 'webhook' ? (
        <TextField
          id={fieldId('contactWebhook')}
          label={t('fieldContactWebhook')}
          hint={t('fieldContactWebhookHint')}
          value={draft.contactWebhook}
          inputMode="url"
          required
          error={errorOf('contact.webhook')}
          onChange={(contactWebhook) => update({ contactWebhook })}
        />
      ) : null}
    </fieldset>
  );
}
